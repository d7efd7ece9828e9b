import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../apps/server/src/db/schema.ts';
import { countRows } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

function send(method: 'POST' | 'PATCH', token: string | null, payload: unknown) {
  return t.app.inject({ method, url: '/api/companies', payload: payload as Record<string, unknown>, headers: token ? bearer(token) : {} });
}

const valid = { commercial_name: 'Nova Empresa', company_name: 'Nova Empresa Ltda.', cnpj: '11.222.333/0001-81', phone: '(11) 98765-4321' };

describe('POST /api/companies', () => {
  it('creates a company with digits-only CNPJ and phone, and lists it', async () => {
    const response = await send('POST', adminToken, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Empresa criada com sucesso');
    expect(body.company).toMatchObject({ commercial_name: 'Nova Empresa', company_name: 'Nova Empresa Ltda.', cnpj: '11222333000181', phone: '11987654321', status: true });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, body.company.id));
    expect(row).toMatchObject({ cnpj: '11222333000181', phone: '11987654321' });
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
    const response = await send('PATCH', adminToken, { id: other.companyId, ...valid, commercial_name: 'Outra Renomeada', phone: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Empresa criada com sucesso', company: { id: other.companyId, commercial_name: 'Outra Renomeada', phone: null } });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, other.companyId));
    expect(row!.commercialName).toBe('Outra Renomeada');
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
