import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Cycle } from '../../../../server/src/contract/cycles';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import { updateCycle } from '../../api/cycles';
import { useToast } from '../../toast';

const text = messages.screenCycles;

/**
 * Confirms closing (an encerrado cycle takes no new evaluations) or reopening a cycle, then asks the
 * server; its message is the toast, and a failure's message too, the dialog staying open.
 */
export function ConfirmCycleDialog({ cycle, onClose, onSaved }: { cycle: Cycle | null; onClose(): void; onSaved(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // The last cycle asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState<Cycle | null>(cycle);
  if (cycle !== null && cycle !== shown) setShown(cycle);
  const closing = shown !== null && !shown.closed;
  const confirm = async () => {
    if (!cycle) return;
    setBusy(true);
    try {
      const answer = await updateCycle(cycle.id, { closed: !cycle.closed });
      toast.success(answer.message);
      onSaved();
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={cycle !== null} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="cycle-confirm-title" aria-describedby="cycle-confirm-text">
      <DialogTitle id="cycle-confirm-title">{closing ? text.closeTitle : text.reopenTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cycle-confirm-text">{format(closing ? text.closeText : text.reopenText, { name: shown?.name ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button variant="contained" color={closing ? 'error' : 'primary'} onClick={() => void confirm()} disabled={busy}>
          {closing ? text.confirmClose : text.confirmReopen}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
