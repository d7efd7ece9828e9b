import { useEffect, useId, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { messages } from '../../engine/messages';
import { saveFile } from '../saveFile';

const m = messages.dashboard;

interface ReportPreviewProps {
  open: boolean;
  onClose(): void;
  /** The panel's title (the view's report button text). */
  title: string;
  /** Makes the PDF (the server's report of the view as filtered). */
  load(): Promise<{ blob: Blob; fileName: string }>;
  onFailure(): void;
}

/**
 * A full-screen panel holding the view's PDF report ('Imprimir Relatório' of the 360): the browser's
 * PDF viewer prints it; 'Baixar' saves it; 'Fechar' (or Escape) closes the panel.
 */
export function ReportPreview({ open, onClose, title, load, onFailure }: ReportPreviewProps) {
  const titleId = useId();
  const [file, setFile] = useState<{ url: string; blob: Blob; fileName: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    let url: string | null = null;
    let cancelled = false;
    load().then(
      ({ blob, fileName }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFile({ url, blob, fileName });
      },
      () => {
        if (!cancelled) onFailure();
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setFile(null);
    };
  }, [open, load, onFailure]);

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button color="secondary" variant="outlined" disabled={!file} onClick={() => file && saveFile(file.blob, file.fileName)}>
            {m.downloadPdf}
          </Button>
          <Button color="secondary" onClick={onClose}>
            {messages.common.close}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ flexGrow: 1, display: 'flex' }}>
        {file ? (
          <Box component="iframe" title={file.fileName} src={file.url} sx={{ border: 0, width: '100%', flexGrow: 1 }} />
        ) : (
          <Box role="status" sx={{ m: 'auto', display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress aria-hidden />
            <Typography>{m.generatingReport}</Typography>
          </Box>
        )}
      </Box>
    </Dialog>
  );
}
