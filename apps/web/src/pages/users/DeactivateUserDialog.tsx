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
import type { ListedUser } from '../../../../server/src/contract/users';
import { setUserStatus } from '../../api/users';
import { useToast } from '../../toast';

const text = messages.screenUsers;

/**
 * The "confirm delete" dialog of the users page. The API has no user deletion, so confirming
 * deactivates the user (status false, everything else kept), and the text says so.
 */
export function DeactivateUserDialog({ user, onClose, onDone }: { user: ListedUser | null; onClose(): void; onDone(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    setFailure(null);
    try {
      await setUserStatus(user.id, false);
      toast.success(text.deactivated);
      onDone();
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={user !== null} onClose={busy ? undefined : onClose} aria-labelledby="deactivate-title" aria-describedby="deactivate-text">
      <DialogTitle id="deactivate-title">{text.deactivateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="deactivate-text">{format(text.deactivateText, { name: user?.name ?? '' })}</DialogContentText>
        {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose} disabled={busy} autoFocus>
          {messages.common.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {text.deactivate}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
