import { format, messages } from '../../../../../engine/messages';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog';
import { clearSeverity } from './riskApi';
import type { RiskFactorView } from './riskTypes';
import type { SeverityTarget } from './SeverityDialog';

const text = messages.screenRisk;

/**
 * Confirms clearing a factor's severity (staff), then asks the server: its message is the toast; a
 * refusal's message shows in the dialog, which stays open.
 */
export function ClearSeverityDialog({ target, onClose, onCleared }: { target: SeverityTarget | null; onClose(): void; onCleared(factor: RiskFactorView): void }) {
  return (
    <ConfirmActionDialog
      target={target}
      id="severity-clear"
      title={text.clearTitle}
      text={(shown) => format(text.clearText, { factor: shown.factor.label })}
      confirmLabel={text.confirmClear}
      act={(asked) => clearSeverity(asked.companyId, asked.questionnaire.type, asked.factor.id)}
      fallbackMessage={text.cleared}
      onClose={onClose}
      onDone={(asked, answer) => onCleared(answer.factor ?? { ...asked.factor, severity: null, reason: null, updated_at: null, updated_by: null })}
    />
  );
}
