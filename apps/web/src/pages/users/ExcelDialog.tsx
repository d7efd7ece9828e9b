import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { UploadError, errorMessage, saveFile, type download } from '../../api/client';
import type { ImportResult } from '../../../../server/src/contract/spreadsheets';
import { downloadExport, downloadTemplate, importSpreadsheet } from '../../api/users';
import { useToast } from '../../toast';

const text = messages.screenUsers;

type Busy = null | 'template' | 'export' | 'upload' | 'server';

/**
 * The Excel dialog of the users page: download the template or the export, and import a filled
 * spreadsheet (upload progress, then a busy state until the server answers; bad rows listed).
 */
export function ExcelDialog({ open, companyId, onClose, onImported }: { open: boolean; companyId: number; onClose(): void; onImported(): void }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [rowErrors, setRowErrors] = useState<{ message: string; rows: string[] } | null>(null);

  const fetchFile = async (kind: 'template' | 'export', call: (id: number) => ReturnType<typeof download>) => {
    setBusy(kind);
    try {
      const { blob, fileName } = await call(companyId);
      saveFile(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!file) return;
    setBusy('upload');
    setPercent(0);
    setResult(null);
    setRowErrors(null);
    try {
      const answer = await importSpreadsheet(companyId, file, (value) => {
        setPercent(value);
        // Once every byte is sent the server reads and checks the whole sheet: show that as busy.
        if (value >= 100) setBusy('server');
      });
      setResult(answer);
      toast.success(answer.message);
      onImported();
    } catch (error) {
      toast.error(text.importError);
      setRowErrors({ message: errorMessage(error), rows: error instanceof UploadError ? error.errors : [] });
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setFile(null);
    setResult(null);
    setRowErrors(null);
    if (input.current) input.current.value = '';
    onClose();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm" aria-labelledby="excel-title">
      <DialogTitle id="excel-title">{text.excelTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{text.excelIntro}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" color="secondary" disabled={busy !== null} onClick={() => void fetchFile('template', downloadTemplate)}>
              {busy === 'template' ? messages.common.downloading : text.downloadTemplate}
            </Button>
            <Button variant="outlined" color="secondary" disabled={busy !== null} onClick={() => void fetchFile('export', downloadExport)}>
              {busy === 'export' ? messages.common.downloading : text.downloadExport}
            </Button>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button component="label" variant="outlined" color="secondary" disabled={busy !== null}>
              {text.chooseFile}
              <input
                ref={input}
                type="file"
                hidden
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setResult(null);
                  setRowErrors(null);
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : text.noFile}
            </Typography>
          </Stack>
          {busy === 'upload' && (
            <Box>
              <Typography variant="body2">{format(messages.common.uploading, { percent })}</Typography>
              <LinearProgress variant="determinate" value={percent} aria-label={format(messages.common.uploading, { percent })} />
            </Box>
          )}
          {busy === 'server' && (
            <Box>
              <Typography variant="body2">{text.importing}</Typography>
              <LinearProgress aria-label={text.importing} />
            </Box>
          )}
          {result && (
            <Alert severity="success">
              {result.message}{' '}
              {format(text.importCounts, {
                createdEmployees: result.created.employees,
                createdSectors: result.created.sectors,
                createdPositions: result.created.positions,
                updatedEmployees: result.updated.employees,
                updatedSectors: result.updated.sectors,
                updatedPositions: result.updated.positions,
              })}
            </Alert>
          )}
          {rowErrors && (
            <Alert severity="error" role="alert">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {text.importError} {rowErrors.message}
              </Typography>
              {rowErrors.rows.length > 0 && (
                <Box component="ul" aria-label={text.importErrorsTitle} sx={{ m: 0, pl: 2, maxHeight: 240, overflow: 'auto' }}>
                  {rowErrors.rows.map((row, index) => (
                    <li key={index}>{row}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={close} disabled={busy !== null}>
          {messages.common.close}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!file || busy !== null}>
          {text.importFile}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
