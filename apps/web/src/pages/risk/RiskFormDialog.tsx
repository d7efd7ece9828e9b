import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { format, messages } from '../../../../../engine/messages';

interface RiskFormDialogProps {
  /** The base of the dialog's ids: `{id}-title`, `{id}-form`, `{id}-about`. */
  id: string;
  title: string;
  /** What the dialog is about, above the form (described by it). */
  about?: ReactNode;
  /** While the call runs: the fields and buttons are disabled, the dialog stays open. */
  busy: boolean;
  /** The server's refusal, shown under the form. */
  failure: string | null;
  submitLabel: string;
  onClose(): void;
  onSubmit(): void;
  /** The form's fields. */
  children: ReactNode;
  /** The dialog's width; default 'sm'. */
  maxWidth?: 'sm' | 'md';
  /** The whole screen (a long form on a phone); default false. */
  fullScreen?: boolean;
}

/**
 * The frame of the risk screens' form dialogs (severity, review trigger): title, what it is about, a
 * form that submits with Enter or the main button, the server's refusal under it, Cancel and the main
 * button; not closed while the call runs.
 */
export function RiskFormDialog({ id, title, about, busy, failure, submitLabel, onClose, onSubmit, children, maxWidth = 'sm', fullScreen = false }: RiskFormDialogProps) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={`${id}-title`} aria-describedby={about ? `${id}-about` : undefined}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {about && <Box id={`${id}-about`}>{about}</Box>}
        <form
          noValidate
          id={`${id}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A text field's helper: the help or the error on the left, '12/1000' on the right (hidden from screen readers: the field's maxLength says it). */
export function CountedHelper({ message, count, max }: { message: string; count: number; max: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
      <span>{message}</span>
      <Box component="span" sx={{ flexShrink: 0 }} aria-hidden>
        {format(messages.screenRisk.counter, { count, max })}
      </Box>
    </Box>
  );
}
