import { messages } from '../../../../engine/messages';
import type { Company, CompanyForm as CompanyBody, CompanySaved, CompanyUpdate } from '../../../server/src/contract/companies';
import type { MessageBody } from '../../../server/src/contract/common';
import type { Position, PositionSave, Sector, SectorSave } from '../../../server/src/contract/sectors';
import type { RegistrationData, RegistrationSave, RegistrationSaved } from '../../../server/src/contract/registration';
import type { ListedUser, ProfileUpdate, UserSavedWithToken } from '../../../server/src/contract/users';
import { ApiError, request } from './client';

/** The automatic reminder policy as the company calls take it: three numbers (on) or three nulls (off). */
export type ReminderPolicyBody = { [K in 'reminder_days_before' | 'reminder_max' | 'reminder_min_gap_days']: Exclude<CompanyBody[K], undefined> };

/** The company form's text fields as the dialog keeps them (all present, the phone as typed). */
export type CompanyForm = Required<Pick<CompanyBody, 'commercial_name' | 'company_name' | 'cnpj'>> & { phone: string };

/** A sector or position name of the dialogs: an existing one keeps its id, a new one has none. */
export interface NameRow {
  id?: number;
  name: string;
}

/** A failed registration save with the server's list of bad rows ('Colaborador 2: o e-mail é obrigatório'). */
export class RowsError extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly errors: string[],
  ) {
    super(message, status);
    this.name = 'RowsError';
  }
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** Saves one's own profile; answers the updated user. */
export function updateProfile(body: ProfileUpdate): Promise<UserSavedWithToken> {
  return request('/users/updateprofile', { method: 'PATCH', body });
}

/** The users of a company (the profile reads its own phone from it). */
export function listCompanyUsers(companyId: number | string): Promise<ListedUser[]> {
  return request(`/users/list/${id(companyId)}`);
}

/** Active companies, as the server sends them. */
export function listCompanyRecords(): Promise<Company[]> {
  return request('/companies');
}

/** Creates a company. */
export function createCompany(form: CompanyBody): Promise<CompanySaved> {
  return request('/companies', { method: 'POST', body: form });
}

/** Edits a company's data. */
export function updateCompany(companyId: number, form: CompanyBody): Promise<CompanySaved> {
  return request('/companies', { method: 'PATCH', body: { id: companyId, ...form } satisfies CompanyUpdate });
}

/** The sector names of a company. */
export async function loadSectorNames(companyId: number): Promise<NameRow[]> {
  const rows = await request<Sector[]>(`/sectors/list/${id(companyId)}`);
  return rows.map((row) => ({ id: row.id, name: row.sector_name }));
}

/** Renames and adds sectors of a company. */
export function saveSectorNames(companyId: number, rows: NameRow[]): Promise<MessageBody> {
  return request(`/sectors/${id(companyId)}`, {
    method: 'PATCH',
    body: { sectors: rows.map((row) => ({ ...(row.id === undefined ? {} : { id: row.id }), sector_name: row.name })) } satisfies SectorSave,
  });
}

/** The position names of a company. */
export async function loadPositionNames(companyId: number): Promise<NameRow[]> {
  const rows = await request<Position[]>(`/positions/list/${id(companyId)}`);
  return rows.map((row) => ({ id: row.id, name: row.position_name }));
}

/** Renames and adds positions of a company. */
export function savePositionNames(companyId: number, rows: NameRow[]): Promise<MessageBody> {
  return request(`/positions/${id(companyId)}`, {
    method: 'PATCH',
    body: { positions: rows.map((row) => ({ ...(row.id === undefined ? {} : { id: row.id }), position_name: row.name })) } satisfies PositionSave,
  });
}

/** The public registration data of a link (no sign-in). */
export function loadRegistration(transaction: string): Promise<RegistrationData> {
  return request(`/users/data/${id(transaction)}`, { auth: false });
}

/**
 * Saves the new rows of the public registration page; a refusal carries the server's bad rows.
 * Calls `fetch` itself because the shared client drops the `errors` list of the answer.
 */
export async function saveRegistration(body: RegistrationSave): Promise<RegistrationSaved> {
  let response: Response;
  try {
    response = await fetch('/api/users/data', {
      method: 'PATCH',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(messages.common.serverError, 0);
  }
  const data = (await response.json().catch(() => undefined)) as { message?: unknown; errors?: unknown } | undefined;
  if (response.ok) return data as RegistrationSaved;
  const message = typeof data?.message === 'string' && data.message.trim() !== '' ? data.message : null;
  const errors = Array.isArray(data?.errors) ? data.errors.filter((item): item is string => typeof item === 'string') : [];
  throw new RowsError(message ?? messages.common.serverError, response.status, errors);
}
