import { format, messages } from '../../../engine/messages.ts';
import { HttpError } from './errors.ts';

/* The check of the sector and position dialogs' lists (`PATCH /sectors/{companyId}`, `PATCH /positions/{companyId}`). */

/** One row of the dialog's list as checked: an existing id is renamed, no id is a new row. */
export interface NameRow {
  id?: number;
  name: string;
}

/**
 * Checks the dialog's list against the company's existing rows: names not empty, ids of this company
 * (404 otherwise, as for any other company's data), and no name twice in the company once saved.
 */
export function checkNameList(rows: NameRow[], existing: { id: number; name: string }[], notFound: (id: number) => string): NameRow[] {
  const checked = rows.map((row) => ({ ...row, name: row.name.trim() }));
  if (checked.some((row) => row.name === '')) throw new HttpError(400, messages.registry.nameEmpty);
  const final = new Map<number | string, { name: string; touched: boolean }>(existing.map((row) => [row.id, { name: row.name.trim(), touched: false }]));
  checked.forEach((row, index) => {
    if (row.id !== undefined && !final.has(row.id)) throw new HttpError(404, notFound(row.id));
    final.set(row.id ?? `new-${index}`, { name: row.name, touched: true });
  });
  const seen = new Map<string, boolean>();
  for (const { name, touched } of final.values()) {
    const key = name.toLocaleLowerCase('pt-BR');
    const other = seen.get(key);
    // Existing duplicates the dialog did not touch are left alone; only the edit being saved is refused.
    if (other !== undefined && (other || touched)) throw new HttpError(400, format(messages.registry.duplicateName, { name }));
    seen.set(key, (other ?? false) || touched);
  }
  return checked;
}
