import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { emptyPostgresDatabase, testPostgresUrl } from '../../scripts/lib/scratchDatabase.ts';
import { testDatabaseKind } from './testApp.ts';

/** A database of the current kind migrated up to just before one migration, to test that migration on a copy of older data. */
export interface DatabaseBefore {
  database: Database;
  /** Connection string of the PostgreSQL database (the job queue's too); absent on PGlite. */
  url?: string;
  /** Closes and throws away the database and the migrations' copy. */
  drop(): Promise<void>;
}

/** A copy of the migrations folder whose journal stops just before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'avalia-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`migration ${tag} is not in the journal`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A fresh database migrated up to the migration before `tag`; `database.migrate()` then applies `tag` and the rest. */
export async function databaseBefore(tag: string): Promise<DatabaseBefore> {
  let database: Database;
  let url: string | undefined;
  let dropDatabase: () => Promise<void>;
  if (testDatabaseKind() === 'postgres') {
    const empty = await emptyPostgresDatabase(testPostgresUrl, 'avalia_test');
    url = empty.url;
    database = await openDatabase({ kind: 'postgres', url });
    dropDatabase = async () => {
      await database.close();
      await empty.drop();
    };
  } else {
    database = await openDatabase({ kind: 'pglite' });
    dropDatabase = () => database.close();
  }
  const folder = migrationsBefore(tag);
  try {
    if (database.kind === 'pglite') await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });
    else await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return { database, url, drop: dropDatabase };
}
