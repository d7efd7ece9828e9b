import type { MessageBody } from '../../../server/src/contract/common';
import type { Company } from '../../../server/src/contract/companies';
import type { CourseCreate, CourseCreated, ParticipantCreate, ParticipantCreated } from '../../../server/src/contract/courses';
import type { EvaluationCreate, EvaluationEntry, EvaluationsCreated, Version } from '../../../server/src/contract/evaluations';
import type { RegistrationLink } from '../../../server/src/contract/registration';
import type { ImportResult } from '../../../server/src/contract/spreadsheets';
import type { ListedUser, UserCreate, UserSaved, UserSavedWithToken, UserUpdate } from '../../../server/src/contract/users';
import { getUser, renewSession } from '../auth/session';
import { download, request, upload } from './client';

/* Calls of the registered-users, courses and create-evaluation screens; their types are the routes' contract. */

const id = (value: number | string) => encodeURIComponent(String(value));

/** Users of a company. */
export const usersPath = (companyId: number) => `/users/list/${id(companyId)}`;

/** Creates a user. */
export function createUser(user: UserCreate): Promise<UserSaved> {
  return request('/users', { method: 'POST', body: user });
}

/**
 * Edits a user (also used to deactivate one: status false). A new password for oneself ends one's
 * earlier sessions: the answer then carries this session's fresh token, which is kept.
 */
export async function updateUser(user: UserUpdate): Promise<UserSaved> {
  const saved = await request<UserSavedWithToken>('/users/update', { method: 'PATCH', body: user });
  const kept = getUser();
  if (saved.token && kept) renewSession(kept, saved.token);
  return saved;
}

/** Activates or deactivates a user, keeping everything else of the record. */
export function setUserStatus(id: number, status: boolean): Promise<UserSaved> {
  return request('/users/update', { method: 'PATCH', body: { id, status } satisfies UserUpdate });
}

/** The token of the company's public registration page. */
export function registrationLink(companyId: number): Promise<RegistrationLink> {
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
export function createEvaluations(users: EvaluationEntry[], cycle: Pick<EvaluationCreate, 'cycle_id' | 'cycle_name'> = {}): Promise<EvaluationsCreated> {
  return request('/evaluation', { method: 'POST', body: { users, ...cycle } satisfies EvaluationCreate });
}

/** Creates a course. */
export function createCourse(name: string, companyId: number | null = null): Promise<CourseCreated> {
  return request('/courses', { method: 'POST', body: (companyId === null ? { name } : { name, company_id: companyId }) satisfies CourseCreate });
}

/** Adds a user to a course. */
export function addParticipant(userId: number, courseId: number): Promise<ParticipantCreated> {
  return request('/usercourses', { method: 'POST', body: { userId, courseId } satisfies ParticipantCreate });
}

/** Removes a participation. */
export function removeParticipant(usercourseId: number): Promise<MessageBody> {
  return request(`/usercourses/${id(usercourseId)}`, { method: 'DELETE' });
}

/** Companies the signed-in user may see. */
export function listCompanyItems(): Promise<Company[]> {
  return request('/companies');
}

/** Users of a company (for pickers). */
export function listCompanyUsers(companyId: number): Promise<ListedUser[]> {
  return request(usersPath(companyId));
}
