import { describe, expect, it } from 'vitest';
import { messages } from '../../engine/messages.ts';
import { addUserWithPassword } from './fixtures.ts';
import { bearer, testCredentials, testJwtSecret } from './testApp.ts';
import { forge } from './tokens.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/** Each call gets its own client address, so the sign-in limit of one test does not leak into another. */
let ip = 0;

const SECRET = testJwtSecret;
function post(payload: unknown, headers: Record<string, string> = {}) {
  ip += 1;
  return t.app.inject({ method: 'POST', url: '/api/sessions', payload: payload as Record<string, unknown>, headers, remoteAddress: `10.0.0.${ip}` });
}

describe('POST /api/sessions', () => {
  it('signs in an administrator and a company user', async () => {
    const response = await post(testCredentials.admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toEqual({ id: expect.any(Number), name: 'Administrador Avalia', email: testCredentials.admin.email, type_account: 1, company_id: null, status: true });
    expect(Object.keys(body.user).sort()).toEqual(['company_id', 'email', 'id', 'name', 'status', 'type_account']);
    const header = JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const company = await post({ email: testCredentials.company.email.toUpperCase(), password: testCredentials.company.password });
    expect(company.statusCode).toBe(200);
    expect(company.json().user.type_account).toBe(2);
  });

  it('answers 401 with the catalogue message for a wrong password, an unknown e-mail, a participant or an inactive user', async () => {
    await addUserWithPassword(t.db, { email: 'participante@teste.avalia', password: 'Senha-1', typeAccount: 3, companyId: demo.companyId });
    await addUserWithPassword(t.db, { email: 'inativo@teste.avalia', password: 'Senha-1', typeAccount: 2, status: false, companyId: demo.companyId });
    for (const payload of [
      { email: testCredentials.admin.email, password: 'errada' },
      { email: 'ninguem@teste.avalia', password: 'x' },
      { email: 'participante@teste.avalia', password: 'Senha-1' },
      { email: 'inativo@teste.avalia', password: 'Senha-1' },
      { email: demo.employees[0]!.email, password: '' + 'qualquer' },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(401);
      expect(response.json()).toEqual({ message: messages.api.invalidCredentials });
    }
  });

  it('answers 400 in Portuguese for missing, empty or malformed fields and bodies', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'x' }, 'o campo email é obrigatório'],
      [{ email: 'a@b.com' }, 'o campo password é obrigatório'],
      [{ email: '', password: 'x' }, messages.signIn.emailRequired],
      [{ email: 'sem-arroba', password: 'x' }, messages.signIn.emailInvalid],
      [{ email: 'a@b.com', password: '' }, messages.signIn.passwordRequired],
      [{ email: { $ne: 1 }, password: 'x' }, 'o campo email tem um valor inválido'],
      [[1, 2], messages.api.bodyInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    ip += 1;
    const malformed = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: '{"email":', headers: { 'content-type': 'application/json' }, remoteAddress: `10.0.0.${ip}` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Requisição inválida: o corpo não é um JSON válido');
    ip += 1;
    const textBody = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: 'x', headers: { 'content-type': 'application/xml' }, remoteAddress: `10.0.0.${ip}` });
    expect(textBody.statusCode).toBe(415);
    expect(textBody.json().message).toBe(messages.api.unsupportedMediaType);
  });

  it('limits sign-in attempts per client to 10 in 10 seconds (429 in Portuguese, saying how long to wait)', async () => {
    // A new e-mail each time, so the per-account throttle (signInThrottle.test.ts) stays out of it.
    let n = 0;
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: `x${(n += 1)}@y.com`, password: 'errada' }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Muitas tentativas a partir deste endereço\. Aguarde (1 segundo|([2-9]|10) segundos) e tente novamente\.$/);
    // Another client is not affected.
    expect((await post(testCredentials.admin)).statusCode).toBe(200);
  });
});

describe('authentication of private routes', () => {
  it('answers 401 without a token, with a bad, expired, foreign or non-HS256 token, and for a participant', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The forging works: the same hand-made token with the right secret is accepted.
    const valid = await t.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(forge({ uid: 1, sv: 0, iat: now, exp: now + 60 })) });
    expect(valid.statusCode).toBe(200);
    const hs512 = forge({ uid: 1, sv: 0, iat: now, exp: now + 60 }, SECRET, 'HS512');
    const expired = forge({ uid: 1, sv: 0, iat: now - 7200, exp: now - 3600 });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"uid":1}').toString('base64url')}.`;
    const foreign = forge({ uid: 1, sv: 0, iat: now, exp: now + 60 }, 'outro-segredo'.padEnd(48, 'y'));
    const participant = forge({ uid: demo.employees[0]!.id, sv: 0, iat: now, exp: now + 60 });
    for (const headers of [{}, bearer('abc'), bearer(hs512), bearer(expired), bearer(none), bearer(foreign), bearer(participant), { authorization: 'Basic x' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/companies', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ message: messages.api.unauthorized });
    }
  });
});

describe('GET /api/users/all', () => {
  it('lists every user for an administrator', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/all', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(2 + demo.employees.length);
    expect(Object.keys(list[0]!).sort()).toEqual(['company_id', 'email', 'id', 'name', 'status', 'type_account']);
    expect(JSON.stringify(list)).not.toContain('argon2');
  });

  it('is forbidden to a company user (403)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/all', headers: bearer(companyToken) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.api.forbidden });
  });
});

describe('GET /api/companies', () => {
  it('gives an administrator every active company by commercial name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((company: { commercial_name: string }) => company.commercial_name)).toEqual(['Empresa Demonstração', 'Outra Empresa']);
  });

  it('gives a company user only its own company', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(companyToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ id: demo.companyId, commercial_name: 'Empresa Demonstração' })]);
  });
});

describe('sectors', () => {
  it('lists the sectors of a company', async () => {
    for (const token of [adminToken, companyToken]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/sectors/list/${demo.companyId}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((sector: { sector_name: string }) => sector.sector_name)).toEqual(['Administrativo', 'Operações']);
    }
    const admin = await t.app.inject({ method: 'GET', url: `/api/sectors/list/${other.companyId}`, headers: bearer(adminToken) });
    expect(admin.json()).toEqual([{ id: other.sectorId, company_id: other.companyId, sector_name: 'Vendas' }]);
  });

  it('hides another company and unknown companies (404), rejects malformed ids (400) and needs a token (401)', async () => {
    const foreign = await t.app.inject({ method: 'GET', url: `/api/sectors/list/${other.companyId}`, headers: bearer(companyToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Empresa ${other.companyId} não encontrada.`);
    expect((await t.app.inject({ method: 'GET', url: '/api/sectors/list/999999', headers: bearer(adminToken) })).statusCode).toBe(404);
    for (const id of ['abc', '0', '99999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/sectors/list/${id}`, headers: bearer(adminToken) });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toMatch(/^Requisição inválida/);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/sectors/list/${demo.companyId}` })).statusCode).toBe(401);
  });

  it('GET /api/sectors/{id} needs a session: any sector for an administrator, only its own company for a company user', async () => {
    const sectorId = demo.sectorId('Operações');
    const admin = await t.app.inject({ method: 'GET', url: `/api/sectors/${sectorId}`, headers: bearer(adminToken) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ sector_name: 'Operações' });
    const own = await t.app.inject({ method: 'GET', url: `/api/sectors/${sectorId}`, headers: bearer(companyToken) });
    expect(own.json()).toEqual({ sector_name: 'Operações' });
    expect((await t.app.inject({ method: 'GET', url: `/api/sectors/${other.sectorId}`, headers: bearer(adminToken) })).json()).toEqual({ sector_name: 'Vendas' });
    // Another company's sector answers exactly like an absent one: ids cannot be counted through.
    const foreign = await t.app.inject({ method: 'GET', url: `/api/sectors/${other.sectorId}`, headers: bearer(companyToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Setor ${other.sectorId} não encontrado.`);
    const missing = await t.app.inject({ method: 'GET', url: '/api/sectors/424242', headers: bearer(companyToken) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Setor 424242 não encontrado.');
    for (const id of [sectorId, other.sectorId, 424242]) {
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/sectors/${id}` });
      expect(anonymous.statusCode, String(id)).toBe(401);
      expect(anonymous.json()).toEqual({ message: messages.api.unauthorized });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sectors/abc', headers: bearer(adminToken) })).statusCode).toBe(400);
  });
});

describe('unknown API routes', () => {
  it('answer 404 JSON in Portuguese', async () => {
    for (const [method, url] of [['GET', '/api/nada'], ['POST', '/api/nada'], ['GET', '/api'], ['DELETE', '/api/companies']] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: messages.api.notFound });
    }
  });
});
