import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { EvaluationRow } from '../../../../server/src/contract/evaluations';
import { deleteEvaluation } from '../../api/data';
import { useToast } from '../../toast';

const m = messages.screenData;

/** Asks before deleting an evaluation (irreversible), then deletes it; a failure keeps the dialog open. */
export function DeleteDialog({ row, onClose, onDeleted }: { row: EvaluationRow | null; onClose(): void; onDeleted(): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!row) return;
    setBusy(true);
    try {
      const answer = await deleteEvaluation(row.evaluation_id);
      toast.success(answer?.message || m.deleteSuccess);
      onDeleted();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={row !== null} onClose={busy ? undefined : onClose} aria-labelledby="delete-title" aria-describedby="delete-text">
      <DialogTitle id="delete-title">{m.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-text">{m.deleteText}</DialogContentText>
        {row && (
          <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
            {row.type_name} — {row.user_name}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onClose} disabled={busy} autoFocus>
          {messages.common.cancel}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {m.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
