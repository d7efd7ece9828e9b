import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { listPositions } from './positions.ts';
import { listSectors } from './sectors.ts';
import { positions, sectors, userPositions, userSectors, users } from '../db/schema.ts';

/*
 * Bulk queries of a company's employee data (spreadsheet import/export, public registration). Writes
 * are multi-row statements in chunks, never one round trip per row, so 10,000 employees import fast.
 */

/** Rows per multi-row statement: far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** A sector or a position of a company: id and name. */
export interface NamedRow {
  id: number;
  name: string;
}

/** A user of the company with the first (lowest id) of its sectors and positions. */
export interface EmployeeRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  typeAccount: number;
  sector: NamedRow | null;
  position: NamedRow | null;
  /** Every sector id of the user (updates keep them when the sheet names one of them). */
  sectorIds: number[];
  positionIds: number[];
}

/** A company's sectors by name, as named rows. */
export async function companySectors(db: Db | Tx, companyId: number): Promise<NamedRow[]> {
  return (await listSectors(db, companyId)).map((row) => ({ id: row.id, name: row.sectorName }));
}

/** A company's positions by name, as named rows. */
export async function companyPositions(db: Db | Tx, companyId: number): Promise<NamedRow[]> {
  return (await listPositions(db, companyId)).map((row) => ({ id: row.id, name: row.positionName }));
}

/** The company's users (company users and participants) by name, each with its sectors and positions. */
export async function companyEmployees(db: Db | Tx, companyId: number): Promise<EmployeeRow[]> {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, typeAccount: users.typeAccount })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.typeAccount, [2, 3])))
    .orderBy(asc(users.name), asc(users.id));
  const sectorLinks = await db
    .select({ userId: userSectors.userId, id: sectors.id, name: sectors.sectorName })
    .from(userSectors)
    .innerJoin(sectors, eq(sectors.id, userSectors.sectorId))
    .where(eq(sectors.companyId, companyId))
    .orderBy(asc(sectors.id));
  const positionLinks = await db
    .select({ userId: userPositions.userId, id: positions.id, name: positions.positionName })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(eq(positions.companyId, companyId))
    .orderBy(asc(positions.id));
  const byUser = new Map<number, EmployeeRow>(
    people.map((person) => [person.id, { ...person, sector: null, position: null, sectorIds: [], positionIds: [] }]),
  );
  for (const link of sectorLinks) {
    const employee = byUser.get(link.userId);
    if (!employee) continue;
    employee.sector ??= { id: link.id, name: link.name };
    employee.sectorIds.push(link.id);
  }
  for (const link of positionLinks) {
    const employee = byUser.get(link.userId);
    if (!employee) continue;
    employee.position ??= { id: link.id, name: link.name };
    employee.positionIds.push(link.id);
  }
  return [...byUser.values()];
}

/** Users (of any company) holding these lower-case e-mails. */
export async function usersByEmail(db: Db | Tx, emails: string[]): Promise<{ id: number; email: string; companyId: number | null }[]> {
  const found: { id: number; email: string; companyId: number | null }[] = [];
  for (const part of chunks([...new Set(emails)], 5000)) {
    found.push(...(await db.select({ id: users.id, email: users.email, companyId: users.companyId }).from(users).where(inArray(users.email, part))));
  }
  return found;
}

/** Creates sectors of the company; answers them with their ids, in the order given. */
export async function insertSectors(tx: Tx, companyId: number, names: string[]): Promise<NamedRow[]> {
  const created: NamedRow[] = [];
  for (const part of chunks(names)) {
    created.push(
      ...(await tx
        .insert(sectors)
        .values(part.map((sectorName) => ({ companyId, sectorName })))
        .returning({ id: sectors.id, name: sectors.sectorName })),
    );
  }
  return created;
}

/** Creates positions of the company; answers them with their ids, in the order given. */
export async function insertPositions(tx: Tx, companyId: number, names: string[]): Promise<NamedRow[]> {
  const created: NamedRow[] = [];
  for (const part of chunks(names)) {
    created.push(
      ...(await tx
        .insert(positions)
        .values(part.map((positionName) => ({ companyId, positionName })))
        .returning({ id: positions.id, name: positions.positionName })),
    );
  }
  return created;
}

/** Renames sectors (ids already checked to be of the company). */
export async function renameSectors(tx: Tx, rows: NamedRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((row) => sql`(${row.id}::integer, ${row.name}::text)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE sectors SET sector_name = v.name FROM (VALUES ${values}) AS v(id, name) WHERE sectors.id = v.id`);
  }
}

/** Renames positions (ids already checked to be of the company). */
export async function renamePositions(tx: Tx, rows: NamedRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((row) => sql`(${row.id}::integer, ${row.name}::text)`),
      sql`, `,
    );
    await tx.execute(sql`UPDATE positions SET position_name = v.name FROM (VALUES ${values}) AS v(id, name) WHERE positions.id = v.id`);
  }
}

/** Contact data of one employee. */
export interface EmployeeData {
  name: string;
  email: string;
  phone: string;
}

/** The rows of a raw query, whichever driver ran it (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/*
 * Large writes send their rows as ONE JSON parameter expanded by json_to_recordset: a multi-row
 * INSERT with a bind parameter per value is several times slower on PGlite for thousands of rows.
 */

/** Creates participants (type 3, no password) of the company; answers their ids by e-mail. */
export async function insertParticipants(tx: Tx, companyId: number, rows: EmployeeData[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(rows, 5000)) {
    const json = JSON.stringify(part.map((row) => ({ name: row.name, email: row.email, phone: row.phone })));
    const created = await tx.execute(
      sql`INSERT INTO users (name, email, phone, type_account, company_id)
          SELECT t.name, t.email, t.phone, 3, ${companyId}::integer FROM json_to_recordset(${json}::json) AS t(name text, email text, phone text)
          RETURNING id, email`,
    );
    for (const row of rowsOf<{ id: number; email: string }>(created)) ids.set(row.email, Number(row.id));
  }
  return ids;
}

/** Updates name, e-mail and phone of users (ids already checked to be of the company). */
export async function updateEmployees(tx: Tx, rows: (EmployeeData & { id: number })[]): Promise<void> {
  for (const part of chunks(rows, 5000)) {
    await tx.execute(
      sql`UPDATE users SET name = t.name, email = t.email, phone = t.phone
          FROM json_to_recordset(${JSON.stringify(part)}::json) AS t(id integer, name text, email text, phone text) WHERE users.id = t.id`,
    );
  }
}

/** Adds sector and position relations (new users: nothing to replace). */
export async function insertRelations(tx: Tx, sectorLinks: { userId: number; sectorId: number }[], positionLinks: { userId: number; positionId: number }[]): Promise<void> {
  for (const part of chunks(sectorLinks, 10000)) {
    await tx.execute(
      sql`INSERT INTO user_sectors (user_id, sector_id) SELECT t."userId", t."sectorId"
          FROM json_to_recordset(${JSON.stringify(part)}::json) AS t("userId" integer, "sectorId" integer) ON CONFLICT DO NOTHING`,
    );
  }
  for (const part of chunks(positionLinks, 10000)) {
    await tx.execute(
      sql`INSERT INTO user_positions (user_id, position_id) SELECT t."userId", t."positionId"
          FROM json_to_recordset(${JSON.stringify(part)}::json) AS t("userId" integer, "positionId" integer) ON CONFLICT DO NOTHING`,
    );
  }
}

/** Makes `sectorId` the only sector of each listed user. */
export async function replaceUserSectors(tx: Tx, links: { userId: number; sectorId: number }[]): Promise<void> {
  for (const part of chunks(links)) {
    await tx.delete(userSectors).where(
      inArray(
        userSectors.userId,
        part.map((link) => link.userId),
      ),
    );
    await insertRelations(tx, part, []);
  }
}

/** Makes `positionId` the only position of each listed user. */
export async function replaceUserPositions(tx: Tx, links: { userId: number; positionId: number }[]): Promise<void> {
  for (const part of chunks(links)) {
    await tx.delete(userPositions).where(
      inArray(
        userPositions.userId,
        part.map((link) => link.userId),
      ),
    );
    await insertRelations(tx, [], part);
  }
}

/** Whether a database error (possibly wrapped by drizzle) is a unique violation (a concurrent writer took an e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
