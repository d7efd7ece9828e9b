import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, positions, sectors, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { rangeValidations } from '../../apps/server/src/spreadsheets/workbook.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A multipart/form-data body with one file in the `file` field. */
function multipart(content: Buffer, fileName = 'colaboradores.xlsx', type = XLSX) {
  const boundary = '----avaliaTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(companyId: number, content: Buffer, token = adminToken) {
  const body = multipart(content);
  return t.app.inject({ method: 'POST', url: `/api/users/excel/${companyId}`, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}

async function download(url: string, token = adminToken): Promise<ExcelJS.Workbook> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return workbook;
}

function values(sheet: ExcelJS.Worksheet, line: number, columns: number): unknown[] {
  return Array.from({ length: columns }, (_, index) => sheet.getCell(line, index + 1).value ?? null);
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function total(table: typeof users | typeof sectors | typeof positions | typeof userSectors | typeof userPositions) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

describe('GET /users/excel/template/:companyId', () => {
  it('has the three sheets, headers, hidden Id columns, list validations down to row 1000 and the company lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/excel/template/${demo.companyId}`, headers: bearer(adminToken) });
    expect(response.headers['content-disposition']).toBe('attachment; filename="modelo-colaboradores-empresa-demonstracao.xlsx"');
    const workbook = await download(`/api/users/excel/template/${demo.companyId}`);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Colaboradores', 'Setores', 'Cargos']);
    const [people, sectorSheet, positionSheet] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(values(people, 1, 6)).toEqual(['Nome', 'Email', 'Telefone', 'Setor', 'Cargo', 'Id']);
    expect(values(sectorSheet, 1, 2)).toEqual(['Setor', 'Id']);
    expect(values(positionSheet, 1, 2)).toEqual(['Cargo', 'Id']);
    expect(people.getColumn(6).hidden).toBe(true);
    expect(people.getColumn(1).hidden).toBe(false);
    expect(sectorSheet.getColumn(2).hidden).toBe(true);
    expect(positionSheet.getColumn(2).hidden).toBe(true);
    // Header plus 300 blank employee rows; the lists plus 100 blank rows.
    expect(people.rowCount).toBe(301);
    const demoSectors = demo.sectors.map((sector) => [sector.sectorName, sector.id]).sort();
    const listed = Array.from({ length: demo.sectors.length }, (_, index) => values(sectorSheet, index + 2, 2)).sort();
    expect(listed).toEqual(demoSectors);
    expect(sectorSheet.rowCount).toBe(1 + demo.sectors.length + 100);
    const validations = rangeValidations(people).model;
    for (const line of [2, 301, 1000]) {
      expect(validations[`D${line}`]).toMatchObject({ type: 'list', formulae: ['Setores!$A$2:$A$1000'] });
      expect(validations[`E${line}`]).toMatchObject({ type: 'list', formulae: ['Cargos!$A$2:$A$1000'] });
    }
    expect(validations.D1).toBeUndefined();
    expect(validations.D1001).toBeUndefined();
  });

  it('lets a company user read its own company, answers 404 for another company and 401 without sign-in', async () => {
    await download(`/api/users/excel/template/${demo.companyId}`, companyToken);
    for (const url of [`/api/users/excel/template/${other.companyId}`, `/api/users/excel/${other.companyId}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(companyToken) });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(`Empresa ${other.companyId} não encontrada.`);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/excel/template/999999', headers: bearer(adminToken) });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/users/excel/${demo.companyId}` });
    expect(anonymous.statusCode).toBe(401);
    const upload404 = await upload(other.companyId, Buffer.from('x'), companyToken);
    expect(upload404.statusCode).toBe(404);
  });
});

describe('GET /users/excel/:companyId', () => {
  it('exports the employees with their first sector and position and neutralises formula-like texts', async () => {
    const [company] = await t.db.insert(companies).values({ commercialName: 'Exportadora', companyName: 'Exportadora Ltda' }).returning();
    const [sector] = await t.db.insert(sectors).values({ companyId: company!.id, sectorName: '+Setor' }).returning();
    const [position] = await t.db.insert(positions).values({ companyId: company!.id, positionName: '@Cargo' }).returning();
    const [user] = await t.db
      .insert(users)
      .values({ name: '=HYPERLINK("http://x.invalid","clique")', email: 'formula@exportadora.com.br', phone: '-11987654321', typeAccount: 3, companyId: company!.id })
      .returning();
    await t.db.insert(userSectors).values({ userId: user!.id, sectorId: sector!.id });
    await t.db.insert(userPositions).values({ userId: user!.id, positionId: position!.id });
    const workbook = await download(`/api/users/excel/${company!.id}`);
    const [people, sectorSheet, positionSheet] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(values(people, 2, 6)).toEqual([`'=HYPERLINK("http://x.invalid","clique")`, 'formula@exportadora.com.br', "'-11987654321", "'+Setor", "'@Cargo", user!.id]);
    expect(people.getCell(2, 1).formula).toBeUndefined();
    expect(values(sectorSheet, 2, 2)).toEqual(["'+Setor", sector!.id]);
    expect(values(positionSheet, 2, 2)).toEqual(["'@Cargo", position!.id]);
    expect(people.rowCount).toBe(2 + 300);
  });
});

describe('POST /users/excel/:companyId', () => {
  it('imports 1,000 employees with a new sector and position in one go, then exports them and re-imports unchanged', async () => {
    const [company] = await t.db.insert(companies).values({ commercialName: 'Importadora Mil', companyName: 'Importadora Mil S.A.' }).returning();
    const [existing] = await t.db.insert(sectors).values({ companyId: company!.id, sectorName: 'Comercial' }).returning();
    const workbook = await download(`/api/users/excel/template/${company!.id}`);
    const [people, sectorSheet, positionSheet] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
    sectorSheet.getCell(3, 1).value = 'Financeiro';
    positionSheet.getCell(2, 1).value = 'Analista';
    for (let index = 0; index < 1000; index += 1) {
      people.getRow(index + 2).values = [
        `Pessoa ${index}`,
        { text: `Pessoa.${index}@Importadora.com.br`, hyperlink: `mailto:pessoa.${index}@importadora.com.br` },
        index % 2 === 0 ? `(11) 9${String(index).padStart(4, '0')}-0000` : 1133334444,
        index % 2 === 0 ? 'Comercial' : 'financeiro',
        'Analista',
      ] as ExcelJS.CellValue[];
    }
    const response = await upload(company!.id, await toBuffer(workbook));
    expect(response.json()).toEqual({
      message: 'Ação concluída com sucesso!',
      created: { employees: 1000, sectors: 1, positions: 1 },
      updated: { employees: 0, sectors: 0, positions: 0 },
    });

    const exported = await download(`/api/users/excel/${company!.id}`);
    const exportedPeople = exported.getWorksheet('Colaboradores')!;
    expect(exportedPeople.rowCount).toBe(1 + 1000 + 300);
    const rows = Array.from({ length: 1000 }, (_, index) => values(exportedPeople, index + 2, 5));
    expect(rows).toContainEqual(['Pessoa 0', 'pessoa.0@importadora.com.br', '11900000000', 'Comercial', 'Analista']);
    expect(rows).toContainEqual(['Pessoa 1', 'pessoa.1@importadora.com.br', '1133334444', 'Financeiro', 'Analista']);
    const [firstSector] = await t.db.select().from(sectors).where(eq(sectors.id, existing!.id));
    expect(firstSector!.sectorName).toBe('Comercial');

    // The export imports back without changes; then a renamed sector and an edited employee, by Id.
    const again = await upload(company!.id, await toBuffer(exported));
    expect(again.json()).toMatchObject({ created: { employees: 0, sectors: 0, positions: 0 }, updated: { employees: 0, sectors: 0, positions: 0 } });
    const exportedSectors = exported.getWorksheet('Setores')!;
    const commercialLine = [2, 3].find((line) => exportedSectors.getCell(line, 1).value === 'Comercial')!;
    exportedSectors.getCell(commercialLine, 1).value = 'Comercial e Vendas';
    exportedPeople.getCell(2, 1).value = '  Nome   Corrigido ';
    exportedPeople.getCell(2, 4).value = 'Comercial e Vendas';
    const edited = await upload(company!.id, await toBuffer(exported));
    expect(edited.json()).toMatchObject({ created: { employees: 0, sectors: 0, positions: 0 }, updated: { employees: 1, sectors: 1, positions: 0 } });
    const id = exportedPeople.getCell(2, 6).value as number;
    const [renamed] = await t.db.select().from(users).where(eq(users.id, id));
    expect(renamed!.name).toBe('Nome Corrigido');
    const [renamedSector] = await t.db.select().from(sectors).where(eq(sectors.id, existing!.id));
    expect(renamedSector!.sectorName).toBe('Comercial e Vendas');
  });

  it('rejects a file with bad rows, lists every one of them and stores nothing', async () => {
    const workbook = await download(`/api/users/excel/template/${demo.companyId}`);
    const [people, sectorSheet] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    const nextSectorLine = demo.sectors.length + 2;
    sectorSheet.getRow(nextSectorLine).values = ['Nova Área'];
    sectorSheet.getRow(nextSectorLine + 1).values = ['Outro', 999999];
    const rows: ExcelJS.CellValue[][] = [
      ['Boa Pessoa', 'boa@demonstracao.com.br', '11987654321', 'Nova Área', ''],
      ['', 'sem.nome@demonstracao.com.br', '11987654321'],
      ['E-mail Ruim', 'não-é-email', '11987654321'],
      ['Repetida', 'boa@demonstracao.com.br', '11987654321'],
      ['Outra Empresa', 'pedro@outra.com.br', '11987654321'],
      ['Setor Errado', 'setor@demonstracao.com.br', '11987654321', 'Inexistente'],
      ['Id Alheio', 'alheio@demonstracao.com.br', '11987654321', '', '', other.employeeId],
      ['Sem Telefone', 'fone@demonstracao.com.br', ''],
    ];
    rows.forEach((row, index) => {
      people.getRow(index + 2).values = row;
    });
    const before = { users: await total(users), sectors: await total(sectors), links: await total(userSectors) };
    const response = await upload(demo.companyId, await toBuffer(workbook));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A planilha tem 8 linha(s) com erro; nada foi importado.',
      errors: [
        `Linha ${nextSectorLine + 1} (Setores): o Id 999999 não é de um setor desta empresa`,
        'Linha 3 (Colaboradores): o nome é obrigatório',
        'Linha 4 (Colaboradores): o e-mail "não-é-email" é inválido',
        'Linha 5 (Colaboradores): o e-mail boa@demonstracao.com.br já aparece na linha 2',
        'Linha 6 (Colaboradores): o e-mail pedro@outra.com.br já é usado por um usuário de outra empresa',
        'Linha 7 (Colaboradores): o setor "Inexistente" não existe na aba Setores',
        `Linha 8 (Colaboradores): o Id ${other.employeeId} não é de um colaborador desta empresa`,
        'Linha 9 (Colaboradores): o telefone é obrigatório',
      ],
    });
    expect({ users: await total(users), sectors: await total(sectors), links: await total(userSectors) }).toEqual(before);
  });

  it('answers a clear 400 for files that are not spreadsheets and 413 for an oversized one', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('Nome;Email\nAna;ana@x.com\n'), 'O arquivo enviado não é uma planilha Excel (.xlsx). Baixe o modelo e envie-o preenchido.'],
      [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]), 'O arquivo enviado não é uma planilha Excel (.xlsx). Baixe o modelo e envie-o preenchido.'],
      [Buffer.alloc(0), 'O arquivo enviado não é uma planilha Excel (.xlsx). Baixe o modelo e envie-o preenchido.'],
    ];
    // A genuine zip directory whose workbook part is corrupt.
    const good = await toBuffer(await download(`/api/users/excel/template/${demo.companyId}`));
    const corrupt = Buffer.from(good);
    corrupt.fill(0x41, 200, 2000);
    cases.push([corrupt, 'A planilha está corrompida ou não pôde ser lida. Salve-a novamente como .xlsx e tente de novo.']);
    for (const [content, message] of cases) {
      const response = await upload(demo.companyId, content);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const json = await t.app.inject({ method: 'POST', url: `/api/users/excel/${demo.companyId}`, payload: { file: 'x' }, headers: bearer(adminToken) });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envie a planilha como multipart/form-data (campo file).');
    const big = await upload(demo.companyId, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('O arquivo passa do limite de 10 MB.');
  });

  it('lets a company user import into its own company', async () => {
    const workbook = await download(`/api/users/excel/template/${demo.companyId}`, companyToken);
    workbook.getWorksheet('Colaboradores')!.getRow(2).values = ['Nova Colaboradora', 'nova@demonstracao.com.br', '11 98888-7777', demo.sectors[0]!.sectorName];
    const response = await upload(demo.companyId, await toBuffer(workbook), companyToken);
    expect(response.statusCode).toBe(200);
    const [created] = await t.db.select().from(users).where(eq(users.email, 'nova@demonstracao.com.br'));
    expect(created).toMatchObject({ name: 'Nova Colaboradora', phone: '11988887777', typeAccount: 3, companyId: demo.companyId, passwordHash: null });
    const links = await t.db.select().from(userSectors).where(eq(userSectors.userId, created!.id));
    expect(links).toEqual([{ userId: created!.id, sectorId: demo.sectors[0]!.id }]);
  });
});
