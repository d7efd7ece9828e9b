import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Participant } from '../../../../server/src/contract/courses';
import { removeParticipant } from '../../api/users';
import { useToast } from '../../toast';

const text = messages.screenUsers;

/**
 * Confirms and removes course participants one by one; the server refuses a participation that
 * evaluations point to, and its message is shown.
 */
export function RemoveParticipantsDialog({ participants, onClose, onRemoved }: { participants: Participant[] | null; onClose(): void; onRemoved(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!participants) return;
    setBusy(true);
    setFailure(null);
    let removed = 0;
    try {
      for (const participant of participants) {
        await removeParticipant(participant.usercourse_id);
        removed += 1;
      }
      toast.success(messages.registry.participantRemoved);
      onRemoved();
      close();
    } catch (error) {
      const message = errorMessage(error);
      if (removed > 0) onRemoved();
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={participants !== null} onClose={busy ? undefined : close} aria-labelledby="remove-title" aria-describedby="remove-text">
      <DialogTitle id="remove-title">{text.removeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-text">{format(text.removeText, { count: participants?.length ?? 0 })}</DialogContentText>
        {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={close} disabled={busy} autoFocus>
          {messages.common.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {text.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
