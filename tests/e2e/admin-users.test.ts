/**
 * End to end, on the built app and the real server with demo data: the registered-users screen (add,
 * edit, deactivate, Excel template/export/import, creating evaluations of several types), the courses
 * and a course's detail (create, add participants, evaluate), and a company user's own list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { DESKTOP, PHONE, saveScreenshot, tick } from './browserPages';
import { setUpWorld } from './world';

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

const world = setUpWorld({ shots: 'admin' });
let companyId = 0;

const companyUsers = () => world.api<ListedUser[]>('GET', `/users/list/${companyId}`);
const evaluationCount = async (type: number) =>
  (await world.api<{ total: number }>('POST', '/evaluation/find', { company_id: companyId, type_evaluation: type })).total;

/** A signed-in page of the administrator (or the company user), downloads accepted. */
function newPage(size: typeof PHONE | typeof DESKTOP, as: 'admin' | 'company' = 'admin'): Promise<Page> {
  return world.page(size, { as, context: { acceptDownloads: true } });
}

/** The administrator's registered users of the demo company, once the list is drawn. */
async function openUsers(page: Page, row = 'Ana Paula Souza'): Promise<void> {
  await page.goto(`/users/${companyId}`);
  await page.getByRole('row', { name: new RegExp(row) }).waitFor();
}

async function shot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, world.shots, name);
}

/** No serious or critical axe finding on the page (or in the open dialog). */
async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Types in the courses' search and runs its delay (CoursesPage.tsx, 500 ms) forward on the page's clock. */
async function searchCourses(page: Page, text: string): Promise<void> {
  await page.getByLabel('Pesquisar treinamento').fill(text);
  await page.clock.fastForward(500);
}

/** Resolves at the page's next animation frame (what was rendered by then is drawn). */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function chooseOption(page: Page, field: string, option: string, root: Page | Locator = page) {
  await root.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pickAutocomplete(page: Page, root: Locator, field: string, typed: string, option: string | RegExp) {
  const input = root.getByRole('combobox', { name: field, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function selectRows(page: Page, names: string[]) {
  for (const name of names) await tick(page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox'));
}

/** A filled copy of the template, with these employee rows (Nome, Email, Telefone, Setor, Cargo). */
async function fillTemplate(template: Buffer, rows: string[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Colaboradores')!;
  rows.forEach((cells, index) => cells.forEach((value, column) => (sheet.getRow(index + 2).getCell(column + 1).value = value)));
  const path = join(tmpdir(), `h2-import-${process.pid}-${Date.now()}-${rows.length}.xlsx`);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

describe('registered users, courses and evaluation creation (administrator)', () => {
  beforeAll(async () => {
    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    companyId = companies.find((company) => company.commercial_name === 'Empresa Demonstração')!.id;
  });

  it('lists, adds, edits and deactivates users', async () => {
    const page = await newPage(DESKTOP);
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
    await page.getByRole('row', { name: /Igor Gestor/ }).waitFor();
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
    await confirm.waitFor({ state: 'detached' });
    expect((await companyUsers()).find((user) => user.name === 'Gabriel Pereira Rocha')?.status).toBe(true);
    await page.getByRole('button', { name: 'Desativar Gabriel Pereira Rocha' }).click();
    await confirm.getByText(/nada é apagado/).waitFor();
    await shot(page, 'users-deactivate-dialog-desktop');
    await expectAccessible(page, 'deactivate dialog');
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Usuário desativado').waitFor();
    await page.getByRole('row', { name: /Gabriel Pereira Rocha/ }).getByText('Não', { exact: true }).waitFor();
    expect((await companyUsers()).find((user) => user.name === 'Gabriel Pereira Rocha')?.status).toBe(false);
  });

  it('downloads the template and the export, imports a filled template, and lists bad rows', async () => {
    const page = await newPage(DESKTOP);
    await openUsers(page);
    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    const excel = dialog(page, 'Planilha de colaboradores');
    await excel.getByRole('button', { name: 'Baixar modelo' }).waitFor();
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

  it('creates a 360 with evaluated and version, and an area map with a sector', async () => {
    const page = await newPage(DESKTOP);
    // The toasts' timers run on Playwright's clock, so their durations are checked without waiting them out.
    await page.clock.install();
    await openUsers(page, 'Bruno Henrique Lima');
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
    // This toast stays 20 s, not the 3 s of the others. Were it closing, its exit would end on the clock
    // within the extra second, a frame after it started.
    await page.clock.fastForward(4000);
    await nextFrame(page);
    await page.clock.fastForward(1000);
    await nextFrame(page);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.fastForward(15000);
    await toast.waitFor({ state: 'detached' });
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
  });

  it('creates a course, adds participants and evaluates them', async () => {
    const page = await newPage(DESKTOP);
    // The search's delay runs on Playwright's clock.
    await page.clock.install();
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
    expect((await world.api<{ name: string; company_id: number | null }[]>('GET', '/courses')).find((course) => course.name === 'Liderança E2E')?.company_id).toBe(companyId);
    const row = page.getByRole('row', { name: /Liderança E2E/ });
    await row.waitFor();
    await row.getByRole('img', { name: 'Ativo' }).waitFor();
    await searchCourses(page, 'nada-assim');
    await page.getByText('Nenhum treinamento encontrado').waitFor();
    await searchCourses(page, 'lideranca');
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
    const detail = await world.api<{ userCourses: { name: string }[] }>('GET', `/usercourses/${courseId}`);
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
    const fromCourse = await world.api<{ total: number }>('POST', '/evaluation/find', { course_id: courseId });
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
    await openUsers(page);
    await shot(page, 'users-phone');
    await expectAccessible(page, '/users/{id} phone');
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    await dialog(page, 'Novo usuário').waitFor();
    await shot(page, 'users-add-dialog-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await dialog(page, 'Novo usuário').waitFor({ state: 'detached' });
    await selectRows(page, ['Bruno Henrique Lima']);
    await page.getByRole('button', { name: 'Avaliar' }).click();
    await dialog(page, 'Criar avaliação').waitFor();
    await shot(page, 'users-create-evaluation-dialog-phone');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await dialog(page, 'Criar avaliação').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    await dialog(page, 'Planilha de colaboradores').waitFor();
    await shot(page, 'users-excel-dialog-phone');
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.goto('/courses');
    await page.getByRole('row', { name: /Liderança E2E/ }).waitFor();
    await shot(page, 'courses-phone');
    await page.getByRole('link', { name: 'Liderança E2E' }).click();
    await page.getByRole('row', { name: /Juliana Martins Carvalho/ }).waitFor();
    await shot(page, 'course-phone');
  });

  it('shows a company user only the demo company, whatever the route says', async () => {
    const page = await newPage(DESKTOP, 'company');
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Cadastrados — Empresa Demonstração' }).waitFor();
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    await page.goto('/users/999999');
    await page.getByRole('heading', { name: 'Cadastrados — Empresa Demonstração' }).waitFor();
    await page.getByRole('row', { name: /Bruno Henrique Lima/ }).waitFor();
    await shot(page, 'users-company-desktop');
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
