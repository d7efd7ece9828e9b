import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { storedJwtSecret } from '../../apps/server/src/db/meta.ts';
import { DEMO_EMPLOYEES, seed, seedReport } from '../../apps/server/src/seed.ts';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { format, messages } from '../../engine/messages.ts';
import { countRows } from './fixtures.ts';
import { buildTestApp, createTestDatabase, seedOptions, testJwtSecret, type TestApp, type TestDatabase } from './testApp.ts';
import { tempDir } from '../tempDirs.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      pgliteDurable: true,
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
      demoResults: true,
      webRoot: undefined,
      listenBacklog: 4096,
    });
    expect(loadConfig({ LISTEN_BACKLOG: '8192' }).listenBacklog).toBe(8192);
    expect(() => loadConfig({ LISTEN_BACKLOG: '0' })).toThrow('LISTEN_BACKLOG');
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_RESULTS: '0' }).demoResults).toBe(false);
    expect(loadConfig({ RATE_LIMIT_PUBLIC: '5000' }).publicRateLimit).toBe(5000);
    expect(() => loadConfig({ RATE_LIMIT_PUBLIC: 'muitos' })).toThrow('RATE_LIMIT_PUBLIC');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://avalia.example/' }).publicUrl).toBe('https://avalia.example');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Marte/Olimpo' })).toThrow();
  });

  it('reads TRUST_PROXY as nothing, a number of hops or a list of proxy addresses, and refuses anything else', () => {
    for (const value of [undefined, '', ' ', '0', 'false', 'no']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy, String(value)).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
    // `true` trusted every hop: a client could name its own address. It now stops the start instead.
    for (const value of ['true', 'yes', '-1', '1.5', '999', 'proxy', '10.0.0.1,', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(format(messages.api.trustProxyInvalid, { value }));
    }
  });

  it('refuses a production configuration with a default password, naming the variable to set', () => {
    const strong = { ADMIN_PASSWORD: 'Segredo-do-admin-1', COMPANY_PASSWORD: 'Segredo-da-empresa-1' };
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(messages.api.productionAdminPassword);
    expect(messages.api.productionAdminPassword).toContain('ADMIN_PASSWORD');
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'avalia123', COMPANY_PASSWORD: strong.COMPANY_PASSWORD })).toThrow(messages.api.productionAdminPassword);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'curta', COMPANY_PASSWORD: strong.COMPANY_PASSWORD })).toThrow(messages.api.productionAdminPassword);
    // The demo company user (DEMO_DATA on by default) has a known password too.
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: strong.ADMIN_PASSWORD })).toThrow(messages.api.productionCompanyPassword);
    expect(messages.api.productionCompanyPassword).toContain('COMPANY_PASSWORD');
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: strong.ADMIN_PASSWORD, DEMO_DATA: '0' }).adminPassword).toBe(strong.ADMIN_PASSWORD);
    expect(loadConfig({ NODE_ENV: 'production', ...strong }).companyPassword).toBe(strong.COMPANY_PASSWORD);
    // Outside production the documented defaults still start a demo.
    expect(loadConfig({ NODE_ENV: 'development' }).adminPassword).toBe('avalia123');
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
    // One PSS-14 link per employee, and one link of every other questionnaire of the catalogue that has
    // a link (the 360 interview, a staff form, has none).
    const withDefinition = catalog.types.filter((entry) => 'definition' in entry && 'slug' in entry && entry.slug);
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
      for (const [method, url, payload] of [
        ['POST', '/api/sessions', { email: 'a@b.com.br', password: 'x' }],
        ['GET', '/api/evaluation/find/8a6e0804-2bd0-4672-b79d-d97027f9071a', undefined],
      ] as const) {
        const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, url).toBe(500);
        expect(response.json(), url).toEqual({ message: messages.common.serverError });
      }
    } finally {
      await app.close();
    }
  });
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
    const outcome = await t.app.inject({ method: 'GET', url: '/evaluation/complete/abc' });
    expect(outcome.body).toBe('<html>respondent</html>');
    // A link is checked before any page is sent: an unknown evaluation goes to the invalid page.
    const unknown = await t.app.inject({ method: 'GET', url: '/estresse/8a6e0804-2bd0-4672-b79d-d97027f9071a' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/evaluation/invalid/8a6e0804-2bd0-4672-b79d-d97027f9071a');
  });

  it('caches hashed assets for a year, 404s missing files, and sends a CSP that allows the built app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = String(asset.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // The 360's 'Imprimir Relatório' frames the PDF from a blob: address (issue 24: "This content is blocked").
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
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
