import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sectors } from '../db/schema.ts';

/** A sector row. */
export interface SectorRow {
  id: number;
  companyId: number;
  sectorName: string;
}

/** Sectors of a company, by name. */
export async function listSectors(db: Db | Tx, companyId: number): Promise<SectorRow[]> {
  return db.select().from(sectors).where(eq(sectors.companyId, companyId)).orderBy(asc(sectors.sectorName), asc(sectors.id));
}

/** Sectors of these companies, by company then name. */
export async function listSectorsOfCompanies(db: Db, companyIds: number[]): Promise<SectorRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(sectors)
    .where(inArray(sectors.companyId, companyIds))
    .orderBy(asc(sectors.companyId), asc(sectors.sectorName), asc(sectors.id));
}

/** The sector with this id, or null. */
export async function findSector(db: Db, id: number): Promise<SectorRow | null> {
  const rows = await db.select().from(sectors).where(eq(sectors.id, id));
  return rows[0] ?? null;
}

/** The sectors with these ids. */
export async function findSectors(db: Db, ids: number[]): Promise<SectorRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(sectors).where(inArray(sectors.id, ids));
}

/** Renames existing sectors and inserts new ones of a company (call inside a transaction). */
export async function saveSectors(db: Db, companyId: number, rows: { id?: number; name: string }[]): Promise<void> {
  for (const row of rows) {
    if (row.id !== undefined) await db.update(sectors).set({ sectorName: row.name }).where(eq(sectors.id, row.id));
  }
  const added = rows.filter((row) => row.id === undefined).map((row) => ({ companyId, sectorName: row.name }));
  if (added.length > 0) await db.insert(sectors).values(added);
}
