import { getUser, renewSession } from '../auth/session';
import { download, request, upload } from './client';

/* Calls of the registered-users, courses and create-evaluation screens, with their response types. */

/** A user as `GET /api/users/list/{companyId}` lists it. */
export interface CompanyUser {
  id: number;
  user_id: number;
  name: string;
  email: string;
  phone: string | null;
  type_account: number;
  company_id: number | null;
  company_name: string | null;
  status: boolean;
  sector: { id: number; sector_name: string }[];
  position: { id: number; position_name: string }[];
}

/** The add-user form as `POST /api/users` takes it. */
export interface NewUser {
  name: string;
  email: string;
  phone: string;
  company_id: number;
  type_account: 2 | 3;
  sector_id: number | null;
  position_id: number | null;
  password?: string;
}

/** The edit-user form as `PATCH /api/users/update` takes it. */
export interface UserUpdate {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: boolean;
  type_account: 2 | 3;
  sector_ids: number[];
  position_id: number | null;
  password?: string;
}

/** Answer of a user save: the server's message and the saved user. */
export interface SavedUser {
  message: string;
  user: { id: number; name: string; email: string; status: boolean };
}

/** Counts of an import. */
export interface ImportCounts {
  employees: number;
  sectors: number;
  positions: number;
}

/** Answer of a spreadsheet import. */
export interface ImportResult {
  message: string;
  created: ImportCounts;
  updated: ImportCounts;
}

/** A course as `GET /api/courses` lists it. */
export interface Course {
  id: number;
  name: string;
  created_at: string;
  count: number;
  status: boolean;
  company_id: number | null;
}

/** A participant of a course. */
export interface Participant {
  id: number;
  usercourse_id: number;
  user_id: number;
  name: string;
  email: string;
  created_at: string;
}

/** A user as `GET /api/users/all` lists it (administrators). */
export interface AnyUser {
  id: number;
  name: string;
  email: string;
  company_id: number | null;
  type_account: number;
  status: boolean;
}

/** A company as `GET /api/companies` lists it. */
export interface CompanyItem {
  id: number;
  commercial_name: string;
  status?: boolean;
}

/** A 360 version already given to an evaluated person. */
export interface Version {
  id: number;
  version: number;
  created_at: string;
}

/** One evaluation to create, as `POST /api/evaluation` takes it. */
export interface EvaluationEntry {
  user_id: number;
  user_name: string;
  usercourse_id: number | null;
  type_evaluation: number;
  validate: number | null;
  evaluated: number | null;
  evaluated_name: string | null;
  version: number | null;
  rated_sector: number | null;
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** Users of a company. */
export const usersPath = (companyId: number) => `/users/list/${id(companyId)}`;

/** Creates a user. */
export function createUser(user: NewUser): Promise<SavedUser> {
  return request('/users', { method: 'POST', body: user });
}

/**
 * Edits a user (also used to deactivate one: status false). A new password for oneself ends one's
 * earlier sessions: the answer then carries this session's fresh token, which is kept.
 */
export async function updateUser(user: UserUpdate): Promise<SavedUser> {
  const saved = await request<SavedUser & { token?: string }>('/users/update', { method: 'PATCH', body: user });
  const kept = getUser();
  if (saved.token && kept) renewSession(kept, saved.token);
  return saved;
}

/** Activates or deactivates a user, keeping everything else of the record. */
export function setUserStatus(id: number, status: boolean): Promise<SavedUser> {
  return request('/users/update', { method: 'PATCH', body: { id, status } });
}

/** The token of the company's public registration page. */
export function registrationLink(companyId: number): Promise<{ transaction: string; expires_at: string }> {
  return request(`/users/data/link/${id(companyId)}`, { method: 'POST' });
}

/** The employees spreadsheet template of a company. */
export function downloadTemplate(companyId: number) {
  return download(`/users/excel/template/${id(companyId)}`);
}

/** The employees of a company as a spreadsheet. */
export function downloadExport(companyId: number) {
  return download(`/users/excel/${id(companyId)}`);
}

/** Imports an employees spreadsheet (all or nothing). */
export function importSpreadsheet(companyId: number, file: File, onProgress: (percent: number) => void): Promise<ImportResult> {
  return upload(`/users/excel/${id(companyId)}`, file, onProgress);
}

/** Versions of the 360 (type 2) already given to an evaluated person. */
export function listVersions(companyId: number, ratedId: number): Promise<Version[]> {
  return request(`/evaluation/versions/${id(companyId)}/${id(ratedId)}/2`);
}

/** Creates evaluations in one call. */
export function createEvaluations(users: EvaluationEntry[]): Promise<{ message: string }> {
  return request('/evaluation', { method: 'POST', body: { users } });
}

/** Creates a course. */
export function createCourse(name: string, companyId: number | null = null): Promise<{ message: string; course: Course }> {
  return request('/courses', { method: 'POST', body: companyId === null ? { name } : { name, company_id: companyId } });
}

/** Adds a user to a course. */
export function addParticipant(userId: number, courseId: number): Promise<{ message: string }> {
  return request('/usercourses', { method: 'POST', body: { userId, courseId } });
}

/** Removes a participation. */
export function removeParticipant(usercourseId: number): Promise<{ message: string }> {
  return request(`/usercourses/${id(usercourseId)}`, { method: 'DELETE' });
}

/** Companies the signed-in user may see. */
export function listCompanyItems(): Promise<CompanyItem[]> {
  return request('/companies');
}

/** Users of a company (for pickers). */
export function listCompanyUsers(companyId: number): Promise<CompanyUser[]> {
  return request(usersPath(companyId));
}
