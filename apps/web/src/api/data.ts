import { request } from './client';

/** One evaluation of the data-management listing (`POST /api/evaluation/find`). */
export interface EvaluationRow {
  evaluation_id: string;
  user_id: number;
  user_name: string;
  rated?: number | null;
  rated_name: string | null;
  /** Evaluation type id as text ('11' is the 360 interview). */
  type: string;
  type_name: string;
  version?: number | null;
  expire_at: string | null;
  done: boolean;
  expired: boolean;
  created_at: string;
}

/** One page of the listing: `total` counts up to 10,000 and `more` says there are more. */
export interface EvaluationPage {
  total: number;
  more: boolean;
  evaluations: EvaluationRow[];
}

/** Filters of the listing: a company, and a user or an evaluation type (the "product"). */
export interface EvaluationFilter {
  company_id?: number;
  user_id?: number;
  type_evaluation?: number;
}

/** A user offered by the "Usuário" filter. */
export interface UserOption {
  id: number;
  name: string;
  email: string;
  company_id?: number | null;
}

/** A job of the queue monitor (`GET /api/queues`). */
export interface QueueJob {
  id: string;
  type: string;
  type_evaluation?: number | null;
  user_name?: string | null;
  evaluated_name?: string | null;
  state: string;
  createdOn: string;
  processedOn: string | null;
  failedReason: string | null;
  returnvalue: Record<string, unknown> | null;
}

/** One e-mail kept in the outbox. */
export interface OutboxMail {
  id: number;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  evaluation_id: string | null;
  company_id: number | null;
  created_at: string;
  /** Files sent with the message, in order (download: `GET /outbox/{id}/attachments/{position}`). */
  attachments: OutboxAttachment[];
}

/** A file attached to an outbox message; `size` in bytes. */
export interface OutboxAttachment {
  position: number;
  filename: string;
  content_type: string;
  size: number;
}

/** One page of the outbox. */
export interface OutboxPage {
  total: number;
  page: number;
  pageSize: number;
  items: OutboxMail[];
}

/** One page of evaluations under the filters, newest first. */
export function findEvaluations(filter: EvaluationFilter, limit: number, offset: number, signal?: AbortSignal): Promise<EvaluationPage> {
  return request('/evaluation/find', { method: 'POST', body: { ...filter, limit, offset }, signal });
}

/** Renews evaluations: a new expiry `days` from today for each. */
export function renewEvaluations(rows: EvaluationRow[], days: number): Promise<{ message: string; evaluations: { evaluation_id: string; expire_at: string }[] }> {
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
    },
  });
}

/** Deletes an evaluation and its answers (administrators). */
export function deleteEvaluation(id: string): Promise<{ message: string }> {
  return request(`/evaluation/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** E-mails a user a reminder of all their pending evaluations. */
export function sendReminder(userId: number): Promise<{ message: string }> {
  return request(`/evaluation/remainder/${userId}`, { method: 'POST' });
}

/** E-mails the evaluator the link of one pending evaluation. */
export function sendEvaluationEmail(evaluationId: string): Promise<{ message: string }> {
  return request(`/evaluation/email/${encodeURIComponent(evaluationId)}`, { method: 'POST' });
}

/** Queues the result e-mail of answered evaluations of one type. */
export function emailReport(evaluationType: string, targetIds: string[]): Promise<{ message: string }> {
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
