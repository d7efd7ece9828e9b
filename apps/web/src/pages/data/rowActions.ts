import type { EvaluationRow } from '../../../../server/src/contract/evaluations';
import { catalogEntry, neverExpires } from '../../../../../engine/definition/catalog';
import { catalog } from '../../catalog';

/** An action of the row menu of the data-management table. */
export type RowAction = 'remind' | 'evaluationEmail' | 'adminEmail' | 'selectRenew' | 'reportEmail' | 'copyLink' | 'copyIds' | 'delete';

/** The link slug of an evaluation type, or undefined when the type has no respondent link. */
export function slugOf(type: string): string | undefined {
  return catalogEntry(catalog, type)?.slug;
}

/** Whether a row's type never expires (the 360 by interview): no checkbox, no expiry, no renewal. */
export function isTimeless(row: Pick<EvaluationRow, 'type'>): boolean {
  return neverExpires(catalog, row.type);
}

/** The respondent link of an evaluation, `${origin}/${slug}/${id}`, or null when its type has none. */
export function respondentLink(row: Pick<EvaluationRow, 'type' | 'evaluation_id'>, origin: string): string | null {
  const slug = slugOf(row.type);
  return slug ? `${origin}/${slug}/${row.evaluation_id}` : null;
}

/** Whether a row can be selected for renewal: a type that expires, not answered yet. */
export function isRenewable(row: Pick<EvaluationRow, 'type' | 'done'>): boolean {
  return !isTimeless(row) && !row.done;
}

/**
 * The row menu (administration.md 2, "Gestão de Dados"): pending evaluations can be reminded, e-mailed
 * (types whose catalogue entry has `evaluationEmail`, the 360; not expired) and renewed; answered ones can have the report e-mailed. Administrators also
 * get 'Enviar email' (any pending evaluation with a link, replacing the type-2 item), 'Copiar Link',
 * copy ids and Deletar.
 */
export function rowActions(row: EvaluationRow, isAdmin: boolean): RowAction[] {
  const actions: RowAction[] = [];
  const hasLink = slugOf(row.type) !== undefined;
  if (row.done) {
    actions.push('reportEmail');
  } else {
    actions.push('remind');
    if (isAdmin) {
      if (hasLink) actions.push('adminEmail');
    } else if (catalogEntry(catalog, row.type)?.evaluationEmail && !row.expired) {
      actions.push('evaluationEmail');
    }
    if (isRenewable(row)) actions.push('selectRenew');
  }
  if (isAdmin) {
    if (hasLink) actions.push('copyLink');
    actions.push('copyIds', 'delete');
  }
  return actions;
}

/**
 * Copies text to the clipboard: the Clipboard API, or, where it is missing or refused (an insecure
 * origin, no permission), a hidden textarea and `execCommand('copy')`. Resolves to whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls through to the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
