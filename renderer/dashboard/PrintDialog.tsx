import { useId, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../engine/messages';
import { saveFile } from '../saveFile';
import { chartImage, fileNameOf } from './chartImage';
import { inScreenOrder, type ShelfChart } from './chartShelf';

const m = messages.dashboard;

interface PrintDialogProps {
  open: boolean;
  onClose(): void;
  /** The charts drawn on the current screen. */
  charts: ShelfChart[];
  /** Called when an image cannot be made. */
  onImageFailure(): void;
  /** Downloads the view's PDF as filtered; absent while there is nothing to print. */
  onReport?: () => Promise<void>;
  /** The view's other files ('Respondentes PDF', 'Respondentes Excel'), each downloaded by its handler. */
  exports?: { label: string; download(): Promise<void> }[];
}

/**
 * The 'Imprimir' dialog: a PNG of each chart on the current screen, and the PDF report of the view as
 * filtered, made by the server from the same data (the button is busy while it is generated).
 */
export function PrintDialog({ open, onClose, charts, onImageFailure, onReport, exports = [] }: PrintDialogProps) {
  const titleId = useId();
  const reportId = useId();
  // The file being made: -1 the report, else the index of an export.
  const [generating, setGenerating] = useState<number | null>(null);

  async function run(which: number, make: () => Promise<void>) {
    setGenerating(which);
    try {
      await make();
    } finally {
      setGenerating(null);
    }
  }

  async function download(entry: ShelfChart) {
    try {
      const { blob, extension } = await chartImage(entry.chart);
      saveFile(blob, fileNameOf(entry.title, extension));
    } catch {
      onImageFailure();
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{m.printTitle}</DialogTitle>
      <DialogContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {m.chartImages}
        </Typography>
        {charts.length === 0 ? (
          <Typography color="text.secondary">{m.noCharts}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {inScreenOrder(charts).map((entry, index) => (
              <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}>
                <Typography>{entry.title}</Typography>
                <Button size="small" variant="outlined" color="secondary" aria-label={format(m.downloadImageOf, { title: entry.title })} onClick={() => void download(entry)}>
                  {m.downloadImage}
                </Button>
              </Box>
            ))}
          </Box>
        )}
        <Divider sx={{ my: 2 }} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {exports.map((file, index) => (
            <Button
              key={file.label}
              variant="outlined"
              color="secondary"
              disabled={!onReport || generating !== null}
              startIcon={generating === index ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
              onClick={() => void run(index, file.download)}
            >
              {file.label}
            </Button>
          ))}
          <Button
            variant="contained"
            color="secondary"
            disabled={!onReport || generating !== null}
            aria-describedby={reportId}
            startIcon={generating === -1 ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            onClick={() => onReport && void run(-1, onReport)}
          >
            {generating === -1 ? m.generatingReport : m.downloadReport}
          </Button>
        </Box>
        <Typography id={reportId} variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
          {generating !== null ? m.generatingHint : m.reportHint}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose}>{messages.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
