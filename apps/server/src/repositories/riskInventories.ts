import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { cycles, positions, sectors, userPositions, userSectors, users } from '../db/schema.ts';
import { riskInventories } from '../db/riskSchema.ts';
import { activeParticipants, exposedByGroup } from './exposureGroups.ts';

/*
 * The published psychosocial risk inventories (issue 27, NR-1): each an immutable version. Nothing
 * here updates or deletes one (migration 0015's trigger refuses both): a publication inserts version
 * n + 1 of the company's inventory for the questionnaire.
 */

/** A stored inventory's row with its round's name and who published it. */
export interface InventoryRow {
  id: number;
  companyId: number;
  type: number;
  cycleId: number | null;
  cycleName: string | null;
  version: number;
  publishedAt: Date;
  /** The name of who published it (null when that account is gone). */
  publishedBy: string | null;
  responsibleName: string;
  responsibleRegistration: string;
  presentedOn: string | null;
  presentedHow: string | null;
  reviewDue: string;
  content: unknown;
}

const columns = {
  id: riskInventories.id,
  companyId: riskInventories.companyId,
  type: riskInventories.typeEvaluation,
  cycleId: riskInventories.cycleId,
  cycleName: cycles.name,
  version: riskInventories.version,
  publishedAt: riskInventories.publishedAt,
  publishedBy: users.name,
  responsibleName: riskInventories.responsibleName,
  responsibleRegistration: riskInventories.responsibleRegistration,
  presentedOn: riskInventories.presentedOn,
  presentedHow: riskInventories.presentedHow,
  reviewDue: riskInventories.reviewDue,
  content: riskInventories.content,
};

const joined = (db: Db | Tx) => db.select(columns).from(riskInventories).leftJoin(cycles, eq(cycles.id, riskInventories.cycleId)).leftJoin(users, eq(users.id, riskInventories.publishedBy));

/** A company's inventories of every questionnaire, newest first. */
export async function listInventories(db: Db | Tx, companyId: number): Promise<InventoryRow[]> {
  return joined(db)
    .where(eq(riskInventories.companyId, companyId))
    .orderBy(desc(riskInventories.publishedAt), desc(riskInventories.id));
}

/** One inventory, or null. */
export async function findInventory(db: Db | Tx, id: number): Promise<InventoryRow | null> {
  const [row] = await joined(db).where(eq(riskInventories.id, id));
  return row ?? null;
}

/** The version the next publication of the company's inventory for a questionnaire takes (1 for the first). */
export async function nextInventoryVersion(db: Db | Tx, companyId: number, type: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${riskInventories.version})` })
    .from(riskInventories)
    .where(and(eq(riskInventories.companyId, companyId), eq(riskInventories.typeEvaluation, type)));
  return Number(row?.last ?? 0) + 1;
}

/** A publication: who (the account's id), what and its frozen content. */
export type NewInventory = Omit<InventoryRow, 'id' | 'cycleName' | 'publishedAt' | 'publishedBy'> & { publishedBy: number };

/** Stores a publication (the only write this table ever gets); its id. */
export async function insertInventory(tx: Tx, inventory: NewInventory): Promise<number> {
  const [row] = await tx
    .insert(riskInventories)
    .values({ ...inventory, typeEvaluation: inventory.type })
    .returning({ id: riskInventories.id });
  return row!.id;
}

/**
 * The workers exposed, counted from the registry now: the company's active participants (type 3, not
 * deactivated, not erased), in the whole company and in each of its sectors, positions or exposure
 * groups (by their id).
 */
export async function exposedWorkers(db: Db | Tx, companyId: number, by: 'sector' | 'position' | 'exposure' = 'sector'): Promise<{ whole: number; byGroup: Map<number, number> }> {
  const active = activeParticipants(companyId);
  const [whole] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(active);
  if (by === 'exposure') return { whole: Number(whole?.n ?? 0), byGroup: await exposedByGroup(db, companyId) };
  const rows =
    by === 'sector'
      ? await db
          .select({ group: sectors.id, n: sql<number>`count(distinct ${users.id})::int` })
          .from(users)
          .innerJoin(userSectors, eq(userSectors.userId, users.id))
          .innerJoin(sectors, and(eq(sectors.id, userSectors.sectorId), eq(sectors.companyId, companyId)))
          .where(active)
          .groupBy(sectors.id)
      : await db
          .select({ group: positions.id, n: sql<number>`count(distinct ${users.id})::int` })
          .from(users)
          .innerJoin(userPositions, eq(userPositions.userId, users.id))
          .innerJoin(positions, and(eq(positions.id, userPositions.positionId), eq(positions.companyId, companyId)))
          .where(active)
          .groupBy(positions.id);
  return { whole: Number(whole?.n ?? 0), byGroup: new Map(rows.map((row) => [row.group, Number(row.n)])) };
}
