/**
 * The world of a browser test file: the real server on a data directory of its own, the worker's one
 * Chromium, and a fresh browser context per page.
 *
 * - **One Chromium per worker.** The browser project shares its worker's modules (`isolate: false`), so
 *   the browser launched for a worker's first file serves its later files too; every page still gets a
 *   context of its own (storage, cookies and downloads are never shared).
 * - **A server per file, on a copy of a prepared data directory.** Creating a cluster (initdb),
 *   migrating it and seeding it (two argon2 hashes) cost seconds of CPU per start. Each kind of data
 *   (`Variant`) is prepared once per run, by the first worker that needs it, by the real server's first
 *   start and its clean stop; every file's server then starts on a copy, as a restarted installation
 *   does (`templates.ts`). A file still owns its data: nothing it writes is seen by another file.
 * - **Signed-in pages from a stored session.** Signing in through the screen is tested where it is the
 *   subject (`admin-registry`, `journey-setup`, `session`); elsewhere a page starts with the session the sign-in screen
 *   would have kept (`avalia.token` and `avalia.user` in local storage), got from `POST /api/sessions`
 *   once per file and account.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { assertWebBuilt, credentials, launchChromium, screenshotDir, startAppServer, type AppServer } from './appServer';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions.ts';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import type { Answers, QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { openPage, type DESKTOP, type PHONE } from './browserPages';
import { emptyPostgresDatabase, testPostgresUrl } from '../../scripts/lib/scratchDatabase.ts';
import { preparedDataDir, VARIANT_ENV, type Variant } from './templates';

export type { Variant } from './templates';

/** Who signs in: a demo account, or any e-mail and password. */
export type Account = keyof typeof credentials | { email: string; password: string };

/** What `POST /api/sessions` answers. */
export interface Session {
  token: string;
  user: { id: number; name: string; email: string; type_account: number; company_id?: number | null };
}

/** Options of a page of the world. */
export interface WorldPageOptions {
  /** More context options (time zone, downloads…). */
  context?: BrowserContextOptions;
  /** Grant the clipboard to the app's origin. Default false. */
  clipboard?: boolean;
  /** Start with this account's session kept, as after signing in. Default: signed out. */
  as?: Account;
}

/** A file's server, browser and pages. Its fields are filled by `setUpWorld`'s `beforeAll`. */
export interface World {
  server: AppServer;
  browser: Browser;
  /** `http://127.0.0.1:{port}` of the file's server. */
  readonly baseUrl: string;
  /** Uncaught errors of every page the file opened, with the page's address. */
  errors: string[];
  /** Folder of the file's screenshots. */
  shots: string;
  /** The server's PostgreSQL database, when the world was set up with `postgres: true`. */
  databaseUrl?: string;
  /** A page in a new context, closed when the running test ends. */
  page(size: typeof PHONE | typeof DESKTOP, options?: WorldPageOptions): Promise<Page>;
  /** The account's session (signed in through the API once per file). */
  session(who?: Account): Promise<Session>;
  /** A JSON call to `/api{path}` with the account's token; fails with the status and body when not 2xx. */
  api<T>(method: string, path: string, body?: unknown, who?: Account | null): Promise<T>;
  /** Answers an open evaluation through the respondent's public call, as its form does (encoded by its type's definition). */
  answer(evaluationId: string, answers: Answers): Promise<void>;
}

const definitions = new Map<number, QuestionnaireDefinition>();

/** The questionnaire definition of an evaluation type, as the server reads it. */
export function definitionOf(type: number): QuestionnaireDefinition {
  let definition = definitions.get(type);
  if (!definition) {
    const name = catalog.types.find((entry) => entry.type === type && 'definition' in entry)?.definition;
    if (!name) throw new Error(`evaluation type ${type} has no questionnaire definition in the catalogue`);
    const parsed = parseQuestionnaireFile(name);
    if (!parsed.ok) throw new Error(`${name} did not parse: ${JSON.stringify(parsed.errors)}`);
    definition = parsed.value;
    definitions.set(type, definition);
  }
  return definition;
}

// ------------------------------------------------------------------ one Chromium per worker

let sharedBrowser: Promise<Browser> | undefined;

/** The worker's Chromium, launched on first use (and again if it went away). */
export function workerBrowser(): Promise<Browser> {
  if (!sharedBrowser) {
    sharedBrowser = launchChromium();
    sharedBrowser.then(
      (browser) => browser.on('disconnected', () => (sharedBrowser = undefined)),
      () => (sharedBrowser = undefined),
    );
  }
  return sharedBrowser;
}

/** Starts the real server on a fresh copy of the variant's prepared data directory; the copy goes on stop. */
export async function startWorldServer(variant: Variant = 'demo', env: Record<string, string | undefined> = {}): Promise<AppServer> {
  const source = await preparedDataDir(inject('e2eTemplates'), variant);
  const dataDir = mkdtempSync(join(tmpdir(), `avalia-e2e-${variant}-`));
  cpSync(source, dataDir, { recursive: true });
  try {
    const server = await startAppServer({ dataDir, env: { ...VARIANT_ENV[variant], ...env } });
    const stop = server.stop.bind(server);
    server.stop = async (graceMs) => {
      try {
        return await stop(graceMs);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    return server;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// ------------------------------------------------------------------ the file's world

const accountOf = (who: Account) => (typeof who === 'string' ? credentials[who] : who);

/**
 * Registers the hooks that give the test file its world: a server on a copy of the variant's data
 * (`demo` by default; `env` adds to its environment), the worker's Chromium, and pages that record
 * uncaught errors, leave screenshots when their test fails and close with it.
 */
export function setUpWorld(options: {
  shots: string;
  variant?: Variant;
  env?: Record<string, string | undefined>;
  /**
   * Run the server on a new, empty PostgreSQL database (`TEST_POSTGRES_URL`'s server), dropped after the
   * file, instead of PGlite: for tests that change what the API cannot (an expiry date in the past).
   * The server migrates and seeds it at its start.
   */
  postgres?: boolean;
}): World {
  const sessions = new Map<string, Promise<Session>>();
  const world: World = {
    server: undefined as unknown as AppServer,
    browser: undefined as unknown as Browser,
    get baseUrl() {
      return world.server.baseUrl;
    },
    errors: [],
    shots: join(screenshotDir, options.shots),
    async page(size, pageOptions = {}) {
      const context: BrowserContextOptions = { ...pageOptions.context };
      if (pageOptions.as) {
        const { token, user } = await world.session(pageOptions.as);
        context.storageState = {
          cookies: [],
          origins: [
            {
              origin: world.baseUrl,
              localStorage: [
                { name: 'avalia.token', value: token },
                { name: 'avalia.user', value: JSON.stringify(user) },
              ],
            },
          ],
        };
      }
      const { page } = await openPage(size, { browser: world.browser, baseUrl: world.baseUrl, errors: world.errors, shots: world.shots, context, clipboard: pageOptions.clipboard });
      return page;
    },
    session(who = 'admin') {
      const account = accountOf(who);
      let session = sessions.get(account.email);
      if (!session) {
        session = (async () => {
          const response = await fetch(`${world.baseUrl}/api/sessions`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify(account),
          });
          const text = await response.text();
          if (!response.ok) throw new Error(`signing ${account.email} in answered ${response.status}: ${text}`);
          return JSON.parse(text) as Session;
        })();
        session.catch(() => sessions.delete(account.email));
        sessions.set(account.email, session);
      }
      return session;
    },
    async api<T>(method: string, path: string, body?: unknown, who: Account | null = 'admin'): Promise<T> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (who) headers.Authorization = `Bearer ${(await world.session(who)).token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(`${world.baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async answer(evaluationId, answers) {
      const info = await world.api<{ user_id: number; rated: number | null; rated_sector: number | null; type_evaluation: number; version: number | null }>(
        'GET',
        `/evaluation/find/${evaluationId}`,
        undefined,
        null,
      );
      await world.api(
        'POST',
        '/tableresponse/multiple',
        {
          evaluator_user_id: info.user_id,
          rated_user_id: info.rated,
          type_evaluation: info.type_evaluation,
          evaluation_id: evaluationId,
          rated_sector_id: info.rated_sector,
          version: info.version,
          questions: encodeAnswers(definitionOf(info.type_evaluation), answers),
        },
        null,
      );
    },
  };

  let database: { url: string; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(world.shots, { recursive: true });
    const server = async () => {
      if (!options.postgres) return startWorldServer(options.variant, options.env);
      database = await emptyPostgresDatabase(testPostgresUrl, 'avalia_e2e');
      world.databaseUrl = database.url;
      return startAppServer({ env: { ...VARIANT_ENV[options.variant ?? 'demo'], ...options.env, DATABASE_URL: database.url } });
    };
    [world.server, world.browser] = await Promise.all([server(), workerBrowser()]);
  });
  afterAll(async () => {
    await world.server?.stop();
    await database?.drop();
  });
  return world;
}

