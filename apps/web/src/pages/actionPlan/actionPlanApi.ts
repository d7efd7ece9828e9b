import { request } from '../../api/client';
import type { MeasureCreate, MeasureSaved, MeasureUpdate } from '../../../../server/src/contract/riskMeasures';

/* Calls of the 'Plano de ação (NR-1)' screen (`apps/server/src/routes/riskMeasures.ts`). */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** A company's measures. */
export function measuresPath(companyId: number): string {
  return `/risk/${segment(companyId)}/measures`;
}

/** What the measure form offers at a company (staff). */
export function measureOptionsPath(companyId: number): string {
  return `${measuresPath(companyId)}/options`;
}

/** Adds a measure to the company's plan (staff). */
export function createMeasure(companyId: number, body: MeasureCreate): Promise<MeasureSaved> {
  return request(measuresPath(companyId), { method: 'POST', body });
}

/** Changes a measure's fields (staff). */
export function updateMeasure(id: number, body: MeasureUpdate): Promise<MeasureSaved> {
  return request(`/risk/measures/${segment(id)}`, { method: 'PATCH', body });
}
