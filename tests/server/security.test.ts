/**
 * Security defects of issue 10 (section 3) that have no better home: malformed report e-mail bodies,
 * the proxy hops behind TRUST_PROXY, one password verification on every sign-in path, the e-mail check across companies, ended
 * sessions after a password change or a deactivation, and deactivating oneself through the full edit.
 */
import { eq } from 'drizzle-orm';
import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../apps/server/src/config.ts';
import { dummyHash } from '../../apps/server/src/passwords.ts';
import { evaluations, users } from '../../apps/server/src/db/schema.ts';
import { format, messages } from '../../engine/messages.ts';
import { addUserWithPassword, countRows } from './fixtures.ts';
import { bearer, buildTestApp, testCredentials, type TestApp } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

/** Each sign-in from its own address, so the limit of 10 a minute never interferes. */
let address = 0;
function signInFrom(email: string, password: string) {
  address += 1;
  return t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email, password }, remoteAddress: `10.20.${Math.floor(address / 250)}.${address % 250}` });
}

async function tokenOf(email: string, password: string): Promise<string> {
  const response = await signInFrom(email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

function call(method: 'GET' | 'PATCH' | 'POST', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: token ? bearer(token) : {} });
}

/** A private call any signed-in staff member may make: 200 while the session lives, 401 once it ended. */
async function sessionStatus(token: string): Promise<number> {
  return (await call('GET', '/api/companies', token)).statusCode;
}

let sequence = 0;
async function companyUser(password = 'Senha-inicial-1') {
  sequence += 1;
  const user = await addUserWithPassword(t.db, { email: `sessao${sequence}@demonstracao.com.br`, password, typeAccount: 2, companyId: demo.companyId });
  return { ...user, password };
}

describe('POST /api/tableresponse/report/email with a malformed evaluation_type', () => {
  it('answers 400 in Portuguese (never 500)', async () => {
    const [done] = await t.db
      .insert(evaluations)
      .values({ userId: demo.employees[0]!.id, rated: demo.employees[0]!.id, typeEvaluation: 13, done: true })
      .returning();
    for (const evaluationType of [['x'], ['ab', 'c'], [['x']], { a: 1 }, [{}], [null]]) {
      const response = await call('POST', '/api/tableresponse/report/email', adminToken, { evaluation_type: evaluationType, target_ids: [done!.id] });
      expect(response.statusCode, JSON.stringify(evaluationType)).toBe(400);
      expect(response.json().message, JSON.stringify(evaluationType)).toMatch(/^(Tipo de avaliação inexistente|Requisição inválida)/);
    }
    const array = await call('POST', '/api/tableresponse/report/email', adminToken, { evaluation_type: ['x'], target_ids: [done!.id] });
    expect(array.json()).toEqual({ message: format(messages.api.unknownType, { type: '["x"]' }) });
    // A numeric text inside a one-item list is still the type it always was.
    expect((await call('POST', '/api/tableresponse/report/email', adminToken, { evaluation_type: ['13'], target_ids: [done!.id] })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY=1 behind one reverse proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    // Straight from the variable, as server.ts does.
    proxied = await buildTestApp({ seeded: false, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  /**
   * A sign-in through the proxy at 10.0.0.2, which appends the address it saw to what the client sent;
   * a new e-mail each time, so the per-account throttle stays out of it.
   */
  let guess = 0;
  const viaProxy = (forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email: `alguem${(guess += 1)}@teste.avalia`, password: 'errada' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the sign-in limit on the address the proxy appended: a rotating spoofed leftmost value does not escape it', async () => {
    for (let i = 1; i <= 10; i += 1) expect((await viaProxy(`198.51.100.${i}, 203.0.113.7`)).statusCode, `attempt ${i}`).toBe(401);
    const limited = await viaProxy('198.51.100.99, 203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Muitas tentativas a partir deste endereço\. Aguarde/);
    // Without any spoofing the same client is limited too; another client behind the same proxy is not.
    expect((await viaProxy('203.0.113.7')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.1, 203.0.113.8')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as the list of proxy addresses', () => {
  let listed: TestApp;
  beforeAll(async () => {
    listed = await buildTestApp({ seeded: false, trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.50.0/24' }).trustProxy });
  });
  afterAll(async () => {
    await listed?.close();
  });

  let guess = 0;
  const attempt = (remoteAddress: string, forwardedFor: string) =>
    listed.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email: `alguem${(guess += 1)}@teste.avalia`, password: 'errada' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('believes only the listed proxies: a client that reaches the server directly is counted by its own address', async () => {
    // Through a listed proxy: the address it appended is the client, whatever the client wrote before it.
    for (let i = 1; i <= 10; i += 1) expect((await attempt('192.168.50.9', `198.51.100.${i}, 203.0.113.20`)).statusCode).toBe(401);
    expect((await attempt('10.0.0.2', '198.51.100.77, 203.0.113.20')).statusCode).toBe(429);
    // Directly, with a forged header naming a new address each time: the socket address is what counts.
    for (let i = 1; i <= 10; i += 1) expect((await attempt('203.0.113.30', `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await attempt('203.0.113.30', '198.51.100.200')).statusCode).toBe(429);
  });
});

describe('sign-in: one password verification on every path', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The stored hash of an account, read from the database (null for an account without a password). */
  async function hashOf(email: string): Promise<string | null> {
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    return row!.hash;
  }

  it('runs exactly one argon2 verification for unknown e-mails, inactive users and users without a password, as for a wrong password', async () => {
    const inactive = await addUserWithPassword(t.db, { email: 'inativa.verificacao@demonstracao.com.br', password: 'Senha-inativa-1', typeAccount: 2, status: false, companyId: demo.companyId });
    // A participant (type 3) has no password at all.
    const participant = demo.employees[1]!;
    expect(await hashOf(participant.email)).toBeNull();
    const dummy = await dummyHash();
    const admin = await hashOf(testCredentials.admin.email);
    // Each path, and the hash its one verification must be given: the account's own, or the dummy hash
    // when there is none (so an unknown e-mail costs what a known one costs: the reason to verify at all).
    const kinds = [
      { kind: 'wrongPassword', email: testCredentials.admin.email, password: 'senha-errada', hash: admin },
      { kind: 'unknownEmail', email: 'ninguem.verificacao@teste.avalia', password: 'senha-errada', hash: dummy },
      { kind: 'inactive', email: inactive.email, password: 'Senha-inativa-1', hash: inactive.passwordHash! },
      { kind: 'noPassword', email: participant.email, password: 'senha-errada', hash: dummy },
    ];
    // The real argon2 runs: the spy only counts the calls the product makes through the module's object.
    const verify = vi.spyOn(argon2, 'verify');
    for (const { kind, email, password, hash } of kinds) {
      verify.mockClear();
      const response = await signInFrom(email, password);
      expect(response.statusCode, kind).toBe(401);
      expect(response.json()).toEqual({ message: messages.api.invalidCredentials });
      expect(verify.mock.calls, kind).toEqual([[hash, password]]);
      // The verification ran to its end (a real argon2 answer, awaited before the 401), not just started.
      expect(verify.mock.settledResults, kind).toEqual([{ type: 'fulfilled', value: kind === 'inactive' }]);
    }
    // The control: a successful sign-in takes the same one verification.
    verify.mockClear();
    expect((await signInFrom(testCredentials.admin.email, testCredentials.admin.password)).statusCode).toBe(200);
    expect(verify.mock.calls).toEqual([[admin, testCredentials.admin.password]]);
  });
});

describe('GET /api/users/verify/{id}/{email} across companies', () => {
  it("does not tell a company user whether an e-mail of another company exists, while its own company's are checked", async () => {
    const foreign = encodeURIComponent('pedro@outra.com.br');
    expect((await call('GET', `/api/users/verify/0/${foreign}`, companyToken)).json()).toEqual({ exists: false });
    expect((await call('GET', `/api/users/verify/0/${foreign.toUpperCase()}`, companyToken)).json()).toEqual({ exists: false });
    expect((await call('GET', `/api/users/verify/${demo.employees[0]!.id}/${foreign}`, companyToken)).json()).toEqual({ exists: false });
    // Its own employees' e-mails are still reported, and the administrator sees every company.
    expect((await call('GET', `/api/users/verify/0/${encodeURIComponent(demo.employees[1]!.email)}`, companyToken)).json()).toEqual({ exists: true });
    expect((await call('GET', `/api/users/verify/0/${foreign}`, adminToken)).json()).toEqual({ exists: true });
  });

  it("still refuses to create a user with another company's e-mail (409, the message naming neither user nor company)", async () => {
    const before = await countRows(t.db, 'users');
    const response = await call('POST', '/api/users', companyToken, {
      name: 'Cópia de Pedro',
      email: 'Pedro@Outra.com.br',
      phone: '(11) 91234-5678',
      company_id: demo.companyId,
      type_account: 3,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'O e-mail já existe em outro usuário!' });
    expect(response.body).not.toContain('Pedro Outra');
    expect(response.body).not.toContain('Outra Empresa');
    expect(await countRows(t.db, 'users')).toBe(before);
  });
});

describe('sessions end when the password changes or the user is deactivated', () => {
  it('a profile password change ends the other sessions and hands this one a fresh token', async () => {
    const user = await companyUser();
    const elsewhere = await tokenOf(user.email, user.password);
    const here = await tokenOf(user.email, user.password);
    const response = await call('PATCH', '/api/users/updateprofile', here, {
      id: user.id,
      name: user.name,
      email: user.email,
      password: user.password,
      new_password: 'Senha-trocada-2',
      confirm_password: 'Senha-trocada-2',
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().token as string;
    expect(fresh).toMatch(/^ey/);
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect(await sessionStatus(here)).toBe(401);
    expect(await sessionStatus(fresh)).toBe(200);
    expect((await call('GET', '/api/companies', elsewhere)).json()).toEqual({ message: messages.api.unauthorized });
    // The new password signs in; a save without a password change keeps the session and sends no token.
    const again = await tokenOf(user.email, 'Senha-trocada-2');
    const rename = await call('PATCH', '/api/users/updateprofile', fresh, { id: user.id, name: 'Renomeada', email: user.email });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().token).toBeUndefined();
    expect(await sessionStatus(fresh)).toBe(200);
    expect(await sessionStatus(again)).toBe(200);
  });

  it("an administrator's change of someone's password ends that user's sessions, and only theirs", async () => {
    const user = await companyUser();
    const session = await tokenOf(user.email, user.password);
    const bystander = await companyUser();
    const bystanderSession = await tokenOf(bystander.email, bystander.password);
    const [position] = (await call('GET', `/api/positions/list/${demo.companyId}`, adminToken)).json() as { id: number }[];
    const response = await call('PATCH', '/api/users/update', adminToken, {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: '(11) 91234-5678',
      type_account: 2,
      sector_ids: [demo.sectors[0]!.id],
      position_id: position!.id,
      password: 'Senha-do-admin-3',
    });
    expect(response.statusCode, response.body).toBe(200);
    // The administrator's own session is not the one that changed: no token for it.
    expect(response.json().token).toBeUndefined();
    expect(await sessionStatus(session)).toBe(401);
    expect(await sessionStatus(bystanderSession)).toBe(200);
    expect(await sessionStatus(adminToken)).toBe(200);
    expect(await sessionStatus(await tokenOf(user.email, 'Senha-do-admin-3'))).toBe(200);
  });

  it('an edit of oneself with a new password keeps the editing session through a fresh token', async () => {
    const user = await companyUser();
    const session = await tokenOf(user.email, user.password);
    const [position] = (await call('GET', `/api/positions/list/${demo.companyId}`, session)).json() as { id: number }[];
    const response = await call('PATCH', '/api/users/update', session, {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: '(11) 91234-5678',
      sector_ids: [demo.sectors[0]!.id],
      position_id: position!.id,
      password: 'Senha-propria-4',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await sessionStatus(session)).toBe(401);
    expect(await sessionStatus(response.json().token)).toBe(200);
  });

  it('a deactivation ends the sessions for good: reactivating does not revive an old token', async () => {
    const user = await companyUser();
    const session = await tokenOf(user.email, user.password);
    expect((await call('PATCH', '/api/users/update', adminToken, { id: user.id, status: false })).statusCode).toBe(200);
    expect(await sessionStatus(session)).toBe(401);
    expect((await call('PATCH', '/api/users/update', adminToken, { id: user.id, status: true })).statusCode).toBe(200);
    expect(await sessionStatus(session)).toBe(401);
    expect(await sessionStatus(await tokenOf(user.email, user.password))).toBe(200);
  });
});

describe('PATCH /api/users/update with status false on oneself', () => {
  it('is refused with the message of the deactivation, also through the full edit, and changes nothing', async () => {
    const user = await companyUser();
    const session = await tokenOf(user.email, user.password);
    const [position] = (await call('GET', `/api/positions/list/${demo.companyId}`, session)).json() as { id: number }[];
    const response = await call('PATCH', '/api/users/update', session, {
      id: user.id,
      name: 'Outro Nome',
      email: user.email,
      phone: '(11) 91234-5678',
      status: false,
      sector_ids: [demo.sectors[0]!.id],
      position_id: position!.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.registry.cannotDeactivateSelf });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: true, name: user.name });
    expect(await sessionStatus(session)).toBe(200);
    // The administrator may still deactivate that user.
    expect((await call('PATCH', '/api/users/update', adminToken, { id: user.id, status: false })).statusCode).toBe(200);
  });
});
