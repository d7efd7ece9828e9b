import type { MessageBody } from '../../../server/src/contract/common';
import type { EvaluationFilter as EvaluationFilterBody, EvaluationPage, EvaluationRenew, EvaluationRow, EvaluationsRenewed } from '../../../server/src/contract/evaluations';
import type { AnyUser } from '../../../server/src/contract/users';
import { request } from './client';

/** Filters of the listing: a company, and a user or an evaluation type (the "product"); the page is the call's. */
export type EvaluationFilter = Pick<EvaluationFilterBody, 'company_id' | 'user_id' | 'type_evaluation'>;

/** A user offered by the "Usuário" filter: a company's (`/users/list/{companyId}`) or anyone's (`/users/all`). */
export type UserOption = Pick<AnyUser, 'id' | 'name' | 'email' | 'company_id'>;

/** One page of evaluations under the filters, newest first. */
export function findEvaluations(filter: EvaluationFilter, limit: number, offset: number, signal?: AbortSignal): Promise<EvaluationPage> {
  return request('/evaluation/find', { method: 'POST', body: { ...filter, limit, offset } satisfies EvaluationFilterBody, signal });
}

/** Renews evaluations: a new expiry `days` from today for each. */
export function renewEvaluations(rows: EvaluationRow[], days: number): Promise<EvaluationsRenewed> {
  return request('/evaluation', {
    method: 'PATCH',
    body: {
      evaluations: rows.map((row) => ({
        evaluation_id: row.evaluation_id,
        validate: days,
        user_name: row.user_name,
        evaluated_name: row.rated_name,
        type_evaluation: row.type,
        expire_at: row.expire_at,
      })),
    } satisfies EvaluationRenew,
  });
}

/** Deletes an evaluation and its answers (administrators). */
export function deleteEvaluation(id: string): Promise<MessageBody> {
  return request(`/evaluation/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** E-mails a user a reminder of all their pending evaluations. */
export function sendReminder(userId: number): Promise<MessageBody> {
  return request(`/evaluation/remainder/${userId}`, { method: 'POST' });
}

/** E-mails the evaluator the link of one pending evaluation. */
export function sendEvaluationEmail(evaluationId: string): Promise<MessageBody> {
  return request(`/evaluation/email/${encodeURIComponent(evaluationId)}`, { method: 'POST' });
}

/** Queues the result e-mail of answered evaluations of one type. */
export function emailReport(evaluationType: string, targetIds: string[]): Promise<MessageBody> {
  return request('/tableresponse/report/email', { method: 'POST', body: { evaluation_type: evaluationType, target_ids: targetIds } });
}

/** Users of a company (any signed-in staff of that company), for the user filter. */
export function listCompanyUsers(companyId: number | string): Promise<UserOption[]> {
  return request(`/users/list/${encodeURIComponent(String(companyId))}`);
}

/** Every user (administrators), for the user filter when no company is chosen. */
export function listAllUsers(): Promise<UserOption[]> {
  return request('/users/all');
}
