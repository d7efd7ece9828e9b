import type { Tx } from '../db/client.ts';
import { nameKey } from '../../../../engine/rules/text.ts';
import {
  insertParticipants,
  insertRelations,
  insertPositions,
  insertSectors,
  renamePositions,
  renameSectors,
  replaceUserPositions,
  replaceUserSectors,
  updateEmployees,
  type NamedRow,
} from '../repositories/employees.ts';
import type { ImportPlan, ListPlan } from './importPlan.ts';

/** How many rows of each kind an import created or changed. */
export interface ImportCounts {
  employees: number;
  sectors: number;
  positions: number;
}

/** Name key → id, the rows created now filling the keys planned as new. */
function resolver(plan: ListPlan, created: NamedRow[]): (key: string | null) => number | null {
  const ids = new Map(plan.keys);
  for (const row of created) ids.set(nameKey(row.name), row.id);
  return (key) => (key === null ? null : (ids.get(key) ?? null));
}

/** Writes a checked plan inside the caller's transaction: lists first, then employees and their relations. */
export async function applyImport(tx: Tx, companyId: number, plan: ImportPlan): Promise<{ created: ImportCounts; updated: ImportCounts }> {
  const newSectors = await insertSectors(tx, companyId, plan.sectors.created);
  await renameSectors(tx, plan.sectors.renamed);
  const newPositions = await insertPositions(tx, companyId, plan.positions.created);
  await renamePositions(tx, plan.positions.renamed);
  const sectorId = resolver(plan.sectors, newSectors);
  const positionId = resolver(plan.positions, newPositions);

  const createdIds = await insertParticipants(tx, companyId, plan.creates);
  const newSectorLinks: { userId: number; sectorId: number }[] = [];
  const newPositionLinks: { userId: number; positionId: number }[] = [];
  for (const employee of plan.creates) {
    const userId = createdIds.get(employee.email)!;
    const sector = sectorId(employee.sector);
    const position = positionId(employee.position);
    if (sector !== null) newSectorLinks.push({ userId, sectorId: sector });
    if (position !== null) newPositionLinks.push({ userId, positionId: position });
  }
  await insertRelations(tx, newSectorLinks, newPositionLinks);

  const sectorLinks: { userId: number; sectorId: number }[] = [];
  const positionLinks: { userId: number; positionId: number }[] = [];

  const changedData: { id: number; name: string; email: string; phone: string }[] = [];
  const changedUsers = new Set<number>();
  for (const employee of plan.updates) {
    const { existing } = employee;
    if (existing.name !== employee.name || existing.email !== employee.email || existing.phone !== employee.phone) {
      changedData.push({ id: existing.id, name: employee.name, email: employee.email, phone: employee.phone });
      changedUsers.add(existing.id);
    }
    // A sector or position the user already has leaves its relations as they are; another replaces them.
    const sector = sectorId(employee.sector);
    if (sector !== null && !existing.sectorIds.includes(sector)) {
      sectorLinks.push({ userId: existing.id, sectorId: sector });
      changedUsers.add(existing.id);
    }
    const position = positionId(employee.position);
    if (position !== null && !existing.positionIds.includes(position)) {
      positionLinks.push({ userId: existing.id, positionId: position });
      changedUsers.add(existing.id);
    }
  }
  await updateEmployees(tx, changedData);
  await replaceUserSectors(tx, sectorLinks);
  await replaceUserPositions(tx, positionLinks);
  return {
    created: { employees: plan.creates.length, sectors: newSectors.length, positions: newPositions.length },
    updated: { employees: changedUsers.size, sectors: plan.sectors.renamed.length, positions: plan.positions.renamed.length },
  };
}
