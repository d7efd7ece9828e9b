import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { meta } from './schema.ts';

/** Reads a `meta` value, or null. */
export async function readMeta(db: Db, key: string): Promise<string | null> {
  const rows = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key));
  return rows[0]?.value ?? null;
}

/**
 * The JWT secret kept in the database: generated on the first call, then always the same, so
 * restarts (and other server processes on the same PostgreSQL) accept each other's tokens.
 */
export async function storedJwtSecret(db: Db): Promise<string> {
  await db
    .insert(meta)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const value = await readMeta(db, 'jwt_secret');
  if (!value) throw new Error('jwt_secret missing after insert');
  return value;
}
