import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** A user row as the routes need it (never with the password hash unless asked). */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  typeAccount: number;
  companyId: number | null;
  status: boolean;
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  typeAccount: users.typeAccount,
  companyId: users.companyId,
  status: users.status,
};

/** The user with this e-mail (case-insensitive) and its password hash, or null. */
export async function findUserForSignIn(db: Db, email: string): Promise<(UserRow & { passwordHash: string | null }) | null> {
  const rows = await db
    .select({ ...columns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return rows[0] ?? null;
}

/** The user with this id, or null. */
export async function findUser(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.select(columns).from(users).where(eq(users.id, id));
  return rows[0] ?? null;
}

/** The users with these ids (missing ids are simply absent). */
export async function findUsers(db: Db, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select(columns).from(users).where(inArray(users.id, ids));
}

/** Every user, by name. */
export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select(columns).from(users).orderBy(asc(users.name), asc(users.id));
}
