/**
 * End to end, on the built app and the real server with the demo data: the 360 interview form and
 * the 360-by-interview report (the view definitions/dashboards/11.json at /entrevista360, drawn by the
 * dashboards' renderer). The administrator opens an interview from the report's Avaliar button (new
 * tab), fills it (grades with commas, notes, reviewed marks, status, dates, bold confidential
 * comments), lets Sincronizar save it (its 30 s countdown run on Playwright's clock), saves it
 * finished, reloads it; the report then shows the statuses and the chart's numbers (checked against a
 * hand computation), downloads the chart's image and the PDF 'Entrevista 360 graus' from the
 * dashboards' print dialog (what the PDF holds: tests/server/interviewReport.test.ts). Avaliador is a
 * filter like the others: nobody is chosen at first, and each evaluator's row is looked at in turn;
 * the chart consolidates every finished interview whoever is chosen. The company user sees neither the
 * Empresa filter nor the Ações column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { cellsOf, chooseFilters, DESKTOP, PHONE, saveScreenshot } from './browserPages';
import { setUpWorld } from './world';

interface DemoUser {
  id: number;
  name: string;
}

const world = setUpWorld({ shots: 'admin' });
let companyName = '';
let rated: DemoUser;
let bruno: DemoUser;
let carla: DemoUser;
let diego: DemoUser;
/** Evaluation id by evaluator user id. */
const interviews = new Map<number, string>();

const COMPETENCIES = JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')).competencies as { block: number; name: string }[];
/** What the administrator types for Bruno's interview (commas as a person types them). */
const BRUNO_GRADES = ['7,5', '8', '6,3', '9', '4,5', '10', '3,2', '7', '8,8', '5'];
/** Carla's and the self-interview's grades, saved through the API. */
const CARLA_GRADES = COMPETENCIES.map((_, index) => 5 + index * 0.5);
const SELF_GRADES = COMPETENCIES.map((_, index) => 6 + (index % 3));

/** Saves a finished interview through the API (the form's wire format). */
async function saveFinished(evaluator: DemoUser, grades: number[], note: string): Promise<void> {
  const questions = COMPETENCIES.flatMap(({ block }, index) => [
    { question: `${block}.grade`, response: String(grades[index]) },
    { question: `${block}.positive`, response: `${note} ${block}` },
    { question: `${block}.better`, response: ' ' },
    { question: `${block}.reviewed`, response: 'true' },
  ]);
  questions.push({ question: 'status', response: 'finished' });
  await world.api('PUT', '/tableresponse/multiple', {
    type_evaluation: '11',
    evaluator_user_id: evaluator.id,
    rated_user_id: rated.id,
    evaluation_id: interviews.get(evaluator.id),
    questions,
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const br = (value: number) => value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const typed = (text: string) => Number(text.replace(',', '.'));

/** The chart table expected by hand: mean of Bruno and Carla, the self grade, minimum, maximum. */
function expectedChartRows(): string[][] {
  return COMPETENCIES.map((_, index) => {
    const grades = [typed(BRUNO_GRADES[index]!), CARLA_GRADES[index]!];
    return [br(round2((grades[0]! + grades[1]!) / 2)), br(SELF_GRADES[index]!), br(Math.min(...grades)), br(Math.max(...grades))];
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, world.shots, name);
}

/** The chart's title (its table of numbers has the same name). */
const CHART = 'Notas por competência';

/** Opens the report and picks the filters in 'Filtros': nobody is chosen in Avaliador until `evaluator` is. */
async function openReport(page: Page, withCompany: boolean, evaluator: string): Promise<void> {
  await page.goto('/entrevista360');
  await page.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
  await chooseFilters(page, [...(withCompany ? [['Empresa', companyName] as [string, string]] : []), ['Avaliado', rated.name]]);
  await page.getByText('Nenhum avaliador selecionado').waitFor();
  await chooseEvaluator(page, evaluator);
}

/** Picks an evaluator in Avaliador (the self-interview's option says so): the table shows this one alone. */
async function chooseEvaluator(page: Page, option: string): Promise<void> {
  await chooseFilters(page, [['Avaliador', option]]);
  const name = option.replace(/ \(autoavaliação\)$/, '');
  const table = page.getByRole('table', { name: 'Avaliadores selecionados' });
  await expect.poll(() => table.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining(name)]);
}

function evaluatorRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

function answersOf(evaluator: DemoUser) {
  return world.api<{ status: string | null; dates: string[]; show: string[]; answers: { question: string; response: string }[] }>(
    'GET',
    `/interview/answers/${rated.id}/${evaluator.id}`,
  );
}

/**
 * Asks the server for a report PDF and waits for it. The server starts its PDF thread with the first
 * rendering (seconds on a busy machine): asked while the form is filled, the print dialog's download
 * then waits only for its own rendering.
 */
async function startReportThread(): Promise<void> {
  const { token } = await world.session('admin');
  const response = await fetch(`${world.baseUrl}/api/interview/report/${rated.id}`, { headers: { Authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

/** Waits for the form's save call (PUT /api/tableresponse/multiple) started by `action`. */
async function saved(form: Page, action: () => Promise<void>): Promise<void> {
  const [response] = await Promise.all([
    form.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/api/tableresponse/multiple'),
    action(),
  ]);
  expect(response.status()).toBe(200);
}

describe('360 interview form and report, end to end', () => {
  beforeAll(async () => {
    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    const company = companies.find((item) => item.commercial_name === 'Empresa Demonstração')!;
    companyName = company.commercial_name;
    const users = await world.api<DemoUser[]>('GET', `/users/list/${company.id}`);
    const byName = (prefix: string) => users.find((user) => user.name.startsWith(prefix))!;
    [rated, bruno, carla, diego] = [byName('Ana Paula'), byName('Bruno'), byName('Carla'), byName('Diego')];
    const created = await world.api<{ evaluations: { evaluation_id: string; user_id: number }[] }>('POST', '/evaluation', {
      users: [bruno, carla, diego, rated].map((user) => ({ user_id: user.id, user_name: user.name, type_evaluation: 11, evaluated: rated.id, evaluated_name: rated.name })),
    });
    for (const item of created.evaluations) interviews.set(item.user_id, item.evaluation_id);
    expect(interviews.size).toBe(4);
    await saveFinished(carla, CARLA_GRADES, 'Carla elogia');
    await saveFinished(rated, SELF_GRADES, 'Autoavaliação');
  });

  it('fills an interview opened from the report, auto-saves, saves it finished and reloads it', async () => {
    const reportThread = startReportThread();
    reportThread.catch(() => undefined); // (awaited before the download; a failure is reported there)
    const page = await world.page(DESKTOP, { as: 'admin', context: { acceptDownloads: true } });
    // Every page of the context (the report and the form's new tab) runs on Playwright's clock, so the
    // auto-save countdown is run forward instead of waited out.
    await page.context().clock.install();
    await openReport(page, true, carla.name);
    expect(await evaluatorRow(page, carla.name).getByText('Finalizado').count()).toBe(1);
    await chooseEvaluator(page, `${rated.name} (autoavaliação)`);
    expect(await evaluatorRow(page, rated.name).getByText('Finalizado').count()).toBe(1);
    await chooseEvaluator(page, bruno.name);
    expect(await evaluatorRow(page, bruno.name).getByText('Não iniciado').count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Ações' }).count()).toBe(1);

    const [form] = await Promise.all([page.context().waitForEvent('page'), evaluatorRow(page, bruno.name).getByRole('link', { name: /^Avaliar/ }).click()]);
    form.setDefaultTimeout(15000);
    await form.waitForURL((url) => url.pathname === `/interview360/${interviews.get(bruno.id)}`);
    await form.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await form.getByText(bruno.name).first().waitFor();
    await form.getByText(rated.name).first().waitFor();

    for (const [index, { block, name }] of COMPETENCIES.entries()) {
      await form.getByLabel(`Nota ${block}. ${name}`, { exact: true }).fill(BRUNO_GRADES[index]!);
      await form.getByLabel(`Pontos positivos ${block}. ${name}`, { exact: true }).fill(`Bruno elogia ${name}`);
      if (block <= 3) await form.getByLabel(`Pontos a melhorar ${block}. ${name}`, { exact: true }).fill(`Melhorar ${name}`);
      if (block % 2 === 1) await form.locator(`#bloco-${block}`).getByRole('checkbox', { name: 'Revisado' }).check();
    }
    await form.getByLabel('Pontos fortes', { exact: true }).fill('Dedicado, organizado');
    await form.getByLabel('Pontos a desenvolver', { exact: true }).fill('Ansioso');

    await form.getByRole('combobox', { name: 'Status' }).click();
    await form.getByRole('option', { name: 'Entrevista em andamento' }).click();
    const dates = form.getByRole('combobox', { name: 'Datas de atendimento' });
    for (const date of ['05/03/2024', '12/03/2024']) {
      await dates.fill(date);
      await dates.press('Enter');
    }
    await form.getByRole('button', { name: '05/03/2024' }).or(form.getByText('05/03/2024')).first().waitFor();

    await form.getByRole('button', { name: 'Comentários confidenciais' }).click();
    const dialog = form.getByRole('dialog', { name: 'Comentários confidenciais' });
    const editor = dialog.getByRole('textbox', { name: 'Texto dos comentários confidenciais' });
    await editor.click();
    await form.keyboard.type('Sigilo: ');
    await dialog.getByRole('button', { name: 'Negrito' }).click();
    // The button gives the focus back to the editor a moment later: type once it is there.
    await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await form.keyboard.type('muito importante');
    expect(await editor.innerHTML()).toContain('<strong>muito importante</strong>');
    await screenshot(form, 'interview-confidential-desktop');
    expect(await seriousViolations(form)).toEqual([]);
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(form, 'interview-form-desktop');
    expect(await seriousViolations(form)).toEqual([]);

    // Sincronizar: a visible countdown that saves by itself at zero. The page's clock is paused, so the
    // seconds are counted exactly, and run forward instead of waited out.
    await form.clock.pauseAt(await form.evaluate(() => Date.now() + 1000));
    await form.getByLabel('Sincronizar').check();
    await form.getByText('Salvando em 30 s').waitFor();
    await form.clock.runFor('00:10');
    await form.getByText('Salvando em 20 s').waitFor();
    await saved(form, () => form.clock.runFor('00:20'));
    await form.clock.resume();
    await form.getByText('Avaliação salva com sucesso!').first().waitFor();
    const autoSaved = await answersOf(bruno);
    expect(autoSaved.status).toBe('open');
    await form.getByLabel('Sincronizar').uncheck();
    await form.getByText('Salvamento automático desligado').waitFor();

    await form.getByRole('combobox', { name: 'Status' }).click();
    await form.getByRole('option', { name: 'Finalizado' }).click();
    await saved(form, () => form.getByRole('button', { name: 'Salvar', exact: true }).click());
    const stored = await answersOf(bruno);
    expect(stored.status).toBe('finished');
    const answer = (key: string) => stored.answers.find((pair) => pair.question === key)?.response;
    expect(answer('1.grade')).toBe('7.5');
    expect(answer('6.grade')).toBe('10');
    expect(answer('1.positive')).toBe('Bruno elogia Responsabilidade');
    expect(answer('5.better')).toBe(' ');
    expect(answer('1.reviewed')).toBe('true');
    expect(answer('2.reviewed')).toBe('false');
    expect(answer('11.forces')).toBe('Dedicado, organizado');
    expect(answer('13.final')).toBe(' ');
    expect(answer('14.confidential')).toContain('<strong>muito importante</strong>');
    expect(stored.dates).toEqual(['2024-03-05', '2024-03-12']);
    expect(stored.show).toEqual(['2024-03-05', '2024-03-12']);

    await form.reload();
    await form.getByLabel('Nota 3. Gestão de Tempo', { exact: true }).waitFor();
    expect(await form.getByLabel('Nota 3. Gestão de Tempo', { exact: true }).inputValue()).toBe('6,3');
    expect(await form.getByLabel('Pontos positivos 2. Planejamento', { exact: true }).inputValue()).toBe('Bruno elogia Planejamento');
    expect(await form.getByLabel('Pontos a melhorar 4. Delegação', { exact: true }).inputValue()).toBe('');
    expect(await form.locator('#bloco-3').getByRole('checkbox', { name: 'Revisado' }).isChecked()).toBe(true);
    expect(await form.locator('#bloco-4').getByRole('checkbox', { name: 'Revisado' }).isChecked()).toBe(false);
    expect(await form.getByRole('combobox', { name: 'Status' }).textContent()).toContain('Finalizado');
    await form.getByText('12/03/2024').waitFor();
    await form.getByRole('button', { name: 'Comentários confidenciais' }).click();
    expect(await form.getByRole('textbox', { name: 'Texto dos comentários confidenciais' }).innerHTML()).toContain('<strong>muito importante</strong>');
    await form.getByRole('button', { name: 'Concluir' }).click();
    await form.close();

    // Back on the report: the statuses and the chart's numbers (every finished interview: Bruno's, Carla's and the self one).
    await openReport(page, true, diego.name);
    expect(await evaluatorRow(page, diego.name).getByText('Não iniciado').count()).toBe(1);
    await chooseEvaluator(page, bruno.name);
    expect(await evaluatorRow(page, bruno.name).getByText('Finalizado').count()).toBe(1);
    await page.getByText('Entrevistas finalizadas consideradas: 3').waitFor();
    const expected = expectedChartRows();
    await expect.poll(() => cellsOf(page, CHART)).toEqual([['Item', 'Média', 'Autoavaliação', 'Mínimo', 'Máximo'], ...COMPETENCIES.map(({ name }, index) => [name, ...expected[index]!])]);
    await screenshot(page, 'interview-report-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // The dashboards' print dialog: the chart as an image, and the report 'Entrevista 360 graus' as a PDF.
    await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
    const print = page.getByRole('dialog', { name: 'Imprimir e baixar' });
    await print.waitFor();
    await screenshot(page, 'interview-print-dialog-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: `Baixar imagem: ${CHART}` }).click()]);
    expect(download.suggestedFilename()).toMatch(/^notas-por-competencia\.(png|svg)$/);
    await reportThread;
    // The view's report (its contents: tests/server/interviewReport.test.ts).
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Download Relatório' }).click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`Entrevista 360 graus - ${rated.name}.pdf`);
    await page.getByText('Relatório gerado com sucesso').waitFor();
    expect(readFileSync((await pdfDownload.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('lays the report, the form and the dialogs out on a phone', async () => {
    const page = await world.page(PHONE, { as: 'admin' });
    await openReport(page, true, carla.name);
    // The chart's numbers shown do not scroll sideways (issue 24): each competency is a card of its four numbers.
    await page.getByRole('button', { name: 'Ver tabela' }).first().click();
    const numbers = page.getByRole('region', { name: CHART });
    await expect.poll(() => numbers.evaluate((box) => [box.scrollWidth <= box.clientWidth, box.querySelector('table')?.dataset.layout])).toEqual([true, 'cards']);
    await screenshot(page, 'interview-report-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await page.getByRole('dialog', { name: 'Imprimir e baixar' }).waitFor();
    await screenshot(page, 'interview-print-dialog-phone');

    await page.goto(`/interview360/${interviews.get(bruno.id)}`);
    await page.getByLabel('Nota 1. Responsabilidade', { exact: true }).waitFor();
    await screenshot(page, 'interview-form-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Comentários confidenciais' }).click();
    await page.getByRole('dialog', { name: 'Comentários confidenciais' }).waitFor();
    await screenshot(page, 'interview-confidential-phone');
  });

  it('shows the company user no Empresa filter and no Ações column', async () => {
    const page = await world.page(DESKTOP, { as: 'company' });
    await openReport(page, false, bruno.name);
    expect(await page.getByRole('combobox', { name: 'Empresa', exact: true }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Ações' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Avaliar/ }).count()).toBe(0);
    expect(await evaluatorRow(page, bruno.name).getByText('Finalizado').count()).toBe(1);
    await expect.poll(async () => (await cellsOf(page, CHART))?.length).toBe(COMPETENCIES.length + 1);
    await screenshot(page, 'interview-report-company-desktop');
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
