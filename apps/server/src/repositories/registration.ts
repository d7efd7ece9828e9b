import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { companyRegistrations } from '../db/schema.ts';

/** A public registration link: its token and until when it works. */
export interface RegistrationRow {
  token: string;
  companyId: number;
  expiresAt: Date;
}

const columns = { token: companyRegistrations.token, companyId: companyRegistrations.companyId, expiresAt: companyRegistrations.expiresAt };

/** The company's link that stays valid the longest, or null when none is valid now. */
export async function validRegistrationOf(db: Db | Tx, companyId: number): Promise<RegistrationRow | null> {
  const rows = await db
    .select(columns)
    .from(companyRegistrations)
    .where(and(eq(companyRegistrations.companyId, companyId), gt(companyRegistrations.expiresAt, sql`now()`)))
    .orderBy(desc(companyRegistrations.expiresAt))
    .limit(1);
  return rows[0] ?? null;
}

/** The link of this token when it exists and has not expired, or null. */
export async function findValidRegistration(db: Db | Tx, token: string): Promise<RegistrationRow | null> {
  const rows = await db
    .select(columns)
    .from(companyRegistrations)
    .where(and(eq(companyRegistrations.token, token), gt(companyRegistrations.expiresAt, sql`now()`)));
  return rows[0] ?? null;
}

/** Ends every still-valid link of the company now (a renewal revokes the links handed out before). */
export async function expireRegistrations(tx: Tx, companyId: number): Promise<void> {
  await tx
    .update(companyRegistrations)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(companyRegistrations.companyId, companyId), gt(companyRegistrations.expiresAt, sql`now()`)));
}

/** Stores a new link. */
export async function insertRegistration(tx: Tx, row: RegistrationRow): Promise<void> {
  await tx.insert(companyRegistrations).values(row);
}
