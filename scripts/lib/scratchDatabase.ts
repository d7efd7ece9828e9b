import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';

/**
 * The PostgreSQL server the tests and benchmarks create their scratch databases on: `TEST_POSTGRES_URL`,
 * or the local cluster `scripts/prepareTestEnv.sh` sets up.
 */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://avalia:avalia@127.0.0.1:5432/postgres';

/**
 * A new, empty database on the PostgreSQL server of `serverUrl` (named `{prefix}_{random}`), and how to
 * drop it, waiting for closed connections to go rather than forcing them.
 */
export async function emptyPostgresDatabase(serverUrl: string, prefix = 'avalia_bench'): Promise<{ url: string; drop(): Promise<void> }> {
  const server = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  try {
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await server.end().catch(() => undefined);
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // Closed connections linger for a moment on the server side: wait for them rather than force.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await server.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await server.end();
    },
  };
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite cluster, made once per process: every in-memory database opens a copy, which
 * takes well under a second where creating a cluster takes several.
 */
function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      return await database.snapshot!();
    } finally {
      await database.close();
    }
  })();
  // A failed attempt is not kept: the next database tries again.
  pgliteTemplate.catch(() => (pgliteTemplate = undefined));
  return pgliteTemplate;
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database (`{prefix}_{random}`) on the
 * PostgreSQL server of `postgresUrl`; for benchmarks and tests.
 */
export async function freshDatabase(postgresUrl: string | undefined, prefix?: string): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!postgresUrl) {
    const database = await openDatabase({ kind: 'pglite', from: await migratedPglite() });
    // Still checked: a copy made before a migration was added would get it here.
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const empty = await emptyPostgresDatabase(postgresUrl, prefix);
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  await database.migrate();
  return {
    database,
    url: empty.url,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}
