import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage, saveFile } from '../../api/client';
import { type InterviewPrint, loadInterviewPrint } from '../../api/interview';
import { useToast } from '../../toast';
import { chartSvgBlob } from './chartImage';
import { PrintReport } from './PrintReport';

const m = messages.screenInterview;

interface PrintDialogProps {
  open: boolean;
  onClose(): void;
  ratedId: number;
  ratedName: string;
  evaluatorIds: number[];
  /** The element holding the drawn chart (its SVG is the downloaded image). */
  chart: HTMLElement | null;
}

/** 'Impressão': download the chart as an image, or open the printable report 'Entrevista 360 graus'. */
export function PrintDialog({ open, onClose, ratedId, ratedName, evaluatorIds, chart }: PrintDialogProps) {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [report, setReport] = useState<InterviewPrint | null>(null);

  const downloadChart = () => {
    const blob = chartSvgBlob(chart);
    if (blob) saveFile(blob, format(m.chartFileName, { name: ratedName }));
    else toast.error(messages.common.serverError);
  };

  const openReport = async () => {
    setLoading(true);
    try {
      setReport(await loadInterviewPrint(ratedId, evaluatorIds));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Dialog open={open && report === null} onClose={onClose} aria-labelledby="print-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="print-dialog-title">{m.printDialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{m.printReportHint}</DialogContentText>
          <Stack sx={{ gap: 1.5 }}>
            <Button variant="outlined" color="inherit" onClick={downloadChart}>
              {m.downloadChart}
            </Button>
            <Button
              variant="contained"
              onClick={() => void openReport()}
              disabled={loading}
              startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {loading ? m.loadingPrint : m.printReport}
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>{messages.common.close}</Button>
        </DialogActions>
      </Dialog>
      {report !== null && (
        <PrintReport
          report={report}
          onClose={() => {
            setReport(null);
            onClose();
          }}
        />
      )}
    </>
  );
}
