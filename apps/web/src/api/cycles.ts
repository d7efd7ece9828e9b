import type { CycleCreate, CycleSaved, CycleUpdate } from '../../../server/src/contract/cycles';
import type { CyclePending } from '../../../../renderer/dashboard/types';
import { request } from './client';

/* Calls of the Ciclos screen; their types are the routes' contract (`contract/cycles.ts`). */

/** The cycles of a company (an administrator's choice), or of one's own company when `companyId` is null. */
export function cyclesPath(companyId: number | null): string {
  return companyId === null ? '/cycles' : `/cycles?company_id=${encodeURIComponent(String(companyId))}`;
}

/** Creates an empty cycle (administrators). */
export function createCycle(cycle: CycleCreate): Promise<CycleSaved> {
  return request('/cycles', { method: 'POST', body: cycle });
}

/** Renames a cycle, moves its closing day, sets its target, closes or reopens it (administrators). */
export function updateCycle(id: number, changes: CycleUpdate): Promise<CycleSaved> {
  return request(`/cycles/${encodeURIComponent(String(id))}`, { method: 'PATCH', body: changes });
}

/** Who of a round has evaluations pending, and when reminders would go out ('Lembrar pendentes'). */
export function cyclePending(id: number): Promise<CyclePending> {
  return request(`/cycles/${encodeURIComponent(String(id))}/pending`);
}

/** Queues a reminder to each pending person of a round; the server's message. */
export function remindCycle(id: number): Promise<{ message: string }> {
  return request(`/cycles/${encodeURIComponent(String(id))}/remind`, { method: 'POST' });
}
