/**
 * Issue 23, item 4 ("Smaller"): every error answer is the product's Portuguese `{message}`, ids are
 * checked at the edge, tokens carry their claims, answers carry their cache and permission headers,
 * and the public registration link shows only what its page needs.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sectors, users } from '../../apps/server/src/db/schema.ts';
import { neutralize, unneutralize } from '../../apps/server/src/spreadsheets/layout.ts';
import { format, messages } from '../../engine/messages.ts';
import { addUserWithPassword } from './fixtures.ts';
import { bearer, testCredentials } from './testApp.ts';
import { forge } from './tokens.ts';
import { adminToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

describe('answers Fastify gives before the routes', () => {
  it('answers a bad URL encoding 400 in Portuguese, without echoing the path', async () => {
    for (const url of ['/api/users/list/%zz', '/api/companies/%E0%A4%A', '/api/evaluation/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: messages.api.badUrl });
      expect(response.body, url).not.toContain('%');
      expect(response.body, url).not.toMatch(/Bad Request|FST_ERR/);
    }
  });

  it('answers an over-long path parameter 414 in Portuguese, without echoing the path', async () => {
    const long = '1'.repeat(500);
    // GET and DELETE fall through to the not-found answer; a PATCH finds no other route.
    for (const url of [`/api/sectors/${long}`, `/api/positions/${long}`]) {
      const response = await t.app.inject({ method: 'PATCH', url, payload: {} });
      expect(response.statusCode, url).toBe(414);
      expect(response.json(), url).toEqual({ message: messages.api.uriTooLong });
      expect(response.body, url).not.toContain(long);
      expect(response.body, url).not.toMatch(/Bad Request|FST_ERR/);
    }
  });
});

describe('ids checked at the edge', () => {
  const refused = (field: string) => format(messages.api.invalidRequest, { detail: format(messages.api.fieldInvalid, { field }) });

  it('refuses a path id that is not a plain positive integer', async () => {
    for (const id of ['Infinity', '-Infinity', '0x10', '1e3', '%00', '1%00', '+3', '03', '2147483648', '99999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/users/list/${id}`, headers: bearer(adminToken) });
      expect(response.statusCode, id).toBe(400);
      expect(response.json(), id).toEqual({ message: refused('companyId') });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/users/list/${demo.companyId}`, headers: bearer(adminToken) })).statusCode).toBe(200);
  });

  it('refuses a query id that is not a plain positive integer, or given twice', async () => {
    for (const query of ['company=Infinity', 'company=-Infinity', 'company=0x10', 'company=true', 'company=1%00', `company=${demo.companyId}&company=${demo.companyId}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: bearer(adminToken) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message: refused('company') });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/audit?company=${demo.companyId}`, headers: bearer(adminToken) })).statusCode).toBe(200);
  });

  it('refuses a body id that is not a JSON integer (no coercion of texts, booleans or lists)', async () => {
    const [sector] = await t.db.select().from(sectors).where(eq(sectors.companyId, demo.companyId)).limit(1);
    const before = await t.db.select().from(sectors).orderBy(sectors.id);
    for (const id of ['Infinity', '-Infinity', '\u0000', `${sector!.id}\u0000`, true, '0x10', [String(sector!.id)], String(sector!.id), 1.5, 0]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/sectors/${demo.companyId}`,
        headers: bearer(adminToken),
        payload: { sectors: [{ id, sector_name: 'Renomeado por engano' }] },
      });
      expect(response.statusCode, JSON.stringify(id)).toBe(400);
      expect(response.json(), JSON.stringify(id)).toEqual({ message: refused('sectors.0.id') });
    }
    expect(await t.db.select().from(sectors).orderBy(sectors.id)).toEqual(before);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/sectors/${demo.companyId}`,
      headers: bearer(adminToken),
      payload: { sectors: [{ id: sector!.id, sector_name: sector!.sectorName }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('sign-in tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const session = async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, testCredentials.admin.email));
    return { uid: admin!.id, sv: admin!.sessionVersion };
  };
  const status = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(token) })).statusCode;

  it('refuses a token signed with the secret but without its claims or with impossible times', async () => {
    const { uid, sv } = await session();
    const forged = {
      'no exp': { uid, sv, iat: now() },
      'exp 100 years ahead': { uid, sv, iat: now(), exp: now() + 100 * 365 * 24 * 3600 },
      'exp 13 h after iat': { uid, sv, iat: now() - 60, exp: now() - 60 + 13 * 3600 },
      'iat in the future': { uid, sv, iat: now() + 3600, exp: now() + 7200 },
      'no iat': { uid, sv, exp: now() + 3600 },
      'no session version': { uid, iat: now(), exp: now() + 3600 },
      'a text session version': { uid, sv: String(sv), iat: now(), exp: now() + 3600 },
    };
    for (const [name, payload] of Object.entries(forged)) expect(await status(forge(payload)), name).toBe(401);
    // The same claims, well formed, are accepted (a clock a few seconds ahead of the server's too).
    expect(await status(forge({ uid, sv, iat: now(), exp: now() + 12 * 3600 }))).toBe(200);
    expect(await status(forge({ uid, sv, iat: now() + 5, exp: now() + 3600 }))).toBe(200);
  });

  it('DELETE /api/sessions ends the token and every other session of the user', async () => {
    const user = await addUserWithPassword(t.db, { email: 'saida@demonstracao.com.br', password: 'Senha-de-saida-1', typeAccount: 2, companyId: demo.companyId });
    const signIn = async (address: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: user.email, password: 'Senha-de-saida-1' }, remoteAddress: address });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().token as string;
    };
    const first = await signIn('10.23.0.1');
    const second = await signIn('10.23.0.2');
    expect(await status(first)).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/sessions' })).statusCode).toBe(401);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(first) });
    expect(out.statusCode, out.body).toBe(204);
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(first) })).statusCode).toBe(401);
    // Signing in again opens a new session.
    expect(await status(await signIn('10.23.0.3'))).toBe(200);
  });
});

describe('headers of every answer', () => {
  const expectHeaders = (response: { headers: Record<string, unknown> }, label: string, api: boolean) => {
    expect(String(response.headers['permissions-policy']), label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    // Helmet's, written out from its documented defaults and the policy the pages need (the API
    // document's page sets its own).
    if (!label.includes('/docs')) expect(response.headers['content-security-policy'], label).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self' blob:",
    );
    expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    expect(response.headers['x-frame-options'], label).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security'], label).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['referrer-policy'], label).toBe('no-referrer');
    if (api) expect(response.headers['cache-control'], label).toBe('no-store');
  };

  it('sends Cache-Control: no-store on every API answer, and helmet\'s headers and a Permissions-Policy on every answer (the router\'s own errors too)', async () => {
    const calls = [
      { method: 'GET', url: '/api/companies', headers: bearer(adminToken) },
      { method: 'GET', url: `/api/users/list/${demo.companyId}`, headers: bearer(adminToken) },
      { method: 'GET', url: '/api/companies' },
      { method: 'GET', url: '/api/nada' },
      { method: 'GET', url: '/api/users/list/x', headers: bearer(adminToken) },
      { method: 'POST', url: '/api/sessions', payload: { email: 'ninguem@teste.avalia', password: 'errada' }, remoteAddress: '10.23.1.1' },
      { method: 'GET', url: '/api/users/list/%zz' },
      { method: 'PATCH', url: `/api/sectors/${'1'.repeat(500)}`, payload: {} },
    ] as const;
    for (const call of calls) expectHeaders(await t.app.inject(call), `${call.method} ${call.url.slice(0, 40)}`, true);
    expectHeaders(await t.app.inject({ method: 'GET', url: '/' }), 'GET /', false);
    expectHeaders(await t.app.inject({ method: 'GET', url: '/docs/json' }), 'GET /docs/json', false);
  });
});

describe('spreadsheet cells', () => {
  it('neutralises the full-width and small = + - @ at the start of a cell as the ASCII ones, and reads them back', () => {
    for (const text of ['＝1+1', '＋55 11', '－2', '＠SUM(A1)', '﹦1', '﹢1', '﹣1', '﹫x', '=1', '+1', '-1', '@x']) {
      expect(neutralize(text), text).toBe(`'${text}`);
      expect(unneutralize(neutralize(text)), text).toBe(text);
    }
    for (const text of ['Ana', '1＝1', "'＝x"]) expect(neutralize(text), text).toBe(text);
  });
});

describe('the public registration link', () => {
  const linkOf = async (companyId: number) =>
    ((await t.app.inject({ method: 'POST', url: `/api/users/data/link/${companyId}`, headers: bearer(adminToken) })).json() as { transaction: string }).transaction;

  it('sends the names, sectors and positions of the read-only rows, the e-mails masked and no phone', async () => {
    const transaction = await linkOf(demo.companyId);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/data/${transaction}` });
    expect(response.statusCode).toBe(200);
    const workers = response.json().workers as { name: string; email: string; phone: string | null; sector: string | null }[];
    const employees = await t.db.select().from(users).where(eq(users.companyId, demo.companyId));
    expect(workers.length).toBeGreaterThan(2);
    for (const employee of employees) {
      expect(response.body, employee.email).not.toContain(employee.email);
      if (employee.phone) expect(response.body, employee.phone).not.toContain(employee.phone);
    }
    // Written out by hand from the seeded 'ana.souza@demonstracao.com.br'.
    expect(workers.find((worker) => worker.name === 'Ana Paula Souza')).toEqual(
      expect.objectContaining({ email: 'a***@d***.com.br', phone: null, sector: 'Administrativo', position: 'Analista' }),
    );
    // Signed-in staff reading their own company by its id still see everything.
    const staff = await t.app.inject({ method: 'GET', url: `/api/users/data/${demo.companyId}`, headers: bearer(adminToken) });
    expect(staff.body).toContain('ana.souza@demonstracao.com.br');
  });

  it("does not confirm through a link that an e-mail belongs to another company's person", async () => {
    const [outsider] = await t.db.select().from(users).where(eq(users.companyId, other.companyId)).limit(1);
    const transaction = await linkOf(demo.companyId);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/data',
      payload: { transaction, users: [{ name: 'Alguém', email: outsider!.email.toUpperCase(), phone: '11987654321', new: true }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([format(messages.registration.rowError, { row: 'Colaborador 1', problems: messages.registration.emailUnavailable })]);
    expect(response.body).not.toContain(outsider!.email);
    expect(response.body).not.toMatch(/cadastrad/);
  });
});
