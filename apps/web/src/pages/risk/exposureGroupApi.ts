import { request } from '../../api/client';
import type { ExposureGroupCreate, ExposureGroupSaved, ExposureGroupUpdate } from '../../../../server/src/contract/exposureGroups';
import { riskPath } from './riskApi';

/* Calls of a company's exposure groups (`apps/server/src/routes/exposureGroups.ts`). */

const segment = (value: string | number) => encodeURIComponent(String(value));

/** A company's exposure groups, and the sectors and positions a group can be made of. */
export function exposureGroupsPath(companyId: number): string {
  return `${riskPath(companyId)}/exposure-groups`;
}

function exposureGroupPath(id: number): string {
  return `/risk/exposure-groups/${segment(id)}`;
}

/** Creates a group at the company (staff). */
export function createExposureGroup(companyId: number, body: ExposureGroupCreate): Promise<ExposureGroupSaved> {
  return request(exposureGroupsPath(companyId), { method: 'POST', body });
}

/** Changes a group's fields (staff). */
export function updateExposureGroup(id: number, body: ExposureGroupUpdate): Promise<ExposureGroupSaved> {
  return request(exposureGroupPath(id), { method: 'PATCH', body });
}

/** Deletes a group no measure uses (staff); the server's message. */
export async function deleteExposureGroup(id: number): Promise<{ message?: string }> {
  return (await request<{ message?: string } | undefined>(exposureGroupPath(id), { method: 'DELETE' })) ?? {};
}
