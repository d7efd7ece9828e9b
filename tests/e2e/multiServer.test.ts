/**
 * More than one machine: two real server processes started at the same moment on one new, empty
 * PostgreSQL database, both with their queue workers, sending through one SMTP server. They migrate and
 * seed once between them, accept each other's sign-in tokens, send each queued e-mail exactly once,
 * and see each other's answers. Runs once, here, because it needs PostgreSQL whatever database the
 * server test projects use (and none of the web build).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/seed.ts';
import { startSmtp, type TestSmtp } from '../server/smtp.ts';
import { waitUntil } from '../server/waitUntil.ts';
import { emptyPostgresDatabase, testPostgresUrl } from '../../scripts/lib/scratchDatabase.ts';
import { credentials, repoRoot, startAppServer, type AppServer } from './appServer';

const POSTGRES_URL = testPostgresUrl;
const PUBLIC_URL = 'https://avalia.multi.test';
/** Migrations drizzle-kit generated (its journal), each to be applied once. */
const MIGRATIONS = (JSON.parse(readFileSync(join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

let database: { url: string; drop(): Promise<void> } | undefined;
let databaseUrl = '';
let smtp: TestSmtp;
let servers: AppServer[] = [];
let token = '';
/** The evaluations the e-mail test created, each of which must be delivered exactly once. */
const created: string[] = [];
const mailsFor = (id: string) => smtp.messages.filter((mail) => String(mail.text).includes(`${PUBLIC_URL}/estresse/${id}`));

async function api<T>(server: AppServer, method: string, path: string, body?: unknown, bearer?: string): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as T };
}

const createDatabase = () => emptyPostgresDatabase(POSTGRES_URL, 'avalia_multi');

async function query<T>(text: string, values: unknown[] = [], connectionString = databaseUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createDatabase();
  databaseUrl = database.url;
  smtp = await startSmtp();
  // The same environment on both, as on two machines; no JWT_SECRET, so the secret comes from the database.
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Avalia <nao-responda@multi.test>', JWT_SECRET: undefined };
  const started = await Promise.allSettled([startAppServer({ env }), startAppServer({ env })]);
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await smtp?.close();
  await database?.drop();
});

describe('two servers on one PostgreSQL database', () => {
  it('started at the same moment on the empty database, migrate and seed it once between them', async () => {
    expect(servers).toHaveLength(2);
    const reports = servers.map((server) => server.output());
    // One created the demo (and printed its passwords); the other found it there.
    expect(reports.filter((output) => output.includes('Acesso (criado agora):'))).toHaveLength(1);
    expect(reports.filter((output) => output.includes('Dados de demonstração já existentes'))).toHaveLength(1);
    const [migrations] = await query<{ n: number; hashes: number }>('SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations');
    expect(migrations).toEqual({ n: MIGRATIONS, hashes: MIGRATIONS });
    const [counts] = await query<{ companies: number; admins: number; companyUsers: number; employees: number; secrets: number }>(`
      SELECT (SELECT count(*)::int FROM companies) AS companies,
             (SELECT count(*)::int FROM users WHERE type_account = 1) AS admins,
             (SELECT count(*)::int FROM users WHERE type_account = 2) AS "companyUsers",
             (SELECT count(*)::int FROM users WHERE type_account = 3) AS employees,
             (SELECT count(*)::int FROM meta WHERE key = 'jwt_secret') AS secrets`);
    // The seed's demo: one company, its user, seven employees (apps/server/src/seed.ts, README "Demo data").
    expect(counts).toEqual({ companies: 1, admins: 1, companyUsers: 1, employees: 7, secrets: 1 });
  });

  it('accept on one server a token signed in on the other', async () => {
    const [first, second] = servers as [AppServer, AppServer];
    const signIn = await api<{ token: string }>(first, 'POST', '/sessions', credentials.admin);
    expect(signIn.status).toBe(200);
    token = signIn.json.token;
    const onFirst = await api<{ id: number }[]>(first, 'GET', '/companies', undefined, token);
    const onSecond = await api<{ id: number }[]>(second, 'GET', '/companies', undefined, token);
    expect(onFirst.status).toBe(200);
    expect(onSecond.status).toBe(200);
    expect(onSecond.json).toEqual(onFirst.json);
    const back = await api<{ token: string }>(second, 'POST', '/sessions', credentials.company);
    expect((await api(first, 'GET', '/companies', undefined, back.json.token)).status).toBe(200);
    // A token of another secret is refused by both.
    const forged = `${token.slice(0, token.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
    for (const server of servers) expect((await api(server, 'GET', '/companies', undefined, forged)).status).toBe(401);
  });

  it('send each queued e-mail exactly once with both workers running', async () => {
    const [first, second] = servers as [AppServer, AppServer];
    const employees = await query<{ id: number; name: string }>('SELECT id, name FROM users WHERE type_account = 3 ORDER BY id');
    // 150 evaluations through each server, at the same time: both enqueue, both workers fetch.
    const responses = await Promise.all(
      [first, second].map((server, half) =>
        api<{ evaluations: { evaluation_id: string }[] }>(
          server,
          'POST',
          '/evaluation',
          {
            users: Array.from({ length: 150 }, (_, index) => {
              const employee = employees[(index + half) % employees.length]!;
              return { user_id: employee.id, user_name: employee.name, type_evaluation: 13, validate: 15 };
            }),
          },
          token,
        ),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(201);
      created.push(...response.json.evaluations.map((row) => row.evaluation_id));
    }
    expect(new Set(created).size).toBe(300);
    await waitUntil(async () => created.every((id) => mailsFor(id).length > 0), 60000);
    const jobs = await waitUntil(async () => {
      const rows = await query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'createEvaluation'`);
      return rows.length === 300 && rows.every((row) => row.state === 'completed') && rows;
    });
    expect(jobs).toHaveLength(300);
    // (A copy a second sender might still be delivering is looked for again once both servers have
    // stopped, their workers with them: the last test.)
    for (const id of created) expect(mailsFor(id), id).toHaveLength(1);
    expect(smtp.messages).toHaveLength(300);
    const deliveries = await query<{ n: number; sent: number }>(`SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'sent')::int AS sent FROM mail_deliveries`);
    expect(deliveries).toEqual([{ n: 300, sent: 300 }]);
  });

  it('see as answered on one server a questionnaire submitted on the other', async () => {
    const [first, second] = servers as [AppServer, AppServer];
    const link = (await first.waitForLinks('estresse'))[0]!;
    const before = await api<{ user_id: number; rated: number; done: boolean }>(first, 'GET', `/evaluation/find/${link.id}`);
    expect(before.status).toBe(200);
    expect(before.json.done).toBe(false);
    const answers = {
      evaluator_user_id: before.json.user_id,
      rated_user_id: before.json.rated,
      type_evaluation: 13,
      evaluation_id: link.id,
      rated_sector_id: null,
      version: 1,
      questions: Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) })),
    };
    expect((await api(second, 'POST', '/tableresponse/multiple', answers)).status).toBe(201);
    const after = await api<{ done: boolean }>(first, 'GET', `/evaluation/find/${link.id}`);
    expect(after.json.done).toBe(true);
    const again = await api<{ message: string }>(first, 'POST', '/tableresponse/multiple', answers);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Esse questionário já foi respondido!');
  });

  it('stop cleanly on SIGINT, workers included', async () => {
    const exits = await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    // Nothing can be sent any more: still one e-mail per evaluation.
    expect(created).toHaveLength(300);
    for (const id of created) expect(mailsFor(id), id).toHaveLength(1);
    expect(smtp.messages).toHaveLength(300);
  });
});

describe('the start-up of a server on PostgreSQL (prepareDatabase)', () => {
  it('run twice at the same moment on a new database: both succeed, one seeds, both keep the same JWT secret', async () => {
    const fresh = await createDatabase();
    const first = await openDatabase({ kind: 'postgres', url: fresh.url });
    const second = await openDatabase({ kind: 'postgres', url: fresh.url });
    try {
      const options = { adminEmail: 'admin@multi.test', adminPassword: 'Admin-multi-1', companyEmail: 'empresa@multi.test', companyPassword: 'Empresa-multi-1', timeZone: 'America/Sao_Paulo' };
      const [a, b] = await Promise.all([prepareDatabase(first, options), prepareDatabase(second, options)]);
      expect([a.seeded.created, b.seeded.created].sort()).toEqual([false, true]);
      expect(a.jwtSecret).toBe(b.jwtSecret);
      const [stored] = await query<{ value: string }>(`SELECT value FROM meta WHERE key = 'jwt_secret'`, [], fresh.url);
      expect(stored!.value).toBe(a.jwtSecret);
      const [counts] = await query<{ companies: number; users: number; migrations: number }>(
        `SELECT (SELECT count(*)::int FROM companies) AS companies, (SELECT count(*)::int FROM users) AS users,
                (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
        [],
        fresh.url,
      );
        expect(counts).toEqual({ companies: 1, users: 9, migrations: MIGRATIONS });
    } finally {
      await first.close();
      await second.close();
      await fresh.drop();
    }
  });
});
