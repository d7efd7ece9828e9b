import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { EvaluationRow } from '../../../../server/src/contract/evaluations';
import { renewEvaluations } from '../../api/data';
import { useToast } from '../../toast';

const m = messages.screenData;

/** The renew days typed, as a whole number from 1 to 365, or null. */
export function parseDays(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= 365 ? days : null;
}

/**
 * The renew dialog: a number of days (1-365) for the selected evaluations. A failure toasts 'Houve um
 * erro.' with the server's detail and keeps the dialog open with what was typed.
 */
export function RenewDialog({ rows, open, onClose, onRenewed }: { rows: EvaluationRow[]; open: boolean; onClose(): void; onRenewed(): void }) {
  const toast = useToast();
  const [days, setDays] = useState('30');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const value = parseDays(days);
  const invalid = touched && value === null;

  const submit = async () => {
    setTouched(true);
    if (value === null || rows.length === 0) return;
    setBusy(true);
    try {
      const answer = await renewEvaluations(rows, value);
      toast.success(answer?.message || m.renewSuccess);
      setTouched(false);
      onRenewed();
    } catch (error) {
      toast.error(format(m.failureDetail, { message: m.renewFailed, detail: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="renew-title" fullWidth maxWidth="xs">
      <DialogTitle id="renew-title">{m.renewTitle}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{format(m.renewText, { count: rows.length })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={m.renewDays}
            type="number"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            onBlur={() => setTouched(true)}
            error={invalid}
            helperText={invalid ? m.renewDaysInvalid : m.renewDaysHelp}
            slotProps={{ htmlInput: { min: 1, max: 365, step: 1, inputMode: 'numeric' } }}
            disabled={busy}
          />
          {busy && <LinearProgress aria-label={m.working} sx={{ mt: 2 }} />}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {m.renewConfirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
