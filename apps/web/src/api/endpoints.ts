import type { DashboardData, DashboardFilters } from '../../../../engine/definition/dashboard';
import { FILTER_KEYS, HIGHER_FIELDS, type FilterField } from '../../../../engine/filters';
import type { FilterOption } from '../../../../renderer/dashboard/types';
import type { Company } from '../../../server/src/contract/companies';
import type { FilterOptions } from '../../../server/src/contract/dashboards';
import type { PublicEvaluation } from '../../../server/src/contract/evaluations';
import type { Sector } from '../../../server/src/contract/sectors';
import type { ReportEmail, ReportQueued, ReportSending } from '../../../server/src/contract/reports';
import type { Session, SignIn } from '../../../server/src/contract/sessions';
import { download, request } from './client';

/** Signs in; resolves to the token and the user. */
export function createSession(email: string, password: string): Promise<Session> {
  return request('/sessions', { method: 'POST', body: { email, password } satisfies SignIn, auth: false });
}

/** Looks up an evaluation link (public). */
export function findEvaluation(id: string): Promise<PublicEvaluation> {
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

/** The higher filters the options call takes, as query parameters (the vocabulary's filters other filters depend on). */
const OPTION_PARAMETERS = [...HIGHER_FIELDS.map((field) => FILTER_KEYS[field]), 'all_companies'] as const;

/** The choices of one filter of a dashboard, given the higher filters chosen. */
export async function dashboardOptions(dashboardId: number, filter: FilterField, chosen: DashboardFilters): Promise<FilterOption[]> {
  const query = new URLSearchParams();
  for (const name of OPTION_PARAMETERS) {
    const value = chosen[name];
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString() ? `?${query.toString()}` : '';
  const answer = await request<FilterOptions | undefined>(`/dashboards/${dashboardId}/options/${encodeURIComponent(filter)}${search}`);
  return answer?.options ?? [];
}

/** The PDF report of a dashboard under the chosen filters, made by the server from the same data. */
export function dashboardReport(dashboardId: number, chosen: DashboardFilters): Promise<{ blob: Blob; fileName: string }> {
  return download(`/dashboards/${dashboardId}/report`, { method: 'POST', body: chosen });
}

/** A file of a dashboard's print dialog (its `exports[index]`: PDF or spreadsheet) under the chosen filters. */
export function dashboardExport(dashboardId: number, index: number, chosen: DashboardFilters): Promise<{ blob: Blob; fileName: string }> {
  return download(`/dashboards/${dashboardId}/exports/${index}`, { method: 'POST', body: chosen });
}

/** Queues the e-mail of a person's report ('Enviar Relatório'): the server's message and the sending's id. */
export async function sendPersonReport(dashboardId: number, userId: number): Promise<{ message: string; jobId: string }> {
  const answer = await request<ReportQueued | undefined>('/evaluation/report', { method: 'POST', body: { user_id: userId, type_evaluation: String(dashboardId) } satisfies ReportEmail });
  return { message: answer?.message ?? '', jobId: answer?.job_id ?? '' };
}

/** Where a queued report e-mail stands. */
export async function reportSendState(jobId: string): Promise<ReportSending['state']> {
  const answer = await request<ReportSending | undefined>(`/evaluation/report/${encodeURIComponent(jobId)}`);
  return answer?.state ?? 'queued';
}

/** Every dataset of a dashboard under the chosen filters, computed by the server. */
export function dashboardData(dashboardId: number, chosen: DashboardFilters): Promise<DashboardData> {
  return request(`/dashboards/${dashboardId}/data`, { method: 'POST', body: chosen });
}
