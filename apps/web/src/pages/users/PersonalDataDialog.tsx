import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage, saveFile } from '../../api/client';
import { confirmsName, downloadPersonalData, erasePersonalData, type PersonalDataFormat } from '../../api/lgpd';
import { useToast } from '../../toast';

const text = messages.screenLgpd;

/** The person whose rights are exercised. */
export interface DataSubject {
  id: number;
  name: string;
  email: string;
}

type Busy = null | PersonalDataFormat | 'erase';

const sectionSx = { border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } } as const;

/**
 * The LGPD rights of one person, for administrators: download everything held about them (JSON or
 * PDF), or erase their personal data after typing their name (numeric answers stay, anonymous).
 */
export function PersonalDataDialog({ person, onClose, onErased }: { person: DataSubject | null; onClose(): void; onErased(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState<Busy>(null);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The last person shown, so the texts stay while the dialog fades out after `person` went null.
  const [last, setLast] = useState(person);
  if (person !== null && person !== last) setLast(person);
  const shown = person ?? last;
  const matches = shown !== null && confirmsName(typed, shown.name);

  const close = () => {
    setTyped('');
    setFailure(null);
    onClose();
  };

  const exportAs = async (fileFormat: PersonalDataFormat) => {
    if (!shown) return;
    setBusy(fileFormat);
    try {
      const { blob, fileName } = await downloadPersonalData(shown.id, fileFormat);
      saveFile(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    if (!shown || !matches || busy) return;
    setBusy('erase');
    setFailure(null);
    try {
      const { message } = await erasePersonalData(shown.id, typed);
      toast.success(message);
      onErased();
      close();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={person !== null}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      aria-labelledby="lgpd-title"
      aria-describedby="lgpd-person lgpd-intro"
    >
      <DialogTitle id="lgpd-title">{text.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Box id="lgpd-person">
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{shown?.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {shown?.email}
            </Typography>
          </Box>
          <Typography id="lgpd-intro" variant="body2">
            {text.intro}
          </Typography>

          <Box component="section" aria-labelledby="lgpd-export-title" sx={sectionSx}>
            <Typography id="lgpd-export-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {text.exportTitle}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              {text.exportText}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" color="secondary" disabled={busy !== null} onClick={() => void exportAs('json')}>
                {busy === 'json' ? messages.common.downloading : text.exportJson}
              </Button>
              <Button variant="outlined" color="secondary" disabled={busy !== null} onClick={() => void exportAs('pdf')}>
                {busy === 'pdf' ? messages.common.downloading : text.exportPdf}
              </Button>
            </Stack>
            {(busy === 'json' || busy === 'pdf') && <LinearProgress sx={{ mt: 1.5 }} aria-label={text.exportBusy} />}
          </Box>

          <Box component="section" aria-labelledby="lgpd-erase-title" sx={{ ...sectionSx, borderColor: 'error.main' }}>
            <Typography id="lgpd-erase-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {text.eraseTitle}
            </Typography>
            <Alert severity="warning" role="note" sx={{ my: 1.5 }}>
              {text.eraseWarning}
            </Alert>
            <Typography variant="body2">
              <Box component="strong">{text.eraseReplacedTitle}:</Box> {text.eraseReplaced}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              <Box component="strong">{text.eraseKeptTitle}:</Box> {text.eraseKept}
            </Typography>
            <Box component="form" noValidate onSubmit={(event: FormEvent) => void erase(event)} sx={{ mt: 2 }}>
              <TextField
                fullWidth
                label={text.confirmLabel}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                disabled={busy === 'erase'}
                helperText={format(text.confirmHelp, { name: shown?.name ?? '' })}
                autoComplete="off"
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              {failure && (
                <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
                  {failure}
                </Alert>
              )}
              {busy === 'erase' && <LinearProgress sx={{ mt: 1.5 }} aria-label={text.erasing} />}
              <Button type="submit" color="error" variant="contained" disabled={!matches || busy !== null} sx={{ mt: 1.5 }}>
                {busy === 'erase' ? text.erasing : text.erase}
              </Button>
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={close} disabled={busy !== null}>
          {messages.common.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
