import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import { getUser } from '../../auth/session';
import { useToast } from '../../toast';
import { saveSeverity } from './riskApi';
import { REASON_MAX, reasonError, stepText } from './riskFormat';
import { CountedHelper, RiskFormDialog } from './RiskFormDialog';
import type { RiskFactorView, RiskMatrixView, RiskQuestionnaireView } from './riskTypes';

const text = messages.screenRisk;

/** The factor whose severity is being set, and where. */
export interface SeverityTarget {
  companyId: number;
  questionnaire: RiskQuestionnaireView;
  factor: RiskFactorView;
}

interface SeverityDialogProps {
  target: SeverityTarget;
  matrix: RiskMatrixView;
  onClose(): void;
  /** The factor as the server keeps it now. */
  onSaved(factor: RiskFactorView): void;
}

/**
 * 'Definir severidade' / 'Alterar severidade' (staff): a step of the matrix's severity scale, each with
 * its criterion, and the reason (10–1000 characters). The server's message is the toast; a refusal's
 * message shows in the dialog, which stays open with what was typed.
 */
export function SeverityDialog({ target, matrix, onClose, onSaved }: SeverityDialogProps) {
  const toast = useToast();
  const { factor } = target;
  const [severity, setSeverity] = useState<string>(factor.severity !== null && factor.severity <= matrix.severity.length ? String(factor.severity) : '');
  const [reason, setReason] = useState(factor.reason ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const severityMissing = severity === '';
  const reasonProblem = reasonError(reason);
  const chosen = severityMissing ? undefined : matrix.severity[Number(severity) - 1];
  const editing = factor.severity !== null;

  const submit = async () => {
    setTouched(true);
    if (severityMissing || reasonProblem !== null) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await saveSeverity(target.companyId, target.questionnaire.type, factor.id, { severity: Number(severity), reason: reason.trim() });
      toast.success(answer.message ?? text.saved);
      onSaved(answer.factor ?? { ...factor, severity: Number(severity), reason: reason.trim(), updated_at: new Date().toISOString(), updated_by: getUser()?.name ?? null });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const showReasonError = touched && reasonProblem !== null;
  return (
    <RiskFormDialog
      id="severity"
      title={editing ? text.dialogChange : text.dialogDefine}
      about={
        <>
          <DialogContentText sx={{ mb: 1, color: 'text.primary', fontWeight: 600 }}>{factor.label}</DialogContentText>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {text.hazard}: {factor.hazard}
          </Typography>
        </>
      }
      busy={busy}
      failure={failure}
      submitLabel={text.save}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        select
        fullWidth
        margin="dense"
        required
        label={text.fieldSeverity}
        value={severity}
        disabled={busy}
        onChange={(event) => setSeverity(event.target.value)}
        error={touched && severityMissing}
        helperText={touched && severityMissing ? text.severityRequired : chosen?.criterion}
        slotProps={{
          select: {
            // The chosen step alone in the field; its criterion is the helper text below.
            renderValue: (value) => {
              const step = matrix.severity[Number(value) - 1];
              return step ? stepText(Number(value), step.label) : '';
            },
            MenuProps: { slotProps: { paper: { sx: { maxWidth: 560 } } } },
          },
        }}
      >
        {matrix.severity.map((step, index) => (
          <MenuItem key={index} value={String(index + 1)} sx={{ display: 'block', whiteSpace: 'normal' }}>
            <Typography variant="body1">{stepText(index + 1, step.label)}</Typography>
            {step.criterion && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
                {step.criterion}
              </Typography>
            )}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        margin="dense"
        required
        multiline
        minRows={4}
        label={text.fieldReason}
        value={reason}
        disabled={busy}
        onChange={(event) => setReason(event.target.value)}
        onBlur={() => reason !== '' && setTouched(true)}
        error={showReasonError}
        slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        helperText={<CountedHelper message={showReasonError ? reasonProblem : text.reasonHelp} count={reason.length} max={REASON_MAX} />}
      />
    </RiskFormDialog>
  );
}
