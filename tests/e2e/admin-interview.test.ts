/**
 * End to end, on the built app and the real server with the demo data: the 360 interview form and
 * the 360-by-interview report. The administrator opens an interview from the report's Avaliar button
 * (new tab), fills it (grades with commas, notes, reviewed marks, status, dates, bold confidential
 * comments), lets Sincronizar save it, saves it finished, reloads it; the report then shows the
 * statuses and the chart's numbers (checked against a hand computation), downloads the chart and the
 * server's PDF 'Entrevista 360 graus' (its text holds the same numbers and comments). The company user
 * sees neither the Empresa filter nor the Ações column.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWebBuilt, credentials, getJson, launchChromium, screenshotDir, startAppServer, type AppServer } from './appServer';
import { seriousViolations } from './axe';
import { DESKTOP, openPage, PHONE, saveScreenshot } from './browserPages';
import { inkOnFirstPage, pdfText } from '../server/pdfTools';

const shots = join(screenshotDir, 'admin');

interface DemoUser {
  id: number;
  name: string;
}

let server: AppServer | undefined;
let browser: Browser | undefined;
let adminToken = '';
let companyName = '';
let rated: DemoUser;
let bruno: DemoUser;
let carla: DemoUser;
let diego: DemoUser;
/** Evaluation id by evaluator user id. */
const interviews = new Map<number, string>();
const pageErrors: string[] = [];

const COMPETENCIES = JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')).competencies as { block: number; name: string }[];
/** What the administrator types for Bruno's interview (commas as a person types them). */
const BRUNO_GRADES = ['7,5', '8', '6,3', '9', '4,5', '10', '3,2', '7', '8,8', '5'];
/** Carla's and the self-interview's grades, saved through the API. */
const CARLA_GRADES = COMPETENCIES.map((_, index) => 5 + index * 0.5);
const SELF_GRADES = COMPETENCIES.map((_, index) => 6 + (index % 3));

async function api<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server!.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Saves a finished interview through the API (the form's wire format). */
async function saveFinished(evaluator: DemoUser, grades: number[], note: string): Promise<void> {
  const questions = COMPETENCIES.flatMap(({ block }, index) => [
    { question: `${block}.grade`, response: String(grades[index]) },
    { question: `${block}.positive`, response: `${note} ${block}` },
    { question: `${block}.better`, response: ' ' },
    { question: `${block}.reviewed`, response: 'true' },
  ]);
  questions.push({ question: 'status', response: 'finished' });
  await api('/tableresponse/multiple', 'PUT', {
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

async function newPage(options: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const { page } = await openPage(options, { browser: browser!, baseUrl: server!.baseUrl, errors: pageErrors, shots, context: { acceptDownloads: true } });
  return page;
}

async function screenshot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, shots, name);
}


async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Senha', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/home');
}

async function choose(page: Page, filter: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: filter, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Opens the report from the menu (or directly on a phone, where the menu is a drawer) and picks the filters. */
async function openReport(page: Page, withCompany: boolean, viaMenu = true): Promise<void> {
  if (viaMenu) await page.getByRole('link', { name: 'Avaliação 360 por entrevista' }).click();
  else await page.goto('/entrevista360');
  await page.waitForURL((url) => url.pathname === '/entrevista360');
  await page.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
  if (withCompany) await choose(page, 'Empresa', companyName);
  await choose(page, 'Avaliado', rated.name);
  await page.getByRole('row').filter({ hasText: diego.name }).first().waitFor();
}

function evaluatorRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

async function answersOf(evaluator: DemoUser) {
  return getJson<{ status: string | null; dates: string[]; show: string[]; answers: { question: string; response: string }[] }>(
    server!.baseUrl,
    `/api/interview/answers/${rated.id}/${evaluator.id}`,
    adminToken,
  );
}

describe('360 interview form and report, end to end', () => {
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(shots, { recursive: true });
    server = await startAppServer();
    const session = await (
      await fetch(`${server.baseUrl}/api/sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(credentials.admin),
      })
    ).json();
    adminToken = session.token;
    const companies = await api<{ id: number; commercial_name: string }[]>('/companies', 'GET');
    const company = companies.find((item) => item.commercial_name === 'Empresa Demonstração')!;
    companyName = company.commercial_name;
    const users = await api<DemoUser[]>(`/users/list/${company.id}`, 'GET');
    const byName = (prefix: string) => users.find((user) => user.name.startsWith(prefix))!;
    [rated, bruno, carla, diego] = [byName('Ana Paula'), byName('Bruno'), byName('Carla'), byName('Diego')];
    const created = await api<{ evaluations: { evaluation_id: string; user_id: number }[] }>('/evaluation', 'POST', {
      users: [bruno, carla, diego, rated].map((user) => ({ user_id: user.id, user_name: user.name, type_evaluation: 11, evaluated: rated.id, evaluated_name: rated.name })),
    });
    for (const item of created.evaluations) interviews.set(item.user_id, item.evaluation_id);
    expect(interviews.size).toBe(4);
    await saveFinished(carla, CARLA_GRADES, 'Carla elogia');
    await saveFinished(rated, SELF_GRADES, 'Autoavaliação');
    browser = await launchChromium();
  }, 120000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('fills an interview opened from the report, auto-saves, saves it finished and reloads it', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, credentials.admin);
    await openReport(page, true);
    expect(await evaluatorRow(page, bruno.name).getByText('Não iniciado').count()).toBe(1);
    expect(await evaluatorRow(page, carla.name).getByText('Finalizado').count()).toBe(1);
    expect(await evaluatorRow(page, `${rated.name} (autoavaliação)`).getByText('Finalizado').count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Ações' }).count()).toBe(1);

    const [form] = await Promise.all([page.context().waitForEvent('page'), evaluatorRow(page, bruno.name).getByRole('button', { name: /^Avaliar/ }).click()]);
    form.setDefaultTimeout(15000);
    await form.waitForURL((url) => url.pathname === `/interview360/${interviews.get(bruno.id)}`);
    await form.getByRole('heading', { name: 'Avaliação 360 por entrevista', level: 1 }).waitFor();
    await form.getByText(bruno.name).first().waitFor();
    await form.getByText(rated.name).first().waitFor();
    await form.getByText('9,1 a 10: Excelente').waitFor();
    expect(await form.getByRole('navigation', { name: 'Ir para o bloco' }).getByRole('link').count()).toBe(13);
    await form.getByRole('link', { name: 'Bloco 1: não revisado' }).waitFor();

    for (const [index, { block, name }] of COMPETENCIES.entries()) {
      // Letters are dropped as typed: only digits and the comma stay.
      await form.getByLabel(`Nota ${block}. ${name}`, { exact: true }).fill(`${BRUNO_GRADES[index]}x`);
      await form.getByLabel(`Pontos positivos ${block}. ${name}`, { exact: true }).fill(`Bruno elogia ${name}`);
      if (block <= 3) await form.getByLabel(`Pontos a melhorar ${block}. ${name}`, { exact: true }).fill(`Melhorar ${name}`);
      if (block % 2 === 1) await form.locator(`#bloco-${block}`).getByRole('checkbox', { name: 'Revisado' }).check();
    }
    expect(await form.getByLabel('Nota 1. Responsabilidade', { exact: true }).inputValue()).toBe('7,5');
    await form.getByRole('link', { name: 'Bloco 1: revisado' }).waitFor();
    await form.getByRole('link', { name: 'Bloco 2: não revisado' }).waitFor();
    await form.getByLabel('Pontos fortes', { exact: true }).fill('Dedicado, organizado');
    await form.getByLabel('Pontos a desenvolver', { exact: true }).fill('Ansioso');
    await form.getByRole('link', { name: 'Bloco 11: preenchido' }).waitFor();
    await form.getByRole('link', { name: 'Bloco 13: vazio' }).waitFor();

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

    // Sincronizar: the visible countdown saves by itself after 30 s.
    await form.getByLabel('Sincronizar').check();
    await form.getByText(/Salvando em (29|30) s/).waitFor();
    await form.getByText('Avaliação salva com sucesso!').first().waitFor({ timeout: 40000 });
    const autoSaved = await answersOf(bruno);
    expect(autoSaved.status).toBe('open');
    await form.getByLabel('Sincronizar').uncheck();
    await form.getByText('Salvamento automático desligado').waitFor();

    await form.getByRole('combobox', { name: 'Status' }).click();
    await form.getByRole('option', { name: 'Finalizado' }).click();
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(async () => (await answersOf(bruno)).status, { timeout: 10000 }).toBe('finished');
    const saved = await answersOf(bruno);
    const answer = (key: string) => saved.answers.find((pair) => pair.question === key)?.response;
    expect(answer('1.grade')).toBe('7.5');
    expect(answer('6.grade')).toBe('10');
    expect(answer('1.positive')).toBe('Bruno elogia Responsabilidade');
    expect(answer('5.better')).toBe(' ');
    expect(answer('1.reviewed')).toBe('true');
    expect(answer('2.reviewed')).toBe('false');
    expect(answer('11.forces')).toBe('Dedicado, organizado');
    expect(answer('13.final')).toBe(' ');
    expect(answer('14.confidential')).toContain('<strong>muito importante</strong>');
    expect(saved.dates).toEqual(['2024-03-05', '2024-03-12']);
    expect(saved.show).toEqual(['2024-03-05', '2024-03-12']);

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

    // Back on the report: the statuses and the chart's numbers.
    await page.reload();
    await openReport(page, true, false);
    expect(await evaluatorRow(page, bruno.name).getByText('Finalizado').count()).toBe(1);
    expect(await evaluatorRow(page, diego.name).getByText('Não iniciado').count()).toBe(1);
    const table = page.getByRole('table', { name: 'Notas por competência (valores do gráfico)' });
    await table.waitFor();
    await page.getByText('Entrevistas finalizadas consideradas: 3').waitFor();
    const expected = expectedChartRows();
    for (const [index, { name }] of COMPETENCIES.entries()) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      expect(await row.getByRole('cell').allInnerTexts(), name).toEqual(expected[index]);
    }
    await page.getByRole('img', { name: /Gráfico de barras/ }).locator('svg').first().waitFor();
    await screenshot(page, 'interview-report-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Impressão: the chart as a file, and the report as a PDF.
    await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
    const print = page.getByRole('dialog', { name: 'Impressão' });
    await print.waitFor();
    await screenshot(page, 'interview-print-dialog-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Download Gráfico' }).click()]);
    expect(download.suggestedFilename()).toBe(`Gráfico entrevista 360 - ${rated.name}.svg`);
    expect(readFileSync((await download.path())!, 'utf8')).toContain('<svg');
    // 'Entrevista 360 graus': the PDF the server makes from the same chart and data, not the browser's print.
    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Entrevista 360 graus' }).click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`Entrevista 360 graus - ${rated.name}.pdf`);
    await page.getByText('Relatório gerado com sucesso').waitFor();
    const pdf = readFileSync((await pdfDownload.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Entrevista 360 graus');
    expect(text).toContain(`Avaliado: ${rated.name}`);
    expect(text).toContain('Bruno elogia Liderança');
    expect(text).toContain('Dedicado, organizado');
    for (const [index, { name }] of COMPETENCIES.entries()) expect(text, name).toContain([name, ...expected[index]!].join(' '));
    expect(text, 'confidential comments are never printed').not.toContain('muito importante');
    expect(inkOnFirstPage(pdf)).toBeGreaterThan(0.02);
    expect(await seriousViolations(page)).toEqual([]);
  }, 180000);

  it('lays the report, the form and the dialogs out on a phone', async () => {
    const page = await newPage(PHONE);
    await signIn(page, credentials.admin);
    await openReport(page, true, false);
    await page.getByRole('table', { name: 'Notas por competência (valores do gráfico)' }).waitFor();
    await screenshot(page, 'interview-report-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await page.getByRole('dialog', { name: 'Impressão' }).waitFor();
    await screenshot(page, 'interview-print-dialog-phone');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Entrevista 360 graus' }).click()]);
    expect(download.suggestedFilename()).toBe(`Entrevista 360 graus - ${rated.name}.pdf`);

    await page.goto(`/interview360/${interviews.get(bruno.id)}`);
    await page.getByLabel('Nota 1. Responsabilidade', { exact: true }).waitFor();
    await screenshot(page, 'interview-form-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Comentários confidenciais' }).click();
    await page.getByRole('dialog', { name: 'Comentários confidenciais' }).waitFor();
    await screenshot(page, 'interview-confidential-phone');
  }, 120000);

  it('shows the company user no Empresa filter and no Ações column', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, credentials.company);
    await openReport(page, false);
    expect(await page.getByRole('combobox', { name: 'Empresa', exact: true }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Ações' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Avaliar/ }).count()).toBe(0);
    expect(await evaluatorRow(page, bruno.name).getByText('Finalizado').count()).toBe(1);
    await page.getByRole('table', { name: 'Notas por competência (valores do gráfico)' }).waitFor();
    await screenshot(page, 'interview-report-company-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  }, 90000);

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
