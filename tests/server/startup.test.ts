import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { storedJwtSecret } from '../../apps/server/src/db/meta.ts';
import { DataDirLockedError, lockDataDir } from '../../apps/server/src/lock.ts';
import { DEMO_EMPLOYEES, seed, seedReport } from '../../apps/server/src/seed.ts';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { messages } from '../../engine/messages.ts';
import { countRows } from './fixtures.ts';
import { buildTestApp, createTestDatabase, seedOptions, testJwtSecret, type TestApp, type TestDatabase } from './testApp.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const temporary: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      adminEmail: 'admin@avalia.com.br',
      adminPassword: 'avalia123',
      companyEmail: 'empresa@avalia.com.br',
      companyPassword: 'avalia123',
      timeZone: 'America/Sao_Paulo',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      publicRateLimit: 600,
      demoData: true,
      webRoot: undefined,
    });
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ RATE_LIMIT_PUBLIC: '5000' }).publicRateLimit).toBe(5000);
    expect(() => loadConfig({ RATE_LIMIT_PUBLIC: 'muitos' })).toThrow('RATE_LIMIT_PUBLIC');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://avalia.example/' }).publicUrl).toBe('https://avalia.example');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Marte/Olimpo' })).toThrow();
  });
});

describe('seed', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('creates the demo once; a second run creates nothing', async () => {
    const first = await seed(t.db, seedOptions);
    expect(first.created).toBe(true);
    expect(first.links.length).toBeGreaterThanOrEqual(6);
    const tables = ['companies', 'sectors', 'positions', 'users', 'userSectors', 'userPositions', 'evaluations', 'responses'] as const;
    const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(t.db, table)])));
    const after = await counts();
    expect(after).toMatchObject({ companies: 1, sectors: 2, users: 2 + DEMO_EMPLOYEES.length, evaluations: first.links.length, responses: 0 });
    // One PSS-14 link per employee, and one link of every other questionnaire of the catalogue.
    const withDefinition = catalog.types.filter((entry) => 'definition' in entry);
    expect(first.links.filter((link) => link.type === 13)).toHaveLength(DEMO_EMPLOYEES.length);
    expect(new Set(first.links.map((link) => link.type))).toEqual(new Set(withDefinition.map((entry) => entry.type)));

    const second = await seed(t.db, seedOptions);
    expect(second.created).toBe(false);
    expect(await counts()).toEqual(after);
    expect(second.links).toEqual(first.links);

    const report = seedReport(first, { ...seedOptions, publicUrl: 'http://localhost:3000' });
    expect(report).toContain(seedOptions.adminEmail);
    expect(report).toContain(seedOptions.companyPassword);
    for (const link of first.links) {
      const slug = withDefinition.find((entry) => entry.type === link.type)?.slug;
      expect(report).toContain(`http://localhost:3000/${slug}/${link.evaluationId}`);
    }
    expect(seedReport(second, { ...seedOptions, publicUrl: 'http://x' })).not.toContain(seedOptions.adminPassword);
  });

  it('with DEMO_DATA=0 creates only the administrator, once', async () => {
    const empty = await createTestDatabase();
    try {
      const options = { ...seedOptions, demoData: false };
      const first = await seed(empty.db, options);
      expect(first).toEqual({ created: true, links: [] });
      expect(await countRows(empty.db, 'users')).toBe(1);
      expect(await countRows(empty.db, 'companies')).toBe(0);
      const report = seedReport(first, { ...options, publicUrl: 'http://x' });
      expect(report).toContain(seedOptions.adminEmail);
      expect(report).not.toContain(seedOptions.companyEmail);
      expect((await seed(empty.db, options)).created).toBe(false);
    } finally {
      await empty.drop();
    }
  });

  it('keeps one generated JWT secret', async () => {
    const secret = await storedJwtSecret(t.db);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await storedJwtSecret(t.db)).toBe(secret);
  });
});

describe('server errors', () => {
  it('answer 500 with the generic Portuguese message and no stack when the database fails', async () => {
    const t = await createTestDatabase();
    const app = await buildApp({ db: t.db, jwtSecret: testJwtSecret, timeZone: 'America/Sao_Paulo' });
    await t.drop();
    try {
      for (const url of ['/api/sectors/1', '/api/evaluation/find/8a6e0804-2bd0-4672-b79d-d97027f9071a']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(500);
        expect(response.json(), url).toEqual({ message: messages.common.serverError });
      }
    } finally {
      await app.close();
    }
  });
});

describe('data directory lock', () => {
  it('refuses a second holder and is free again after release', () => {
    const dir = tempDir('avalia-lock-');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/já está em uso/);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a stale lock whose process is dead', () => {
    const dir = tempDir('avalia-lock-');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, 'avalia.lock'), `${dead}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('makes a second server on the same DATA_DIR exit with code 1 and a clear message', async () => {
    const dir = tempDir('avalia-data-');
    const lock = lockDataDir(dir);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0' };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('já está em uso');
      expect(output).toContain(`locked by process ${process.pid}`);
    } finally {
      lock.release();
    }
  });

  it('finishes a clean shutdown on Ctrl-C pressed twice: exit 0 and the data dir unlocked', async () => {
    const dir = tempDir('avalia-data-');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const seen = (text: string) =>
      new Promise<void>((resolve) => {
        const read = () => output.includes(text) && resolve();
        child.stdout.on('data', read);
        read();
      });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await seen('Ctrl-C para parar');
    child.kill('SIGINT');
    // The second press lands while the server is closing its database.
    await seen('encerrando o Avalia');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('encerrando o Avalia');
    expect(existsSync(join(dir, 'avalia.lock'))).toBe(false);
  }, 60000);
});

describe('web app', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = tempDir('avalia-web-');
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<html>staff</html>');
    writeFileSync(join(root, 'respondent.html'), '<html>respondent</html>');
    writeFileSync(join(root, 'assets/app-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ seeded: false, webRoot: root });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the staff app for staff routes and the respondent entry for respondent links', async () => {
    for (const url of ['/', '/dash/13', '/users/4']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<html>staff</html>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/estresse/8a6e0804-2bd0-4672-b79d-d97027f9071a', '/evaluation/complete/abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toBe('<html>respondent</html>');
    }
  });

  it('caches hashed assets for a year, 404s missing files, and sends a CSP that allows the built app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = String(asset.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
  });

  it('publishes the OpenAPI document at /docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const json = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(
      expect.arrayContaining(['/api/sessions', '/api/evaluation/find/{id}', '/api/tableresponse/multiple', '/api/tableresponse/evaluations']),
    );
  });

  it('answers 503 with the build instruction when there is no build, while the API keeps working', async () => {
    const bare = await buildTestApp({ seeded: false, webRoot: join(root, 'nao-existe') });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/dash/13' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toBe(messages.api.webNotBuilt);
      expect(page.body).toContain('npm run build');
      const api = await bare.app.inject({ method: 'GET', url: '/api/evaluation/find/abc' });
      expect(api.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
