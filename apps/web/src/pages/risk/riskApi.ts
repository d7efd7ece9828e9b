import { request } from '../../api/client';
import type { SeverityInput, SeveritySaved } from './riskTypes';

/* Calls of the 'Matriz de risco (NR-1)' screen (`apps/server/src/routes/risk.ts`). */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** A company's risk matrix and the severities of its factors. */
export function riskPath(companyId: number): string {
  return `/risk/${segment(companyId)}`;
}

function severityPath(companyId: number, type: number, factor: string): string {
  return `${riskPath(companyId)}/severities/${segment(type)}/${segment(factor)}`;
}

/** Sets a factor's severity with its reason (staff). */
export function saveSeverity(companyId: number, type: number, factor: string, input: SeverityInput): Promise<SeveritySaved> {
  return request(severityPath(companyId, type, factor), { method: 'PUT', body: input });
}

/** Clears a factor's severity (staff). */
export async function clearSeverity(companyId: number, type: number, factor: string): Promise<SeveritySaved> {
  return (await request<SeveritySaved | undefined>(severityPath(companyId, type, factor), { method: 'DELETE' })) ?? {};
}
