/**
 * End to end, on the built app and the real server with demo data: the registered-users screen (add,
 * edit, deactivate, Excel template/export/import, creating evaluations of several types), the courses
 * and a course's detail (create, add participants, evaluate), and a company user's own list.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWebBuilt, credentials, getJson, launchChromium, photograph, screenshotDir, startAppServer, type AppServer } from './appServer';
import { seriousViolations } from './axe';
import { DESKTOP, openPage, PHONE } from './browserPages';

const shots = join(screenshotDir, 'admin');

interface ListedUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  type_account: number;
  status: boolean;
  company_name: string | null;
  sector: { sector_name: string }[];
}

let server: AppServer;
let browser: Browser;
let adminToken = '';
let companyId = 0;
const pageErrors: string[] = [];

async function api<T>(path: string, body?: unknown): Promise<T> {
  if (body === undefined) return getJson<T>(server.baseUrl, `/api${path}`, adminToken);
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const companyUsers = () => api<ListedUser[]>(`/users/list/${companyId}`);
const evaluationCount = async (type: number) =>
  (await api<{ total: number }>('/evaluation/find', { company_id: companyId, type_evaluation: type })).total;

async function newPage(options: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const { page } = await openPage(options, { browser, baseUrl: server.baseUrl, errors: pageErrors, shots, context: { acceptDownloads: true } });
  return page;
}

async function signIn(page: Page, who: 'admin' | 'company'): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/e-?mail/i).first().fill(credentials[who].email);
  await page.getByLabel(/senha/i).first().fill(credentials[who].password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/');
}

async function shot(page: Page, name: string): Promise<void> {
  await photograph(page, join(shots, `${name}.png`), true);
}

/** No serious or critical axe finding on the page (or in the open dialog). */
async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function chooseOption(page: Page, field: string, option: string, root: Page | ReturnType<Page['getByRole']> = page) {
  await root.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickAutocomplete(page: Page, root: ReturnType<Page['getByRole']>, field: string, typed: string, option: string | RegExp) {
  const input = root.getByRole('combobox', { name: field, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function selectRows(page: Page, names: string[]) {
  for (const name of names) await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
}

/** A filled copy of the template, with these employee rows (Nome, Email, Telefone, Setor, Cargo). */
async function fillTemplate(template: Buffer, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Colaboradores')!;
  rows.forEach((cells, index) => cells.forEach((value, column) => (sheet.getRow(index + 2).getCell(column + 1).value = value)));
  const path = join(tmpdir(), `h2-import-${Date.now()}-${rows.length}.xlsx`);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

describe('registered users, courses and evaluation creation (administrator)', () => {
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(shots, { recursive: true });
    server = await startAppServer();
    await server.waitForLinks('estresse', 60000);
    const session = await fetch(`${server.baseUrl}/api/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials.admin),
    });
    adminToken = ((await session.json()) as { token: string }).token;
    const companies = await api<{ id: number; commercial_name: string }[]>('/companies');
    companyId = companies.find((company) => company.commercial_name === 'Empresa Demonstração')!.id;
    browser = await launchChromium();
  }, 120000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends an administrator without a company to the company registry', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin');
    await page.goto('/users');
    await page.waitForURL((url) => url.pathname === '/company');
  });

  it('lists, adds, edits and deactivates users', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin');
    await page.goto(`/users/${companyId}`);
    await page.getByRole('heading', { name: 'Cadastrados — Empresa Demonstração' }).waitFor();
    for (const title of ['Nome', 'Email', 'Telefone', 'Setor', 'Cargo', 'Ativo', 'Editar']) {
      await page.getByRole('columnheader', { name: title, exact: true }).waitFor();
    }
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    // The Avaliar button appears only once someone is selected.
    expect(await page.getByRole('button', { name: 'Avaliar' }).count()).toBe(0);
    await shot(page, 'users-desktop');
    await expectAccessible(page, '/users/{id}');

    // Without platform access, sector or position.
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    const add = dialog(page, 'Novo usuário');
    await add.getByRole('button', { name: 'Salvar' }).click();
    expect(await add.getByText('Campo obrigatório').count()).toBe(3);
    await add.getByLabel('Nome').fill('Helena Teste Sem Acesso');
    await add.getByLabel('Email').fill('helena.teste@demonstracao.com.br');
    await add.getByLabel('Telefone').fill('11987654321');
    await shot(page, 'users-add-dialog-desktop');
    await expectAccessible(page, 'add user dialog');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário criado, mas sem setor e/ou cargo').waitFor();
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Helena Teste Sem Acesso/ }).getByText('(11) 98765-4321').waitFor();

    // A duplicate e-mail: the server's message, and the dialog keeps what was typed.
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    await add.getByLabel('Nome').fill('Igor Gestor');
    await add.getByLabel('Email').fill('helena.teste@demonstracao.com.br');
    await add.getByLabel('Telefone').fill('(21) 3333-4444');
    await add.getByRole('checkbox', { name: 'Acesso a plataforma' }).check();
    await add.getByLabel('Senha').fill('Gestor-2024!');
    await chooseOption(page, 'Setor', 'Administrativo', add);
    await chooseOption(page, 'Cargo', 'Coordenador', add);
    await add.getByRole('button', { name: 'Salvar' }).click();
    await add.getByText('O e-mail já existe em outro usuário!').waitFor();
    expect(await add.getByLabel('Nome').inputValue()).toBe('Igor Gestor');
    await add.getByLabel('Email').fill('igor.gestor@demonstracao.com.br');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário criado com sucesso').waitFor();

    let users = await companyUsers();
    expect(users.find((user) => user.email === 'helena.teste@demonstracao.com.br')).toMatchObject({ type_account: 3, phone: '11987654321' });
    expect(users.find((user) => user.email === 'igor.gestor@demonstracao.com.br')).toMatchObject({ type_account: 2, sector: [{ sector_name: 'Administrativo' }] });
    // A company-level user's row has no checkbox.
    expect(await page.getByRole('row', { name: /Igor Gestor/ }).getByRole('checkbox').count()).toBe(0);

    // Edit: a new phone.
    await page.getByRole('button', { name: 'Editar Ana Paula Souza' }).click();
    const edit = dialog(page, 'Editar usuário');
    expect(await edit.getByLabel('Nome').inputValue()).toBe('Ana Paula Souza');
    await edit.getByLabel('Telefone').fill('(11) 91234-5678');
    await shot(page, 'users-edit-dialog-desktop');
    await expectAccessible(page, 'edit user dialog');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usuário editado com sucesso').waitFor();
    users = await companyUsers();
    expect(users.find((user) => user.name === 'Ana Paula Souza')?.phone).toBe('11912345678');

    // "Delete" deactivates, even a demo employee with no phone; cancelling changes nothing.
    await page.getByRole('button', { name: 'Desativar Gabriel Pereira Rocha' }).click();
    const confirm = dialog(page, 'Desativar usuário');
    await confirm.getByText(/nada é apagado/).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect((await companyUsers()).find((user) => user.name === 'Gabriel Pereira Rocha')?.status).toBe(true);
    await page.getByRole('button', { name: 'Desativar Gabriel Pereira Rocha' }).click();
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Usuário desativado').waitFor();
    expect((await companyUsers()).find((user) => user.name === 'Gabriel Pereira Rocha')?.status).toBe(false);
    await page.getByText('Usuário desativado').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Desativar Ana Paula Souza' }).click();
    await shot(page, 'users-deactivate-dialog-desktop');
    await expectAccessible(page, 'deactivate dialog');
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Usuário desativado').waitFor();
    users = await companyUsers();
    expect(users.find((user) => user.name === 'Ana Paula Souza')?.status).toBe(false);
    await page.getByRole('row', { name: /Ana Paula Souza/ }).getByText('Não', { exact: true }).waitFor();
  });

  it('downloads the template and the export, imports a filled template, and lists bad rows', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin');
    await page.goto(`/users/${companyId}`);
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    const excel = dialog(page, 'Planilha de colaboradores');
    await shot(page, 'users-excel-dialog-desktop');
    await expectAccessible(page, 'excel dialog');

    const [template] = await Promise.all([page.waitForEvent('download'), excel.getByRole('button', { name: 'Baixar modelo' }).click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const templateBytes = readFileSync((await template.path())!);
    expect(templateBytes.subarray(0, 2).toString()).toBe('PK');
    const [exported] = await Promise.all([page.waitForEvent('download'), excel.getByRole('button', { name: 'Exportar colaboradores' }).click()]);
    expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(readFileSync((await exported.path())!).subarray(0, 2).toString()).toBe('PK');

    const before = (await companyUsers()).length;
    const good = await fillTemplate(templateBytes, [
      ['Karina Importada', 'karina.importada@demonstracao.com.br', '(11) 95555-1111', 'Operações', 'Operador'],
      ['Lucas Importado', 'lucas.importado@demonstracao.com.br', '(11) 95555-2222', 'Administrativo', 'Analista'],
    ]);
    await excel.locator('input[type=file]').setInputFiles(good);
    await excel.getByRole('button', { name: 'Importar planilha' }).click();
    await excel.getByText('Ação concluída com sucesso!').waitFor();
    await excel.getByText(/Criados: 2 colaboradores/).waitFor();
    expect((await companyUsers()).length).toBe(before + 2);

    const bad = await fillTemplate(templateBytes, [
      ['Marta Valida', 'marta.valida@demonstracao.com.br', '(11) 95555-3333', 'Operações', 'Operador'],
      ['Nilo Errado', 'isto-nao-e-email', '(11) 95555-4444', 'Operações', 'Operador'],
    ]);
    await excel.locator('input[type=file]').setInputFiles(bad);
    await excel.getByRole('button', { name: 'Importar planilha' }).click();
    await page.getByText('Erro!', { exact: true }).first().waitFor();
    const list = excel.getByRole('list', { name: 'Linhas com erro' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
    await shot(page, 'users-excel-errors-desktop');
    expect((await companyUsers()).length).toBe(before + 2);
    await excel.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('row', { name: /Karina Importada/ }).waitFor();
  });

  it('creates a 360 with evaluated and version, an area map with a sector, and a PSS-14', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin');
    await page.goto(`/users/${companyId}`);
    await page.getByRole('row', { name: /Bruno Henrique Lima/ }).waitFor();
    await selectRows(page, ['Bruno Henrique Lima', 'Carla Mendes Ribeiro']);
    await page.getByRole('button', { name: 'Avaliar' }).click();
    const create = dialog(page, 'Criar avaliação');

    // Nothing chosen: the spec's validation message.
    await create.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Verifique se marcou usuários, se o erro persistir contate um desenvolvedor').waitFor();

    const before360 = await evaluationCount(2);
    await chooseOption(page, 'Tipo de avaliação', 'Avaliação 360', create);
    await page.keyboard.press('Escape');
    expect(await create.getByRole('combobox', { name: 'Setor avaliado' }).isDisabled()).toBe(true);
    await pickAutocomplete(page, create, 'Avaliado', 'Diego', 'Diego Alves Santos');
    await chooseOption(page, 'Versão', 'Nova versão (1)', create);
    await create.getByLabel('Dias para responder').fill('15');
    await shot(page, 'users-create-evaluation-dialog-desktop');
    await expectAccessible(page, 'create evaluation dialog');
    await create.getByRole('button', { name: 'Criar' }).click();
    const toast = page.getByText('2 avaliações Criadas');
    await toast.waitFor();
    // The 20-second toast outlives the 3-second default.
    await page.waitForTimeout(4000);
    expect(await toast.isVisible()).toBe(true);
    expect(await evaluationCount(2)).toBe(before360 + 2);

    // An area operational map (type 8) with a sector.
    await selectRows(page, ['Bruno Henrique Lima']);
    await page.getByRole('button', { name: 'Avaliar' }).click();
    await chooseOption(page, 'Tipo de avaliação', 'Mapa Operacional da Área', create);
    await page.keyboard.press('Escape');
    expect(await create.getByRole('combobox', { name: 'Avaliado', exact: true }).isDisabled()).toBe(true);
    await chooseOption(page, 'Setor avaliado', 'Operações', create);
    await create.getByLabel('Dias para responder').fill('10');
    const beforeMap = await evaluationCount(8);
    await create.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Avaliação Criada', { exact: true }).waitFor();
    expect(await evaluationCount(8)).toBe(beforeMap + 1);

    // A PSS-14 for one person.
    await selectRows(page, ['Diego Alves Santos']);
    await page.getByRole('button', { name: 'Avaliar' }).click();
    await chooseOption(page, 'Tipo de avaliação', 'Escala de Estresse Percebido', create);
    await page.keyboard.press('Escape');
    await create.getByLabel('Dias para responder').fill('7');
    const beforeStress = await evaluationCount(13);
    await create.getByRole('button', { name: 'Criar' }).click();
    await create.waitFor({ state: 'hidden' });
    expect(await evaluationCount(13)).toBe(beforeStress + 1);
  });

  it('creates a course, adds participants and evaluates them', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin');
    await page.goto('/courses');
    await page.getByRole('heading', { name: 'Treinamentos' }).waitFor();
    await page.getByRole('button', { name: 'Novo treinamento' }).click();
    const create = dialog(page, 'Novo treinamento');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await create.getByText('Campo obrigatório').waitFor();
    await create.getByLabel('Nome do treinamento').fill('Liderança E2E');
    // A course of one company: it takes only that company's participants.
    await create.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: 'Empresa Demonstração' }).click();
    await shot(page, 'courses-create-dialog-desktop');
    await expectAccessible(page, 'create course dialog');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Treinamento criado com sucesso').waitFor();
    const companies = await api<{ id: number; commercial_name: string }[]>('/companies');
    const demoCompany = companies.find((company) => company.commercial_name === 'Empresa Demonstração')!;
    expect((await api<{ name: string; company_id: number | null }[]>('/courses')).find((course) => course.name === 'Liderança E2E')?.company_id).toBe(demoCompany.id);
    const row = page.getByRole('row', { name: /Liderança E2E/ });
    await row.waitFor();
    await row.getByRole('img', { name: 'Ativo' }).waitFor();
    await page.getByLabel('Pesquisar treinamento').fill('nada-assim');
    await page.getByText('Nenhum treinamento encontrado').waitFor();
    await page.getByLabel('Pesquisar treinamento').fill('lideranca');
    await row.waitFor();
    await shot(page, 'courses-desktop');
    await expectAccessible(page, '/courses');

    await row.getByRole('button', { name: 'Ações de Liderança E2E' }).click();
    await page.getByRole('menuitem', { name: 'Editar dados do treinamento' }).click();
    await page.getByText('Ainda não implementado').waitFor();
    await row.getByRole('button', { name: 'Ações de Liderança E2E' }).click();
    await page.getByRole('menuitem', { name: 'Abrir treinamento' }).click();
    await page.waitForURL(/\/course\/\d+$/);
    const courseId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByText('Nenhum encontrado').waitFor();
    expect(await page.getByRole('button', { name: 'Avaliar' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Adicionar participante' }).click();
    const add = dialog(page, 'Adicionar participantes');
    await pickAutocomplete(page, add, 'Empresa', 'Demonstra', 'Empresa Demonstração');
    await pickAutocomplete(page, add, 'Usuários', 'Fernanda', /Fernanda Oliveira Costa/);
    await pickAutocomplete(page, add, 'Usuários', 'Juliana', /Juliana Martins Carvalho/);
    await shot(page, 'course-add-participants-dialog-desktop');
    await expectAccessible(page, 'add participants dialog');
    await add.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('row', { name: /Juliana Martins Carvalho/ }).waitFor();
    const detail = await api<{ userCourses: { name: string }[] }>(`/usercourses/${courseId}`);
    expect(detail.userCourses.map((participant) => participant.name).sort()).toEqual(['Fernanda Oliveira Costa', 'Juliana Martins Carvalho']);
    await shot(page, 'course-desktop');
    await expectAccessible(page, '/course/{id}');

    await selectRows(page, ['Fernanda Oliveira Costa', 'Juliana Martins Carvalho']);
    await page.getByRole('button', { name: 'Avaliar' }).click();
    const evaluate = dialog(page, 'Criar avaliação');
    await chooseOption(page, 'Tipo de avaliação', 'Escala de Estresse Percebido', evaluate);
    await page.keyboard.press('Escape');
    await evaluate.getByLabel('Dias para responder').fill('30');
    await evaluate.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('2 avaliações Criadas').waitFor();
    const fromCourse = await api<{ total: number }>('/evaluation/find', { course_id: courseId });
    expect(fromCourse.total).toBe(2);

    // Participations with evaluations cannot be removed: the server's message is shown.
    await selectRows(page, ['Fernanda Oliveira Costa']);
    await page.getByRole('button', { name: 'Remover', exact: true }).click();
    const remove = dialog(page, 'Remover participantes');
    await remove.getByRole('button', { name: 'Remover', exact: true }).click();
    await remove.getByText('Este participante tem avaliações criadas pelo treinamento e não pode ser removido.').waitFor();
  });

  it('lays the screens out on a phone', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'admin');
    await page.goto(`/users/${companyId}`);
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    await shot(page, 'users-phone');
    await expectAccessible(page, '/users/{id} phone');
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    await shot(page, 'users-add-dialog-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await selectRows(page, ['Bruno Henrique Lima']);
    await page.getByRole('button', { name: 'Avaliar' }).click();
    await dialog(page, 'Criar avaliação').waitFor();
    await shot(page, 'users-create-evaluation-dialog-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    await shot(page, 'users-excel-dialog-phone');
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.goto('/courses');
    await page.getByRole('row', { name: /Liderança E2E/ }).waitFor();
    await shot(page, 'courses-phone');
    await page.getByRole('link', { name: 'Liderança E2E' }).click();
    await page.getByRole('row', { name: /Juliana Martins Carvalho/ }).waitFor();
    await shot(page, 'course-phone');
    expect(pageErrors).toEqual([]);
  });

  it('shows a company user only the demo company, whatever the route says', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'company');
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Cadastrados — Empresa Demonstração' }).waitFor();
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    await page.goto('/users/999999');
    await page.getByRole('heading', { name: 'Cadastrados — Empresa Demonstração' }).waitFor();
    await page.getByRole('row', { name: /Bruno Henrique Lima/ }).waitFor();
    await shot(page, 'users-company-desktop');
  });
});
