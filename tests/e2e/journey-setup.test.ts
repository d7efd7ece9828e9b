/**
 * End to end, the first hour of a new administrator on an empty installation (DEMO_DATA=0: only the
 * administrator exists), everything through the screens: signing in; a company with its sectors and
 * positions; employees imported from a filled copy of the downloaded template; a company user with
 * access to the platform; PSS-14s and 360 interviews; a course with participants evaluated from it.
 * The API only reads back what the screens did. The round that follows (answers, renewals, jobs,
 * registration page, interview, the company user who sees only its company) is
 * `journey-round.test.ts`, which builds its starting state through the API.
 *
 * axe runs on the screens only this file shows in this state (the sign-in page, the home page, the empty
 * company and user lists, the import's result); the dialogs and lists that admin-registry and admin-users
 * check are not checked again.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { credentials } from './appServer';
import { checkScreen, closeToasts, DESKTOP, openFromMenu, saveScreenshot, tick, toast } from './browserPages';
import { EMPLOYEES, HORIZONTE, MANAGER, type CastCompany } from './journeyCast';
import { setUpWorld } from './world';

const COURSE = 'Liderança na Obra';

interface EvaluationRow {
  evaluation_id: string;
  user_name: string;
  type: string;
}

const world = setUpWorld({ shots: 'journey', variant: 'empty' });
let horizonteId = 0;

/** An administrator's desktop page already signed in (the sign-in screen is the first test's subject). */
const adminPage = () => world.page(DESKTOP, { as: 'admin' });

async function chooseOption(page: Page, root: Locator, field: string, option: string): Promise<void> {
  await root.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickAutocomplete(page: Page, root: Locator, field: string, typed: string, option: string | RegExp): Promise<void> {
  const input = root.getByRole('combobox', { name: field, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

const companyRow = (page: Page, name: string) => page.getByRole('grid', { name: 'Empresas cadastradas' }).getByRole('row').filter({ hasText: name });

async function companyMenu(page: Page, name: string, item: string): Promise<void> {
  await companyRow(page, name).getByRole('button', { name: `Ações da empresa ${name}` }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Creates a company through its dialog, then its sectors and positions through theirs. */
async function createCompany(page: Page, company: CastCompany): Promise<void> {
  await page.getByRole('button', { name: 'Nova empresa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova empresa' });
  await dialog.getByLabel('Nome Fantasia').fill(company.name);
  await dialog.getByLabel('Razão Social').fill(company.legal);
  await dialog.getByLabel('CNPJ/CPF').fill(company.cnpj);
  await dialog.getByLabel('Telefone (opcional)').fill(company.phone);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Empresa criada com sucesso');
  await dialog.waitFor({ state: 'detached' });
  await companyRow(page, company.name).waitFor();
  // (The toasts sit at the top right, over the rows' action buttons.)
  await closeToasts(page);

  for (const [item, title, label, names] of [
    ['Editar setores', `Setores de ${company.name}`, 'Setor', company.sectors],
    ['Editar cargos', `Cargos de ${company.name}`, 'Cargo', company.positions],
  ] as const) {
    await companyMenu(page, company.name, item);
    const list = page.getByRole('dialog', { name: title });
    for (const [index, name] of names.entries()) {
      await list.getByRole('button', { name: 'Adicionar' }).click();
      await list.getByLabel(`${label} ${index + 1}`, { exact: true }).fill(name);
    }
    await list.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Setores atualizados com sucesso');
    await list.waitFor({ state: 'detached' });
    await closeToasts(page);
  }
}

/** A filled copy of the template, with these employee rows. */
async function fillTemplate(template: Buffer, rows: readonly (readonly string[])[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Colaboradores')!;
  rows.forEach((cells, index) => cells.forEach((value, column) => (sheet.getRow(index + 2).getCell(column + 1).value = value)));
  const path = join(tmpdir(), `journey-import-${process.pid}-${Date.now()}.xlsx`);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

/** Selects the rows, opens 'Criar avaliação', picks one type, fills the rest and creates. */
async function createEvaluation(page: Page, evaluators: string[], type: string, fill: (dialog: Locator) => Promise<void>, expected: string): Promise<void> {
  // The 20-second toast of the previous batch covers the top right, where 'Avaliar' is.
  await closeToasts(page);
  // A created batch clears the selection: ticks are added once the last batch's are gone.
  await expect.poll(() => page.locator('[role="row"] input[type="checkbox"]:checked').count()).toBe(0);
  for (const name of evaluators) await tick(page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox'));
  await page.getByRole('button', { name: 'Avaliar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar avaliação' });
  await chooseOption(page, dialog, 'Tipo de avaliação', type);
  await page.keyboard.press('Escape');
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await toast(page, expected);
  await dialog.waitFor({ state: 'hidden' });
}

describe('a new administrator on an empty installation sets up a company', () => {
  it('signs in and registers a company with its sectors and positions', async () => {
    const page = await world.page(DESKTOP);
    await page.goto('/');
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
    await checkScreen(page, world.shots, '00-sign-in');
    await page.getByLabel('Email', { exact: true }).fill(credentials.admin.email);
    await page.getByLabel('Senha', { exact: true }).fill(credentials.admin.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    await checkScreen(page, world.shots, '01-home');

    await openFromMenu(page, 'Cadastro', '/company');
    await page.getByRole('heading', { name: 'Cadastro de empresas' }).waitFor();
    await page.getByText('Cadastrados: 0', { exact: true }).waitFor();
    await checkScreen(page, world.shots, '02-company-empty');

    await createCompany(page, HORIZONTE);
    await page.getByText('Cadastrados: 1', { exact: true }).waitFor();
    await companyRow(page, HORIZONTE.name).getByText('(11) 98765-4321').waitFor();
    await saveScreenshot(page, world.shots, '03-company');

    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    expect(companies.map((company) => company.commercial_name)).toEqual([HORIZONTE.name]);
    horizonteId = companies[0]!.id;
  });

  it('imports employees from the template and adds a company user', async () => {
    const page = await adminPage();
    await page.goto(`/users/${horizonteId}`);
    await page.getByText('Nenhum usuário cadastrado').waitFor();
    await checkScreen(page, world.shots, '04-users-empty');

    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    const excel = page.getByRole('dialog', { name: 'Planilha de colaboradores' });
    const [template] = await Promise.all([page.waitForEvent('download'), excel.getByRole('button', { name: 'Baixar modelo' }).click()]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const filled = await fillTemplate(readFileSync((await template.path())!), EMPLOYEES);
    await excel.locator('input[type=file]').setInputFiles(filled);
    await excel.getByRole('button', { name: 'Importar planilha' }).click();
    await excel.getByText(/Criados: 4 colaboradores/).waitFor();
    rmSync(filled);
    await checkScreen(page, world.shots, '05-users-excel-imported');
    await excel.getByRole('button', { name: 'Fechar' }).click();
    await excel.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: `Cadastrados — ${HORIZONTE.name}` }).waitFor();
    // Each row shows the sector and position typed in the template.
    for (const [name, , , sector, position] of EMPLOYEES) {
      const row = page.getByRole('row', { name: new RegExp(name!) });
      await row.getByText(sector!, { exact: true }).waitFor();
      await row.getByText(position!, { exact: true }).waitFor();
    }

    // The company user: platform access and a password.
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Novo usuário' });
    await add.getByLabel('Nome').fill(MANAGER.name);
    await add.getByLabel('Email').fill(MANAGER.email);
    await add.getByLabel('Telefone').fill('(11) 94444-0000');
    // (Clicked, then its sign: the password field it opens.)
    await add.getByRole('checkbox', { name: 'Acesso a plataforma' }).click();
    await add.getByLabel('Senha').fill(MANAGER.password);
    await chooseOption(page, add, 'Setor', 'Administrativo');
    await chooseOption(page, add, 'Cargo', 'Analista');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Usuário criado com sucesso');
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(MANAGER.name) }).waitFor();
    await saveScreenshot(page, world.shots, '06-users');
    // The account the screen made signs in, as a user of that company.
    expect((await world.session(MANAGER)).user).toMatchObject({ type_account: 2, company_id: horizonteId });
  });

  it('creates PSS-14s and 360 interviews, and a course whose participants are evaluated', async () => {
    const page = await adminPage();
    await page.goto(`/users/${horizonteId}`);
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();

    await createEvaluation(
      page,
      ['Ana Paula Souza', 'Bruno Henrique Lima'],
      'Escala de Estresse Percebido',
      (dialog) => dialog.getByLabel('Dias para responder').fill('7'),
      '2 avaliações Criadas',
    );
    await createEvaluation(
      page,
      ['Bruno Henrique Lima', 'Carla Mendes Ribeiro'],
      'Avaliação 360 por entrevista',
      async (dialog) => {
        await pickAutocomplete(page, dialog, 'Avaliado', 'Diego', 'Diego Alves Santos');
        // An interview has no deadline.
        expect(await dialog.getByLabel('Dias para responder').isDisabled()).toBe(true);
      },
      '2 avaliações Criadas',
    );

    // The course.
    await closeToasts(page);
    await openFromMenu(page, 'Treinamentos', '/courses');
    await page.getByRole('heading', { name: 'Treinamentos' }).waitFor();
    await page.getByText('Nenhum treinamento encontrado').waitFor();
    await page.getByRole('button', { name: 'Novo treinamento' }).click();
    const create = page.getByRole('dialog', { name: 'Novo treinamento' });
    await create.getByLabel('Nome do treinamento').fill(COURSE);
    await create.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Treinamento criado com sucesso');
    const courseRow = page.getByRole('row', { name: new RegExp(COURSE) });
    await courseRow.waitFor();
    await closeToasts(page);
    await courseRow.getByRole('button', { name: `Ações de ${COURSE}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir treinamento' }).click();
    await page.waitForURL(/\/course\/\d+$/);
    await page.getByText('Nenhum encontrado').waitFor();
    await page.getByRole('button', { name: 'Adicionar participante' }).click();
    const participants = page.getByRole('dialog', { name: 'Adicionar participantes' });
    await pickAutocomplete(page, participants, 'Empresa', 'Horizonte', HORIZONTE.name);
    await pickAutocomplete(page, participants, 'Usuários', 'Ana', /Ana Paula Souza/);
    await pickAutocomplete(page, participants, 'Usuários', 'Carla', /Carla Mendes Ribeiro/);
    await participants.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await participants.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /Carla Mendes Ribeiro/ }).waitFor();
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    await createEvaluation(
      page,
      ['Ana Paula Souza', 'Carla Mendes Ribeiro'],
      'Segurança Psicológica',
      (dialog) => dialog.getByLabel('Dias para responder').fill('30'),
      '2 avaliações Criadas',
    );
    await saveScreenshot(page, world.shots, '07-course');

    // What the dialogs asked for: PSS-14s (type 13), interviews of Diego (11), the course's (16).
    const { evaluations } = await world.api<{ evaluations: EvaluationRow[] }>('POST', '/evaluation/find', { company_id: horizonteId, limit: 500 });
    expect(evaluations.map((row) => `${row.type} ${row.user_name}`).sort()).toEqual(
      ['11 Bruno Henrique Lima', '11 Carla Mendes Ribeiro', '13 Ana Paula Souza', '13 Bruno Henrique Lima', '16 Ana Paula Souza', '16 Carla Mendes Ribeiro'],
    );
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
