import type { EraseResult } from '../../../server/src/contract/lgpd';
import { download, request } from './client';

/* Calls of the LGPD rights of one person (issue 14): export what is held about them, or erase it. Administrators only. */

/** A format of the personal-data export: JSON (complete, machine-readable) or PDF (readable). */
export type PersonalDataFormat = 'json' | 'pdf';

const id = (value: number | string) => encodeURIComponent(String(value));

/** Everything held about a person as a file (`dados-pessoais-{id}.json` or `.pdf`), downloaded with the session's token. */
export function downloadPersonalData(userId: number, fileFormat: PersonalDataFormat) {
  return download(`/users/${id(userId)}/personal-data?format=${fileFormat}`);
}

/**
 * Erases a person's data; `confirmName` is the person's current name as the administrator typed it
 * (the server refuses with a 400 and its message when it does not match).
 */
export function erasePersonalData(userId: number, confirmName: string): Promise<EraseResult> {
  return request(`/users/${id(userId)}/erase`, { method: 'POST', body: { confirm_name: confirmName } });
}

/** A name as the server compares it: trimmed, inner spaces collapsed, case ignored. */
const comparable = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');

/**
 * Whether the typed confirmation names the person, compared as the server compares it (routes/lgpd.ts),
 * so the erase button is enabled exactly when the server would accept the name.
 */
export function confirmsName(typed: string, name: string): boolean {
  const wanted = comparable(name);
  return wanted !== '' && comparable(typed) === wanted;
}
