/**
 * The audit log (issue 14): sign-ins and staff writes are recorded with who, when, what and from which
 * address, in the transaction of the action; the table refuses changes; administrators read it.
 */
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../engine/messages.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../apps/server/src/audit.ts';
import { auditLog, positions, users } from '../../apps/server/src/db/schema.ts';
import { bearer, testCredentials } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

type AuditRow = typeof auditLog.$inferSelect;

/** The audit rows of an action, newest first. */
async function rowsOf(action: string, target?: string): Promise<AuditRow[]> {
  const where = target === undefined ? eq(auditLog.action, action) : and(eq(auditLog.action, action), eq(auditLog.target, target));
  return t.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id));
}

async function total(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row!.n);
}

async function idOf(email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method, url, headers: bearer(token), remoteAddress, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** The value of the São Paulo calendar day of `at`, yyyy-mm-dd. */
function saoPauloDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

describe('sign-ins', () => {
  it('records a successful sign-in with the user, the e-mail typed and the client address', async () => {
    const typed = testCredentials.company.email.toUpperCase();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email: typed, password: testCredentials.company.password },
      remoteAddress: '10.20.30.40',
      // Not trusted (no TRUST_PROXY in the test app): the address is the connection's.
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(response.statusCode).toBe(200);
    const userId = await idOf(testCredentials.company.email);
    const [row] = await rowsOf('session.signIn');
    expect(row).toMatchObject({ actorUserId: userId, actorEmail: typed, companyId: demo.companyId, target: `user:${userId}`, ip: '10.20.30.40' });
  });

  it('records a failed sign-in (no actor id, the e-mail as typed, no password) and still answers 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { email: testCredentials.admin.email, password: 'Senha-errada-123' },
      remoteAddress: '10.20.30.41',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.api.invalidCredentials });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: 'ninguem@teste.avalia', password: 'x' }, remoteAddress: '10.20.30.42' });
    expect(unknown.statusCode).toBe(401);
    const [last, first] = await rowsOf('session.signInFailed');
    expect(first).toMatchObject({ actorUserId: null, actorEmail: testCredentials.admin.email, ip: '10.20.30.41', details: { reason: 'wrongPassword' } });
    expect(last).toMatchObject({ actorUserId: null, actorEmail: 'ninguem@teste.avalia', ip: '10.20.30.42', details: { reason: 'unknownEmail' } });
    expect(JSON.stringify([first, last])).not.toContain('Senha-errada-123');
  });
});

describe('staff writes', () => {
  it('records the creation, update, deactivation and relations removal of a user with who and what', async () => {
    const adminId = await idOf(testCredentials.admin.email);
    const [position] = await t.db.insert(positions).values({ companyId: demo.companyId, positionName: 'Auditor' }).returning();
    const created = await call('POST', '/api/users', adminToken, {
      name: 'Auditada da Silva',
      email: 'auditada@demo.com.br',
      phone: '(11) 98888-7777',
      company_id: demo.companyId,
      type_account: 3,
      sector_id: demo.sectors[0]!.id,
      position_id: position!.id,
    }, '10.1.1.1');
    expect(created.statusCode).toBe(201);
    const userId = created.json().user.id as number;
    const target = `user:${userId}`;
    expect(await rowsOf('user.create', target)).toEqual([
      expect.objectContaining({ actorUserId: adminId, actorEmail: testCredentials.admin.email, companyId: demo.companyId, ip: '10.1.1.1', details: { type_account: 3 } }),
    ]);

    const updated = await call('PATCH', '/api/users/update', companyToken, {
      id: userId,
      name: 'Auditada Souza',
      email: 'auditada@demo.com.br',
      phone: '(11) 98888-7777',
      sector_ids: [demo.sectors[0]!.id],
      position_id: position!.id,
    });
    expect(updated.statusCode).toBe(200);
    const companyUserId = await idOf(testCredentials.company.email);
    expect(await rowsOf('user.update', target)).toEqual([
      expect.objectContaining({ actorUserId: companyUserId, companyId: demo.companyId, details: { type_account: 3, passwordChanged: false } }),
    ]);

    const deactivated = await call('PATCH', '/api/users/update', adminToken, { id: userId, status: false });
    expect(deactivated.statusCode).toBe(200);
    const [latest] = await rowsOf('user.update', target);
    expect(latest).toMatchObject({ actorUserId: adminId, details: { status: false } });

    const removed = await call('DELETE', `/api/relationusers/${userId}`, adminToken);
    expect(removed.statusCode).toBe(200);
    expect(await rowsOf('userRelations.delete', target)).toEqual([expect.objectContaining({ actorUserId: adminId, companyId: demo.companyId })]);
  });

  it('records each evaluation created, with its evaluator and type, and its deletion', async () => {
    const employee = demo.employees[0]!;
    const response = await call('POST', '/api/evaluation', companyToken, { users: [{ user_id: employee.id, type_evaluation: 13, validate: 7 }] });
    expect(response.statusCode).toBe(201);
    const evaluationId = response.json().evaluations[0].evaluation_id as string;
    const companyUserId = await idOf(testCredentials.company.email);
    expect(await rowsOf('evaluation.create', `evaluation:${evaluationId}`)).toEqual([
      expect.objectContaining({ actorUserId: companyUserId, companyId: demo.companyId, details: { type_evaluation: 13, user_id: employee.id, rated: employee.id, cycle_id: expect.any(Number) } }),
    ]);
    const deleted = await call('DELETE', `/api/evaluation/${evaluationId}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf('evaluation.delete', `evaluation:${evaluationId}`)).toEqual([
      expect.objectContaining({ actorUserId: await idOf(testCredentials.admin.email), companyId: demo.companyId }),
    ]);
  });

  it('records nothing for a refused action (4xx)', async () => {
    const before = await total();
    const taken = await call('POST', '/api/users', adminToken, { name: 'Repetida', email: demo.employees[0]!.email, phone: '(11) 98888-7776', company_id: demo.companyId, type_account: 3 });
    expect(taken.statusCode).toBe(409);
    const otherCompany = await call('POST', '/api/evaluation', companyToken, { users: [{ user_id: other.employeeId, type_evaluation: 13, validate: 7 }] });
    expect(otherCompany.statusCode).toBe(404);
    const missing = await call('DELETE', '/api/evaluation/00000000-0000-4000-8000-000000000000', adminToken);
    expect(missing.statusCode).toBe(404);
    expect(await total()).toBe(before);
  });

  it('is written in the caller\'s transaction: an action that fails after recording leaves no row', async () => {
    const before = await total();
    const request = { account: { id: 1, name: 'x', email: 'x@x.com', typeAccount: 1, companyId: null }, ip: '10.0.0.9' } as unknown as FastifyRequest;
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, request, { action: 'company.create', target: 'company:0' });
        throw new Error('the action failed after recording');
      }),
    ).rejects.toThrow('the action failed after recording');
    expect(await total()).toBe(before);
  });
});

describe('action keys', () => {
  it('has a Portuguese label for every action key the server records, and none for others', () => {
    expect(Object.keys(messages.audit.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through SQL, whatever the rows', async () => {
    expect(await total()).toBeGreaterThan(0);
    const before = await total();
    for (const statement of [sql`update audit_log set ip = '0.0.0.0'`, sql`delete from audit_log`, sql`delete from audit_log where id = -1`, sql`truncate audit_log`]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    expect(await total()).toBe(before);
    const [row] = await t.db.select().from(auditLog).orderBy(auditLog.id).limit(1);
    expect(row!.ip).not.toBe('0.0.0.0');
  });
});

describe('GET /api/audit', () => {
  interface Item {
    id: number;
    at: string;
    actor_user_id: number | null;
    actor_name: string | null;
    actor_email: string | null;
    company_id: number | null;
    action: string;
    target: string | null;
    ip: string | null;
  }
  const list = async (query: string) => {
    const response = await call('GET', `/api/audit${query}`, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; limit: number; offset: number; items: Item[] };
  };

  it('lists newest first, with the actor\'s name, paginated', async () => {
    const all = await list('?limit=200');
    expect(all.total).toBe(await total());
    const ids = all.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const adminId = await idOf(testCredentials.admin.email);
    expect(all.items.find((item) => item.actor_user_id === adminId)?.actor_name).toBe('Administrador Avalia');
    const page = await list('?limit=2&offset=1');
    expect(page.items.map((item) => item.id)).toEqual(ids.slice(1, 3));
  });

  it('filters by person (id or part of the e-mail), company, action and days', async () => {
    const companyUserId = await idOf(testCredentials.company.email);
    const byId = await list(`?user=${companyUserId}`);
    expect(byId.items.length).toBeGreaterThan(0);
    expect(byId.items.every((item) => item.actor_user_id === companyUserId)).toBe(true);
    const byEmail = await list('?user=NINGUEM@');
    expect(byEmail.items.map((item) => item.action)).toEqual(['session.signInFailed']);
    const byCompany = await list(`?company=${demo.companyId}&limit=200`);
    expect(byCompany.items.length).toBeGreaterThan(0);
    expect(byCompany.items.every((item) => item.company_id === demo.companyId)).toBe(true);
    expect((await list(`?company=${other.companyId}`)).items).toEqual([]);
    const byAction = await list('?action=evaluation.create');
    expect(byAction.items.length).toBe(1);
    expect(byAction.items[0]!.action).toBe('evaluation.create');
    const today = saoPauloDay(new Date());
    expect((await list(`?from=${today}&to=${today}&limit=200`)).total).toBe(await total());
    const tomorrow = saoPauloDay(new Date(Date.now() + 86400000));
    expect((await list(`?from=${tomorrow}`)).items).toEqual([]);
    expect((await list('?to=2020-01-01')).items).toEqual([]);
  });

  it('answers 400 in Portuguese for a bad date, range or action', async () => {
    for (const [query, message] of [
      ['?from=2024-02-30', messages.audit.fromInvalid],
      ['?to=31/12/2024', messages.audit.toInvalid],
      ['?from=2024-05-02&to=2024-05-01', messages.audit.rangeInvalid],
      ['?action=user.hack', 'Ação desconhecida: user.hack.'],
    ] as const) {
      const response = await call('GET', `/api/audit${query}`, adminToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message: message });
    }
    expect((await call('GET', '/api/audit?limit=0', adminToken)).statusCode).toBe(400);
  });

  it('is for administrators only, and has no call that changes the log', async () => {
    expect((await call('GET', '/api/audit', companyToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const method of ['DELETE', 'PATCH'] as const) {
      expect((await call(method, '/api/audit', adminToken, method === 'PATCH' ? {} : undefined)).statusCode).toBe(404);
    }
  });
});
