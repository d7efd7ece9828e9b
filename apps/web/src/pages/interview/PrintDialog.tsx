import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { saveFile } from '../../api/client';
import { downloadInterviewReport } from '../../api/interview';
import { useToast } from '../../toast';
import { chartSvgBlob } from './chartImage';

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

/**
 * 'Impressão': download the chart as an image, or the report 'Entrevista 360 graus' as a PDF made by
 * the server from the same chart and data (the button is busy while it is generated).
 */
export function PrintDialog({ open, onClose, ratedId, ratedName, evaluatorIds, chart }: PrintDialogProps) {
  const toast = useToast();
  const titleId = useId();
  const hintId = useId();
  const [generating, setGenerating] = useState(false);

  const downloadChart = () => {
    const blob = chartSvgBlob(chart);
    if (blob) saveFile(blob, format(m.chartFileName, { name: ratedName }));
    else toast.error(messages.common.serverError);
  };

  const downloadReport = async () => {
    setGenerating(true);
    try {
      const { blob, fileName } = await downloadInterviewReport(ratedId, evaluatorIds);
      saveFile(blob, fileName);
      toast.success(m.reportReady);
    } catch {
      toast.error(m.reportFailed);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{m.printDialogTitle}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5 }}>
          <Button variant="outlined" color="inherit" onClick={downloadChart}>
            {m.downloadChart}
          </Button>
          <Button
            variant="contained"
            onClick={() => void downloadReport()}
            disabled={generating}
            aria-describedby={hintId}
            startIcon={generating ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {generating ? m.generatingReport : m.printReport}
          </Button>
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {generating ? m.generatingHint : m.printReportHint}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>{messages.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
