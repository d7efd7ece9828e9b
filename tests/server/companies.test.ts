import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../apps/server/src/db/schema.ts';
import { messages } from '../../engine/messages.ts';
import { countRows } from './fixtures.ts';
import { bearer, createTestDatabase, type TestDatabase } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

function send(method: 'POST' | 'PATCH', token: string | null, payload: unknown) {
  return t.app.inject({ method, url: '/api/companies', payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });
}

// Valid CNPJs (check digits computed by hand, modulo 11); the seeded demo company holds 11.222.333/0001-81.
const DEMO_CNPJ = '11222333000181';
const valid = { commercial_name: 'Nova Empresa', company_name: 'Nova Empresa Ltda.', cnpj: '45.323.777/0001-25', phone: '(11) 98765-4321' };

describe('POST /api/companies', () => {
  it('creates a company with digits-only CNPJ and phone, and lists it', async () => {
    const response = await send('POST', adminToken, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Empresa criada com sucesso');
    expect(body.company).toMatchObject({ commercial_name: 'Nova Empresa', company_name: 'Nova Empresa Ltda.', cnpj: '45323777000125', phone: '11987654321', status: true });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, body.company.id));
    expect(row).toMatchObject({ cnpj: '45323777000125', phone: '11987654321' });
    const list = await t.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(adminToken) });
    expect(list.json().map((company: { commercial_name: string }) => company.commercial_name)).toContain('Nova Empresa');
  });

  it('accepts a CPF and no phone', async () => {
    const response = await send('POST', adminToken, { commercial_name: 'Pessoa', company_name: 'Pessoa Física', cnpj: '529.982.247-25' });
    expect(response.statusCode).toBe(201);
    expect(response.json().company).toMatchObject({ cnpj: '52998224725', phone: null });
  });

  it("answers the form's messages and stores nothing", async () => {
    const before = await countRows(t.db, 'companies');
    const cases: [unknown, string][] = [
      [{ ...valid, commercial_name: '   ' }, 'Nome Fantasia é obrigatório'],
      [{ company_name: 'x', cnpj: '11222333000181' }, 'Nome Fantasia é obrigatório'],
      [{ ...valid, company_name: '' }, 'Razão Social é obrigatório'],
      [{ ...valid, cnpj: '' }, 'CNPJ/CPF é obrigatório'],
      [{ commercial_name: 'a', company_name: 'b' }, 'CNPJ/CPF é obrigatório'],
      [{ ...valid, cnpj: '112223330001811' }, 'CNPJ/CPF deve ter no máximo 14 dígitos'],
      [{ ...valid, cnpj: '1234567890' }, 'CPF/CNPJ deve ter no mínimo 12 dígitos'],
      [{ ...valid, cnpj: '123456789012' }, 'CNPJ/CPF inválido: confira os dígitos verificadores.'],
      [{ ...valid, cnpj: '11222333000182' }, 'CNPJ/CPF inválido: confira os dígitos verificadores.'],
      [{ ...valid, cnpj: '11111111111' }, 'CNPJ/CPF inválido: confira os dígitos verificadores.'],
      [{ ...valid, cnpj: '1122233300018a' }, 'CNPJ/CPF deve conter apenas números (pontos, barra, hífen e espaços são aceitos).'],
      [{ ...valid, phone: '98765-4321' }, 'Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.'],
      [{ ...valid, phone: '<script>alert(1)</script>' }, 'Telefone inválido: informe DDD e número, com 10 ou 11 dígitos.'],
      [{ ...valid, commercial_name: 'x'.repeat(201) }, 'Requisição inválida: o campo commercial_name tem um valor inválido'],
      [{ ...valid, status: 'talvez' }, 'Requisição inválida: o campo status tem um valor inválido'],
      [{ ...valid, hack: true }, 'Requisição inválida: o campo hack tem um valor inválido'],
      [{ ...valid, commercial_name: { a: 1 } }, 'Requisição inválida: o campo commercial_name tem um valor inválido'],
    ];
    for (const [payload, message] of cases) {
      const response = await send('POST', adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      payload: '{"commercial_name":',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await countRows(t.db, 'companies')).toBe(before);
  });

  it('is for administrators only', async () => {
    const before = await countRows(t.db, 'companies');
    expect((await send('POST', companyToken, valid)).statusCode).toBe(403);
    expect((await send('POST', null, valid)).statusCode).toBe(401);
    expect(await countRows(t.db, 'companies')).toBe(before);
  });
});

describe('PATCH /api/companies', () => {
  it('edits a company and answers the same toast', async () => {
    const response = await send('PATCH', adminToken, { id: other.companyId, ...valid, cnpj: '06.047.418/0001-30', commercial_name: 'Outra Renomeada', phone: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Empresa criada com sucesso', company: { id: other.companyId, commercial_name: 'Outra Renomeada', phone: null } });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, other.companyId));
    expect(row!.commercialName).toBe('Outra Renomeada');
    // Saving a company again with its own document is no duplicate.
    const again = await send('PATCH', adminToken, { id: other.companyId, ...valid, cnpj: '06047418000130', commercial_name: 'Outra Renomeada' });
    expect(again.statusCode).toBe(200);
  });

  it('validates like creation, answers 404 for an unknown id, and is for administrators only', async () => {
    const [before] = await t.db.select().from(companies).where(eq(companies.id, demo.companyId));
    const invalid = await send('PATCH', adminToken, { id: demo.companyId, ...valid, company_name: ' ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Razão Social é obrigatório' });
    const missing = await send('PATCH', adminToken, { id: 999999, ...valid });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Empresa 999999 não encontrada.' });
    expect((await send('PATCH', companyToken, { id: demo.companyId, ...valid })).statusCode).toBe(403);
    expect((await send('PATCH', null, { id: demo.companyId, ...valid })).statusCode).toBe(401);
    const [after] = await t.db.select().from(companies).where(eq(companies.id, demo.companyId));
    expect(after).toEqual(before);
  });
});

describe('CNPJ/CPF of active companies', () => {
  const duplicate = { message: messages.registry.documentTaken };

  it('refuses a second company with the same document, whatever its formatting (409), and stores nothing', async () => {
    const before = await countRows(t.db, 'companies');
    // The demo company was seeded with the formatted 11.222.333/0001-81.
    for (const cnpj of [DEMO_CNPJ, '11.222.333/0001-81', ' 11 222 333 0001 81 ']) {
      const response = await send('POST', adminToken, { ...valid, commercial_name: 'Cópia', cnpj });
      expect(response.statusCode, cnpj).toBe(409);
      expect(response.json()).toEqual(duplicate);
    }
    const cpf = await send('POST', adminToken, { commercial_name: 'Pessoa 2', company_name: 'Pessoa Física 2', cnpj: '987.654.321-00' });
    expect(cpf.statusCode).toBe(201);
    const sameCpf = await send('POST', adminToken, { commercial_name: 'Pessoa 3', company_name: 'Pessoa Física 3', cnpj: '98765432100' });
    expect(sameCpf.statusCode).toBe(409);
    expect(sameCpf.json()).toEqual(duplicate);
    expect(await countRows(t.db, 'companies')).toBe(before + 1);
  });

  it("refuses an edit that takes another active company's document, and changes nothing", async () => {
    const [before] = await t.db.select().from(companies).where(eq(companies.id, other.companyId));
    const response = await send('PATCH', adminToken, { id: other.companyId, ...valid, commercial_name: 'Tomada', cnpj: '11.222.333/0001-81' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(duplicate);
    const [after] = await t.db.select().from(companies).where(eq(companies.id, other.companyId));
    expect(after).toEqual(before);
  });

  it('lets a deactivated company free its document, and refuses to reactivate it while another holds it', async () => {
    const document = '19.013.156/0001-35';
    const first = await send('POST', adminToken, { ...valid, commercial_name: 'Primeira', cnpj: document });
    expect(first.statusCode).toBe(201);
    const id = first.json().company.id as number;
    expect((await send('PATCH', adminToken, { id, ...valid, commercial_name: 'Primeira', cnpj: document, status: false })).statusCode).toBe(200);
    const second = await send('POST', adminToken, { ...valid, commercial_name: 'Segunda', cnpj: document });
    expect(second.statusCode).toBe(201);
    const reactivate = await send('PATCH', adminToken, { id, ...valid, commercial_name: 'Primeira', cnpj: document, status: true });
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json()).toEqual(duplicate);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
    expect(row!.status).toBe(false);
  });

  it('is held by the database too: a write that skips the check (a concurrent save) cannot store a second active holder', async () => {
    const insert = t.db.insert(companies).values({ commercialName: 'Corrida', companyName: 'Corrida Ltda.', cnpj: DEMO_CNPJ });
    await expect(insert).rejects.toThrow();
    // Inactive rows and companies without a document are outside the rule.
    await t.db.insert(companies).values({ commercialName: 'Antiga', companyName: 'Antiga Ltda.', cnpj: DEMO_CNPJ, status: false });
    await t.db.insert(companies).values([
      { commercialName: 'Sem documento 1', companyName: 'Sem 1' },
      { commercialName: 'Sem documento 2', companyName: 'Sem 2' },
    ]);
  });

  it('answers two simultaneous creations with the same document with one 201 and one 409', async () => {
    const payload = { ...valid, commercial_name: 'Simultânea', cnpj: '33.100.001/0001-67' };
    const answers = await Promise.all([send('POST', adminToken, payload), send('POST', adminToken, payload)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual(duplicate);
  });
});

describe('migration 0003 on an installation that already holds two active companies with one document', () => {
  /** The statement of the migration that creates the unique index (when the rows allow it). */
  const indexStatement = readFileSync(new URL('../../apps/server/drizzle/0003_security.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('companies_active_cnpj_uq'))!;
  const hasIndex = async (db: TestDatabase['db']) =>
    // Both drivers answer { rows }.
    ((await db.execute(sql`SELECT 1 FROM pg_indexes WHERE indexname = 'companies_active_cnpj_uq'`)) as unknown as { rows: unknown[] }).rows.length === 1;

  it('still migrates (the start is not blocked) and leaves the index out; it is created once the pair is resolved', async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await hasIndex(fresh.db)).toBe(true);
      // The state before 0003: no index, and a pair that a formatted and a digits-only document made possible.
      await fresh.db.execute(sql`DROP INDEX "companies_active_cnpj_uq"`);
      const [first] = await fresh.db.insert(companies).values({ commercialName: 'A', companyName: 'A', cnpj: '11.222.333/0001-81' }).returning();
      await fresh.db.insert(companies).values({ commercialName: 'B', companyName: 'B', cnpj: DEMO_CNPJ });
      await fresh.db.execute(sql.raw(indexStatement));
      expect(await hasIndex(fresh.db)).toBe(false);
      await fresh.db.update(companies).set({ status: false }).where(eq(companies.id, first!.id));
      await fresh.db.execute(sql.raw(indexStatement));
      expect(await hasIndex(fresh.db)).toBe(true);
    } finally {
      await fresh.drop();
    }
  });
});
