import { protocol, type PGlite } from '@electric-sql/pglite';
import type { Driver } from './client.ts';

/**
 * A statement the database parses and plans once and afterwards only binds and runs: once per session
 * on PGlite (one session per process), once per pooled connection on PostgreSQL. `name` is unique per
 * `text` (a statement with another text needs another name).
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** A parameter's value, sent as text (null is SQL NULL). */
export type PreparedValue = string | number | null;

/** The statements already prepared in each PGlite session. */
const preparedIn = new WeakMap<PGlite, Set<string>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

const { serialize } = protocol;
const SYNC = serialize.sync();
const EXECUTE = serialize.execute({});

/**
 * Runs a prepared statement outside any transaction (it is one, implicitly) and resolves to its rows,
 * each a list of column values: text on PGlite, parsed by node-postgres's types on PostgreSQL.
 *
 * PGlite's `query` sends a statement as six messages, each its own pass through PostgreSQL's main loop
 * (parse, two describes, bind, execute, sync), and PostgreSQL parses and plans it anew every time; for
 * the public hot path (a submission's one statement) that is most of the database's work. Here a
 * statement is parsed once per session (with PostgreSQL's plan cache behind it) and each run is one
 * pass: bind, execute and sync in one message. It waits for PGlite's transaction lock and then its query
 * lock, as `query` does, so it never runs inside another caller's transaction; an error (sent after the
 * sync, so the session is idle again) rejects with PGlite's `DatabaseError`, as `query` would.
 */
export async function runPrepared(driver: Driver, statement: PreparedStatement, values: readonly PreparedValue[]): Promise<unknown[][]> {
  if (driver.kind === 'postgres') {
    return (await driver.pool.query<unknown[]>({ name: statement.name, text: statement.text, values: [...values], rowMode: 'array' })).rows;
  }
  const client = driver.client;
  const texts = values.map((value) => (value === null ? null : String(value)));
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let prepared = preparedIn.get(client);
      if (!prepared) preparedIn.set(client, (prepared = new Set()));
      if (!prepared.has(statement.name)) {
        await client.execProtocol(concat([serialize.parse({ name: statement.name, text: statement.text }), SYNC]), { syncToFs: false });
        prepared.add(statement.name);
      }
      const { messages } = await client.execProtocol(concat([serialize.bind({ statement: statement.name, values: texts }), EXECUTE, SYNC]));
      const rows: unknown[][] = [];
      for (const message of messages) if (message.name === 'dataRow') rows.push((message as InstanceType<typeof protocol.messages.DataRowMessage>).fields);
      return rows;
    }),
  );
}
