import { format, messages } from '../../../../../engine/messages';
import type { RegistrationData, RegistrationSave } from '../../../../server/src/contract/registration';

/** A new employee row of the public registration page, as typed. */
export interface NewWorker {
  key: number;
  name: string;
  email: string;
  phone: string;
  /** The chosen sector name; '' is 'Vazio'. */
  sector: string;
  /** The chosen position name; '' is 'Vazio'. */
  position: string;
}

/** A new sector or position row, as typed. */
export interface NewName {
  key: number;
  name: string;
}

/** Everything added on the page and not saved yet. */
export interface NewRows {
  sectors: NewName[];
  positions: NewName[];
  workers: NewWorker[];
}

/** No new rows. */
export const noNewRows: NewRows = { sectors: [], positions: [], workers: [] };

const SPACES = /\s+/gu;
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * The page's text normaliser, applied when a field is left: NFC, invisible characters removed,
 * whitespace runs collapsed, trimmed (the server applies the same rule before keeping a value).
 */
export function normalizeInput(value: string): string {
  return value.normalize('NFC').replace(SPACES, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/**
 * The dropdown choices of a sector or position: the saved names and the new ones typed on this page
 * (not yet saved), without blanks or repeats, in that order. 'Vazio' is offered by the field itself.
 */
export function choices(saved: string[], added: NewName[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const name of [...saved, ...added.map((row) => normalizeInput(row.name))]) {
    const key = name.toLocaleLowerCase('pt-BR');
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}

/** The body of `PATCH /api/users/data`: only the new rows, each flagged `new: true`, numbered as the page shows them. */
export function saveBody(transaction: string, data: RegistrationData, rows: NewRows): RegistrationSave {
  // A choice whose new sector or position was renamed or removed since no longer exists: 'Vazio'.
  const sectorKeys = new Set(choices(data.sectors.map((row) => row.sector_name), rows.sectors));
  const positionKeys = new Set(choices(data.positions.map((row) => row.position_name), rows.positions));
  return {
    transaction,
    company: { commercial_name: data.company.commercial_name },
    sectors: rows.sectors.map((row) => ({ sector_name: normalizeInput(row.name), new: true })),
    positions: rows.positions.map((row) => ({ position_name: normalizeInput(row.name), new: true })),
    users: rows.workers.map((row) => ({
      name: normalizeInput(row.name),
      email: normalizeInput(row.email),
      phone: normalizeInput(row.phone),
      sector: sectorKeys.has(row.sector) ? row.sector : null,
      position: positionKeys.has(row.position) ? row.position : null,
      new: true,
    })),
  };
}

/** How many new rows wait to be saved. */
export function newRowCount(rows: NewRows): number {
  return rows.sectors.length + rows.positions.length + rows.workers.length;
}

/** The label the server gives the n-th new row of a tab ('Setor 2', 'Cargo 1', 'Colaborador 3'). */
export function rowLabel(kind: keyof NewRows, index: number): string {
  const template = { sectors: messages.registration.sectorRow, positions: messages.registration.positionRow, workers: messages.registration.workerRow }[kind];
  return format(template, { n: index + 1 });
}

/** The server's problems of one row ('Colaborador 2: o e-mail é obrigatório' → 'o e-mail é obrigatório'). */
export function problemsOf(errors: string[], label: string): string[] {
  const prefix = `${label}: `;
  return errors.filter((error) => error.startsWith(prefix)).map((error) => error.slice(prefix.length));
}

/** The tab of each server error, so the page can point the user to it. */
export function tabsWithErrors(errors: string[], rows: NewRows): (keyof NewRows)[] {
  return (['sectors', 'positions', 'workers'] as const).filter((kind) =>
    rows[kind].some((_, index) => problemsOf(errors, rowLabel(kind, index)).length > 0),
  );
}
