import { messages } from '../../../../engine/messages';
import type { SessionUser } from '../auth/session';
import { ApiError, request } from './client';

/** A company as `GET /api/companies` lists it (CNPJ/CPF and phone stored as digits). */
export interface CompanyRecord {
  id: number;
  commercial_name: string;
  company_name: string;
  cnpj: string | null;
  phone: string | null;
  status: boolean;
  /** Automatic reminder policy (all three null: off). */
  reminder_days_before?: number | null;
  reminder_max?: number | null;
  reminder_min_gap_days?: number | null;
  /** The fewest respondents an anonymous group view shows (default 3). */
  anonymity_min?: number;
  /** Retention: participants without activity for this many months are erased daily (null: kept). */
  retention_months?: number | null;
}

/** The automatic reminder policy as the company calls take it: three numbers (on) or three nulls (off). */
export interface ReminderPolicyBody {
  reminder_days_before: number | null;
  reminder_max: number | null;
  reminder_min_gap_days: number | null;
}

/** The company form as sent to `POST`/`PATCH /api/companies`. */
export interface CompanyForm {
  commercial_name: string;
  company_name: string;
  cnpj: string;
  phone: string;
}

/** A sector or position name of the dialogs: an existing one keeps its id, a new one has none. */
export interface NameRow {
  id?: number;
  name: string;
}

/** The profile form as `PATCH /api/users/updateprofile` takes it. */
export interface ProfileBody {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  password?: string;
  new_password?: string;
  confirm_password?: string;
}

/** A user of a company as `GET /api/users/list/{companyId}` lists it (only the fields used here). */
export interface ListedUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
}

/** What `GET /api/users/data/{transaction}` answers for the public registration page. */
export interface RegistrationData {
  company: { commercial_name: string };
  sectors: { id: number; sector_name: string }[];
  positions: { id: number; position_name: string }[];
  workers: { id: number; name: string; email: string; phone: string | null; sector: string | null; position: string | null }[];
}

/** The body of `PATCH /api/users/data`: only rows flagged `new` are written. */
export interface RegistrationSave {
  transaction: string;
  company: { commercial_name: string };
  sectors: { sector_name: string; new: true }[];
  positions: { position_name: string; new: true }[];
  users: { name: string; email: string; phone: string; sector: string | null; position: string | null; new: true }[];
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
export function updateProfile(body: ProfileBody): Promise<{ message: string; user: SessionUser; token?: string }> {
  return request('/users/updateprofile', { method: 'PATCH', body });
}

/** The users of a company (the profile reads its own phone from it). */
export function listCompanyUsers(companyId: number | string): Promise<ListedUser[]> {
  return request(`/users/list/${id(companyId)}`);
}

/** Active companies, as the server sends them. */
export function listCompanyRecords(): Promise<CompanyRecord[]> {
  return request('/companies');
}

/** Creates a company. */
export function createCompany(form: CompanyForm & Partial<ReminderPolicyBody>): Promise<{ message: string; company: CompanyRecord }> {
  return request('/companies', { method: 'POST', body: form });
}

/** Edits a company's data. */
export function updateCompany(companyId: number, form: CompanyForm & Partial<ReminderPolicyBody>): Promise<{ message: string; company: CompanyRecord }> {
  return request('/companies', { method: 'PATCH', body: { id: companyId, ...form } });
}

/** The sector names of a company. */
export async function loadSectorNames(companyId: number): Promise<NameRow[]> {
  const rows = await request<{ id: number; sector_name: string }[]>(`/sectors/list/${id(companyId)}`);
  return rows.map((row) => ({ id: row.id, name: row.sector_name }));
}

/** Renames and adds sectors of a company. */
export function saveSectorNames(companyId: number, rows: NameRow[]): Promise<{ message: string }> {
  return request(`/sectors/${id(companyId)}`, {
    method: 'PATCH',
    body: { sectors: rows.map((row) => ({ ...(row.id === undefined ? {} : { id: row.id }), sector_name: row.name })) },
  });
}

/** The position names of a company. */
export async function loadPositionNames(companyId: number): Promise<NameRow[]> {
  const rows = await request<{ id: number; position_name: string }[]>(`/positions/list/${id(companyId)}`);
  return rows.map((row) => ({ id: row.id, name: row.position_name }));
}

/** Renames and adds positions of a company. */
export function savePositionNames(companyId: number, rows: NameRow[]): Promise<{ message: string }> {
  return request(`/positions/${id(companyId)}`, {
    method: 'PATCH',
    body: { positions: rows.map((row) => ({ ...(row.id === undefined ? {} : { id: row.id }), position_name: row.name })) },
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
export async function saveRegistration(body: RegistrationSave): Promise<{ message: string }> {
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
  if (response.ok) return data as { message: string };
  const message = typeof data?.message === 'string' && data.message.trim() !== '' ? data.message : null;
  const errors = Array.isArray(data?.errors) ? data.errors.filter((item): item is string => typeof item === 'string') : [];
  throw new RowsError(message ?? messages.common.serverError, response.status, errors);
}
