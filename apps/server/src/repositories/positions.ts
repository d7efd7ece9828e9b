import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { positions } from '../db/schema.ts';

/** A position (cargo) row. */
export interface PositionRow {
  id: number;
  companyId: number;
  positionName: string;
}

/** Positions of a company, by name. */
export async function listPositions(db: Db | Tx, companyId: number): Promise<PositionRow[]> {
  return db.select().from(positions).where(eq(positions.companyId, companyId)).orderBy(asc(positions.positionName), asc(positions.id));
}

/** The positions with these ids. */
export async function findPositions(db: Db, ids: number[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(positions).where(inArray(positions.id, ids));
}

/** Renames existing positions and inserts new ones of a company (call inside a transaction). */
export async function savePositions(db: Db, companyId: number, rows: { id?: number; name: string }[]): Promise<void> {
  for (const row of rows) {
    if (row.id !== undefined) await db.update(positions).set({ positionName: row.name }).where(eq(positions.id, row.id));
  }
  const added = rows.filter((row) => row.id === undefined).map((row) => ({ companyId, positionName: row.name }));
  if (added.length > 0) await db.insert(positions).values(added);
}
