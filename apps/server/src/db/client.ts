import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { backupPglite } from './backup.ts';
import { durablePgliteOptions } from './durablePglite.ts';
import * as schema from './schema.ts';

/** The drizzle database every repository uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle; it has the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The driver under a drizzle handle: PGlite, or node-postgres's pool. */
export type Driver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

/**
 * The driver under `db`, for the public hot path (a submission), which issues its two statements straight
 * to it: drizzle's query building and its per-query result parsers cost more there than the statements.
 */
export function driverOf(db: Db): Driver {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  return client instanceof pg.Pool ? { kind: 'postgres', pool: client } : { kind: 'pglite', client };
}

/** Where the data lives: embedded PGlite (a directory, or memory when `dataDir` is absent) or PostgreSQL. */
export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      durable?: boolean;
      /** In memory only: start from this copy of a cluster (`snapshot()`) instead of an empty one. */
      from?: Blob;
    }
  | { kind: 'postgres'; url: string };

/** An open database: the drizzle handle, its migrator and its closer. */
export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Applies the migrations of `apps/server/drizzle/` not applied yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite on a data directory only: writes a consistent .tar.gz copy of the cluster; resolves to its size. */
  backup?(path: string): Promise<number>;
  /**
   * PGlite in memory only: an uncompressed copy of the cluster, which `from` opens again. Creating a
   * cluster (initdb) takes seconds; opening a copy a fraction of that, so tests open copies of one.
   */
  snapshot?(): Promise<Blob>;
}

/** The folder drizzle-kit generates migrations into. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the database the target names. PGlite data goes to `{dataDir}/pglite`. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // Fails now, with the driver's message, rather than at the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (target.dataDir) {
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Durable (the default): a commit (an acknowledged answer) is on disk before it returns, power loss included.
    client = target.durable === false ? new PGlite(dir) : new PGlite(durablePgliteOptions(dir));
  } else {
    client = target.from ? new PGlite({ loadDataDir: target.from }) : new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
    },
    close: () => client.close(),
    ...(target.dataDir ? { backup: (path: string) => backupPglite(client, path) } : { snapshot: async () => (await client.dumpDataDir('none')) as Blob }),
  };
}
