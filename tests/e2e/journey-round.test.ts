/**
 * End to end, the first round of evaluations of a company set up as `journey-setup.test.ts` leaves it
 * (two companies, their employees, a company user, PSS-14s, a 360 and two 360 interviews), built here
 * through the API on an empty installation. Then through the screens: a PSS-14 link copied from Data
 * management and answered on a phone; a renewal and a reminder; the jobs in Filas and the e-mails in the
 * outbox; the public registration page opened by 'Tabela'; a 360 interview opened from its report,
 * auto-saved by 'Sincronizar' (on Playwright's clock), finished and seen on the report; and the company
 * user, who sees only its company.
 *
 * axe runs on the screens only this file shows in this state (the registration page once saved, the
 * interview report before any interview, the company user's registered users); the others are checked
 * by admin-data, admin-registry, admin-interview, stress and questionnaires.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './appServer';
import { cellsOf, checkScreen, chooseFilters, closeToasts, DESKTOP, formLive, openFromMenu, PHONE, saveScreenshot, tick, toast } from './browserPages';
import { BEM_ESTAR, EMPLOYEES, HORIZONTE, MANAGER, OTHER_EMPLOYEE, type CastCompany } from './journeyCast';
import { setUpWorld } from './world';

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

const world = setUpWorld({ shots: 'journey', variant: 'empty' });
let horizonteId = 0;
let bemEstarId = 0;
/** The evaluations of Construtora Horizonte, by a short name. */
const evaluations = { anaStress: '', brunoStress: '' };
const horizonteEvaluationIds = new Set<string>();

/** An administrator's desktop page already signed in. */
const adminPage = (clipboard = false) => world.page(DESKTOP, { as: 'admin', clipboard });

// Data management.
const grid = (page: Page) => page.getByRole('grid', { name: 'Avaliações' });
const dataRows = (page: Page) => grid(page).getByRole('row').filter({ has: page.getByRole('gridcell') });
const dataRow = (page: Page, name: string) => dataRows(page).filter({ hasText: name });

async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(option);
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped}( \\(.*\\))?$`) }).first().click();
}

async function expectRows(page: Page, count: number): Promise<void> {
  await expect.poll(async () => (await grid(page).locator('.MuiDataGrid-overlay').count()) === 0 && (await dataRows(page).count())).toBe(count);
}

/** Data management filtered on Construtora Horizonte's PSS-14 rows. */
async function showStressRows(page: Page): Promise<void> {
  await chooseFilter(page, 'Empresa', HORIZONTE.name);
  await page.getByRole('button', { name: 'Produto', exact: true }).click();
  await chooseFilter(page, 'Produto', 'Escala de Estresse Percebido');
  await expectRows(page, 2);
}

// The 360 interview report.
/** Picks a filter of the 360-by-interview report (the view at /entrevista360) in its 'Filtros' dialog. */
async function chooseInterviewFilter(page: Page, filter: string, option: string): Promise<void> {
  await chooseFilters(page, [[filter, option]]);
}

const evaluatorRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** A company with its sectors and positions, through the calls the registry screens make. */
async function createCompany(company: CastCompany) {
  const { company: created } = await world.api<{ company: { id: number } }>('POST', '/companies', {
    commercial_name: company.name,
    company_name: company.legal,
    cnpj: company.cnpj,
    phone: company.phone,
  });
  const { sectors } = await world.api<{ sectors: { id: number; sector_name: string }[] }>('PATCH', `/sectors/${created.id}`, {
    sectors: company.sectors.map((sector_name) => ({ sector_name })),
  });
  const { positions } = await world.api<{ positions: { id: number; position_name: string }[] }>('PATCH', `/positions/${created.id}`, {
    positions: company.positions.map((position_name) => ({ position_name })),
  });
  return {
    id: created.id,
    sector: (name: string) => sectors.find((sector) => sector.sector_name === name)!.id,
    position: (name: string) => positions.find((position) => position.position_name === name)!.id,
  };
}

describe('the first round of evaluations of a new company', () => {
  beforeAll(async () => {
    const horizonte = await createCompany(HORIZONTE);
    const bemEstar = await createCompany(BEM_ESTAR);
    horizonteId = horizonte.id;
    bemEstarId = bemEstar.id;
    const addUser = async (company: typeof horizonte, name: string, email: string, phone: string, sector: string, position: string, password?: string) =>
      (
        await world.api<{ user: { id: number } }>('POST', '/users', {
          name,
          email,
          phone,
          company_id: company.id,
          type_account: password ? 2 : 3,
          sector_id: company.sector(sector),
          position_id: company.position(position),
          ...(password ? { password } : {}),
        })
      ).user.id;
    const employeeIds = await Promise.all(EMPLOYEES.map(([name, email, phone, sector, position]) => addUser(horizonte, name, email, phone, sector, position)));
    const [ana, bruno, carla, diego] = employeeIds as [number, number, number, number];
    await addUser(horizonte, MANAGER.name, MANAGER.email, '11944440000', 'Administrativo', 'Analista', MANAGER.password);
    const rita = await addUser(bemEstar, OTHER_EMPLOYEE.name, OTHER_EMPLOYEE.email, OTHER_EMPLOYEE.phone, 'Recepção', 'Recepcionista');

    // What the 'Criar avaliação' dialog sends: PSS-14s, a 360 of Ana by Carla, interviews of Diego.
    const created = await world.api<{ evaluations: { evaluation_id: string; user_id: number; type_evaluation: number }[] }>('POST', '/evaluation', {
      users: [
        { user_id: ana, type_evaluation: 13, validate: 7 },
        { user_id: bruno, type_evaluation: 13, validate: 7 },
        { user_id: carla, type_evaluation: 2, validate: 15, evaluated: ana, evaluated_name: EMPLOYEES[0][0], version: 1 },
        { user_id: bruno, type_evaluation: 11, validate: null, evaluated: diego, evaluated_name: EMPLOYEES[3][0] },
        { user_id: carla, type_evaluation: 11, validate: null, evaluated: diego, evaluated_name: EMPLOYEES[3][0] },
      ],
    });
    for (const row of created.evaluations) horizonteEvaluationIds.add(row.evaluation_id);
    const stressOf = (user: number) => created.evaluations.find((row) => row.user_id === user && row.type_evaluation === 13)!.evaluation_id;
    evaluations.anaStress = stressOf(ana);
    evaluations.brunoStress = stressOf(bruno);
    await world.api('POST', '/evaluation', { users: [{ user_id: rita, type_evaluation: 13, validate: 7 }] });
  });

  it('copies a PSS-14 link in Data management, answers it on a phone, then renews and reminds', async () => {
    const page = await adminPage(true);
    await page.goto('/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
    await chooseFilter(page, 'Empresa', HORIZONTE.name);
    await expectRows(page, horizonteEvaluationIds.size);
    await page.getByRole('button', { name: 'Produto', exact: true }).click();
    await chooseFilter(page, 'Produto', 'Escala de Estresse Percebido');
    await expectRows(page, 2);
    await saveScreenshot(page, world.shots, '10-gestaodados');

    await dataRow(page, 'Ana Paula Souza').getByRole('button', { name: /^Ações da avaliação/ }).click();
    await page.getByRole('menuitem', { name: 'Copiar Link', exact: true }).click();
    await toast(page, /Link copiado: /);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${world.baseUrl}/estresse/${evaluations.anaStress}`);

    const respondent = await world.page(PHONE);
    await respondent.goto(link);
    await formLive(respondent);
    await expect.poll(() => respondent.getByRole('radiogroup').count()).toBe(stressQuestions.length);
    for (const [index, question] of stressQuestions.entries()) {
      const scale = stress.scales[question.scale]!;
      await respondent.getByRole('radiogroup', { name: question.text }).getByText(scale[index % scale.length]!.label, { exact: true }).click();
    }
    await respondent.getByRole('button', { name: 'Enviar', exact: true }).click();
    await respondent.getByText('Questionário concluído com sucesso!').waitFor();
    await saveScreenshot(respondent, world.shots, '11-respondent-done');
    await respondent.close();

    // Data management now says it was answered, and the answered row cannot be selected.
    await page.reload();
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await showStressRows(page);
    await dataRow(page, 'Ana Paula Souza').getByRole('gridcell', { name: 'Sim', exact: true }).waitFor();
    expect(await dataRow(page, 'Ana Paula Souza').getByRole('checkbox').isDisabled()).toBe(true);

    // Renew Bruno's for 60 days, then remind him.
    await tick(dataRow(page, 'Bruno Henrique Lima').getByRole('checkbox'));
    await page.getByRole('button', { name: 'Renovar avaliação' }).click();
    const renew = page.getByRole('dialog', { name: 'Renovar avaliação' });
    await renew.getByText('Novo prazo para 1 avaliação(ões)').waitFor();
    await renew.getByLabel('Dias para responder').fill('60');
    await renew.getByRole('button', { name: 'Renovar', exact: true }).click();
    await toast(page, 'Ação concluída com sucesso!');
    await renew.waitFor({ state: 'hidden' });

    await dataRow(page, 'Bruno Henrique Lima').getByRole('button', { name: /^Ações da avaliação/ }).click();
    await page.getByRole('menuitem', { name: 'Enviar lembrete', exact: true }).click();
    await toast(page, 'Lembrete enviado');
  });

  it('shows the jobs in Filas and the e-mails in the outbox', async () => {
    const page = await adminPage();
    await page.goto('/queues');
    await page.getByRole('heading', { name: 'Filas' }).waitFor();
    const jobs = page.getByRole('grid', { name: 'Trabalhos da fila' });
    // Four evaluations with a link to e-mail (the two interviews have none), and one renewed. The jobs run
    // in the background (the worker looks every 2 s): 'Atualizar' until they are done.
    const refresh = page.getByRole('button', { name: 'Atualizar' });
    await expect
      .poll(
        async () => {
          await refresh.click();
          await refresh.and(page.locator(':enabled')).waitFor();
          return {
            renewed: await jobs.getByRole('row').filter({ hasText: 'Renovação de avaliação' }).filter({ hasText: 'Sucesso' }).count(),
            created: await jobs.getByRole('row').filter({ hasText: 'Criação de avaliação' }).filter({ hasText: 'Sucesso' }).count(),
          };
        },
        { timeout: 30000 },
      )
      .toEqual({ renewed: 1, created: 4 });
    await jobs.getByText(/E-mail guardado na caixa de saída para/).first().waitFor();
    await saveScreenshot(page, world.shots, '12-queues');

    await openFromMenu(page, 'Caixa de saída', '/outbox');
    await page.getByText('Sem servidor SMTP configurado').waitFor();
    const outbox = page.getByRole('grid', { name: 'E-mails guardados' });
    await outbox.getByRole('row').filter({ hasText: 'Avaliação: Escala de Estresse Percebido' }).first().waitFor();
    await outbox.getByRole('row').filter({ hasText: 'Avaliação: Avaliação 360' }).first().waitFor();
    await outbox.getByRole('row').filter({ hasText: 'Lembrete' }).getByText('bruno.lima@horizonte.com.br').waitFor();
    const renewedMail = outbox.getByRole('row').filter({ hasText: 'Avaliação renovada: Escala de Estresse Percebido' });
    await renewedMail.getByText('bruno.lima@horizonte.com.br').waitFor();
    await saveScreenshot(page, world.shots, '13-outbox');
    await renewedMail.getByRole('button', { name: /^Ler o e-mail/ }).click();
    const mail = page.getByRole('dialog', { name: 'Avaliação renovada: Escala de Estresse Percebido' });
    await mail.getByText(`/estresse/${evaluations.brunoStress}`).first().waitFor();
    await mail.getByRole('button', { name: 'Fechar' }).click();
    await mail.waitFor({ state: 'hidden' });
  });

  it('fills the public registration page opened by Tabela', async () => {
    const page = await adminPage();
    await page.goto(`/users/${horizonteId}`);
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    // Its accessible name is the tooltip's text, not 'Tabela': found by what it shows.
    const [registration] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button').filter({ hasText: /^Tabela$/ }).click()]);
    await registration.waitForURL(/\/company\/register\/.+/);
    await registration.getByRole('heading', { name: HORIZONTE.name, level: 1 }).waitFor();
    const panel = registration.getByRole('tabpanel');
    await panel.getByRole('grid', { name: 'Setores cadastrados' }).getByText('Obras').waitFor();

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
    await registration.getByRole('button', { name: 'Salvar' }).click();
    await toast(registration, 'Dados salvos com sucesso!');
    const saved = panel.getByRole('grid', { name: 'Colaboradores cadastrados' }).getByRole('row').filter({ hasText: 'Eduardo Ramos Lima' });
    await saved.getByText('Almoxarifado').waitFor();
    await saved.getByText('Pedreiro').waitFor();
    await checkScreen(registration, world.shots, '14-registration-saved');
  });

  it('conducts a 360 interview with auto-save and sees it on the report', async () => {
    const page = await adminPage();
    // The page's clock, and so the form's (a tab of the same context): 'Sincronizar' counts 30 seconds.
    await page.clock.install();
    await page.goto('/entrevista360');
    await page.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await chooseInterviewFilter(page, 'Empresa', HORIZONTE.name);
    await chooseInterviewFilter(page, 'Avaliado', 'Diego Alves Santos');
    // Avaliador keeps only the newly chosen value (administration.md 5): nobody at first, then one at a time.
    await page.getByText('Nenhum avaliador selecionado').waitFor();
    await chooseInterviewFilter(page, 'Avaliador', 'Carla Mendes Ribeiro');
    await evaluatorRow(page, 'Carla Mendes Ribeiro').getByText('Não iniciado').waitFor();
    await chooseInterviewFilter(page, 'Avaliador', 'Bruno Henrique Lima');
    await evaluatorRow(page, 'Bruno Henrique Lima').getByText('Não iniciado').waitFor();
    expect(await evaluatorRow(page, 'Carla Mendes Ribeiro').count()).toBe(0);
    await checkScreen(page, world.shots, '15-interview-report-empty');

    const [form] = await Promise.all([page.context().waitForEvent('page'), evaluatorRow(page, 'Bruno Henrique Lima').getByRole('link', { name: /^Avaliar/ }).click()]);
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
    await saveScreenshot(form, world.shots, '16-interview-form');

    // Sincronizar: the countdown's 30 seconds on the page's clock (a tick a second), then the save.
    await form.getByLabel('Sincronizar').click();
    await form.getByText(/Salvando em \d+ s/).waitFor();
    await form.clock.runFor('00:30');
    await toast(form, 'Avaliação salva com sucesso!');
    await closeToasts(form);
    await form.getByLabel('Sincronizar').click();
    await form.getByText('Salvamento automático desligado').waitFor();

    await form.getByRole('combobox', { name: 'Status' }).click();
    await form.getByRole('option', { name: 'Finalizado' }).click();
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toast(form, 'Avaliação salva com sucesso!');
    await form.close();

    // The report: the statuses and the chart's numbers (one interview: mean = minimum = maximum).
    await page.reload();
    await page.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await chooseInterviewFilter(page, 'Empresa', HORIZONTE.name);
    await chooseInterviewFilter(page, 'Avaliado', 'Diego Alves Santos');
    await chooseInterviewFilter(page, 'Avaliador', 'Carla Mendes Ribeiro');
    await evaluatorRow(page, 'Carla Mendes Ribeiro').getByText('Não iniciado').waitFor();
    await chooseInterviewFilter(page, 'Avaliador', 'Bruno Henrique Lima');
    await evaluatorRow(page, 'Bruno Henrique Lima').getByText('Finalizado').waitFor();
    await page.getByText('Entrevistas finalizadas consideradas: 1').waitFor();
    // No self-interview: its cell is empty.
    const grade = (index: number) => Number(GRADES[index]!.replace(',', '.')).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    await expect
      .poll(() => cellsOf(page, 'Notas por competência'))
      .toEqual([['Item', 'Média', 'Autoavaliação', 'Mínimo', 'Máximo'], ...COMPETENCIES.map(({ name }, index) => [name, grade(index), '', grade(index), grade(index)])]);
    await saveScreenshot(page, world.shots, '17-interview-report');
  });

  it('shows the company user only its company', async () => {
    const page = await world.page(DESKTOP, { as: MANAGER });
    await page.goto('/home');
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    // No administrator links in the menu.
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    expect(await nav.getByRole('link', { name: 'Cadastro', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Filas', exact: true }).count()).toBe(0);

    // Registered users: the four employees, the company user and the one the registration page added.
    await openFromMenu(page, 'Cadastrados', '/users');
    await page.getByRole('heading', { name: `Cadastrados — ${HORIZONTE.name}` }).waitFor();
    await page.getByRole('row', { name: /Eduardo Ramos Lima/ }).waitFor();
    await expect.poll(() => page.getByRole('grid', { name: 'Usuários cadastrados' }).getByRole('row').filter({ has: page.getByRole('gridcell') }).count()).toBe(6);
    expect(await page.getByText(OTHER_EMPLOYEE.name).count()).toBe(0);
    await checkScreen(page, world.shots, '18-company-user-users');
    // Another company's id in the address changes nothing.
    await page.goto(`/users/${bemEstarId}`);
    await page.getByRole('heading', { name: `Cadastrados — ${HORIZONTE.name}` }).waitFor();
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();
    expect(await page.getByText(OTHER_EMPLOYEE.name).count()).toBe(0);

    // Data management: no company filter, and only this company's evaluations.
    await openFromMenu(page, 'Gestão de dados', '/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await expectRows(page, horizonteEvaluationIds.size);
    expect(await page.getByRole('combobox', { name: 'Empresa' }).count()).toBe(0);
    const shown = await dataRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    expect(new Set(shown)).toEqual(horizonteEvaluationIds);
    await saveScreenshot(page, world.shots, '19-company-user-gestaodados');

    // The interview report: no company filter; Bruno's finished interview.
    await openFromMenu(page, 'Avaliação 360 por entrevista', '/entrevista360');
    await chooseInterviewFilter(page, 'Avaliado', 'Diego Alves Santos');
    await chooseInterviewFilter(page, 'Avaliador', 'Bruno Henrique Lima');
    await evaluatorRow(page, 'Bruno Henrique Lima').getByText('Finalizado').waitFor();
    expect(await page.getByRole('combobox', { name: 'Empresa', exact: true }).count()).toBe(0);
    await saveScreenshot(page, world.shots, '20-company-user-interview-report');
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
