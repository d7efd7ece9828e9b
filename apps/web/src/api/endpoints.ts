import type { ScoredRow } from '../../../../engine/definition/dashboard';
import type { EvaluationLink } from '../../../../engine/lifecycle/respondentLink';
import type { SessionUser } from '../auth/session';
import { request } from './client';

/** A company as `GET /api/companies` lists it. */
export interface Company {
  id: number | string;
  commercial_name: string;
}

/** A sector of a company. */
export interface Sector {
  id: number | string;
  sector_name: string;
}

/** An evaluation as `GET /api/evaluation/find/{id}` returns it. */
export type EvaluationInfo = EvaluationLink;

/** Filters of the scored-results query. */
export interface ResultsQuery {
  type_evaluation: number;
  company_id?: number | string;
  sector_id?: number | string;
}

/** Signs in; resolves to the token and the user. */
export function createSession(email: string, password: string): Promise<{ token: string; user: SessionUser }> {
  return request('/sessions', { method: 'POST', body: { email, password }, auth: false });
}

/** Looks up an evaluation link (public). */
export function findEvaluation(id: string): Promise<EvaluationInfo> {
  return request(`/evaluation/find/${encodeURIComponent(id)}`, { auth: false });
}

/** Companies the signed-in user may see (a company user gets only its own). */
export function listCompanies(): Promise<Company[]> {
  return request('/companies');
}

/** Sectors of a company. */
export function listSectors(companyId: number | string): Promise<Sector[]> {
  return request(`/sectors/list/${encodeURIComponent(String(companyId))}`);
}

/** Scored respondents of an evaluation type under the filters. */
export async function scoredRows(query: ResultsQuery): Promise<ScoredRow[]> {
  const answer = await request<{ responses?: ScoredRow[] }>('/tableresponse/evaluations', { method: 'POST', body: query });
  return answer?.responses ?? [];
}
