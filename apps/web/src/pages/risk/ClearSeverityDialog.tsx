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
import { useToast } from '../../toast';
import { clearSeverity } from './riskApi';
import type { RiskFactorView } from './riskTypes';
import type { SeverityTarget } from './SeverityDialog';

const text = messages.screenRisk;

/**
 * Confirms clearing a factor's severity (staff), then asks the server: its message is the toast; a
 * refusal's message shows in the dialog, which stays open.
 */
export function ClearSeverityDialog({ target, onClose, onCleared }: { target: SeverityTarget | null; onClose(): void; onCleared(factor: RiskFactorView): void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The last factor asked about, so the text stays put while the dialog fades out.
  const [shown, setShown] = useState<SeverityTarget | null>(target);
  if (target !== null && target !== shown) {
    setShown(target);
    setFailure(null);
  }
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await clearSeverity(target.companyId, target.questionnaire.type, target.factor.id);
      toast.success(answer.message ?? text.cleared);
      onCleared(answer.factor ?? { ...target.factor, severity: null, reason: null, updated_at: null, updated_by: null });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={target !== null} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="severity-clear-title" aria-describedby="severity-clear-text">
      <DialogTitle id="severity-clear-title">{text.clearTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="severity-clear-text">{format(text.clearText, { factor: shown?.factor.label ?? '' })}</DialogContentText>
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
          {text.confirmClear}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
