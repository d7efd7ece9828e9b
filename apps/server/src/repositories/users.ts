import { and, asc, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, evaluations, positions, sectors, userPositions, userSectors, users } from '../db/schema.ts';

/** A user row as the routes need it (never with the password hash unless asked). */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  typeAccount: number;
  companyId: number | null;
  status: boolean;
}

/** A user with the fields the registry forms edit. */
export interface UserDetail extends UserRow {
  phone: string | null;
}

/** A user's sectors and positions, as `{id, name}` pairs. */
export interface UserRelations {
  sectors: { id: number; name: string }[];
  positions: { id: number; name: string }[];
}

/** A user of a company's list (Cadastrados). */
export interface CompanyUserRow extends UserDetail, UserRelations {
  companyName: string | null;
  /** Has evaluations as evaluator. */
  evaluator: boolean;
  /** Has evaluations as the evaluated user. */
  rated: boolean;
}

/** The fields of a user to insert or update. */
export interface UserFields {
  name: string;
  email: string;
  phone: string | null;
  typeAccount: number;
  companyId: number | null;
  status?: boolean;
  passwordHash?: string | null;
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  typeAccount: users.typeAccount,
  companyId: users.companyId,
  status: users.status,
};

const detailColumns = { ...columns, phone: users.phone };

/** A user with the version its sign-in tokens must carry (`users.session_version`). */
export interface SessionUser extends UserRow {
  sessionVersion: number;
}

/** The user with this e-mail (case-insensitive), its password hash and session version, or null. */
export async function findUserForSignIn(db: Db, email: string): Promise<(SessionUser & { passwordHash: string | null }) | null> {
  const rows = await db
    .select({ ...columns, sessionVersion: users.sessionVersion, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return rows[0] ?? null;
}

/** The user with this id, or null. */
export async function findUser(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select(columns).from(users).where(eq(users.id, id));
  return rows[0] ?? null;
}

/** The user with this id and its session version (what a token is checked against), or null. */
export async function findSessionUser(db: Db, id: number): Promise<SessionUser | null> {
  const rows = await db
    .select({ ...columns, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, id));
  return rows[0] ?? null;
}

/** The user with this id, its phone and password hash, or null. */
export async function findUserDetail(db: Db, id: number): Promise<(UserDetail & { passwordHash: string | null }) | null> {
  const rows = await db
    .select({ ...detailColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id));
  return rows[0] ?? null;
}

/** The users with these ids (missing ids are simply absent). */
export async function findUsers(db: Db, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  // An erased person (LGPD) is no one any more: no staff call finds, changes, evaluates or mails them.
  return db
    .select(columns)
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.erasedAt)));
}

/** Every user, by name (erased people are no one any more). */
export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select(columns).from(users).where(isNull(users.erasedAt)).orderBy(asc(users.name), asc(users.id));
}

/**
 * Whether a user other than `exceptId` has this e-mail (case-insensitive; e-mails are stored
 * lower-case); only among the users of `companyId` when given.
 */
export async function emailInUse(db: Db, email: string, exceptId?: number, companyId?: number): Promise<boolean> {
  const conditions: SQL[] = [eq(users.email, email.trim().toLowerCase())];
  if (exceptId !== undefined) conditions.push(ne(users.id, exceptId));
  if (companyId !== undefined) conditions.push(eq(users.companyId, companyId));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** The sectors and positions of these users (users without any get empty lists). */
export async function relationsOf(db: Db, userIds: number[]): Promise<Map<number, UserRelations>> {
  const result = new Map<number, UserRelations>(userIds.map((id) => [id, { sectors: [], positions: [] }]));
  if (userIds.length === 0) return result;
  const sectorRows = await db
    .select({ userId: userSectors.userId, id: sectors.id, name: sectors.sectorName })
    .from(userSectors)
    .innerJoin(sectors, eq(sectors.id, userSectors.sectorId))
    .where(inArray(userSectors.userId, userIds))
    .orderBy(asc(sectors.sectorName), asc(sectors.id));
  const positionRows = await db
    .select({ userId: userPositions.userId, id: positions.id, name: positions.positionName })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(inArray(userPositions.userId, userIds))
    .orderBy(asc(positions.positionName), asc(positions.id));
  for (const row of sectorRows) result.get(row.userId)?.sectors.push({ id: row.id, name: row.name });
  for (const row of positionRows) result.get(row.userId)?.positions.push({ id: row.id, name: row.name });
  return result;
}

/** The users of a company by name, with company name, relations and evaluation flags. */
export async function listCompanyUsers(db: Db, companyId: number): Promise<CompanyUserRow[]> {
  const rows = await db
    .select({
      ...detailColumns,
      companyName: companies.commercialName,
      evaluator: exists(db.select({ one: evaluations.id }).from(evaluations).where(eq(evaluations.userId, users.id))),
      rated: exists(db.select({ one: evaluations.id }).from(evaluations).where(eq(evaluations.rated, users.id))),
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), isNull(users.erasedAt)))
    .orderBy(asc(users.name), asc(users.id));
  const relations = await relationsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, evaluator: Boolean(row.evaluator), rated: Boolean(row.rated), ...relations.get(row.id)! }));
}

/** Active users of these companies, or in these sectors, by name. */
export async function listUsersIn(db: Db, filter: { companyIds: number[]; sectorIds: number[] }): Promise<UserDetail[]> {
  const conditions: SQL[] = [];
  if (filter.companyIds.length > 0) conditions.push(inArray(users.companyId, filter.companyIds));
  if (filter.sectorIds.length > 0) {
    conditions.push(
      exists(
        db
          .select({ one: userSectors.userId })
          .from(userSectors)
          .where(and(eq(userSectors.userId, users.id), inArray(userSectors.sectorId, filter.sectorIds))),
      ),
    );
  }
  if (conditions.length === 0) return [];
  return db
    .select(detailColumns)
    .from(users)
    .where(and(eq(users.status, true), or(...conditions)))
    .orderBy(asc(users.name), asc(users.id));
}

/** Inserts a user (e-mail lower-cased) and returns it. */
export async function insertUser(db: Db, fields: UserFields): Promise<UserDetail> {
  const [row] = await db
    .insert(users)
    .values({ ...fields, email: fields.email.trim().toLowerCase() })
    .returning(detailColumns);
  return row!;
}

/**
 * Updates a user (e-mail lower-cased; fields left undefined are kept); null when absent. With
 * `endSessions` the session version goes up, so every token issued before stops working; the new
 * version is returned for the token of the session that made the change.
 */
export async function updateUser(
  db: Db,
  id: number,
  fields: Partial<UserFields>,
  options: { endSessions?: boolean } = {},
): Promise<(UserDetail & { sessionVersion: number }) | null> {
  const values = fields.email === undefined ? fields : { ...fields, email: fields.email.trim().toLowerCase() };
  const rows = await db
    .update(users)
    .set({ ...values, ...(options.endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning({ ...detailColumns, sessionVersion: users.sessionVersion });
  return rows[0] ?? null;
}

/** Removes every sector and position relation of a user. */
export async function deleteRelations(db: Db, userId: number): Promise<void> {
  await db.delete(userSectors).where(eq(userSectors.userId, userId));
  await db.delete(userPositions).where(eq(userPositions.userId, userId));
}

/** Adds sector and position relations of a user (those already there are kept). */
export async function addRelations(db: Db, userId: number, sectorIds: number[], positionIds: number[]): Promise<void> {
  if (sectorIds.length > 0) {
    await db
      .insert(userSectors)
      .values(sectorIds.map((sectorId) => ({ userId, sectorId })))
      .onConflictDoNothing();
  }
  if (positionIds.length > 0) {
    await db
      .insert(userPositions)
      .values(positionIds.map((positionId) => ({ userId, positionId })))
      .onConflictDoNothing();
  }
}

/** Whether a database error is a unique-constraint violation (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
