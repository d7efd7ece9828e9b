import type { MessageBody } from '../../../server/src/contract/common';
import type { SavedStaffForm, StaffSave } from '../../../server/src/contract/staffForms';
import { request } from './client';

const id = (value: number | string) => encodeURIComponent(String(value));

/** The answers path of a staff form's evaluation. */
function answersPath(ratedId: number | string, evaluatorUserId: number | string): string {
  return `/interview/answers/${id(ratedId)}/${id(evaluatorUserId)}`;
}

/** Loads the saved answers of one staff form's evaluation. */
export function loadStaffFormAnswers(ratedId: number | string, evaluatorUserId: number | string): Promise<SavedStaffForm> {
  return request(answersPath(ratedId, evaluatorUserId));
}

/** Saves a staff form (all its pairs at once). */
export function saveStaffForm(body: StaffSave): Promise<MessageBody> {
  return request('/tableresponse/multiple', { method: 'PUT', body });
}
