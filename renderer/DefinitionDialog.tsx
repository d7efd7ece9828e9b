import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { DialogText } from '../engine/definition/types.ts';
import { messages } from '../engine/messages.ts';

/** A dialog written in a definition (instructions, confirmations). */
export default function DefinitionDialog({ dialog, open, onConfirm, onCancel }: { dialog: DialogText; open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="definition-dialog-title">
      <DialogTitle id="definition-dialog-title">{dialog.title}</DialogTitle>
      <DialogContent>
        {dialog.body.map((paragraph) => (
          <DialogContentText key={paragraph} sx={{ mb: 1 }}>
            {paragraph}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        {dialog.cancel && <Button onClick={onCancel}>{dialog.cancel}</Button>}
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {dialog.confirm ?? messages.form.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
