import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyRegistrations, positions, sectors, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { normalizeEmail } from '../../engine/rules/email.ts';
import { normalizePhone } from '../../engine/rules/phone.ts';
import { normalizeText } from '../../engine/rules/text.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

const NOT_FOUND = 'Link de cadastro inválido ou expirado. Peça um novo link à empresa responsável.';

async function link(companyId: number, token = adminToken, renew = false) {
  return t.app.inject({ method: 'POST', url: `/api/users/data/link/${companyId}${renew ? '?renew=true' : ''}`, headers: bearer(token) });
}

async function counts() {
  const tally = async (table: typeof users | typeof sectors | typeof positions | typeof userSectors | typeof userPositions) =>
    Number((await t.db.select({ n: count() }).from(table))[0]!.n);
  return { users: await tally(users), sectors: await tally(sectors), positions: await tally(positions), links: await tally(userSectors) + (await tally(userPositions)) };
}

describe('normaliser', () => {
  it('applies NFC, strips controls and invisible characters, collapses whitespace, lower-cases e-mails and keeps phone digits', () => {
    expect(normalizeText('  Jose\u0301\tda\u00a0 Silva\u200b\u0007 \r\n')).toBe('José da Silva');
    expect(normalizeText('\u202eabc')).toBe('abc');
    expect(normalizeEmail(' Maria.Souza @Empresa.COM.br ')).toBe('maria.souza@empresa.com.br');
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 11 98765-4321')).toBe('11987654321');
  });
});

describe('POST /users/data/link/:companyId', () => {
  it('hands out an unguessable 30-day token, reuses it while valid and replaces it on renewal', async () => {
    const first = await link(demo.companyId);
    expect(first.statusCode).toBe(200);
    const { transaction, expires_at } = first.json() as { transaction: string; expires_at: string };
    expect(transaction).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expires_at) - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await link(demo.companyId, companyToken)).json().transaction).toBe(transaction);
    const renewed = (await link(demo.companyId, adminToken, true)).json().transaction as string;
    expect(renewed).not.toBe(transaction);
    const old = await t.app.inject({ method: 'GET', url: `/api/users/data/${transaction}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data/${renewed}` })).statusCode).toBe(200);
    const otherTokens = new Set(await Promise.all([1, 2, 3].map(async () => (await link(other.companyId, adminToken, true)).json().transaction)));
    expect(otherTokens.size).toBe(3);
  });

  it('is for staff of the company only', async () => {
    expect((await link(other.companyId, companyToken)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/data/link/${demo.companyId}` })).statusCode).toBe(401);
  });
});

describe('GET /users/data/:key', () => {
  it('reads the company data publicly through a valid token', async () => {
    const { transaction } = (await link(demo.companyId)).json() as { transaction: string };
    const response = await t.app.inject({ method: 'GET', url: `/api/users/data/${transaction}` });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.company).toEqual({ commercial_name: 'Empresa Demonstração' });
    expect(data.sectors.map((row: { sector_name: string }) => row.sector_name).sort()).toEqual(demo.sectors.map((row) => row.sectorName).sort());
    // The link shows names, sectors and positions; e-mails masked, no phones (tests/server/hardening.test.ts).
    const ana = data.workers.find((worker: { name: string }) => worker.name === 'Ana Paula Souza');
    expect(ana).toMatchObject({ name: 'Ana Paula Souza', email: 'a***@d***.com.br', phone: null, sector: 'Administrativo', position: 'Analista' });
    expect(response.body).not.toContain('pedro');
  });

  it('answers the same 404 for unknown, malformed and expired tokens', async () => {
    const { transaction } = (await link(other.companyId)).json() as { transaction: string };
    await t.db.update(companyRegistrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(companyRegistrations.token, transaction));
    for (const key of [transaction, 'A'.repeat(43), 'abc', '%3Cscript%3E']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/users/data/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: NOT_FOUND });
    }
    const save = await t.app.inject({ method: 'PATCH', url: '/api/users/data', payload: { transaction, users: [] } });
    expect(save.statusCode).toBe(404);
    expect(save.json().message).toBe(NOT_FOUND);
  });

  it('reads by company id for signed-in staff of that company only', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data/${demo.companyId}`, headers: bearer(companyToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data/${other.companyId}`, headers: bearer(adminToken) })).statusCode).toBe(200);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/users/data/${other.companyId}`, headers: bearer(companyToken) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Empresa ${other.companyId} não encontrada.`);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/data/${demo.companyId}` })).statusCode).toBe(401);
  });
});

describe('PATCH /users/data', () => {
  it('creates only the new rows, normalised, with sectors created in the same save and Vazio as none', async () => {
    const { transaction } = (await link(demo.companyId)).json() as { transaction: string };
    const before = (await t.app.inject({ method: 'GET', url: `/api/users/data/${transaction}` })).json();
    const existingSector = before.sectors[0];
    const existingWorker = before.workers[0];
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/data',
      payload: {
        transaction,
        company: { commercial_name: 'Nome Trocado' },
        sectors: [{ ...existingSector, sector_name: 'Renomeado' }, { sector_name: '  Finan\u200bceiro \t', new: true }],
        positions: [{ position_name: 'Estagiário', new: true }],
        users: [
          // A read-only row comes back as the link showed it (masked e-mail, no phone): ignored.
          { ...existingWorker, phone: '', name: 'Não Deve Mudar' },
          { name: ' Maria\u00a0 Souza ', email: ' Maria.Souza@Demonstracao.COM.br', phone: '(11) 98765-4321', sector: 'financeiro', position: 'Vazio', new: true },
          { name: 'João Lima', email: 'joao.lima@demonstracao.com.br', phone: '11 3333-4444', sector: '', position: 'Estagiário', new: true },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Dados salvos com sucesso!', created: { sectors: 1, positions: 1, users: 2 } });
    const after = (await t.app.inject({ method: 'GET', url: `/api/users/data/${transaction}` })).json();
    expect(after.company.commercial_name).toBe('Empresa Demonstração');
    expect(after.sectors.find((row: { id: number }) => row.id === existingSector.id).sector_name).toBe(existingSector.sector_name);
    expect(after.workers.find((row: { id: number }) => row.id === existingWorker.id).name).toBe(existingWorker.name);
    expect(after.sectors.map((row: { sector_name: string }) => row.sector_name)).toContain('Financeiro');
    const staffView = (await t.app.inject({ method: 'GET', url: `/api/users/data/${demo.companyId}`, headers: bearer(adminToken) })).json();
    expect(staffView.workers).toContainEqual(
      expect.objectContaining({ name: 'Maria Souza', email: 'maria.souza@demonstracao.com.br', phone: '11987654321', sector: 'Financeiro', position: null }),
    );
    expect(staffView.workers).toContainEqual(expect.objectContaining({ name: 'João Lima', phone: '1133334444', sector: null, position: 'Estagiário' }));
    const [maria] = await t.db.select().from(users).where(eq(users.email, 'maria.souza@demonstracao.com.br'));
    expect(maria).toMatchObject({ typeAccount: 3, companyId: demo.companyId, passwordHash: null });
  });

  it('also answers on the trailing-slash path and for staff by company_id', async () => {
    const admin = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/data/',
      headers: bearer(adminToken),
      payload: { company_id: other.companyId, sectors: [{ sector_name: 'Logística', new: true }] },
    });
    expect(admin.json()).toEqual({ message: 'Dados salvos com sucesso!', created: { sectors: 1, positions: 0, users: 0 } });
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/data',
      headers: bearer(companyToken),
      payload: { company_id: other.companyId, sectors: [{ sector_name: 'Intrusa', new: true }] },
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/users/data', payload: { company_id: demo.companyId, sectors: [] } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.db.select().from(sectors).where(eq(sectors.sectorName, 'Intrusa'))).length).toBe(0);
  });

  it('rejects bad new rows, listing each of them, and stores nothing', async () => {
    const { transaction } = (await link(demo.companyId)).json() as { transaction: string };
    const before = await counts();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/data',
      payload: {
        transaction,
        sectors: [{ sector_name: 'Setor Válido', new: true }, { sector_name: '   ', new: true }, { sector_name: 'administrativo', new: true }],
        positions: [{ position_name: 'Vazio', new: true }],
        users: [
          { name: 'Válido', email: 'valido@demonstracao.com.br', phone: '11987654321', sector: 'Setor Válido', new: true },
          { name: '', email: 'pedro@outra.com.br', phone: '', new: true },
          { name: 'Repetido', email: 'VALIDO@demonstracao.com.br', phone: '123', sector: 'Inexistente', position: 'Nenhum', new: true },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Os dados têm 5 linha(s) com erro; nada foi salvo.',
      errors: [
        'Setor 2: O campo não pode estar vazio',
        'Setor 3: o nome "administrativo" já existe',
        'Cargo 1: o nome "Vazio" é reservado para quem não tem setor ou cargo',
        'Colaborador 2: o nome é obrigatório; este e-mail não pode ser usado neste cadastro; confira-o ou fale com a equipe da consultoria; o telefone é obrigatório',
        'Colaborador 3: o e-mail valido@demonstracao.com.br se repete em outro colaborador; o telefone "123" é inválido (informe DDD e número: 10 ou 11 dígitos); o setor "Inexistente" não existe; o cargo "Nenhum" não existe',
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it('rejects malformed bodies with a Portuguese 400', async () => {
    const { transaction } = (await link(demo.companyId)).json() as { transaction: string };
    const cases = [
      { transaction, hacker: true },
      { transaction, users: [{ name: 'x', email: 'x@x.com', phone: '11987654321', new: true, type_account: 1 }] },
      { transaction, sectors: [{ sector_name: 'x'.repeat(5000), new: true }] },
      { transaction, users: 'todos' },
      { transaction, company_id: demo.companyId },
      {},
    ];
    for (const payload of cases) {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/users/data', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^(Requisição inválida: |Informe o link)/);
    }
    const both = await t.app.inject({ method: 'PATCH', url: '/api/users/data', payload: { transaction, company_id: demo.companyId } });
    expect(both.json().message).toBe('Informe o link de cadastro (transaction) ou a empresa (company_id), e apenas um deles.');
  });
});

describe('rate limit of the public calls', () => {
  it('answers 429 with a Portuguese message after 120 reads a minute from one client', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 125; index += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: `/api/users/data/${'B'.repeat(43)}`, remoteAddress: '10.9.8.7' })).statusCode);
    }
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(120);
    const limited = await t.app.inject({ method: 'GET', url: `/api/users/data/${'B'.repeat(43)}`, remoteAddress: '10.9.8.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
  });
});
