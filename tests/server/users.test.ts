import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { verifyPassword } from '../../apps/server/src/passwords.ts';
import { countRows } from './fixtures.ts';
import { bearer, testCredentials } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

function call(method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: token ? bearer(token) : {} });
}

async function positionId(name: string) {
  const [row] = await t.db.select().from(positions).where(eq(positions.positionName, name));
  return row!.id;
}

async function relations(userId: number) {
  const sectorIds = (await t.db.select().from(userSectors).where(eq(userSectors.userId, userId))).map((row) => row.sectorId);
  const positionIds = (await t.db.select().from(userPositions).where(eq(userPositions.userId, userId))).map((row) => row.positionId);
  return { sectorIds, positionIds };
}

const newUser = { name: 'Maria Nova', email: 'Maria.Nova@Demonstracao.com.br', phone: '(11) 91234-5678', type_account: 3 };

describe('GET /api/users/list/{companyId}', () => {
  it('lists the users of a company with sectors, positions, company name and evaluation flags', async () => {
    const response = await call('GET', `/api/users/list/${demo.companyId}`, companyToken);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    const ana = list.find((row) => row.email === 'ana.souza@demonstracao.com.br')!;
    expect(ana).toMatchObject({
      id: ana.id,
      user_id: ana.id,
      name: 'Ana Paula Souza',
      type_account: 3,
      status: true,
      company_id: demo.companyId,
      company_name: 'Empresa Demonstração',
      sector: [{ id: demo.sectorId('Administrativo'), sector_name: 'Administrativo' }],
      position: [{ id: await positionId('Analista'), position_name: 'Analista' }],
      evaluator: 'true',
      rated: 'true',
    });
    // The company user has no evaluations at all.
    const manager = list.find((row) => row.type_account === 2)!;
    expect(manager).toMatchObject({ evaluator: null, rated: null, sector: [], position: [] });
    expect(list.some((row) => 'password_hash' in row || 'passwordHash' in row)).toBe(false);
    expect(list.every((row) => row.company_id === demo.companyId)).toBe(true);
  });

  it('hides other companies from a company user, shows them to the administrator, needs sign-in', async () => {
    expect((await call('GET', `/api/users/list/${other.companyId}`, companyToken)).statusCode).toBe(404);
    const admin = await call('GET', `/api/users/list/${other.companyId}`, adminToken);
    expect(admin.json().map((row: { id: number }) => row.id)).toEqual([other.employeeId]);
    expect((await call('GET', `/api/users/list/${demo.companyId}`, null)).statusCode).toBe(401);
  });
});

describe('GET /api/users/verify/{id}/{email}', () => {
  it('tells whether another user has the e-mail, case-insensitively', async () => {
    const ana = demo.employees[0]!;
    expect((await call('GET', `/api/users/verify/${ana.id}/${encodeURIComponent('ANA.SOUZA@demonstracao.com.br')}`, companyToken)).json()).toEqual({ exists: false });
    expect((await call('GET', `/api/users/verify/0/${encodeURIComponent('ana.souza@demonstracao.com.br')}`, companyToken)).json()).toEqual({ exists: true });
    expect((await call('GET', `/api/users/verify/${demo.employees[1]!.id}/ana.souza@demonstracao.com.br`, adminToken)).json()).toEqual({ exists: true });
    expect((await call('GET', '/api/users/verify/0/ninguem@x.com', adminToken)).json()).toEqual({ exists: false });
    expect((await call('GET', '/api/users/verify/0/ninguem@x.com', null)).statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates a participant without sector or position and says so', async () => {
    const response = await call('POST', '/api/users', companyToken, { ...newUser, company_id: demo.companyId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Usuário criado, mas sem setor e/ou cargo',
      user: { id: expect.any(Number), name: 'Maria Nova', email: 'maria.nova@demonstracao.com.br', phone: '11912345678', type_account: 3, company_id: demo.companyId, status: true },
    });
  });

  it('creates a company user with platform access, sector, position and a hashed password', async () => {
    const response = await call('POST', '/api/users', adminToken, {
      name: 'Gestor Dois',
      email: 'gestor2@demonstracao.com.br',
      phone: '1133334444',
      company_id: demo.companyId,
      type_account: 2,
      sector_id: demo.sectorId('Operações'),
      position_id: await positionId('Coordenador'),
      password: 'Senha-forte-1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Usuário criado com sucesso');
    const id = response.json().user.id as number;
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword(row!.passwordHash!, 'Senha-forte-1')).toBe(true);
    expect(await relations(id)).toEqual({ sectorIds: [demo.sectorId('Operações')], positionIds: [await positionId('Coordenador')] });
    const signIn = await call('POST', '/api/sessions', null, { email: 'gestor2@demonstracao.com.br', password: 'Senha-forte-1' });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses invalid users with Portuguese messages and stores nothing', async () => {
    const before = await countRows(t.db, 'users');
    const base = { ...newUser, email: 'outro.novo@demonstracao.com.br', company_id: demo.companyId };
    const cases: [string | null, unknown, number, string][] = [
      [companyToken, { ...base, name: ' ' }, 400, 'Nome é obrigatório'],
      [companyToken, { ...base, email: '' }, 400, 'Email é obrigatório'],
      [companyToken, { ...base, email: 'sem-arroba' }, 400, 'Digite um email válido'],
      [companyToken, { ...base, phone: '' }, 400, 'Telefone é obrigatório'],
      [companyToken, { ...base, phone: '123' }, 400, 'Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.'],
      [companyToken, { ...base, email: 'ANA.SOUZA@demonstracao.com.br' }, 409, 'O e-mail já existe em outro usuário!'],
      [companyToken, { ...base, type_account: 2 }, 400, 'A senha é obrigatória para quem tem acesso à plataforma.'],
      [companyToken, { ...base, type_account: 2, password: 'curta' }, 400, 'A senha deve ter pelo menos 8 caracteres.'],
      [companyToken, { ...base, type_account: 1, password: 'Senha-forte-1' }, 403, 'Apenas administradores podem criar ou promover administradores.'],
      [companyToken, { ...base, company_id: other.companyId }, 404, `Empresa ${other.companyId} não encontrada.`],
      [companyToken, { ...base, sector_id: other.sectorId }, 404, `Setor ${other.sectorId} não encontrado.`],
      [adminToken, { ...base, company_id: null }, 400, 'A empresa é obrigatória.'],
      [adminToken, { ...base, company_id: other.companyId, sector_id: demo.sectorId('Operações') }, 404, `Setor ${demo.sectorId('Operações')} não encontrado.`],
      [adminToken, { ...base, type_account: 4 }, 400, 'Requisição inválida: o campo type_account tem um valor inválido'],
      [adminToken, { ...base, is_admin: true }, 400, 'Requisição inválida: o campo is_admin tem um valor inválido'],
      [null, base, 401, 'Sessão expirada ou inválida. Entre novamente.'],
    ];
    for (const [token, payload, status, message] of cases) {
      const response = await call('POST', '/api/users', token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('lets only an administrator create an administrator', async () => {
    const response = await call('POST', '/api/users', adminToken, { ...newUser, email: 'admin2@teste.avalia', type_account: 1, password: 'Admin-dois-2' });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ type_account: 1, company_id: null });
    expect(response.json().message).toBe('Usuário criado com sucesso');
  });
});

describe('PATCH /api/users/update', () => {
  it('edits a user, replacing sectors and position', async () => {
    const bruno = demo.employees[1]!;
    const response = await call('PATCH', '/api/users/update', companyToken, {
      id: bruno.id,
      name: 'Bruno H. Lima',
      email: 'bruno.lima@demonstracao.com.br',
      phone: '11 3333-5555',
      status: false,
      sector_ids: [demo.sectorId('Operações'), demo.sectorId('Administrativo')],
      position_id: await positionId('Operador'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Usuário editado com sucesso', user: { id: bruno.id, name: 'Bruno H. Lima', phone: '1133335555', status: false, type_account: 3 } });
    const current = await relations(bruno.id);
    expect(current.sectorIds.sort()).toEqual([demo.sectorId('Operações'), demo.sectorId('Administrativo')].sort());
    expect(current.positionIds).toEqual([await positionId('Operador')]);
  });

  it('deactivates and reactivates with {id, status} alone, even a record without phone, sector or position', async () => {
    const [bare] = await t.db.insert(users).values({ name: 'Sem Dados', email: 'sem.dados@demonstracao.com.br', typeAccount: 3, companyId: demo.companyId }).returning();
    const off = await call('PATCH', '/api/users/update', companyToken, { id: bare!.id, status: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Usuário editado com sucesso', user: { id: bare!.id, status: false, phone: null } });
    const on = await call('PATCH', '/api/users/update', companyToken, { id: bare!.id, status: true });
    expect(on.json().user.status).toBe(true);
    expect((await call('PATCH', '/api/users/update', companyToken, { id: other.employeeId, status: false })).statusCode).toBe(404);
    const me = (await call('GET', `/api/users/list/${demo.companyId}`, companyToken)).json().find((user: { email: string }) => user.email === testCredentials.company.email);
    const self = await call('PATCH', '/api/users/update', companyToken, { id: me.id, status: false });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Você não pode desativar a sua própria conta.');
  });

  it('requires position and a sector, checks tenancy, and changes nothing when refused', async () => {
    const carla = demo.employees[2]!;
    const before = await relations(carla.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, carla.id));
    const base = { id: carla.id, name: 'Carla', email: carla.email, phone: '11999998888', sector_ids: [demo.sectorId('Operações')], position_id: await positionId('Operador') };
    const cases: [string | null, unknown, number, string][] = [
      [companyToken, { ...base, sector_ids: [] }, 400, 'Selecione pelo menos um setor'],
      [companyToken, { ...base, sector_ids: undefined }, 400, 'Selecione pelo menos um setor'],
      [companyToken, { ...base, position_id: null }, 400, 'Cargo é obrigatório'],
      [companyToken, { ...base, email: 'diego.santos@demonstracao.com.br' }, 409, 'O e-mail já existe em outro usuário!'],
      [companyToken, { ...base, type_account: 1 }, 403, 'Apenas administradores podem criar ou promover administradores.'],
      [companyToken, { ...base, type_account: 2 }, 400, 'A senha é obrigatória para quem tem acesso à plataforma.'],
      [companyToken, { ...base, sector_ids: [other.sectorId] }, 404, `Setor ${other.sectorId} não encontrado.`],
      [companyToken, { ...base, id: other.employeeId }, 404, `Usuário ${other.employeeId} não encontrado.`],
      [null, base, 401, 'Sessão expirada ou inválida. Entre novamente.'],
    ];
    for (const [token, payload, status, message] of cases) {
      const response = await call('PATCH', '/api/users/update', token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await relations(carla.id)).toEqual(before);
    const [after] = await t.db.select().from(users).where(eq(users.id, carla.id));
    expect(after).toEqual(row);
  });
});

describe('relations of a user', () => {
  it('removes and adds sector and position relations within the company', async () => {
    const diego = demo.employees[3]!;
    const removed = await call('DELETE', `/api/relationusers/${diego.id}`, companyToken);
    expect(removed.statusCode).toBe(200);
    expect(await relations(diego.id)).toEqual({ sectorIds: [], positionIds: [] });
    const added = await call('POST', '/api/relationusers', companyToken, { user_id: diego.id, sector_id: demo.sectorId('Administrativo'), position_id: await positionId('Analista') });
    expect(added.statusCode).toBe(200);
    expect(await relations(diego.id)).toEqual({ sectorIds: [demo.sectorId('Administrativo')], positionIds: [await positionId('Analista')] });
  });

  it('answers 404 for other companies and 401 without sign-in', async () => {
    const diego = demo.employees[3]!;
    expect((await call('DELETE', `/api/relationusers/${other.employeeId}`, companyToken)).statusCode).toBe(404);
    expect((await call('POST', '/api/relationusers', companyToken, { user_id: other.employeeId, sector_id: other.sectorId })).statusCode).toBe(404);
    const foreignSector = await call('POST', '/api/relationusers', adminToken, { user_id: diego.id, sector_id: other.sectorId });
    expect(foreignSector.statusCode).toBe(404);
    expect((await call('DELETE', `/api/relationusers/${diego.id}`, null)).statusCode).toBe(401);
    expect(await relations(other.employeeId)).toEqual({ sectorIds: [other.sectorId], positionIds: [] });
  });
});

describe('POST /api/users/different-companies/evaluation', () => {
  it('lists the active users of sectors, or of whole companies', async () => {
    const bySector = await call('POST', '/api/users/different-companies/evaluation', companyToken, { sector_ids: [demo.sectorId('Operações')], type_evaluation: 2 });
    expect(bySector.statusCode).toBe(200);
    const names = bySector.json().map((row: { name: string }) => row.name);
    expect(names).toContain('Fernanda Oliveira Costa');
    expect(names).not.toContain('Ana Paula Souza');
    expect(bySector.json()[0]).toMatchObject({ usercourse_id: null, course_id: null, company_id: demo.companyId, sector: expect.any(Array), position: expect.any(Array) });
    const all = await call('POST', '/api/users/different-companies/evaluation', adminToken, { company_ids: [other.companyId], allSectors: true });
    expect(all.json().map((row: { user_id: number }) => row.user_id)).toEqual([other.employeeId]);
  });

  it('answers 404 for sectors or companies the company user cannot see', async () => {
    expect((await call('POST', '/api/users/different-companies/evaluation', companyToken, { sector_ids: [other.sectorId] })).statusCode).toBe(404);
    expect((await call('POST', '/api/users/different-companies/evaluation', companyToken, { company_ids: [other.companyId], allSectors: true })).statusCode).toBe(404);
    expect((await call('POST', '/api/users/different-companies/evaluation', companyToken, { course_ids: [999999] })).statusCode).toBe(404);
    expect((await call('POST', '/api/users/different-companies/evaluation', null, {})).statusCode).toBe(401);
  });
});

describe('GET /api/users/all', () => {
  it('still lists every user for administrators only', async () => {
    const response = await call('GET', '/api/users/all', adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().length).toBe(await countRows(t.db, 'users'));
    expect((await call('GET', '/api/users/all', companyToken)).statusCode).toBe(403);
  });
});

