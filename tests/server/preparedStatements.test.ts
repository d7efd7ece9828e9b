import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverOf } from '../../apps/server/src/db/client.ts';
import { runPrepared } from '../../apps/server/src/db/prepared.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { createTestDatabase, type TestDatabase } from './testApp.ts';

/*
 * `runPrepared`, the submission's way to the database: on PGlite it speaks the wire protocol itself
 * (parse once, then bind, execute and sync in one message), so it must keep what `query` guarantees:
 * the right rows every time (PostgreSQL switches a prepared statement to a generic plan after five
 * runs), a session left usable after an error, its own statement in each database, and never running
 * inside a transaction another caller has open.
 */

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  for (const { db } of [first, second]) await db.execute(sql`CREATE TABLE prepared_probe (n integer NOT NULL, label text)`);
});

afterAll(async () => {
  await Promise.all([first?.drop(), second?.drop()]);
});

const DIVIDE = { name: 'probe-divide', text: 'SELECT 100 / $1::integer AS quotient, $2::text AS label' };
const INSERT = { name: 'probe-insert', text: 'INSERT INTO prepared_probe (n, label) VALUES ($1::integer, $2::text) RETURNING n' };

describe('runPrepared', () => {
  it('answers each run with its own parameters, past the runs after which PostgreSQL plans it once for all', async () => {
    for (let n = 1; n <= 12; n += 1) {
      const answer = await runPrepared(driverOf(first.db), DIVIDE, [n, n % 3 === 0 ? null : `r${n}`]);
      expect(answer.map((row) => [Number(row[0]), row[1]])).toEqual([[Math.trunc(100 / n), n % 3 === 0 ? null : `r${n}`]]);
    }
  });

  it('rejects with the database error and leaves the session usable', async () => {
    await expect(runPrepared(driverOf(first.db), DIVIDE, [0, 'zero'])).rejects.toThrow(/division by zero/);
    expect((await runPrepared(driverOf(first.db), DIVIDE, [4, 'again'])).map((row) => Number(row[0]))).toEqual([25]);
    expect(await rows(first.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('prepares its statement in each database it runs on', async () => {
    expect((await runPrepared(driverOf(second.db), DIVIDE, [50, 'other'])).map((row) => Number(row[0]))).toEqual([2]);
    expect((await runPrepared(driverOf(first.db), DIVIDE, [20, 'first'])).map((row) => Number(row[0]))).toEqual([5]);
  });

  it('never runs inside a transaction another caller has open: it waits, and a rollback there does not take its row', async () => {
    let pending: Promise<unknown[][]> | undefined;
    await expect(
      first.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO prepared_probe (n, label) VALUES (1, 'rolled back')`);
        // Asked for between the transaction's statements: on PGlite, the one session they share.
        pending = runPrepared(driverOf(first.db), INSERT, [2, 'kept']);
        await tx.execute(sql`INSERT INTO prepared_probe (n, label) VALUES (3, 'rolled back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await pending!).map((row) => Number(row[0]))).toEqual([2]);
    expect(await rows(first.db, sql`SELECT n, label FROM prepared_probe ORDER BY n`)).toEqual([{ n: 2, label: 'kept' }]);
  });
});
