import Alert from '@mui/material/Alert';
import { format, messages } from '../../../../../engine/messages';
import type { ExposureGroup } from '../../../../server/src/contract/exposureGroups';
import { ConfirmActionDialog } from '../../components/ConfirmActionDialog';
import { deleteExposureGroup } from './exposureGroupApi';

const text = messages.screenExposureGroups;

/**
 * Confirms deleting an exposure group (staff), then asks the server: its message is the toast; a
 * refusal's message (a group the action plan's measures use) shows in the dialog, which stays open.
 */
export function ExposureGroupDeleteDialog({ group, onClose, onDeleted }: { group: ExposureGroup | null; onClose(): void; onDeleted(): void }) {
  return (
    <ConfirmActionDialog
      target={group}
      id="exposure-group-delete"
      title={text.deleteTitle}
      text={(shown) => format(text.deleteText, { name: shown.name })}
      note={(shown) =>
        shown.measures > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {format(text.deleteInUse, { count: shown.measures })}
          </Alert>
        )
      }
      confirmLabel={text.confirmDelete}
      act={(asked) => deleteExposureGroup(asked.id)}
      fallbackMessage={text.deleted}
      onClose={onClose}
      onDone={() => onDeleted()}
    />
  );
}
