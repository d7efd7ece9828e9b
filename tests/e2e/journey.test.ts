/**
 * End to end, from an empty installation (DEMO_DATA=0, only the administrator exists), everything
 * through the screens as a new administrator would: two companies with sectors and positions;
 * employees imported from a filled copy of the downloaded template; a company user; a course with
 * participants; evaluations of several types; a PSS-14 link copied from Data management and answered
 * on a phone; a renewal and a reminder; the jobs in Filas and the e-mails in the outbox; the public
 * registration page opened by 'Tabela'; a 360 interview auto-saved, finished and seen on the report.
 * Then the company user signs in and sees only that company. Every screen and open dialog is checked
 * with axe and photographed at desktop and phone sizes into `test-results/e2e/journey/`.
 * The API is used only to verify what the screens did.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { assertWebBuilt, credentials, keepScreenshots, launchChromium, photograph, repoRoot, screenshotDir, startAppServer, type AppServer } from './appServer';
import { seriousViolations } from './axe';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const shots = join(screenshotDir, 'journey');

/** A valid CNPJ built from 12 digits by computing its two check digits. */
function cnpjWithCheckDigits(base: string): string {
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...digits].reduce((total, char, index) => total + Number(char) * weights[index]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}

const HORIZONTE = {
  name: 'Construtora Horizonte',
  legal: 'Horizonte Engenharia e Construções Ltda.',
  cnpj: cnpjWithCheckDigits('457210980001'),
  phone: '11987654321',
  sectors: ['Obras', 'Administrativo'],
  positions: ['Engenheiro', 'Pedreiro', 'Analista'],
};
const BEM_ESTAR = {
  name: 'Clínica Bem Estar',
  legal: 'Bem Estar Serviços de Saúde Ltda.',
  cnpj: cnpjWithCheckDigits('193847560001'),
  phone: '2133332222',
  sectors: ['Recepção'],
  positions: ['Recepcionista'],
};
/** The employees typed into the template (Nome, Email, Telefone, Setor, Cargo). */
const EMPLOYEES = [
  ['Ana Paula Souza', 'ana.souza@horizonte.com.br', '(11) 95555-1111', 'Obras', 'Engenheiro'],
  ['Bruno Henrique Lima', 'bruno.lima@horizonte.com.br', '(11) 95555-2222', 'Obras', 'Pedreiro'],
  ['Carla Mendes Ribeiro', 'carla.ribeiro@horizonte.com.br', '(11) 95555-3333', 'Administrativo', 'Analista'],
  ['Diego Alves Santos', 'diego.santos@horizonte.com.br', '(11) 95555-4444', 'Administrativo', 'Analista'],
];
const MANAGER = { name: 'Gestora Horizonte', email: 'gestora@horizonte.com.br', password: 'Gestora-2024!' };
const OTHER_EMPLOYEE = { name: 'Rita de Cássia Moura', email: 'rita.moura@bemestar.com.br', phone: '(21) 98888-7777' };
const COURSE = 'Liderança na Obra';
/** Bruno's grades in the interview, typed with commas. */
const GRADES = ['7,5', '8', '6,3', '9', '4,5', '10', '3,2', '7', '8,8', '5'];

interface StressDefinition {
  title: string;
  scales: Record<string, { value: number; label: string }[]>;
  pages: { questions: { id: string; text: string; scale: string }[] }[];
}
const stress = JSON.parse(readFileSync(join(repoRoot, 'definitions/questionnaires/estresse.json'), 'utf8')) as StressDefinition;
const stressQuestions = stress.pages.flatMap((page) => page.questions);
const COMPETENCIES = JSON.parse(readFileSync(join(repoRoot, 'definitions/interview360.json'), 'utf8')).competencies as { block: number; name: string }[];

interface ListedUser {
  id: number;
  name: string;
  email: string;
  type_account: number;
  company_id?: number | null;
  sector: { sector_name: string }[];
  position: { position_name: string }[];
}
interface EvaluationRow {
  evaluation_id: string;
  user_id: number;
  user_name: string;
  type: string;
  expire_at: string | null;
  done: boolean;
}

let server: AppServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page;
let adminToken = '';
let horizonteId = 0;
let bemEstarId = 0;
const pageErrors: string[] = [];

async function api<T>(method: string, path: string, body?: unknown, token = adminToken): Promise<T> {
  const response = await fetch(`${server!.baseUrl}/api${path}`, {
    method,
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function signInToken(email: string, password: string): Promise<{ token: string; user: { company_id?: number | null; type_account: number } }> {
  const response = await fetch(`${server!.baseUrl}/api/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`POST /sessions answered ${response.status}`);
  return (await response.json()) as { token: string; user: { company_id?: number | null; type_account: number } };
}

const evaluationsOf = async (companyId: number, token = adminToken) =>
  (await api<{ total: number; evaluations: EvaluationRow[] }>('POST', '/evaluation/find', { company_id: companyId, limit: 500 }, token)).evaluations;

function watch(target: Page): void {
  target.setDefaultTimeout(15000);
  target.on('pageerror', (error) => pageErrors.push(`${target.url()}: ${error.message}`));
}

async function newContext(options: typeof PHONE | typeof DESKTOP): Promise<BrowserContext> {
  const created = await browser!.newContext({ ...options, locale: 'pt-BR', baseURL: server!.baseUrl, timezoneId: 'America/Sao_Paulo', acceptDownloads: true });
  await created.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.baseUrl });
  created.on('page', watch);
  return created;
}

/** On failure, a screenshot of every open page of the shared context. */
function screenshotOnFailure(): void {
  onTestFinished(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    for (const [index, open] of (context?.pages() ?? []).entries()) {
      await open.screenshot({ path: join(shots, `FAILED-${name}-${index}.png`), fullPage: true }).catch(() => undefined);
    }
  });
}

/** Closes the toasts (each has a close button) and waits until they are gone. */
async function closeToasts(target: Page): Promise<void> {
  // By CSS: while a dialog is open the rest of the page, toasts included, is hidden from the roles.
  const closers = target.locator('.notistack-MuiContent button[aria-label="Fechar"]');
  for (let round = 0; round < 6 && (await closers.count()) > 0; round += 1) {
    await closers.first().click({ timeout: 2000 }).catch(() => undefined);
    await target.waitForTimeout(150);
  }
  await target.locator('#notistack-snackbar').first().waitFor({ state: 'detached', timeout: 5000 });
}

/** Waits for the running finite animations and transitions (a menu fading out is measured half transparent). */
async function settled(target: Page): Promise<void> {
  await target.waitForTimeout(100);
  await target.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** The screen as it is now: no serious or critical axe finding, then a desktop and a phone screenshot. */
async function screen(target: Page, step: string): Promise<void> {
  await closeToasts(target);
  await settled(target);
  expect(await seriousViolations(target), step).toEqual([]);
  if (!keepScreenshots) return;
  const size = target.viewportSize();
  for (const [suffix, viewport] of [
    ['desktop', DESKTOP.viewport],
    ['phone', PHONE.viewport],
  ] as const) {
    await target.setViewportSize(viewport);
    await target.waitForTimeout(250);
    await photograph(target, join(shots, `${step}-${suffix}.png`), true);
  }
  if (size) await target.setViewportSize(size);
  await target.waitForTimeout(100);
}

async function toast(target: Page, text: string | RegExp): Promise<void> {
  await target.locator('#notistack-snackbar').filter({ hasText: text }).first().waitFor();
}

async function signIn(target: Page, who: { email: string; password: string }): Promise<void> {
  await target.goto('/');
  await target.getByLabel('Email', { exact: true }).fill(who.email);
  await target.getByLabel('Senha', { exact: true }).fill(who.password);
  await target.getByRole('button', { name: 'Entrar', exact: true }).click();
  await target.waitForURL((url) => url.pathname === '/home');
}

async function menu(target: Page, label: string, path: string): Promise<void> {
  await target.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label, exact: true }).click();
  await target.waitForURL((url) => url.pathname === path);
}

async function chooseOption(target: Page, root: Locator, field: string, option: string): Promise<void> {
  await root.getByRole('combobox', { name: field, exact: true }).click();
  await target.getByRole('option', { name: option, exact: true }).click();
}

async function pickAutocomplete(target: Page, root: Locator | Page, field: string, typed: string, option: string | RegExp): Promise<void> {
  const input = root.getByRole('combobox', { name: field, exact: true });
  await input.click();
  await input.fill(typed);
  await target.getByRole('option', { name: option }).first().click();
}

async function selectRows(target: Page, names: string[]): Promise<void> {
  for (const name of names) await target.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
}

const companyRow = (target: Page, name: string) => target.getByRole('grid', { name: 'Empresas cadastradas' }).getByRole('row').filter({ hasText: name });

async function companyMenu(target: Page, name: string, item: string): Promise<void> {
  await companyRow(target, name).getByRole('button', { name: `Ações da empresa ${name}` }).click();
  await target.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Creates a company through its dialog, then its sectors and positions through theirs. */
async function createCompany(target: Page, company: typeof HORIZONTE, photograph: boolean): Promise<void> {
  await target.getByRole('button', { name: 'Nova empresa' }).click();
  const dialog = target.getByRole('dialog', { name: 'Nova empresa' });
  await dialog.getByLabel('Nome Fantasia').fill(company.name);
  await dialog.getByLabel('Razão Social').fill(company.legal);
  await dialog.getByLabel('CNPJ/CPF').fill(company.cnpj);
  await dialog.getByLabel('Telefone (opcional)').fill(company.phone);
  if (photograph) await screen(target, '03-company-dialog');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await toast(target, 'Empresa criada com sucesso');
  await dialog.waitFor({ state: 'detached' });
  await companyRow(target, company.name).waitFor();

  for (const [item, title, label, names, step] of [
    ['Editar setores', `Setores de ${company.name}`, 'Setor', company.sectors, '04-company-sectors'],
    ['Editar cargos', `Cargos de ${company.name}`, 'Cargo', company.positions, '05-company-positions'],
  ] as const) {
    await companyMenu(target, company.name, item);
    const list = target.getByRole('dialog', { name: title });
    for (const [index, name] of names.entries()) {
      await list.getByRole('button', { name: 'Adicionar' }).click();
      await list.getByLabel(`${label} ${index + 1}`, { exact: true }).fill(name);
    }
    if (photograph) await screen(target, step);
    await list.getByRole('button', { name: 'Salvar' }).click();
    await toast(target, 'Setores atualizados com sucesso');
    await list.waitFor({ state: 'detached' });
  }
}

/** A filled copy of the template, with these employee rows. */
async function fillTemplate(template: Buffer, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Colaboradores')!;
  rows.forEach((cells, index) => cells.forEach((value, column) => (sheet.getRow(index + 2).getCell(column + 1).value = value)));
  const path = join(tmpdir(), `journey-import-${Date.now()}.xlsx`);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

/** Opens the create-evaluation dialog for the selected rows and creates one type. */
async function createEvaluation(
  target: Page,
  evaluators: string[],
  type: string,
  fill: (dialog: Locator) => Promise<void>,
  expected: string,
  step?: string,
): Promise<void> {
  await closeToasts(target);
  await selectRows(target, evaluators);
  await target.getByRole('button', { name: 'Avaliar' }).click();
  const dialog = target.getByRole('dialog', { name: 'Criar avaliação' });
  await chooseOption(target, dialog, 'Tipo de avaliação', type);
  await target.keyboard.press('Escape');
  await fill(dialog);
  if (step) await screen(target, step);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await toast(target, expected);
  await dialog.waitFor({ state: 'hidden' });
}

// Data management.
const grid = (target: Page) => target.getByRole('grid', { name: 'Avaliações' });
const dataRows = (target: Page) => grid(target).getByRole('row').filter({ has: target.getByRole('gridcell') });
const dataRow = (target: Page, name: string) => dataRows(target).filter({ hasText: name });

async function chooseFilter(target: Page, label: string, option: string): Promise<void> {
  await target.getByRole('combobox', { name: label }).click();
  await target.getByRole('combobox', { name: label }).fill(option);
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await target.getByRole('option', { name: new RegExp(`^${escaped}( \\(.*\\))?$`) }).first().click();
}

async function expectRows(target: Page, count: number): Promise<void> {
  await expect
    .poll(async () => (await grid(target).locator('.MuiDataGrid-overlay').count()) === 0 && (await dataRows(target).count()), { timeout: 15000 })
    .toBe(count);
}

/** Data management filtered on the company's PSS-14 rows. */
async function showStressRows(target: Page): Promise<void> {
  await chooseFilter(target, 'Empresa', HORIZONTE.name);
  await target.getByRole('button', { name: 'Produto', exact: true }).click();
  await chooseFilter(target, 'Produto', 'Escala de Estresse Percebido');
  await expectRows(target, 2);
}

async function chooseInterviewFilter(target: Page, filter: string, option: string): Promise<void> {
  await target.getByRole('combobox', { name: filter, exact: true }).click();
  await target.getByRole('option', { name: option, exact: true }).click();
  await target.keyboard.press('Escape');
}

const evaluatorRow = (target: Page, name: string) => target.getByRole('row').filter({ hasText: name });

describe('a new administrator, from an empty installation to a company user', () => {
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(shots, { recursive: true });
    server = await startAppServer({ env: { DEMO_DATA: '0' } });
    adminToken = (await signInToken(credentials.admin.email, credentials.admin.password)).token;
    // Empty: no company, and only the administrator signs in.
    expect(await api<unknown[]>('GET', '/companies')).toEqual([]);
    const refused = await fetch(`${server.baseUrl}/api/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials.company),
    });
    expect(refused.ok).toBe(false);
    browser = await launchChromium();
    context = await newContext(DESKTOP);
    page = await context.newPage();
  }, 120000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in and registers two companies with their sectors and positions', async () => {
    screenshotOnFailure();
    await page.goto('/');
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
    await screen(page, '00-sign-in');
    await signIn(page, credentials.admin);
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    await screen(page, '01-home');

    await menu(page, 'Cadastro', '/company');
    await page.getByRole('heading', { name: 'Cadastro de empresas' }).waitFor();
    await page.getByText('Cadastrados: 0', { exact: true }).waitFor();
    await screen(page, '02-company-empty');

    await createCompany(page, HORIZONTE, true);
    await createCompany(page, BEM_ESTAR, false);
    await page.getByText('Cadastrados: 2', { exact: true }).waitFor();
    await companyRow(page, HORIZONTE.name).getByText('(11) 98765-4321').waitFor();
    await screen(page, '06-company');

    const companies = await api<{ id: number; commercial_name: string; cnpj: string }[]>('GET', '/companies');
    expect(companies.map((company) => company.commercial_name).sort()).toEqual([BEM_ESTAR.name, HORIZONTE.name].sort());
    horizonteId = companies.find((company) => company.commercial_name === HORIZONTE.name)!.id;
    bemEstarId = companies.find((company) => company.commercial_name === BEM_ESTAR.name)!.id;
    for (const [id, company] of [
      [horizonteId, HORIZONTE],
      [bemEstarId, BEM_ESTAR],
    ] as const) {
      const sectors = await api<{ sector_name: string }[]>('GET', `/sectors/list/${id}`);
      expect(sectors.map((sector) => sector.sector_name).sort()).toEqual([...company.sectors].sort());
      const positions = await api<{ position_name: string }[]>('GET', `/positions/list/${id}`);
      expect(positions.map((position) => position.position_name).sort()).toEqual([...company.positions].sort());
    }
  }, 120000);

  it('imports employees from the template, adds a company user and the second company’s employee', async () => {
    screenshotOnFailure();
    await companyMenu(page, HORIZONTE.name, 'Cadastrados');
    await page.waitForURL((url) => url.pathname === `/users/${horizonteId}`);
    await page.getByText('Nenhum usuário cadastrado').waitFor();
    await screen(page, '07-users-empty');

    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    const excel = page.getByRole('dialog', { name: 'Planilha de colaboradores' });
    await screen(page, '08-users-excel-dialog');
    const [template] = await Promise.all([page.waitForEvent('download'), excel.getByRole('button', { name: 'Baixar modelo' }).click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const filled = await fillTemplate(readFileSync((await template.path())!), EMPLOYEES);
    await excel.locator('input[type=file]').setInputFiles(filled);
    await excel.getByRole('button', { name: 'Importar planilha' }).click();
    await excel.getByText(/Criados: 4 colaboradores/).waitFor();
    await screen(page, '09-users-excel-imported');
    await excel.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('heading', { name: `Cadastrados — ${HORIZONTE.name}` }).waitFor();
    await page.getByRole('row', { name: /Diego Alves Santos/ }).waitFor();
    let users = await api<ListedUser[]>('GET', `/users/list/${horizonteId}`);
    for (const [name, email, , sector, position] of EMPLOYEES) {
      expect(users.find((user) => user.email === email), name).toMatchObject({
        name,
        type_account: 3,
        sector: [{ sector_name: sector }],
        position: [{ position_name: position }],
      });
    }

    // The company user: platform access and a password.
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Novo usuário' });
    await add.getByLabel('Nome').fill(MANAGER.name);
    await add.getByLabel('Email').fill(MANAGER.email);
    await add.getByLabel('Telefone').fill('(11) 94444-0000');
    await add.getByRole('checkbox', { name: 'Acesso a plataforma' }).check();
    await add.getByLabel('Senha').fill(MANAGER.password);
    await chooseOption(page, add, 'Setor', 'Administrativo');
    await chooseOption(page, add, 'Cargo', 'Analista');
    await screen(page, '10-users-add-dialog');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Usuário criado com sucesso');
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(MANAGER.name) }).waitFor();
    await screen(page, '11-users');
    users = await api<ListedUser[]>('GET', `/users/list/${horizonteId}`);
    expect(users.find((user) => user.email === MANAGER.email)).toMatchObject({ type_account: 2 });

    // The second company gets one employee, so "only that company" means something.
    await menu(page, 'Cadastro', '/company');
    await companyMenu(page, BEM_ESTAR.name, 'Cadastrados');
    await page.waitForURL((url) => url.pathname === `/users/${bemEstarId}`);
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    await add.getByLabel('Nome').fill(OTHER_EMPLOYEE.name);
    await add.getByLabel('Email').fill(OTHER_EMPLOYEE.email);
    await add.getByLabel('Telefone').fill(OTHER_EMPLOYEE.phone);
    await chooseOption(page, add, 'Setor', 'Recepção');
    await chooseOption(page, add, 'Cargo', 'Recepcionista');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Usuário criado com sucesso');
    await page.getByRole('heading', { name: `Cadastrados — ${BEM_ESTAR.name}` }).waitFor();
    await page.getByRole('row', { name: new RegExp(OTHER_EMPLOYEE.name) }).waitFor();
    const others = await api<ListedUser[]>('GET', `/users/list/${bemEstarId}`);
    expect(others.map((user) => user.name)).toEqual([OTHER_EMPLOYEE.name]);

    // And a PSS-14 for her.
    await createEvaluation(page, [OTHER_EMPLOYEE.name], 'Escala de Estresse Percebido', (dialog) => dialog.getByLabel('Dias para responder').fill('7'), 'Avaliação Criada');
    expect((await evaluationsOf(bemEstarId)).map((row) => row.type)).toEqual(['13']);
  }, 120000);

  it('creates evaluations of several types, and a course with participants', async () => {
    screenshotOnFailure();
    await menu(page, 'Cadastro', '/company');
    await companyMenu(page, HORIZONTE.name, 'Cadastrados');
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();

    await createEvaluation(
      page,
      ['Ana Paula Souza', 'Bruno Henrique Lima'],
      'Escala de Estresse Percebido',
      (dialog) => dialog.getByLabel('Dias para responder').fill('7'),
      '2 avaliações Criadas',
      '12-users-create-evaluation-dialog',
    );
    await createEvaluation(
      page,
      ['Carla Mendes Ribeiro'],
      'Avaliação 360',
      async (dialog) => {
        await pickAutocomplete(page, dialog, 'Avaliado', 'Ana', 'Ana Paula Souza');
        await chooseOption(page, dialog, 'Versão', 'Nova versão (1)');
        await dialog.getByLabel('Dias para responder').fill('15');
      },
      'Avaliação Criada',
    );
    await createEvaluation(
      page,
      ['Bruno Henrique Lima', 'Carla Mendes Ribeiro'],
      'Avaliação 360 por entrevista',
      async (dialog) => {
        await pickAutocomplete(page, dialog, 'Avaliado', 'Diego', 'Diego Alves Santos');
        expect(await dialog.getByLabel('Dias para responder').isDisabled()).toBe(true);
      },
      '2 avaliações Criadas',
      '13-users-create-interview-dialog',
    );
    await createEvaluation(
      page,
      ['Diego Alves Santos'],
      'Mapa Operacional da Área',
      async (dialog) => {
        await chooseOption(page, dialog, 'Setor avaliado', 'Obras');
        await dialog.getByLabel('Dias para responder').fill('10');
      },
      'Avaliação Criada',
    );

    // The course.
    await menu(page, 'Treinamentos', '/courses');
    await page.getByRole('heading', { name: 'Treinamentos' }).waitFor();
    await page.getByText('Nenhum treinamento encontrado').waitFor();
    await page.getByRole('button', { name: 'Novo treinamento' }).click();
    const create = page.getByRole('dialog', { name: 'Novo treinamento' });
    await create.getByLabel('Nome do treinamento').fill(COURSE);
    await screen(page, '14-courses-create-dialog');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Treinamento criado com sucesso');
    const courseRow = page.getByRole('row', { name: new RegExp(COURSE) });
    await courseRow.waitFor();
    await screen(page, '15-courses');
    await courseRow.getByRole('button', { name: `Ações de ${COURSE}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir treinamento' }).click();
    await page.waitForURL(/\/course\/\d+$/);
    const courseId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Nenhum encontrado').waitFor();
    await page.getByRole('button', { name: 'Adicionar participante' }).click();
    const participants = page.getByRole('dialog', { name: 'Adicionar participantes' });
    await pickAutocomplete(page, participants, 'Empresa', 'Horizonte', HORIZONTE.name);
    await pickAutocomplete(page, participants, 'Usuários', 'Ana', /Ana Paula Souza/);
    await pickAutocomplete(page, participants, 'Usuários', 'Carla', /Carla Mendes Ribeiro/);
    await screen(page, '16-course-add-participants-dialog');
    await participants.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('row', { name: /Carla Mendes Ribeiro/ }).waitFor();
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    await createEvaluation(
      page,
      ['Ana Paula Souza', 'Carla Mendes Ribeiro'],
      'Segurança Psicológica',
      (dialog) => dialog.getByLabel('Dias para responder').fill('30'),
      '2 avaliações Criadas',
    );
    await screen(page, '17-course');
    const course = await api<{ userCourses: { name: string }[] }>('GET', `/usercourses/${courseId}`);
    expect(course.userCourses.map((participant) => participant.name).sort()).toEqual(['Ana Paula Souza', 'Carla Mendes Ribeiro']);
    expect((await api<{ total: number }>('POST', '/evaluation/find', { course_id: courseId })).total).toBe(2);

    const rows = await evaluationsOf(horizonteId);
    const count = (type: string) => rows.filter((row) => row.type === type).length;
    expect({ 2: count('2'), 8: count('8'), 11: count('11'), 13: count('13'), 16: count('16') }).toEqual({ 2: 1, 8: 1, 11: 2, 13: 2, 16: 2 });
    expect(rows).toHaveLength(8);
  }, 150000);

  it('copies a PSS-14 link in Data management and answers it on a phone', async () => {
    screenshotOnFailure();
    await menu(page, 'Gestão de dados', '/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
    await chooseFilter(page, 'Empresa', HORIZONTE.name);
    await expectRows(page, 8);
    await screen(page, '18-gestaodados');
    await page.getByRole('button', { name: 'Produto', exact: true }).click();
    await chooseFilter(page, 'Produto', 'Escala de Estresse Percebido');
    await expectRows(page, 2);

    await dataRow(page, 'Ana Paula Souza').getByRole('button', { name: /^Ações da avaliação/ }).click();
    await screen(page, '19-gestaodados-row-menu');
    await page.getByRole('menuitem', { name: 'Copiar Link', exact: true }).click();
    await toast(page, /Link copiado: /);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const ana = (await evaluationsOf(horizonteId)).find((row) => row.type === '13' && row.user_name === 'Ana Paula Souza')!;
    expect(link).toBe(`${server!.baseUrl}/estresse/${ana.evaluation_id}`);

    const phoneContext = await newContext(PHONE);
    try {
      const respondent = await phoneContext.newPage();
      await respondent.goto(link);
      await respondent.getByRole('heading', { name: stress.title }).first().waitFor();
      await expect.poll(() => respondent.getByRole('radiogroup').count(), { timeout: 10000 }).toBe(stressQuestions.length);
      await screen(respondent, '20-respondent');
      for (const [index, question] of stressQuestions.entries()) {
        const scale = stress.scales[question.scale]!;
        await respondent.getByRole('radiogroup', { name: question.text }).getByText(scale[index % scale.length]!.label, { exact: true }).click();
      }
      await screen(respondent, '21-respondent-answered');
      await respondent.getByRole('button', { name: 'Enviar', exact: true }).click();
      await respondent.getByText('Questionário concluído com sucesso!').waitFor();
      await screen(respondent, '22-respondent-done');
    } finally {
      await phoneContext.close();
    }
    await expect.poll(async () => (await evaluationsOf(horizonteId)).find((row) => row.evaluation_id === ana.evaluation_id)?.done).toBe(true);

    // Data management now says it was answered.
    await page.reload();
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await showStressRows(page);
    await expect.poll(() => dataRow(page, 'Ana Paula Souza').getByRole('gridcell', { name: 'Sim', exact: true }).count()).toBe(1);
    expect(await dataRow(page, 'Ana Paula Souza').getByRole('checkbox').isDisabled()).toBe(true);
    await screen(page, '23-gestaodados-answered');
  }, 120000);

  it('renews and reminds from Data management', async () => {
    screenshotOnFailure();
    const before = (await evaluationsOf(horizonteId)).find((row) => row.type === '13' && row.user_name === 'Bruno Henrique Lima')!;
    await dataRow(page, 'Bruno Henrique Lima').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Renovar avaliação' }).click();
    const renew = page.getByRole('dialog', { name: 'Renovar avaliação' });
    await renew.getByText('Novo prazo para 1 avaliação(ões)').waitFor();
    await renew.getByLabel('Dias para responder').fill('60');
    await screen(page, '24-gestaodados-renew-dialog');
    await renew.getByRole('button', { name: 'Renovar', exact: true }).click();
    await toast(page, 'Ação concluída com sucesso!');
    await renew.waitFor({ state: 'hidden' });
    const after = (await evaluationsOf(horizonteId)).find((row) => row.evaluation_id === before.evaluation_id)!;
    expect(new Date(after.expire_at!).getTime()).toBeGreaterThan(new Date(before.expire_at!).getTime());
    expect(new Date(after.expire_at!).getTime() - Date.now()).toBeGreaterThan(58 * 86400000);

    await dataRow(page, 'Bruno Henrique Lima').getByRole('button', { name: /^Ações da avaliação/ }).click();
    await page.getByRole('menuitem', { name: 'Enviar lembrete', exact: true }).click();
    await toast(page, 'Lembrete enviado');
  }, 60000);

  it('shows the jobs in Filas and the e-mails in the outbox', async () => {
    screenshotOnFailure();
    await menu(page, 'Filas', '/queues');
    await page.getByRole('heading', { name: 'Filas' }).waitFor();
    const jobs = page.getByRole('grid', { name: 'Trabalhos da fila' });
    // 9 evaluations created, 7 with a link to e-mail (the two interviews have none), and 1 renewed.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Atualizar' }).click();
          await page.getByRole('button', { name: 'Atualizar' }).and(page.locator(':enabled')).waitFor();
          return {
            renewed: await jobs.getByRole('row').filter({ hasText: 'Renovação de avaliação' }).filter({ hasText: 'Sucesso' }).count(),
            created: await jobs.getByRole('row').filter({ hasText: 'Criação de avaliação' }).filter({ hasText: 'Sucesso' }).count(),
          };
        },
        { timeout: 30000, interval: 1000 },
      )
      .toEqual({ renewed: 1, created: 7 });
    await jobs.getByText(/E-mail guardado na caixa de saída para/).first().waitFor();
    await screen(page, '25-queues');

    await menu(page, 'Caixa de saída', '/outbox');
    await page.getByText('Sem servidor SMTP configurado').waitFor();
    const outbox = page.getByRole('grid', { name: 'E-mails guardados' });
    await outbox.getByRole('row').filter({ hasText: 'Avaliação: Escala de Estresse Percebido' }).first().waitFor();
    await outbox.getByRole('row').filter({ hasText: 'Avaliação: Avaliação 360' }).first().waitFor();
    await outbox.getByRole('row').filter({ hasText: 'Lembrete' }).first().waitFor();
    const renewedMail = outbox.getByRole('row').filter({ hasText: 'Avaliação renovada: Escala de Estresse Percebido' });
    await renewedMail.waitFor();
    await renewedMail.getByText('bruno.lima@horizonte.com.br').waitFor();
    await screen(page, '26-outbox');
    await renewedMail.getByRole('button', { name: /^Ler o e-mail/ }).click();
    const mail = page.getByRole('dialog', { name: 'Avaliação renovada: Escala de Estresse Percebido' });
    await mail.getByText(/\/estresse\/[0-9a-f-]{36}/).first().waitFor();
    await screen(page, '27-outbox-mail-dialog');
    await mail.getByRole('button', { name: 'Fechar' }).click();
    await mail.waitFor({ state: 'hidden' });
  }, 90000);

  it('fills the public registration page opened by Tabela', async () => {
    screenshotOnFailure();
    await menu(page, 'Cadastro', '/company');
    await companyMenu(page, HORIZONTE.name, 'Cadastrados');
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    // Its accessible name is the tooltip's text, not 'Tabela': found by what it shows.
    const [registration] = await Promise.all([context!.waitForEvent('page'), page.getByRole('button').filter({ hasText: /^Tabela$/ }).click()]);
    await registration.waitForURL(/\/company\/register\/.+/);
    await registration.getByRole('heading', { name: HORIZONTE.name, level: 1 }).waitFor();
    const panel = registration.getByRole('tabpanel');
    await panel.getByRole('grid', { name: 'Setores cadastrados' }).getByText('Obras').waitFor();
    await screen(registration, '28-registration');

    await registration.getByRole('button', { name: 'Adicionar novo' }).click();
    await panel.getByLabel('Nome do setor').fill('Almoxarifado');
    await registration.getByRole('tab', { name: 'Colaboradores' }).click();
    await panel.getByRole('grid', { name: 'Colaboradores cadastrados' }).getByText('Ana Paula Souza').waitFor();
    await registration.getByRole('button', { name: 'Adicionar novo' }).click();
    const card = panel.getByRole('region', { name: 'Colaborador 1' });
    await card.getByLabel('Nome').fill('Eduardo Ramos Lima');
    await card.getByLabel('Email').fill('eduardo.lima@horizonte.com.br');
    await card.getByLabel('Telefone').fill('11 97777-6666');
    await card.getByLabel('Setor').selectOption('Almoxarifado');
    await card.getByLabel('Cargo').selectOption('Pedreiro');
    await screen(registration, '29-registration-new-employee');
    await registration.getByRole('button', { name: 'Salvar' }).click();
    await toast(registration, 'Dados salvos com sucesso!');
    const saved = panel.getByRole('grid', { name: 'Colaboradores cadastrados' }).getByRole('row').filter({ hasText: 'Eduardo Ramos Lima' });
    await saved.getByText('Almoxarifado').waitFor();
    await screen(registration, '30-registration-saved');
    await registration.close();

    const users = await api<ListedUser[]>('GET', `/users/list/${horizonteId}`);
    expect(users.find((user) => user.email === 'eduardo.lima@horizonte.com.br')).toMatchObject({
      name: 'Eduardo Ramos Lima',
      sector: [{ sector_name: 'Almoxarifado' }],
      position: [{ position_name: 'Pedreiro' }],
    });
    expect((await api<{ sector_name: string }[]>('GET', `/sectors/list/${horizonteId}`)).map((sector) => sector.sector_name)).toContain('Almoxarifado');
  }, 90000);

  it('conducts a 360 interview with auto-save and sees it on the report', async () => {
    screenshotOnFailure();
    await menu(page, 'Avaliação 360 por entrevista', '/entrevista360');
    await page.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await chooseInterviewFilter(page, 'Empresa', HORIZONTE.name);
    await chooseInterviewFilter(page, 'Avaliado', 'Diego Alves Santos');
    await evaluatorRow(page, 'Bruno Henrique Lima').getByText('Não iniciado').waitFor();
    await evaluatorRow(page, 'Carla Mendes Ribeiro').getByText('Não iniciado').waitFor();
    await screen(page, '31-interview-report-empty');

    const [form] = await Promise.all([context!.waitForEvent('page'), evaluatorRow(page, 'Bruno Henrique Lima').getByRole('button', { name: /^Avaliar/ }).click()]);
    await form.waitForURL(/\/interview360\/[0-9a-f-]{36}$/);
    await form.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await form.getByText('Bruno Henrique Lima').first().waitFor();
    await form.getByText('Diego Alves Santos').first().waitFor();
    for (const [index, { block, name }] of COMPETENCIES.entries()) {
      await form.getByLabel(`Nota ${block}. ${name}`, { exact: true }).fill(GRADES[index]!);
      await form.getByLabel(`Pontos positivos ${block}. ${name}`, { exact: true }).fill(`Bruno destaca ${name.toLowerCase()}`);
    }
    await form.getByLabel('Pontos fortes', { exact: true }).fill('Comprometido, técnico');
    await form.getByRole('combobox', { name: 'Status' }).click();
    await form.getByRole('option', { name: 'Entrevista em andamento' }).click();
    await screen(form, '32-interview-form');

    // Sincronizar: one real auto-save after the 30-second countdown.
    await form.getByLabel('Sincronizar').check();
    await form.getByText(/Salvando em (29|30) s/).waitFor();
    await form.getByText('Avaliação salva com sucesso!').first().waitFor({ timeout: 40000 });
    const interview = (await evaluationsOf(horizonteId)).find((row) => row.type === '11' && row.user_name === 'Bruno Henrique Lima')!;
    const ratedId = (await api<{ rated: number }>('GET', `/evaluation/find/${interview.evaluation_id}`)).rated;
    const answers = () =>
      api<{ status: string | null; answers: { question: string; response: string }[] }>('GET', `/interview/answers/${ratedId}/${interview.user_id}`);
    expect((await answers()).status).toBe('open');
    await form.getByLabel('Sincronizar').uncheck();
    await form.getByText('Salvamento automático desligado').waitFor();

    await form.getByRole('combobox', { name: 'Status' }).click();
    await form.getByRole('option', { name: 'Finalizado' }).click();
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(async () => (await answers()).status, { timeout: 10000 }).toBe('finished');
    const saved = await answers();
    expect(saved.answers.find((pair) => pair.question === '1.grade')?.response).toBe('7.5');
    expect(saved.answers.find((pair) => pair.question === '11.forces')?.response).toBe('Comprometido, técnico');
    await form.close();

    // The report: the statuses and the chart's numbers (one interview: mean = minimum = maximum).
    await page.reload();
    await page.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await chooseInterviewFilter(page, 'Empresa', HORIZONTE.name);
    await chooseInterviewFilter(page, 'Avaliado', 'Diego Alves Santos');
    await evaluatorRow(page, 'Bruno Henrique Lima').getByText('Finalizado').waitFor();
    await evaluatorRow(page, 'Carla Mendes Ribeiro').getByText('Não iniciado').waitFor();
    const table = page.getByRole('table', { name: 'Notas por competência (valores do gráfico)' });
    await table.waitFor();
    await page.getByText('Entrevistas finalizadas consideradas: 1').waitFor();
    for (const [index, { name }] of COMPETENCIES.entries()) {
      const grade = Number(GRADES[index]!.replace(',', '.')).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      expect(await row.getByRole('cell').allInnerTexts(), name).toEqual([grade, '—', grade, grade]);
    }
    await page.getByRole('img', { name: /Gráfico de barras/ }).locator('svg').first().waitFor();
    await screen(page, '33-interview-report');
  }, 150000);

  it('signs the company user in: only that company is shown', async () => {
    screenshotOnFailure();
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('avalia.token'))).toBeNull();
    await signIn(page, MANAGER);
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    // No administrator links in the menu.
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    expect(await nav.getByRole('link', { name: 'Cadastro', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Filas', exact: true }).count()).toBe(0);

    await menu(page, 'Cadastrados', '/users');
    await page.getByRole('heading', { name: `Cadastrados — ${HORIZONTE.name}` }).waitFor();
    await page.getByRole('row', { name: /Eduardo Ramos Lima/ }).waitFor();
    await expect.poll(() => page.getByRole('grid', { name: 'Usuários cadastrados' }).getByRole('row').filter({ has: page.getByRole('gridcell') }).count()).toBe(6);
    expect(await page.getByText(OTHER_EMPLOYEE.name).count()).toBe(0);
    await screen(page, '34-company-user-users');
    // Another company's id in the address changes nothing.
    await page.goto(`/users/${bemEstarId}`);
    await page.getByRole('heading', { name: `Cadastrados — ${HORIZONTE.name}` }).waitFor();
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    expect(await page.getByText(OTHER_EMPLOYEE.name).count()).toBe(0);

    await menu(page, 'Gestão de dados', '/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Empresa' }).count()).toBe(0);
    await expectRows(page, 8);
    expect(await grid(page).getByText(OTHER_EMPLOYEE.name).count()).toBe(0);
    await screen(page, '35-company-user-gestaodados');
    const managerSession = await signInToken(MANAGER.email, MANAGER.password);
    expect(managerSession.user.company_id).toBe(horizonteId);
    const own = await api<{ evaluations: EvaluationRow[] }>('POST', '/evaluation/find', { limit: 500 }, managerSession.token);
    const horizonteIds = new Set((await evaluationsOf(horizonteId)).map((row) => row.evaluation_id));
    expect(own.evaluations.length).toBe(8);
    expect(own.evaluations.every((row) => horizonteIds.has(row.evaluation_id))).toBe(true);
    const shown = await dataRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    expect(shown.every((id) => horizonteIds.has(id!))).toBe(true);

    await menu(page, 'Avaliação 360 por entrevista', '/entrevista360');
    expect(await page.getByRole('combobox', { name: 'Empresa', exact: true }).count()).toBe(0);
    await chooseInterviewFilter(page, 'Avaliado', 'Diego Alves Santos');
    await evaluatorRow(page, 'Bruno Henrique Lima').getByText('Finalizado').waitFor();
    await screen(page, '36-company-user-interview-report');
  }, 90000);

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});

