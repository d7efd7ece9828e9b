import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { format, messages } from '../../../../../engine/messages';
import type { ExposureGroup } from '../../../../server/src/contract/exposureGroups';
import { errorMessage } from '../../api/client';
import { useToast } from '../../toast';
import { deleteExposureGroup } from './exposureGroupApi';

const text = messages.screenExposureGroups;

/**
 * Confirms deleting an exposure group (staff), then asks the server: its message is the toast; a
 * refusal's message (a group the action plan's measures use) shows in the dialog, which stays open.
 */
export function ExposureGroupDeleteDialog({ group, onClose, onDeleted }: { group: ExposureGroup | null; onClose(): void; onDeleted(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The last group asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState<ExposureGroup | null>(group);
  if (group !== null && group !== shown) {
    setShown(group);
    setFailure(null);
  }
  const confirm = async () => {
    if (!group) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await deleteExposureGroup(group.id);
      toast.success(answer.message ?? text.deleted);
      onDeleted();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={group !== null} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="exposure-group-delete-title" aria-describedby="exposure-group-delete-text">
      <DialogTitle id="exposure-group-delete-title">{text.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="exposure-group-delete-text">{format(text.deleteText, { name: shown?.name ?? '' })}</DialogContentText>
        {shown && shown.measures > 0 && !failure && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {format(text.deleteInUse, { count: shown.measures })}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy}>
          {text.confirmDelete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
