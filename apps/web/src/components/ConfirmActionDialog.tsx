import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { messages } from '../../../../engine/messages';
import { errorMessage } from '../api/client';
import { useToast } from '../toast';

/** What a confirmation asks about and does. */
export interface ConfirmAction<Target, Answer extends { message?: string }> {
  /** The thing asked about; null: closed. */
  target: Target | null;
  /** The ids of the dialog's title and text (`{id}-title`, `{id}-text`). */
  id: string;
  title: string;
  /** The question, about the target shown (kept while the dialog fades out). */
  text(shown: Target): string;
  /** A note under the question (a warning), about the target shown; not while a refusal is shown. */
  note?(shown: Target): ReactNode;
  confirmLabel: string;
  /** Asks the server: its answer's message is the toast's (else `fallbackMessage`). */
  act(target: Target): Promise<Answer>;
  fallbackMessage: string;
  onClose(): void;
  /** After the server agreed, with its answer, before the dialog closes. */
  onDone(target: Target, answer: Answer): void;
}

/**
 * Confirms a destructive action (staff), then asks the server: its message is the toast; a refusal's
 * message shows in the dialog, which stays open. The last target asked about stays shown while the
 * dialog fades out.
 */
export function ConfirmActionDialog<Target, Answer extends { message?: string }>({ target, id, title, text, note, confirmLabel, act, fallbackMessage, onClose, onDone }: ConfirmAction<Target, Answer>) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<Target | null>(target);
  if (target !== null && target !== shown) {
    setShown(target);
    setFailure(null);
  }
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await act(target);
      toast.success(answer.message ?? fallbackMessage);
      onDone(target, answer);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={target !== null} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{shown === null ? '' : text(shown)}</DialogContentText>
        {shown !== null && !failure && note?.(shown)}
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
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
