import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';
import { meta } from './schema.ts';

/** Key of the PostgreSQL advisory lock that start-ups take (any 64-bit number no other code of the database uses). */
export const STARTUP_LOCK_KEY = 4_711_001_010;

/**
 * Runs `run` (the migrations, the stored JWT secret, the demo seed) as the only starting process of the
 * installation. On PostgreSQL several servers may start at once on one empty database, and drizzle's
 * migrator is not safe against a concurrent migrator: a session advisory lock, held on a connection of
 * its own, makes the others wait, so the second one finds everything migrated and seeded. It is
 * released when `run` ends, or by PostgreSQL if the process dies. On PGlite there is nothing to do: the
 * data-directory lock already allows one process.
 */
export async function asOnlyStarter<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return run();
  const session = await client.connect();
  try {
    await session.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await run();
  } finally {
    let unlocked = false;
    try {
      await session.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      unlocked = true;
    } catch {
      // The connection is dropped below instead of going back to the pool, which ends its lock.
    }
    session.release(!unlocked);
  }
}

/** Reads a `meta` value, or null. */
export async function readMeta(db: Db, key: string): Promise<string | null> {
  const rows = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key));
  return rows[0]?.value ?? null;
}

/**
 * The JWT secret kept in the database: generated on the first call, then always the same, so
 * restarts (and other server processes on the same PostgreSQL) accept each other's tokens. Two first
 * calls at once still agree: each offers a candidate, the key's primary key keeps the first one
 * committed (ON CONFLICT DO NOTHING), and both read back what was kept, never their own candidate.
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
