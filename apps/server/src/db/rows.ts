import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** Either handle that runs a raw statement: the database or a transaction. */
export type Reader = Db | Tx;

/**
 * The rows of a raw SQL statement, on either driver. Both PGlite and node-postgres answer
 * `{ rows }`, but drizzle's `execute` is typed per driver, so this is the one place that says so.
 */
export async function rows<T>(db: Reader, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/** A statement's identity, its text and parameters: two conditions built alike have the same key (a request's memo). */
export function statementKey(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return JSON.stringify([text, params]);
}
