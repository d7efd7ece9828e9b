import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { exposureGroupPositions, exposureGroups, exposureGroupSectors, riskMeasures } from '../db/riskSchema.ts';
import { rows as select } from '../db/rows.ts';
import { positions, sectors } from '../db/schema.ts';

/*
 * A company's exposure groups (NR-1, issue 27): groups of workers staff define from the registry's
 * sectors and positions. One rule says who is in a group, here, in SQL (`exposureGroupsOf`): the people
 * counted on the screen and in the inventory, and the respondents of the risk results, are found by it.
 */

/**
 * The exposure groups (`key`, `name`) a user is in: their sector is one of the group's sectors (or the
 * group names none) and their position one of its positions (or it names none). A group names at least
 * one of either (the route checks); only the user's company's groups are read (its sectors and
 * positions are its own).
 */
export function exposureGroupsOf(userId: SQL): SQL {
  return sql`select eg.id as key, eg.name from exposure_groups eg
    where eg.company_id = (select u.company_id from users u where u.id = ${userId})
      and (exists (select 1 from exposure_group_sectors x join user_sectors us on us.sector_id = x.sector_id where x.group_id = eg.id and us.user_id = ${userId})
        or not exists (select 1 from exposure_group_sectors x where x.group_id = eg.id))
      and (exists (select 1 from exposure_group_positions x join user_positions up on up.position_id = x.position_id where x.group_id = eg.id and up.user_id = ${userId})
        or not exists (select 1 from exposure_group_positions x where x.group_id = eg.id))`;
}

/** A company's active participants (type 3, not deactivated, not erased), as SQL over `users`. */
export const activeParticipants = (companyId: number) => sql`users.company_id = ${companyId} and users.type_account = 3 and users.status and users.erased_at is null`;

/** An exposure group as read. */
export interface ExposureGroupRow {
  id: number;
  companyId: number;
  name: string;
  description: string | null;
  sectors: { id: number; name: string }[];
  positions: { id: number; name: string }[];
  /** The company's active participants in the group now. */
  people: number;
  /** The action plan's measures aimed at the group. */
  measures: number;
  updatedAt: Date;
}

/** A company's exposure groups by name (one when `id` is given), with their members, people and measures. */
export async function listExposureGroups(db: Db | Tx, companyId: number, id?: number): Promise<ExposureGroupRow[]> {
  const groups = await db
    .select()
    .from(exposureGroups)
    .where(and(eq(exposureGroups.companyId, companyId), id === undefined ? undefined : eq(exposureGroups.id, id)))
    .orderBy(sql`lower(${exposureGroups.name})`, asc(exposureGroups.id));
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const sectorRows = await db
    .select({ groupId: exposureGroupSectors.groupId, id: sectors.id, name: sectors.sectorName })
    .from(exposureGroupSectors)
    .innerJoin(sectors, eq(sectors.id, exposureGroupSectors.sectorId))
    .where(inArray(exposureGroupSectors.groupId, ids))
    .orderBy(asc(sectors.sectorName), asc(sectors.id));
  const positionRows = await db
    .select({ groupId: exposureGroupPositions.groupId, id: positions.id, name: positions.positionName })
    .from(exposureGroupPositions)
    .innerJoin(positions, eq(positions.id, exposureGroupPositions.positionId))
    .where(inArray(exposureGroupPositions.groupId, ids))
    .orderBy(asc(positions.positionName), asc(positions.id));
  const people = await exposedByGroup(db, companyId);
  const measures = await db
    .select({ groupId: riskMeasures.groupId, n: sql<number>`count(*)::int` })
    .from(riskMeasures)
    .where(and(eq(riskMeasures.companyId, companyId), eq(riskMeasures.groupKind, 'exposure'), inArray(riskMeasures.groupId, ids)))
    .groupBy(riskMeasures.groupId);
  const members = <Row extends { groupId: number; id: number; name: string }>(rows: Row[], groupId: number) => rows.filter((row) => row.groupId === groupId).map(({ id: memberId, name }) => ({ id: memberId, name }));
  return groups.map((group) => ({
    id: group.id,
    companyId: group.companyId,
    name: group.name,
    description: group.description,
    sectors: members(sectorRows, group.id),
    positions: members(positionRows, group.id),
    people: people.get(group.id) ?? 0,
    measures: Number(measures.find((row) => row.groupId === group.id)?.n ?? 0),
    updatedAt: group.updatedAt,
  }));
}

/** The company an exposure group belongs to, or null when there is no such group. */
export async function exposureGroupCompany(db: Db | Tx, id: number): Promise<number | null> {
  const [row] = await db.select({ companyId: exposureGroups.companyId }).from(exposureGroups).where(eq(exposureGroups.id, id));
  return row?.companyId ?? null;
}

/** The exposure group's name when it belongs to the company, else null. */
export async function exposureGroupName(db: Db | Tx, companyId: number, id: number): Promise<string | null> {
  const [row] = await db.select({ name: exposureGroups.name }).from(exposureGroups).where(and(eq(exposureGroups.id, id), eq(exposureGroups.companyId, companyId)));
  return row?.name ?? null;
}

/** The company's groups named `name` (any case), another than `except`. */
export async function exposureGroupNamed(db: Db | Tx, companyId: number, name: string, except?: number): Promise<boolean> {
  const rows = await db
    .select({ id: exposureGroups.id })
    .from(exposureGroups)
    .where(and(eq(exposureGroups.companyId, companyId), sql`lower(${exposureGroups.name}) = lower(${name})`, except === undefined ? undefined : sql`${exposureGroups.id} <> ${except}`));
  return rows.length > 0;
}

/** The ids among `ids` that are not the company's sectors (`kind` 'sector') or positions. */
export async function foreignMembers(db: Db | Tx, companyId: number, kind: 'sector' | 'position', ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = kind === 'sector' ? sectors : positions;
  const own = await db.select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), inArray(table.id, ids)));
  const known = new Set(own.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The fields of a group as written. */
export interface ExposureGroupValues {
  name: string;
  description: string | null;
  sectorIds: number[];
  positionIds: number[];
}

/** Replaces a group's sectors and positions. */
async function writeMembers(tx: Tx, groupId: number, { sectorIds, positionIds }: Pick<ExposureGroupValues, 'sectorIds' | 'positionIds'>): Promise<void> {
  await tx.delete(exposureGroupSectors).where(eq(exposureGroupSectors.groupId, groupId));
  await tx.delete(exposureGroupPositions).where(eq(exposureGroupPositions.groupId, groupId));
  if (sectorIds.length > 0) await tx.insert(exposureGroupSectors).values(sectorIds.map((sectorId) => ({ groupId, sectorId })));
  if (positionIds.length > 0) await tx.insert(exposureGroupPositions).values(positionIds.map((positionId) => ({ groupId, positionId })));
}

/** Stores a new group; its id. */
export async function insertExposureGroup(tx: Tx, companyId: number, values: ExposureGroupValues, by: number): Promise<number> {
  const [row] = await tx
    .insert(exposureGroups)
    .values({ companyId, name: values.name, description: values.description, createdBy: by, updatedBy: by })
    .returning({ id: exposureGroups.id });
  await writeMembers(tx, row!.id, values);
  return row!.id;
}

/** Writes a group's fields and members. */
export async function updateExposureGroup(tx: Tx, id: number, values: ExposureGroupValues, by: number): Promise<void> {
  await tx.update(exposureGroups).set({ name: values.name, description: values.description, updatedBy: by, updatedAt: sql`now()` }).where(eq(exposureGroups.id, id));
  await writeMembers(tx, id, values);
}

/** Deletes a group and its members (the route checks no measure answers it). */
export async function deleteExposureGroup(tx: Tx, id: number): Promise<void> {
  await tx.delete(exposureGroups).where(eq(exposureGroups.id, id));
}

/** The workers exposed in each of the company's exposure groups now (active participants), by the group's id. */
export async function exposedByGroup(db: Db | Tx, companyId: number): Promise<Map<number, number>> {
  const rows = await select<{ key: number; n: number }>(
    db,
    sql`select g.key, count(distinct users.id)::int as n from users join lateral (${exposureGroupsOf(sql`users.id`)}) g on true where ${activeParticipants(companyId)} group by g.key`,
  );
  return new Map(rows.map((row) => [Number(row.key), Number(row.n)]));
}
