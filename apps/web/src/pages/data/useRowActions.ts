import { useCallback } from 'react';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { EvaluationRow } from '../../../../server/src/contract/evaluations';
import { emailReport, sendEvaluationEmail, sendReminder } from '../../api/data';
import { useToast } from '../../toast';
import { copyText, respondentLink, type RowAction } from './rowActions';

const m = messages.screenData;

/** The spec's failure text, with the server's reason when it says more than that text. */
export function failureText(specText: string, error: unknown): string {
  const detail = errorMessage(error);
  return detail === specText ? specText : format(m.failureWithCause, { message: specText, detail });
}

/**
 * Runs the row-menu actions that need no dialog (reminder, e-mails, copies) with their toasts; the
 * renew and delete actions are handed to the page, which opens their dialogs.
 */
export function useRowActions(dialogs: { renew(row: EvaluationRow): void; remove(row: EvaluationRow): void }) {
  const toast = useToast();
  const { renew, remove } = dialogs;
  return useCallback(
    async (action: RowAction, row: EvaluationRow) => {
      switch (action) {
        case 'remind':
          try {
            await sendReminder(row.user_id);
            toast.success(m.reminderSent);
          } catch (error) {
            toast.error(failureText(m.reminderFailed, error));
          }
          return;
        case 'evaluationEmail':
        case 'adminEmail':
          try {
            await sendEvaluationEmail(row.evaluation_id);
            toast.success(m.evaluationEmailSent);
          } catch (error) {
            toast.error(failureText(m.evaluationEmailFailed, error));
          }
          return;
        case 'reportEmail':
          try {
            await emailReport(row.type, [row.evaluation_id]);
            toast.success(m.reportQueued);
          } catch (error) {
            toast.error(failureText(m.reportFailed, error));
          }
          return;
        case 'copyLink': {
          const link = respondentLink(row, window.location.origin);
          if (!link) return;
          if (await copyText(link)) toast.success(format(m.linkCopied, { link }));
          else toast.warning(format(m.linkNotCopied, { link }), 10000);
          return;
        }
        case 'copyIds': {
          const rated = row.rated ?? null;
          const ids =
            rated !== null && rated !== row.user_id
              ? format(m.idsTextRated, { evaluation: row.evaluation_id, user: row.user_id, rated })
              : format(m.idsText, { evaluation: row.evaluation_id, user: row.user_id });
          if (await copyText(ids)) toast.success(m.idsCopied);
          else toast.warning(format(m.idsNotCopied, { ids }), 10000);
          return;
        }
        case 'selectRenew':
          renew(row);
          return;
        case 'delete':
          remove(row);
          return;
      }
    },
    [toast, renew, remove],
  );
}
