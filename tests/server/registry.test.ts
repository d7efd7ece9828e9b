import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positions, sectors } from '../../apps/server/src/db/schema.ts';
import { countRows } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

function call(method: 'GET' | 'PATCH' | 'POST', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: token ? bearer(token) : {} });
}

async function names(table: 'sectors' | 'positions', companyId: number) {
  if (table === 'sectors') return (await t.db.select().from(sectors).where(eq(sectors.companyId, companyId))).map((row) => row.sectorName).sort();
  return (await t.db.select().from(positions).where(eq(positions.companyId, companyId))).map((row) => row.positionName).sort();
}

describe('sectors of a company', () => {
  it('lists, renames and adds sectors in one call', async () => {
    const list = await call('GET', `/api/sectors/list/${demo.companyId}`, companyToken);
    expect(list.statusCode).toBe(200);
    const admin = list.json().find((row: { sector_name: string }) => row.sector_name === 'Administrativo');
    const response = await call('PATCH', `/api/sectors/${demo.companyId}`, companyToken, {
      sectors: [{ id: admin.id, sector_name: ' Administração ' }, { sector_name: 'Comercial' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Setores atualizados com sucesso');
    expect(response.json().sectors.map((row: { sector_name: string }) => row.sector_name)).toEqual(['Administração', 'Comercial', 'Operações']);
    expect(await names('sectors', demo.companyId)).toEqual(['Administração', 'Comercial', 'Operações']);
    // Renaming keeps the id, so employees stay in their sector.
    expect(response.json().sectors.find((row: { id: number }) => row.id === admin.id).sector_name).toBe('Administração');
  });

  it('refuses empty and repeated names and ids of another company, storing nothing', async () => {
    const before = await names('sectors', demo.companyId);
    const count = await countRows(t.db, 'sectors');
    const cases: [unknown, number, string][] = [
      [{ sectors: [{ sector_name: '  ' }] }, 400, 'O campo não pode estar vazio'],
      [{ sectors: [{ sector_name: 'Nova' }, { sector_name: '' }] }, 400, 'O campo não pode estar vazio'],
      [{ sectors: [{ sector_name: 'operações' }] }, 400, 'O nome "operações" aparece mais de uma vez nesta empresa.'],
      [{ sectors: [{ sector_name: 'Nova' }, { sector_name: 'NOVA' }] }, 400, 'O nome "NOVA" aparece mais de uma vez nesta empresa.'],
      [{ sectors: [{ id: other.sectorId, sector_name: 'Roubado' }] }, 404, `Setor ${other.sectorId} não encontrado.`],
      [{ sectors: [{ sector_name: 'Nova', extra: 1 }] }, 400, 'Requisição inválida: o campo sectors.0.extra tem um valor inválido'],
      [{ sectors: [{ id: 'x', sector_name: 'Nova' }] }, 400, 'Requisição inválida: o campo sectors.0.id tem um valor inválido'],
      [{}, 400, 'Requisição inválida: o campo sectors é obrigatório'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('PATCH', `/api/sectors/${demo.companyId}`, adminToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await names('sectors', demo.companyId)).toEqual(before);
    expect(await countRows(t.db, 'sectors')).toBe(count);
  });

  it('hides other companies from a company user, lets the administrator in, and needs sign-in', async () => {
    const foreign = await call('PATCH', `/api/sectors/${other.companyId}`, companyToken, { sectors: [{ sector_name: 'X' }] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `Empresa ${other.companyId} não encontrada.` });
    expect((await call('GET', `/api/sectors/list/${other.companyId}`, companyToken)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/sectors/${demo.companyId}`, null, { sectors: [] })).statusCode).toBe(401);
    const byAdmin = await call('PATCH', `/api/sectors/${other.companyId}`, adminToken, { sectors: [{ sector_name: 'Logística' }] });
    expect(byAdmin.statusCode).toBe(200);
    expect(await names('sectors', other.companyId)).toEqual(['Logística', 'Vendas']);
    expect((await call('PATCH', '/api/sectors/999999', adminToken, { sectors: [] })).statusCode).toBe(404);
  });

  it('answers GET /sectors/{id} only with a session, and a company user only for its own company', async () => {
    expect((await call('GET', `/api/sectors/${other.sectorId}`, null)).statusCode).toBe(401);
    const response = await call('GET', `/api/sectors/${other.sectorId}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sector_name: 'Vendas' });
    expect((await call('GET', `/api/sectors/${other.sectorId}`, companyToken)).statusCode).toBe(404);
  });

  it('lists the sectors of several visible companies', async () => {
    const response = await call('POST', '/api/sectors/different-companies', adminToken, { company_ids: [demo.companyId, other.companyId] });
    expect(response.statusCode).toBe(200);
    const companyIds = new Set(response.json().map((row: { company_id: number }) => row.company_id));
    expect(companyIds).toEqual(new Set([demo.companyId, other.companyId]));
    const own = await call('POST', '/api/sectors/different-companies', companyToken, { company_ids: [demo.companyId] });
    expect(own.json().every((row: { company_id: number }) => row.company_id === demo.companyId)).toBe(true);
    const foreign = await call('POST', '/api/sectors/different-companies', companyToken, { company_ids: [demo.companyId, other.companyId] });
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', '/api/sectors/different-companies', null, { company_ids: [] })).statusCode).toBe(401);
  });
});

describe('positions of a company', () => {
  it('lists, renames and adds positions with the sectors toast', async () => {
    const list = await call('GET', `/api/positions/list/${demo.companyId}`, adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { position_name: string }) => row.position_name)).toEqual(['Analista', 'Coordenador', 'Operador']);
    const analyst = list.json()[0];
    const response = await call('PATCH', `/api/positions/${demo.companyId}`, companyToken, {
      positions: [{ id: analyst.id, position_name: 'Analista Sênior' }, { position_name: 'Gerente' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Setores atualizados com sucesso');
    expect(await names('positions', demo.companyId)).toEqual(['Analista Sênior', 'Coordenador', 'Gerente', 'Operador']);
  });

  it('refuses empty names, duplicates and foreign companies', async () => {
    const before = await names('positions', demo.companyId);
    const empty = await call('PATCH', `/api/positions/${demo.companyId}`, companyToken, { positions: [{ position_name: '' }] });
    expect(empty.json()).toEqual({ message: 'O campo não pode estar vazio' });
    const repeated = await call('PATCH', `/api/positions/${demo.companyId}`, companyToken, { positions: [{ position_name: 'gerente' }] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toEqual({ message: 'O nome "gerente" aparece mais de uma vez nesta empresa.' });
    const unknown = await call('PATCH', `/api/positions/${demo.companyId}`, companyToken, { positions: [{ id: 999999, position_name: 'X' }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cargo 999999 não encontrado.' });
    expect((await call('PATCH', `/api/positions/${other.companyId}`, companyToken, { positions: [] })).statusCode).toBe(404);
    expect((await call('GET', `/api/positions/list/${other.companyId}`, companyToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/positions/list/${demo.companyId}`, null)).statusCode).toBe(401);
    expect(await names('positions', demo.companyId)).toEqual(before);
  });
});
