/**
 * Builds the server app on a fresh database for one test file: PGlite in memory when
 * TEST_DATABASE=pglite, or a new PostgreSQL database (dropped afterwards) when TEST_DATABASE=postgres.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../apps/server/src/app.ts';
import type { Database, Db } from '../../apps/server/src/db/client.ts';
import { loadDefinitions, type Definitions } from '../../apps/server/src/definitions.ts';
import { seed, type SeedOptions } from '../../apps/server/src/seed.ts';
import { freshDatabase, testPostgresUrl } from '../../scripts/lib/scratchDatabase.ts';

/** Credentials the test seed uses. */
export const testCredentials = {
  admin: { email: 'admin@teste.avalia', password: 'Admin-teste-1' },
  company: { email: 'empresa@teste.avalia', password: 'Empresa-teste-1' },
} as const;

/** Seed options of the tests. */
export const seedOptions: SeedOptions = {
  adminEmail: testCredentials.admin.email,
  adminPassword: testCredentials.admin.password,
  companyEmail: testCredentials.company.email,
  companyPassword: testCredentials.company.password,
  timeZone: 'America/Sao_Paulo',
};

/** Secret of the test apps' tokens (tests forge tokens with it). */
export const testJwtSecret = 'test-secret-'.padEnd(48, 'x');

/** A fresh, migrated database and how to throw it away. */
export interface TestDatabase {
  database: Database;
  db: Db;
  /** Connection string of the PostgreSQL test database (absent on PGlite). */
  url?: string;
  drop(): Promise<void>;
}

/** Which database the current Vitest project runs on. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  const kind = process.env.TEST_DATABASE ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASE must be pglite or postgres, not ${kind}`);
  return kind;
}

/** Creates and migrates a fresh database of the current kind. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = testDatabaseKind() === 'postgres' ? testPostgresUrl : undefined;
  try {
    const fresh = await freshDatabase(postgresUrl, 'avalia_test');
    return { ...fresh, db: fresh.database.db };
  } catch (error) {
    if (!postgresUrl) throw error;
    throw new Error(
      `PostgreSQL is unreachable at ${postgresUrl} (${error instanceof Error ? error.message : String(error)}). ` +
        'Run `bash scripts/prepareTestEnv.sh` (as root) to install and start it, or set TEST_POSTGRES_URL.',
    );
  }
}

let parsedDefinitions: Definitions | undefined;

/**
 * The definitions as the server loads them, read and checked once per process (the files do not change
 * during a run; it takes a tenth of a second or two per app): each app gets a deep copy of its own, as if
 * it had read them itself, so nothing one file's app or tests change reaches another's.
 */
function definitionsCopy(): Definitions {
  parsedDefinitions ??= loadDefinitions();
  return structuredClone(parsedDefinitions);
}

/** A built app over a fresh seeded database. */
export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the app on a fresh database with the demo seed (test credentials). */
export async function buildTestApp(options: Partial<Omit<AppOptions, 'db'>> & { seeded?: boolean; seed?: Partial<SeedOptions> } = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  try {
    if (options.seeded !== false) await seed(testDb.db, { ...seedOptions, ...options.seed });
    const app = await buildApp({
      jwtSecret: testJwtSecret,
      timeZone: 'America/Sao_Paulo',
      ...options,
      definitions: options.definitions ?? definitionsCopy(),
      // Workers poll fast and retry after a second, so e-mail jobs finish within a test.
      queue: { connectionString: testDb.url, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryBackoff: false, ...options.queue },
      db: testDb.db,
    });
    await app.ready();
    return {
      ...testDb,
      app,
      async close() {
        await app.close();
        await testDb.drop();
      },
    };
  } catch (error) {
    await testDb.drop();
    throw error;
  }
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, who: keyof typeof testCredentials): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/sessions', payload: testCredentials[who] });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${who} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** The Authorization header of a token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
