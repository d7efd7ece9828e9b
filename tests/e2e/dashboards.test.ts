/**
 * End to end, on the built app and the real server: the 16 results dashboards (`/dash/{id}`) over
 * answers this file creates (DEMO_RESULTS stays '0'). Two questionnaires are answered on a phone through
 * the real forms (a PSS-14 and the psychological safety), the rest through the public call the form
 * makes (`POST /api/tableresponse/multiple`), with answer sets chosen so that every number checked below
 * was computed by hand from them (the computations are in the comments next to the answers and the
 * checks). Each dashboard is opened as the administrator, its filters, tabs and toggles driven, and the
 * numbers read from the accessible tables under the charts (`table[data-widget]`); a company user sees
 * only its company; axe finds nothing serious on any dashboard, with the filter and print dialogs open
 * once each; 'Baixar imagem' downloads a PNG. Screenshots go to test-results/e2e/dashboards/.
 * Some checks are soft (they fail the test but let its other checks run): axe, the chart numbers written
 * the Brazilian way, and a tab staying chosen when a filter changes.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { encodeAnswers } from '../../engine/answers/encoding';
import type { Answers, QuestionnaireDefinition } from '../../engine/definition/types';
import { assertWebBuilt, credentials, getJson, launchChromium, repoRoot, screenshotDir, startAppServer, type AppServer } from './appServer';
import { cellsOf, chooseFilters, closeDialog, DESKTOP, openDashboard, PHONE, saveScreenshot, signIn, softAxe as axe } from './browserPages';

const shots = join(screenshotDir, 'dashboards');

const COMPANY_A = 'Empresa Demonstração';
const COMPANY_B = 'Empresa Beta';
const ANA = 'Ana Paula Souza';
const BRUNO = 'Bruno Henrique Lima';
const CARLA = 'Carla Mendes Ribeiro';
const DIEGO = 'Diego Alves Santos';
const FERNANDA = 'Fernanda Oliveira Costa';
const ZE = 'José Beta Andrade';

const PICK_COLLEAGUE = 'Escolha um colaborador em Filtros para ver o resultado individual.';

interface EvaluationInfo {
  user_id: number;
  rated: number | null;
  rated_sector: number | null;
  type_evaluation: number;
  version: number | null;
  done: boolean;
}

let server: AppServer | undefined;
let browser: Browser | undefined;
let adminToken = '';
const pageErrors: string[] = [];
const contexts: BrowserContext[] = [];
/** The administrator's desktop page, reused by every dashboard test. */
let admin: Page;
/** Open evaluations by `${type}/${person name}` (the seeded ones and those created here). */
const open = new Map<string, string>();
const definitions = new Map<number, QuestionnaireDefinition>();

async function api<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server!.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Sets the demo company's anonymity minimum (issue 14) through the company call, as an administrator
 * does on the company form. The demo answers psychological safety and the change analysis with two
 * people: under the default minimum of 3 those views withhold them.
 */
async function setAnonymityMinimum(minimum: number): Promise<void> {
  const companies = await api<{ id: number; commercial_name: string; company_name: string; cnpj: string | null; phone: string | null }[]>('/companies', 'GET');
  const company = companies.find((item) => item.commercial_name === COMPANY_A)!;
  await api('/companies', 'PATCH', { id: company.id, commercial_name: company.commercial_name, company_name: company.company_name, cnpj: company.cnpj ?? '', phone: company.phone, anonymity_min: minimum });
}

function definitionOf(type: number): QuestionnaireDefinition {
  const cached = definitions.get(type);
  if (cached) return cached;
  const name = catalog.types.find((entry) => entry.type === type && 'definition' in entry)?.definition as string;
  const parsed = parseQuestionnaireFile(name!);
  if (!parsed.ok) throw new Error(`${name} did not parse`);
  definitions.set(type, parsed.value);
  return parsed.value;
}

/** The open evaluation of a type for a person (seeded or created here). */
function evaluationOf(type: number, person: string): string {
  const id = open.get(`${type}/${person}`);
  if (!id) throw new Error(`no open evaluation of type ${type} for ${person}`);
  return id;
}

/** Sends answers through the respondent's public call, as the form does. */
async function answer(type: number, person: string, answers: Answers): Promise<void> {
  const id = evaluationOf(type, person);
  const info = await getJson<EvaluationInfo>(server!.baseUrl, `/api/evaluation/find/${id}`);
  await api('/tableresponse/multiple', 'POST', {
    evaluator_user_id: info.user_id,
    rated_user_id: info.rated,
    type_evaluation: type,
    evaluation_id: id,
    rated_sector_id: info.rated_sector,
    version: info.version,
    questions: encodeAnswers(definitionOf(type), answers),
  });
}

/** Answers with the given value for every listed question id. */
function same(ids: string[], value: number): Answers {
  return Object.fromEntries(ids.map((id) => [id, value]));
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const ids = (from: number, to: number) => range(from, to).map(String);

/** PSS-14: the reverse items (scored 4 − x) answered `reverse`, the others `plain`. */
const PSS_REVERSE = ['4', '5', '6', '7', '9', '10', '13'];
function pss(plain: number, reverse: number): Answers {
  return Object.fromEntries(ids(1, 14).map((id) => [id, PSS_REVERSE.includes(id) ? reverse : plain]));
}

/** The likert questions of the area maps (pages 1 to 4, six each). */
const AREA_LIKERT = [1, 2, 3, 4].flatMap((page) => range(1, 6).map((item) => `${page}.${item}`));

// ------------------------------------------------------------------ reading the screen

/** The cells of the row whose first cell is `key`, under the given column headers (null until shown). */
/** The gap charts' series: answers by item score (a reverse item's agreement is unfavourable). */
const levels5 = ['Muito desfavorável', 'Desfavorável', 'Neutra', 'Favorável', 'Muito favorável'];

async function rowOf(scope: Page | Locator, widget: string, key: string, columns: string[]): Promise<string[] | null> {
  const cells = await cellsOf(scope, widget);
  if (!cells) return null;
  const header = cells[0]!;
  const row = cells.slice(1).find((candidate) => candidate[0] === key);
  if (!row) return null;
  return columns.map((column) => {
    const index = header.indexOf(column);
    return index < 0 ? `<no column ${column}>` : (row[index] ?? '');
  });
}

/** First cell → second cell of a two-column table (Item/Valor), or null until shown. */
async function pairsOf(scope: Page | Locator, widget: string): Promise<Record<string, string> | null> {
  const cells = await cellsOf(scope, widget);
  return cells ? Object.fromEntries(cells.slice(1).map((row) => [row[0], row[1]])) : null;
}

/** Body rows without the header, sorted (for tables whose order is not part of the spec). */
async function sortedRows(scope: Page | Locator, widget: string): Promise<string[][] | null> {
  const cells = await cellsOf(scope, widget);
  return cells ? cells.slice(1).sort((a, b) => a.join('|').localeCompare(b.join('|'))) : null;
}

/**
 * Chooses filters while a tab other than the first is open: the view reloads, and the tab must stay
 * chosen (a new colleague must not throw the user back to the first tab). Soft, so the numbers of the
 * tab are still checked (after choosing it again) when it does not.
 */
async function chooseOnTab(page: Page, name: string, choices: [string, string | RegExp][]): Promise<void> {
  await chooseFilters(page, choices);
  const shown = page.locator('[aria-busy="false"]').getByRole('tab', { name, exact: true });
  await shown.waitFor();
  expect.soft(await shown.getAttribute('aria-selected'), `the '${name}' tab stays chosen when a filter changes`).toBe('true');
  if ((await shown.getAttribute('aria-selected')) !== 'true') await tab(page, name);
}

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
}

/** The texts of the list items under a heading (the values and needs columns, the free-text answers). */
async function listUnder(scope: Page | Locator, heading: string): Promise<string[]> {
  return scope.getByRole('heading', { name: heading, exact: true }).locator('xpath=following-sibling::ul[1]/li').allInnerTexts();
}

/**
 * Waits until the charts stop moving (ECharts animates bars and needles for about a second): the SVG
 * of the page is the same at two polls 300 ms apart.
 */
async function chartsSettled(page: Page): Promise<void> {
  await page.evaluate(() => delete (window as { chartSnapshot?: string }).chartSnapshot);
  await page.waitForFunction(
    () => {
      const holder = window as { chartSnapshot?: string };
      const snapshot = [...document.querySelectorAll('svg')].map((svg) => svg.innerHTML).join('|');
      const same = holder.chartSnapshot === snapshot;
      holder.chartSnapshot = snapshot;
      return same;
    },
    undefined,
    { polling: 300, timeout: 10000 },
  );
}

/** Numbers the charts draw with a decimal point ("2.5") where Brazilian Portuguese writes a comma ("2,5"). */
async function pointDecimals(page: Page): Promise<string[]> {
  const texts = await page.locator('svg text').allTextContents();
  return [...new Set(texts.map((text) => text.trim()).filter((text) => /^-?\d+\.\d{1,2}%?$/.test(text)))];
}

/** Waits for the charts to settle, checks their numbers are written in pt-BR (soft), and saves a screenshot. */
async function screenshot(page: Page, name: string): Promise<void> {
  await chartsSettled(page);
  expect.soft(await pointDecimals(page), `${name}: chart numbers with a decimal point instead of a comma`).toEqual([]);
  await saveScreenshot(page, shots, name);
}

async function newPage(size: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const context = await browser!.newContext({ ...size, locale: 'pt-BR', baseURL: server!.baseUrl, timezoneId: 'America/Sao_Paulo' });
  contexts.push(context);
  context.on('close', () => contexts.splice(contexts.indexOf(context), 1));
  context.on('page', (opened) => opened.on('pageerror', (error) => pageErrors.push(`${opened.url()}: ${error.message}`)));
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return page;
}

// ------------------------------------------------------------------ the answers

/** Creates the evaluations the views need besides the seeded ones, and records every open one. */
async function createEvaluations(): Promise<void> {
  // The seed: a PSS-14 for each of the 7 employees, and Ana one link of every other questionnaire
  // (her 360 evaluates Bruno, version 1; her area maps rate her sector, Administrativo).
  // (The start-up probe's all-zero id is in the server's log too.)
  for (const link of server!.links().filter((candidate) => !/^0{8}-/.test(candidate.id))) {
    const info = await getJson<EvaluationInfo>(server!.baseUrl, `/api/evaluation/find/${link.id}`);
    if (!info.done) open.set(`${info.type_evaluation}/${info.user_id}`, link.id);
  }
  const companies = await api<{ id: number; commercial_name: string }[]>('/companies', 'GET');
  const companyA = companies.find((company) => company.commercial_name === COMPANY_A)!.id;
  const people = await api<{ id: number; name: string }[]>(`/users/list/${companyA}`, 'GET');
  const idOf = (name: string) => people.find((person) => person.name === name)!.id;
  const sectors = await api<{ id: number; sector_name: string }[]>(`/sectors/list/${companyA}`, 'GET');
  const sectorOf = (name: string) => sectors.find((sector) => sector.sector_name === name)!.id;
  // Re-key the seeded links by name.
  for (const [key, id] of [...open]) {
    const [type, user] = key.split('/');
    const person = people.find((candidate) => String(candidate.id) === user);
    if (person) open.set(`${type}/${person.name}`, id);
  }

  const record = (created: { evaluations: { evaluation_id: string; user_id: number; type_evaluation: number }[] }, names: Map<number, string>) => {
    for (const row of created.evaluations) open.set(`${row.type_evaluation}/${names.get(row.user_id)}`, row.evaluation_id);
  };
  const names = new Map(people.map((person) => [person.id, person.name]));
  const bruno = idOf(BRUNO);
  record(
    await api('/evaluation', 'POST', {
      users: [
        // Two more evaluators of Bruno's 360 (version 1) and his self-evaluation (type 1, version 1).
        { user_id: idOf(CARLA), type_evaluation: 2, evaluated: bruno, version: 1, validate: 30 },
        { user_id: idOf(DIEGO), type_evaluation: 2, evaluated: bruno, version: 1, validate: 30 },
        { user_id: bruno, type_evaluation: 1, version: 1, validate: 30 },
        { user_id: bruno, type_evaluation: 16, validate: 30 },
        { user_id: bruno, type_evaluation: 12, validate: 30 },
        { user_id: bruno, type_evaluation: 14, validate: 30 },
        { user_id: bruno, type_evaluation: 8, rated_sector: sectorOf('Administrativo'), validate: 30 },
        { user_id: idOf(DIEGO), type_evaluation: 8, rated_sector: sectorOf('Operações'), validate: 30 },
        { user_id: idOf(FERNANDA), type_evaluation: 10, rated_sector: sectorOf('Operações'), validate: 30 },
      ],
    }),
    names,
  );
  // The scanner bundle (Alpha, VIA, Temperamentos, Motivacional, Objeções at once): Carla answers hers,
  // Diego's stays pending (a yellow row of the scanner).
  record(
    await api('/evaluation', 'POST', {
      users: [
        { user_id: idOf(CARLA), type_evaluation: -1, validate: 30 },
        { user_id: idOf(DIEGO), type_evaluation: -1, validate: 30 },
      ],
    }),
    names,
  );
  // The manager's side of the values alignment (created alone, as the catalogue requires).
  record(await api('/evaluation', 'POST', { users: [{ user_id: bruno, type_evaluation: 17, validate: 30 }] }), names);

  // A second company, whose answers a company user of the first must never see.
  const beta = await api<{ company: { id: number } }>('/companies', 'POST', { commercial_name: COMPANY_B, company_name: 'Empresa Beta Ltda.', cnpj: '11.444.777/0001-61' });
  const ze = await api<{ user: { id: number } }>('/users', 'POST', { name: ZE, email: 'jose.andrade@beta.com.br', phone: '(11) 98765-4321', company_id: beta.company.id, type_account: 3 });
  record(
    await api('/evaluation', 'POST', {
      users: [
        { user_id: ze.user.id, type_evaluation: 13, validate: 30 },
        { user_id: ze.user.id, type_evaluation: 3, validate: 30 },
      ],
    }),
    new Map([[ze.user.id, ZE]]),
  );
}

/** Everything not answered in the browser, through the public call. */
async function answerByApi(): Promise<void> {
  // ---- PSS-14 (13). Total = plain items as answered + reverse items (4,5,6,7,9,10,13) as 4 − x.
  // Ana (in the browser): pss(2, 2) = 7·2 + 7·(4−2) = 28 (alto).
  await answer(13, BRUNO, pss(0, 4)); // 7·0 + 7·(4−4) = 0 (baixo)
  await answer(13, CARLA, pss(4, 0)); // 7·4 + 7·(4−0) = 56 (muito alto)
  await answer(13, DIEGO, pss(1, 3)); // 7·1 + 7·(4−3) = 14 (moderado)
  await answer(13, ZE, pss(3, 1)); // 7·3 + 7·(4−1) = 42 (muito alto), Empresa Beta

  // ---- Psychological safety (16). Item scores: 1, 3, 5 reversed (6 − x).
  // Ana (in the browser): 1:2 2:4 3:1 4:3 5:2 6:5 7:4 → scores 4 4 5 3 4 5 4.
  // Bruno:               1:5 2:1 3:5 4:1 5:5 6:2 7:3 → scores 1 1 1 1 1 2 3.
  await answer(16, BRUNO, { '1': 5, '2': 1, '3': 5, '4': 1, '5': 5, '6': 2, '7': 3 });

  // ---- 360 of Bruno, version 1 (types 2 and 1). Options 1,3,4,7,9,12 positive; 2,5,6,8,10,11
  // negative; 13 'Não sei avaliar' (neutral), in every competency.
  const rest = (values: number[]) => Object.fromEntries(ids(2, 10).map((id) => [id, values]));
  await answer(2, ANA, { '1': [1, 2, 3, 4], ...rest([1, 3, 5]), '11': 'Comprometido com a equipe', '12': 'Centraliza decisões', '13': CARLA });
  await answer(2, CARLA, { '1': [1, 5, 7, 9, 12], ...rest([2, 5, 6, 8]), '11': 'Organizado', '12': 'Impaciente', '13': DIEGO });
  await answer(2, DIEGO, { '1': [13], ...rest([1, 3, 4, 7, 9, 12]), '11': 'Prestativo', '12': 'Pouco feedback', '13': ANA });
  await answer(1, BRUNO, { '1': [1, 3, 4, 7, 9, 12], ...rest([2]), '11': 'Dedicação', '12': 'Delego pouco', '13': CARLA, '14': 'Quero crescer na empresa' });

  // ---- Alpha (3). Each *.forca / *.risco tag is on 4 options (share = ticks / 4); each subtype
  // (comandante, …) on 8 (share = ticks / 8).
  // Ana: p1 1 alpha.forca, 4 comandante.forca, 5 alpha.risco, 6 estrategista.forca, 7 visionario.forca,
  // 8 comandante.risco; p2 1 executor.risco, 3 executor.forca, 4 visionario.forca, 6 comandante.forca,
  // 8 comandante.risco; p3 2 alpha.forca, 4 executor.forca; p4 1 executor.forca, 2 alpha.forca,
  // 3 comandante.forca; p5 4 comandante.forca.
  // → alpha 3/4 = 75% força, 1/4 = 25% risco (Alpha: ≥ 50%); comandante 4/4 = 100%, 2/4 = 50%;
  // visionário 2/4 = 50%, 0%; estrategista 1/4 = 25%, 0%; executor 3/4 = 75%, 1/4 = 25%.
  // Subtypes: comandante 6/8, executor 4/8, visionário 2/8, estrategista 1/8 → Comandante, Executor.
  await answer(3, ANA, { '1': [1, 4, 5, 6, 7, 8], '2': [1, 3, 4, 6, 8], '3': [2, 4], '4': [1, 2, 3], '5': [4] });
  // Carla: p1 2 visionario.risco, 6 estrategista.forca, 7 visionario.forca; p2 4 visionario.forca,
  // 7 estrategista.forca; p3 1 visionario.forca, 3 alpha.risco, 5 estrategista.forca; p5 5 alpha.forca,
  // 6 visionario.forca → alpha 25%/25% (Não alpha); visionário 100%/25%; estrategista 75%/0%;
  // comandante and executor 0%. Subtypes: visionário 5/8, estrategista 3/8 → Visionário, Estrategista.
  await answer(3, CARLA, { '1': [2, 6, 7], '2': [4, 7], '3': [1, 3, 5], '5': [5, 6] });
  // José (Empresa Beta): one tick, alpha.forca 25%: never on the first company's screens.
  await answer(3, ZE, { '1': [1] });

  // ---- VIA (4): the 24 strengths in order (value = position in the list of the scale).
  // Ana: 1..24 → top 5 Amor (humanidade), Amor ao Aprendizado (sabedoria), Apreciação da Beleza
  // (transcendência), Autocontrole (temperança), Bravura (coragem); 24th Vitalidade (coragem).
  await answer(4, ANA, Object.fromEntries(range(1, 24).map((value) => [String(value), value])));
  // Carla: Amor, Bravura, Vitalidade (coragem), Trabalho em Equipe (justiça), Prudência (temperança), then the rest.
  const carlaVia = [1, 5, 24, 23, 22, 2, 3, 4, ...range(6, 21)];
  await answer(4, CARLA, Object.fromEntries(carlaVia.map((value, index) => [String(index + 1), value])));

  // ---- Temperamentos (5): words counted per temperament.
  // Ana: p1 Sensível (M), Entusiasmado (S), Decidido (C), Impulsivo (S), Inquieto (S); p2 Expressivo (S),
  // Divertido (S), Empreendedor (C) → Sanguíneo 5, Colérico 2, Melancólico 1, Fleumático 0.
  await answer(5, ANA, { '1': [1, 3, 10, 15, 17], '2': [1, 2, 7] });
  // Carla: p1 Pessimista (M), Analítico (M), Conciliador (F), Detalhista (M), Indeciso (F), Acomodado (F),
  // Sereno (F) → Melancólico 3, Fleumático 4.
  await answer(5, CARLA, { '1': [2, 4, 5, 6, 7, 8, 12] });

  // ---- Motivacional (6): share of the 5 answers per type.
  // Ana: B intrínseca, C intrínseca, E intrínseca, B identificada, E integrada → 60, 20 (integrada), 20 (identificada).
  await answer(6, ANA, { '1': 2, '2': 3, '3': 5, '4': 2, '5': 5 });
  // Carla: C externa, A externa, B introjetada, A introjetada, B externa → externa 60, introjetada 40.
  await answer(6, CARLA, { '1': 3, '2': 1, '3': 2, '4': 1, '5': 2 });

  // ---- Objeções (9): answers counted per style.
  // Ana: q1–q7 convergente, q8–q10 concorrente, q11–q12 divergente → Div 2, Conf 0, Conv 7, Conc 3.
  await answer(9, ANA, { '1': 2, '2': 3, '3': 1, '4': 4, '5': 4, '6': 1, '7': 3, '8': 1, '9': 1, '10': 2, '11': 2, '12': 1 });
  // Carla: q1–q6 conflitante, q7–q10 divergente, q11–q12 convergente → Div 4, Conf 6, Conv 2, Conc 0.
  await answer(9, CARLA, { '1': 4, '2': 2, '3': 3, '4': 1, '5': 2, '6': 3, '7': 4, '8': 3, '9': 4, '10': 3, '11': 1, '12': 3 });

  // ---- Team performance (7), Ana: team (1–10) and leadership (11–20) notes.
  const team = [8, 7, 6, 9, 5, 4, 10, 3, 6, 7]; // sum 65
  const leader = [9, 9, 8, 7, 6, 5, 4, 10, 8, 6]; // sum 72
  await answer(7, ANA, Object.fromEntries([...team, ...leader].map((value, index) => [String(index + 1), value])));

  // ---- Operational area map (8). Ana (Administrativo): page 1 all 5, pages 2–4 all 4; Bruno
  // (Administrativo): all 2, an obstacle in 1.7; Diego (Operações): all 1 (the justifications asked).
  const noAll = { '1.7': 0, '2.7': 0, '3.7': 0, '4.7': 0 };
  await answer(8, ANA, {
    ...same(AREA_LIKERT, 4),
    ...same(ids(1, 6).map((item) => `1.${item}`), 5),
    ...noAll,
    '1.3.1': 'Retrabalho constante',
    '5.1': 'Mais treinamento para a equipe',
    '5.2': 'A área está bem organizada.',
  });
  await answer(8, BRUNO, { ...same(AREA_LIKERT, 2), ...noAll, '1.7': 1, '1.7.1': 'Falta de pessoal', '5.1': 'Contratar mais uma pessoa' });
  await answer(8, DIEGO, {
    ...same(AREA_LIKERT, 1),
    ...noAll,
    '1.1.1': 'Metas irreais',
    '2.3.1': 'Papéis confusos',
    '3.1.1': 'Pouca colaboração',
    '4.3.1': 'Sem retorno da gestão',
    '5.1': 'Rever as metas',
  });

  // ---- Tactical area map (10). Ana (Administrativo): Clareza all 1, the rest all 3; Fernanda (Operações): all 5.
  await answer(10, ANA, {
    ...same(AREA_LIKERT, 3),
    ...same(ids(1, 6).map((item) => `1.${item}`), 1),
    ...noAll,
    '1.1.1': 'Objetivos pouco claros',
    '5.1': 'Definir prioridades',
  });
  await answer(10, FERNANDA, {
    ...same(AREA_LIKERT, 5),
    ...noAll,
    '1.3.1': 'Mudanças sem aviso',
    '2.2.1': 'Burocracia',
    '3.4.1': 'Tarefas desiguais',
    '4.3.1': 'Centralização',
    '5.1': 'Delegar mais',
    '5.2': 'Obrigada pela pesquisa.',
  });

  // ---- Critical change variables (12): percent = sum of item scores / (5 × scored items); reverse
  // items 13, 15, 18, 23, 25, 28, 30, 33, 36, 39 score 6 − x; 0 ('Não tenho informação') is not scored.
  // Ana all 4: Cultura 40/50 = 80; Histórico 7·4 + 3·2 = 34/50 = 68; Resistência 13·4 + 7·2 = 66/100 = 66;
  // Geral 140/200 = 70 (Moderado).
  await answer(12, ANA, same(ids(1, 40), 4));
  // Bruno: Cultura all 2 → 20/50 = 40. Histórico: 11 = 5, 12 = 0 (not scored), normal 14,16,17,19,20 = 1,
  // reverse 13,15,18 = 5 (scores 1) → (5 + 5 + 3)/45 = 28,9. Resistência: normal 2, reverse 4 (scores 2)
  // → 40/100 = 40. Geral (20 + 13 + 40)/195 = 37,4 (Crítico).
  await answer(12, BRUNO, {
    ...same(ids(1, 10), 2),
    '11': 5,
    '12': 0,
    ...same(['14', '16', '17', '19', '20'], 1),
    ...same(['13', '15', '18'], 5),
    ...same(ids(21, 40), 2),
    ...same(['23', '25', '28', '30', '33', '36', '39'], 4),
  });

  // ---- HR map (14): Ana all level 1; Bruno 1–12 level 2, 13–24 level 4.
  await answer(14, ANA, { ...same(ids(1, 24), 1), '25': 'Desenvolver líderes', '26': 'Orçamento curto' });
  await answer(14, BRUNO, { ...same(ids(1, 12), 2), ...same(ids(13, 24), 4), '25': 'Reter talentos', '26': 'Falta de tempo', '27': 'Nada a acrescentar.' });

  // ---- Values and needs (15 Ana, 17 Bruno as the manager).
  // Values: Ana 1–10, Bruno 6–15 → only Ana: 1–5; shared: 6–10; only the company: 11–15.
  // Needs: Ana 1–10, Bruno 21–30 → nothing shared.
  await answer(15, ANA, { '1': range(1, 10), '2': 'Integridade', '4': range(1, 10), '5': 'Estabilidade', '7': 'Bastante alinhados' });
  await answer(17, BRUNO, { '1': range(6, 15), '2': 'Justiça', '4': range(21, 30), '5': 'Ambiente ético', '7': 'Em boa parte' });
}

// ------------------------------------------------------------------ the tests

describe('the results dashboards, end to end', () => {
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(shots, { recursive: true });
    server = await startAppServer();
    await server.waitForLinks('estresse');
    const session = await (
      await fetch(`${server.baseUrl}/api/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials.admin) })
    ).json();
    adminToken = session.token;
    browser = await launchChromium();
    await createEvaluations();
    await answerByApi();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      for (const [index, context] of contexts.entries()) {
        for (const [pageIndex, page] of context.pages().entries()) await saveScreenshot(page, shots, `FAILED-${name}-${index}-${pageIndex}`).catch(() => undefined);
      }
    }
    // Only the administrator's desktop page lives on from test to test.
    for (const context of [...contexts]) if (!admin || context !== admin.context()) await context.close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('takes a PSS-14 and the psychological safety on a phone through the real forms', async () => {
    const phone = await newPage(PHONE);
    // PSS-14, Ana: every item 2 → total 7·2 + 7·(4 − 2) = 28.
    await phone.goto(`/estresse/${evaluationOf(13, ANA)}`);
    for (const id of ids(1, 14)) {
      const box = phone.locator(`[id="question-${id}"]`);
      await box.locator('label').filter({ has: phone.locator('input[type="radio"][value="2"]') }).click();
    }
    await phone.getByRole('button', { name: 'Enviar', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === `/evaluation/complete/${evaluationOf(13, ANA)}`);

    // Psychological safety, Ana: 1:2 2:4 3:1 4:3 5:2 6:5 7:4 and a comment.
    await phone.goto(`/segurancapsicologica/${evaluationOf(16, ANA)}`);
    const dialog = phone.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Entendi', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const [id, value] of Object.entries({ '1': 2, '2': 4, '3': 1, '4': 3, '5': 2, '6': 5, '7': 4 })) {
      await phone.locator(`[id="question-${id}"] label`).filter({ has: phone.locator(`input[type="radio"][value="${value}"]`) }).click();
    }
    await phone.locator('[id="question-8"]').getByRole('textbox').fill('Gostaria de mais reuniões de alinhamento.');
    await phone.getByRole('button', { name: 'Enviar', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === `/evaluation/complete/${evaluationOf(16, ANA)}`);

    admin = await newPage(DESKTOP);
    await signIn(admin, credentials.admin);
  });

  it('13 PSS-14: the mean, the bands and the respondents; the print dialog downloads a PNG', async () => {
    const page = admin;
    await openDashboard(page, 13, 'Escala de Estresse Percebido (PSS-14)');
    // Every company (the administrator's default): (28 + 0 + 56 + 14 + 42) / 5 = 28,0 → alto (27–39,9).
    const gauge = 'Média de estresse percebido (0 a 56)';
    await expect.poll(() => cellsOf(page, gauge)).toEqual([['Valor', 'Faixa'], ['28,0', 'Estresse alto']]);
    expect(await sortedRows(page, 'Respondentes')).toEqual([
      [ANA, '28', 'Estresse alto'],
      [BRUNO, '0', 'Estresse baixo'],
      [CARLA, '56', 'Estresse muito alto'],
      [DIEGO, '14', 'Estresse moderado'],
      [ZE, '42', 'Estresse muito alto'],
    ]);

    // Staff see every company, sorted by commercial name (results.md 6).
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    await filters.getByRole('combobox', { name: 'Empresa', exact: true }).click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([COMPANY_B, COMPANY_A]);
    await filters.getByRole('heading', { name: 'Filtros' }).click();
    await closeDialog(page, filters);

    // The first company: (28 + 0 + 56 + 14) / 4 = 24,5 → moderado (13–26,9); one respondent per band.
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    await expect.poll(() => cellsOf(page, gauge)).toEqual([['Valor', 'Faixa'], ['24,5', 'Estresse moderado']]);
    expect(await pairsOf(page, 'Respondentes por faixa')).toEqual({ 'Estresse baixo': '1', 'Estresse moderado': '1', 'Estresse alto': '1', 'Estresse muito alto': '1' });
    expect((await sortedRows(page, 'Respondentes'))?.map((row) => row[0])).toEqual([ANA, BRUNO, CARLA, DIEGO]);
    await page.getByText('4 avaliações respondidas', { exact: true }).waitFor();

    // 'Ver tabela' shows the gauge's table.
    const show = page.getByRole('group', { name: gauge }).getByRole('button', { name: 'Ver tabela' });
    await show.click();
    await page.getByRole('group', { name: gauge }).getByRole('button', { name: 'Ocultar tabela' }).waitFor();
    expect((await page.locator(`table[data-widget="${gauge}"]`).boundingBox())!.width).toBeGreaterThan(100);
    await screenshot(page, 'dash13-desktop');
    await axe(page, '/dash/13');

    // The print dialog (axe with it open) and a chart image.
    await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
    const print = page.getByRole('dialog', { name: 'Imprimir e baixar' });
    await print.waitFor();
    await axe(page, "/dash/13's print dialog");
    await screenshot(page, 'dash13-print-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: 'Baixar imagem: Respondentes por faixa' }).click()]);
    expect(download.suggestedFilename()).toBe('respondentes-por-faixa.png');
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(2000);
    await closeDialog(page, print);

    // A sector: Operações has only Diego (14 → moderado).
    await chooseFilters(page, [['Setor', 'Operações']]);
    await expect.poll(() => cellsOf(page, gauge)).toEqual([['Valor', 'Faixa'], ['14,0', 'Estresse moderado']]);
    expect((await sortedRows(page, 'Respondentes'))?.map((row) => row[0])).toEqual([DIEGO]);

    // On a phone.
    const phone = await newPage(PHONE);
    await signIn(phone, credentials.admin);
    await openDashboard(phone, 13, 'Escala de Estresse Percebido (PSS-14)');
    await chooseFilters(phone, [['Empresa', COMPANY_A]]);
    await expect.poll(() => cellsOf(phone, gauge)).toEqual([['Valor', 'Faixa'], ['24,5', 'Estresse moderado']]);
    await screenshot(phone, 'dash13-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
  });

  it('16 psychological safety: the mean per statement (items 1, 3, 5 reversed) and the overall mean', async () => {
    const page = admin;
    await openDashboard(page, 16, 'Segurança Psicológica');
    await chooseFilters(page, [['Empresa', COMPANY_B]]);
    await page.getByText('Sem respostas', { exact: true }).waitFor();
    // Two people answered: under the default minimum of 3 the view says why it shows nothing.
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    await page.getByText('Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 3 respondentes. Respondentes até agora: 2.', { exact: true }).waitFor();
    await screenshot(page, 'dash16-withheld-desktop');
    await axe(page, '/dash/16 withheld');
    // The company allows groups of two: the numbers (the minimum stays 2 for the views after this one).
    await setAnonymityMinimum(2);
    await openDashboard(page, 16, 'Segurança Psicológica');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Overall: Ana (4+4+5+3+4+5+4)/7 = 29/7, Bruno (1+1+1+1+1+2+3)/7 = 10/7 → (29/7 + 10/7)/2 = 2,79 → 2,8 Baixa (1–2,9).
    await expect.poll(() => cellsOf(page, 'Segurança psicológica da equipe (média de 1 a 5)')).toEqual([['Valor', 'Faixa'], ['2,8', 'Baixa']]);
    // Per statement: 1 (4+1)/2 = 2,5; 2 (4+1)/2 = 2,5; 3 (5+1)/2 = 3,0; 4 (3+1)/2 = 2,0; 5 (4+1)/2 = 2,5;
    // 6 (5+2)/2 = 3,5; 7 (4+3)/2 = 3,5.
    const statements = definitionOf(16).pages[0]!.questions.slice(0, 7).map((question) => question.text);
    const means = await pairsOf(page, 'Média por afirmação (de 1 a 5; afirmações negativas invertidas)');
    expect(statements.map((text) => means?.[text])).toEqual(['2,5', '2,5', '3,0', '2,0', '2,5', '3,5', '3,5']);
    expect(await listUnder(page, definitionOf(16).pages[0]!.questions[7]!.text)).toEqual(['Gostaria de mais reuniões de alinhamento.']);
    await screenshot(page, 'dash16-desktop');
    await axe(page, '/dash/16');
  });

  it('2 360: the percent rule of section 5 per statement, per kind and in the reading table', async () => {
    const page = admin;
    await openDashboard(page, 2, 'Avaliação 360');
    await page.getByText('Escolha em Filtros a empresa, o avaliado e a data da avaliação.', { exact: true }).waitFor();
    const dialog = await chooseFilters(
      page,
      [
        ['Empresa', COMPANY_A],
        ['Avaliado', BRUNO],
        ['Data', /\(versão 1\)$/],
      ],
      true,
    );
    // The view behind the dialog has its data (its print buttons light up, a colour transition axe must
    // not catch half-way).
    await page.getByText('4 avaliações respondidas', { exact: true }).waitFor();
    await axe(page, "/dash/2's filter dialog");
    await screenshot(page, 'dash2-filters-dialog');
    await closeDialog(page, dialog);

    // Evaluators Ana, Carla, Diego (Diego: only 'Não sei avaliar' in competency 1); Bruno's self-evaluation.
    // Competency 1, evaluators: positive ticks 3 (Ana) + 4 (Carla) = 7, negative 1 + 1 = 2, neutral 1.
    // Positive 7 / (6 × (3 − 1)) = 58,3 → 58% (Bom, 41–60); negative 2/12 = 16,7 → 16% (Bom, 16–30);
    // neutral 1/3 = 33,3 → 33%.
    // Competency 2: positive 2 (Ana) + 6 (Diego) = 8 / (6 × 3) = 44,4 → 44% (Bom); negative 1 (Ana) + 4
    // (Carla) = 5/18 = 27,8 → 27% (Bom); neutral 0%.
    const reading = 'Leitura dos resultados';
    await expect.poll(() => cellsOf(page, reading).then((cells) => cells?.slice(1, 3))).toEqual([
      ['Responsabilidade', '58%', 'Bom', '16%', 'Bom', '33%'],
      ['Planejamento', '44%', 'Bom', '27%', 'Bom', '0%'],
    ]);
    expect(await rowOf(page, 'Comportamentos por competência (avaliadores)', 'Responsabilidade', ['Positivas', 'Negativas', 'Não sei avaliar'])).toEqual(['58%', '16%', '33%']);
    // The evaluators who answered (a stat without a title: its card is named after the view).
    expect((await page.getByRole('group', { name: 'Avaliação 360', exact: true }).innerText()).split(/\s+/).join(' ')).toBe('3 Avaliadores que responderam');
    await page.getByText('4 avaliações respondidas', { exact: true }).waitFor();
    await screenshot(page, 'dash2-consolidated-desktop');
    await axe(page, '/dash/2');

    await tab(page, 'Detalhes');
    // Competency 1 per kind: evaluators as above; self (1 respondent) 6 positive / 6 = 100%.
    const summary = '1. Responsabilidade: resumo';
    await expect.poll(() => rowOf(page, summary, 'Positivas', ['Avaliadores', 'Autoavaliação'])).toEqual(['58%', '100%']);
    expect(await rowOf(page, summary, 'Negativas', ['Avaliadores', 'Autoavaliação'])).toEqual(['16%', '0%']);
    expect(await rowOf(page, summary, 'Não sei avaliar', ['Avaliadores', 'Autoavaliação'])).toEqual(['33%', '0%']);
    // Per statement, evaluators: count / (3 respondents − 1 neutral): option 1 (Ana, Carla) 2/2 = 100%,
    // option 2 (Ana) 1/2 = 50%, option 6 (nobody) 0%; 'Não sei avaliar' 1/3 = 33%.
    const options = definitionOf(2).scales!.responsabilidade!;
    const statements = '1. Responsabilidade: cada afirmação';
    expect(await rowOf(page, statements, options[0]!.label, ['Avaliadores', 'Autoavaliação'])).toEqual(['100%', '100%']);
    expect(await rowOf(page, statements, options[1]!.label, ['Avaliadores', 'Autoavaliação'])).toEqual(['50%', '0%']);
    expect(await rowOf(page, statements, options[5]!.label, ['Avaliadores', 'Autoavaliação'])).toEqual(['0%', '0%']);
    expect(await rowOf(page, statements, 'Não sei avaliar', ['Avaliadores', 'Autoavaliação'])).toEqual(['33%', '0%']);
    await screenshot(page, 'dash2-details-desktop');

    // Competency 2: evaluators 44% / 27%; self one negative tick of 6 → 16%.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rowOf(page, '2. Planejamento: resumo', 'Negativas', ['Avaliadores', 'Autoavaliação'])).toEqual(['27%', '16%']);
    expect(await rowOf(page, '2. Planejamento: resumo', 'Positivas', ['Avaliadores', 'Autoavaliação'])).toEqual(['44%', '0%']);

    // Question 11: free text by self and by evaluators.
    await page.getByRole('button', { name: '11', exact: true }).click();
    const answers = page.getByRole('group', { name: 'Pergunta 11' });
    await answers.getByRole('heading', { name: 'Avaliadores' }).waitFor();
    expect((await listUnder(answers, 'Avaliadores')).sort()).toEqual(['Comprometido com a equipe', 'Organizado', 'Prestativo']);
    expect(await listUnder(answers, 'Autoavaliação')).toEqual(['Dedicação']);
    await axe(page, "/dash/2's details");

    // Switching tabs resets the question to 1 (results.md 2.2).
    await tab(page, 'Consolidado');
    await tab(page, 'Detalhes');
    await expect.poll(() => page.getByRole('button', { name: '1', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('group', { name: summary }).waitFor();

    // A new company clears the evaluated person and the date (a higher filter clears the lower ones).
    await chooseFilters(page, [['Empresa', COMPANY_B]]);
    await page.getByText('Escolha em Filtros a empresa, o avaliado e a data da avaliação.', { exact: true }).waitFor();
    expect(await page.locator('ul[aria-label="Filtros escolhidos"] li').allInnerTexts()).toEqual([`Empresa: ${COMPANY_B}`]);
  });

  it('3 Alpha: the consolidated counts and table, and one person’s force and risk', async () => {
    const page = admin;
    await openDashboard(page, 3, 'Teste Alpha');
    // Every company: Ana, Carla and José (Empresa Beta).
    await expect.poll(() => sortedRows(page, 'Colaboradores').then((rows) => rows?.map((row) => row[0]))).toEqual([ANA, CARLA, ZE]);
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    await expect.poll(() => sortedRows(page, 'Colaboradores')).toEqual([
      [ANA, 'Alpha', 'Comandante', 'Executor'],
      [CARLA, 'Não alpha', 'Visionário', 'Estrategista'],
    ]);
    expect(await pairsOf(page, 'Alpha')).toEqual({ Alpha: '1', 'Não alpha': '1' });
    expect(await pairsOf(page, 'Subtipo primário')).toEqual({ Comandante: '1', Visionário: '1', Estrategista: '0', Executor: '0' });
    expect(await pairsOf(page, 'Subtipo secundário')).toEqual({ Comandante: '0', Visionário: '0', Estrategista: '1', Executor: '1' });
    await screenshot(page, 'dash3-consolidated-desktop');
    await axe(page, '/dash/3');

    await tab(page, 'Individual');
    await page.getByText(PICK_COLLEAGUE).first().waitFor();
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    const bars = 'Força e risco por estilo';
    await expect.poll(() => cellsOf(page, bars)).toEqual([
      ['Item', 'Força', 'Risco'],
      ['Alpha', '75%', '25%'],
      ['Comandante', '100%', '50%'],
      ['Visionário', '50%', '0%'],
      ['Estrategista', '25%', '0%'],
      ['Executor', '75%', '25%'],
    ]);
    expect(await cellsOf(page, 'Perfil')).toEqual([['Alpha', 'Subtipo primário', 'Subtipo secundário'], ['Alpha', 'Comandante', 'Executor']]);
    await screenshot(page, 'dash3-individual-desktop');
  });

  it('4 VIA: the signature strengths of the group, and one person’s ranking and virtues', async () => {
    const page = admin;
    await openDashboard(page, 4, 'Inquérito VIA');
    await chooseFilters(page, [['Empresa', COMPANY_B]]);
    await page.getByText('Colaboradores ainda não responderam ao questionário', { exact: true }).waitFor();
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Top 5: Ana Amor, Amor ao Aprendizado, Apreciação da Beleza, Autocontrole, Bravura; Carla Amor,
    // Bravura, Vitalidade, Trabalho em Equipe, Prudência → Amor 2, Bravura 2, the six others 1.
    await expect.poll(() => pairsOf(page, 'Colaboradores com a força entre as 5 primeiras')).toEqual({
      Amor: '2',
      Bravura: '2',
      'Amor ao Aprendizado': '1',
      'Apreciação da Beleza': '1',
      Autocontrole: '1',
      Prudência: '1',
      'Trabalho em Equipe': '1',
      Vitalidade: '1',
    });
    // Virtues of the top 5 per person, mean of the two: Ana 1 each but justiça; Carla humanidade 1,
    // coragem 2, justiça 1, temperança 1 → sabedoria 0,5; coragem 1,5; humanidade 1,0; justiça 0,5;
    // temperança 1,0; transcendência 0,5.
    expect(await pairsOf(page, 'Virtudes das forças de assinatura (média por colaborador)')).toEqual({
      'Sabedoria e Conhecimento': '0,5',
      Coragem: '1,5',
      Humanidade: '1,0',
      Justiça: '0,5',
      Temperança: '1,0',
      Transcendência: '0,5',
    });
    expect((await pairsOf(page, 'Nuvem das forças de assinatura (as 5 primeiras de cada colaborador)'))?.Amor).toBe('2');
    await screenshot(page, 'dash4-consolidated-desktop');
    await axe(page, '/dash/4');

    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    const ranking = 'Forças em ordem (as 5 primeiras são as de assinatura; as 5 últimas, as menos utilizadas)';
    await expect.poll(() => cellsOf(page, ranking).then((cells) => cells?.length)).toBe(25);
    const cells = (await cellsOf(page, ranking))!;
    expect(cells[1]).toEqual(['1', 'Amor', 'Humanidade', 'Força de assinatura']);
    expect(cells[12]).toEqual(['12', 'Gratidão', 'Transcendência', '']);
    expect(cells[24]).toEqual(['24', 'Vitalidade', 'Coragem', 'Força menos utilizada']);
    await screenshot(page, 'dash4-individual-desktop');
    await page.getByRole('button', { name: 'Virtudes', exact: true }).click();
    // Ana's top 5: one strength of each virtue but justiça.
    await expect.poll(() => pairsOf(page, 'Virtudes das 5 forças de assinatura')).toEqual({
      'Sabedoria e Conhecimento': '1',
      Coragem: '1',
      Humanidade: '1',
      Justiça: '0',
      Temperança: '1',
      Transcendência: '1',
    });
  });

  it('5 Temperamentos: group means, primary and secondary counts, one person’s words', async () => {
    const page = admin;
    await openDashboard(page, 5, 'Temperamentos');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Means: Sanguíneo (5 + 0)/2 = 2,5; Colérico (2 + 0)/2 = 1,0; Melancólico (1 + 3)/2 = 2,0; Fleumático (0 + 4)/2 = 2,0.
    await expect.poll(() => pairsOf(page, 'Média do grupo')).toEqual({ Sanguíneo: '2,5', Colérico: '1,0', Melancólico: '2,0', Fleumático: '2,0' });
    expect(await pairsOf(page, 'Primário')).toEqual({ Sanguíneo: '1', Colérico: '0', Melancólico: '0', Fleumático: '1' });
    expect(await pairsOf(page, 'Secundário')).toEqual({ Sanguíneo: '0', Colérico: '1', Melancólico: '1', Fleumático: '0' });
    expect(await sortedRows(page, 'Colaboradores')).toEqual([
      [ANA, 'Sanguíneo', 'Colérico'],
      [CARLA, 'Fleumático', 'Melancólico'],
    ]);
    await screenshot(page, 'dash5-consolidated-desktop');
    await axe(page, '/dash/5');
    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', CARLA]]);
    await expect.poll(() => pairsOf(page, 'Palavras marcadas por temperamento')).toEqual({ Sanguíneo: '0', Colérico: '0', Melancólico: '3', Fleumático: '4' });
    expect(await cellsOf(page, 'Temperamentos predominantes')).toEqual([['Primário', 'Secundário'], ['Fleumático', 'Melancólico']]);
    await screenshot(page, 'dash5-individual-desktop');
  });

  it('6 Motivacional: group means of the shares, one person’s types', async () => {
    const page = admin;
    await openDashboard(page, 6, 'Motivacional');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Ana 60/20/20/0/0, Carla 0/0/0/40/60 (intrínseca, integrada, identificada, introjetada, externa) → means 30, 10, 10, 20, 30.
    await expect.poll(() => pairsOf(page, 'Média do grupo')).toEqual({ Intrínseca: '30%', Integrada: '10%', Identificada: '10%', Introjetada: '20%', Externa: '30%' });
    expect(await pairsOf(page, 'Tipo principal')).toEqual({ Intrínseca: '1', Integrada: '0', Identificada: '0', Introjetada: '0', Externa: '1' });
    expect(await pairsOf(page, 'Segundo tipo')).toEqual({ Intrínseca: '0', Integrada: '1', Identificada: '0', Introjetada: '1', Externa: '0' });
    await screenshot(page, 'dash6-consolidated-desktop');
    await axe(page, '/dash/6');
    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    await expect.poll(() => pairsOf(page, 'Tipos de motivação')).toEqual({ Intrínseca: '60%', Integrada: '20%', Identificada: '20%', Introjetada: '0%', Externa: '0%' });
    // Integrada and identificada tie at 20%: the definition's order (intrínseca, integrada, identificada, …) decides.
    expect(await cellsOf(page, 'Tipos de motivação predominantes')).toEqual([['Tipo principal', 'Segundo tipo'], ['Intrínseca', 'Integrada']]);
    await screenshot(page, 'dash6-individual-desktop');
  });

  it('7 team performance: themes, totals, and the line and quadrant views of Mudar Gráfico', async () => {
    const page = admin;
    await openDashboard(page, 7, 'Avaliação Desempenho Líder vs Equipe');
    await page.getByText('Escolha em Filtros o colaborador cuja avaliação deseja ver.', { exact: true }).waitFor();
    await chooseFilters(page, [
      ['Empresa', COMPANY_A],
      ['Colaborador', ANA],
    ]);
    // Ana's notes: team 8 7 6 9 5 4 10 3 6 7 (sum 65), leadership 9 9 8 7 6 5 4 10 8 6 (sum 72).
    const bars = 'Equipe e liderança por tema (0 a 10)';
    await expect.poll(() => rowOf(page, bars, 'Resultados', ['Equipe', 'Liderança'])).toEqual(['8,0', '9,0']);
    expect(await rowOf(page, bars, 'Posição', ['Equipe', 'Liderança'])).toEqual(['3,0', '10,0']);
    expect(await rowOf(page, bars, 'Inovação', ['Equipe', 'Liderança'])).toEqual(['10,0', '4,0']);
    expect(await pairsOf(page, 'Totais')).toEqual({ 'Total da equipe': '65', 'Total da liderança': '72' });
    await screenshot(page, 'dash7-bars-desktop');
    await axe(page, '/dash/7');

    await page.getByRole('button', { name: 'Mudar Gráfico', exact: true }).click();
    const line = 'Equipe e liderança por tema, com as faixas de desempenho';
    await expect.poll(() => rowOf(page, line, 'Conflitos', ['Equipe', 'Liderança'])).toEqual(['9,0', '7,0']);
    // Quadrants on 0–100: leadership × 10 on x, team × 10 on y.
    const quadrants = 'Quadrantes: individual (liderança) e grupo (equipe)';
    expect(await rowOf(page, quadrants, 'Resultados', ['Individual (liderança)', 'Grupo (equipe)'])).toEqual(['90', '80']);
    expect(await rowOf(page, quadrants, 'Posição', ['Individual (liderança)', 'Grupo (equipe)'])).toEqual(['100', '30']);
    await screenshot(page, 'dash7-lines-desktop');
    await axe(page, "/dash/7's second view");
  });

  it('8 operational area map: likert shares per question, the gaps, the respondents, a sector', async () => {
    const page = admin;
    await openDashboard(page, 8, 'Mapa Operacional da Área');
    await chooseFilters(page, [['Empresa', COMPANY_B]]);
    await page.getByText('Não há respostas', { exact: true }).waitFor();
    // The colleague filter is hidden (results.md 2.1).
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtros' });
    await dialog.getByRole('combobox', { name: 'Setor', exact: true }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Colaborador', exact: true }).count()).toBe(0);
    await closeDialog(page, dialog);
    await chooseFilters(page, [['Empresa', COMPANY_A]]);

    // Three respondents per question: page 1 Ana 5, Bruno 2, Diego 1 → 1/3 = 33% each of Concordo
    // Totalmente, Discordo, Discordo totalmente; pages 2–4 Ana 4 instead (Concordo).
    const likert = ['Discordo totalmente', 'Discordo', 'Não concordo nem discordo', 'Concordo', 'Concordo Totalmente'];
    const q11 = definitionOf(8).pages[0]!.questions[0]!.text;
    await expect.poll(() => rowOf(page, 'Resultados', q11, likert)).toEqual(['33%', '33%', '0%', '0%', '33%']);
    await page.getByRole('button', { name: '3 respostas', exact: true }).click();
    expect((await page.getByRole('button', { name: '3 respostas' }).locator('xpath=following-sibling::ul[1]/li').allInnerTexts()).sort()).toEqual([ANA, BRUNO, DIEGO]);
    // Justifications of page 1 (1.1.1, 1.3.1, 1.7.1).
    const justifications = page.getByRole('group', { name: 'Justificativas e sugestões' });
    expect((await justifications.locator('li').allInnerTexts()).sort()).toEqual(['Falta de pessoal', 'Metas irreais', 'Retrabalho constante']);
    await screenshot(page, 'dash8-results-desktop');
    await axe(page, '/dash/8');

    await tab(page, 'Organização');
    const q21 = definitionOf(8).pages[1]!.questions[0]!.text;
    await expect.poll(() => rowOf(page, 'Organização', q21, likert)).toEqual(['33%', '33%', '0%', '33%', '0%']);

    await tab(page, 'Sugestões de melhorias');
    await expect.poll(async () => (await page.getByRole('tabpanel').locator('li').allInnerTexts()).sort()).toEqual([
      'Contratar mais uma pessoa',
      'Mais treinamento para a equipe',
      'Rever as metas',
    ]);
    await tab(page, 'Considerações');
    await expect.poll(() => page.getByRole('tabpanel').locator('li').allInnerTexts()).toEqual(['A área está bem organizada.']);

    // Gaps, by item score (a reverse item's agreement is its negative side): 1.1 (plain) Discordo totalmente
    // + Discordo = 66,7% ≥ 50% → only the scores 1–3 (disagreement and neutrality) stay; 1.3 (reverse,
    // "Erros e retrabalhos…") negative = Ana's Concordo Totalmente alone, 33% < 50% → every share stays.
    await tab(page, 'Consolidado');
    const gaps = 'Consolidado das lacunas (só respostas desfavoráveis e neutras quando as desfavoráveis somam 50% ou mais; afirmações invertidas já desinvertidas)';
    const q13 = definitionOf(8).pages[0]!.questions[3]!.text;
    await expect.poll(() => cellsOf(page, gaps).then((cells) => cells?.[0])).toEqual(['Item', ...levels5]);
    expect(await rowOf(page, gaps, q11, levels5)).toEqual(['33%', '33%', '0%', '', '']);
    // 1.3 by item score: Concordo Totalmente 33% is 'Muito desfavorável', the two disagreements favourable.
    expect(await rowOf(page, gaps, q13, levels5)).toEqual(['33%', '0%', '0%', '33%', '33%']);
    await screenshot(page, 'dash8-consolidated-desktop');
    await axe(page, "/dash/8's consolidated tab");

    // Administrativo (the rated sector): Ana and Bruno → 1.1: Discordo 50% ≥ 50% → 0/50/0; 1.3 (reverse):
    // Ana's Concordo Totalmente (score 1) is 50% → only the scores 1–3, i.e. neutral, Concordo, Concordo Totalmente.
    await chooseOnTab(page, 'Consolidado', [['Setor', 'Administrativo']]);
    // Every statement of the sector reaches 50% unfavourable: no favourable answer is left to draw at all.
    await expect.poll(() => cellsOf(page, gaps).then((cells) => cells?.[0])).toEqual(['Item', ...levels5.slice(0, 3)]);
    expect(await rowOf(page, gaps, q11, levels5.slice(0, 3))).toEqual(['0%', '50%', '0%']);
    expect(await rowOf(page, gaps, q13, levels5.slice(0, 3))).toEqual(['50%', '0%', '0%']);
    await page.getByRole('button', { name: '2 respostas', exact: true }).waitFor();
    await tab(page, 'Resultados');
    await expect.poll(() => rowOf(page, 'Resultados', q11, likert)).toEqual(['0%', '50%', '0%', '0%', '50%']);

    // On a phone.
    const phone = await newPage(PHONE);
    await signIn(phone, credentials.admin);
    await openDashboard(phone, 8, 'Mapa Operacional da Área');
    await chooseFilters(phone, [['Empresa', COMPANY_A]]);
    await expect.poll(() => rowOf(phone, 'Resultados', q11, likert)).toEqual(['33%', '33%', '0%', '0%', '33%']);
    await screenshot(phone, 'dash8-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
  });

  it('9 Objeções: group means, main and second styles, one person’s counts', async () => {
    const page = admin;
    await openDashboard(page, 9, 'Tratamento de Objeções');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Ana Div 2, Conf 0, Conv 7, Conc 3; Carla Div 4, Conf 6, Conv 2, Conc 0 → means 3,0 3,0 4,5 1,5.
    await expect.poll(() => pairsOf(page, 'Média do grupo')).toEqual({ Divergente: '3,0', Conflitante: '3,0', Convergente: '4,5', Concorrente: '1,5' });
    expect(await pairsOf(page, 'Estilo principal')).toEqual({ Divergente: '0', Conflitante: '1', Convergente: '1', Concorrente: '0' });
    expect(await pairsOf(page, 'Segundo estilo')).toEqual({ Divergente: '1', Conflitante: '0', Convergente: '0', Concorrente: '1' });
    expect(await sortedRows(page, 'Colaboradores')).toEqual([
      [ANA, 'Convergente', 'Concorrente'],
      [CARLA, 'Conflitante', 'Divergente'],
    ]);
    await screenshot(page, 'dash9-consolidated-desktop');
    await axe(page, '/dash/9');
    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    await expect.poll(() => pairsOf(page, 'Respostas por estilo de comunicação')).toEqual({ Divergente: '2', Conflitante: '0', Convergente: '7', Concorrente: '3' });
    expect(await cellsOf(page, 'Estilos de comunicação predominantes')).toEqual([['Estilo principal', 'Segundo estilo'], ['Convergente', 'Concorrente']]);
    await screenshot(page, 'dash9-individual-desktop');
  });

  it('10 tactical area map: likert shares, gaps kept whole below 50% of disagreement', async () => {
    const page = admin;
    await openDashboard(page, 10, 'Mapa Tático da Área');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    const likert = ['Discordo totalmente', 'Discordo', 'Não concordo nem discordo', 'Concordo', 'Concordo Totalmente'];
    const definition = definitionOf(10);
    const q11 = definition.pages[0]!.questions[0]!.text;
    const q21 = definition.pages[1]!.questions[0]!.text;
    // Clareza: Ana 1, Fernanda 5 → 50% / 50%. Eficiência: Ana 3, Fernanda 5.
    await expect.poll(() => rowOf(page, 'Clareza', q11, likert)).toEqual(['50%', '0%', '0%', '0%', '50%']);
    await page.getByRole('button', { name: '2 respostas', exact: true }).waitFor();
    await screenshot(page, 'dash10-desktop');
    await axe(page, '/dash/10');
    await tab(page, 'Eficiência');
    await expect.poll(() => rowOf(page, 'Eficiência', q21, likert)).toEqual(['0%', '0%', '50%', '0%', '50%']);
    await tab(page, 'Respostas');
    await expect.poll(async () => (await page.getByRole('tabpanel').locator('li').allInnerTexts()).sort()).toEqual([
      'Burocracia',
      'Centralização',
      'Mudanças sem aviso',
      'Objetivos pouco claros',
      'Tarefas desiguais',
    ]);
    // Gaps, by item score: 1.1 (plain) Discordo totalmente 50% ≥ 50% → only scores 1–3; 1.3 (reverse):
    // Fernanda's Concordo Totalmente scores 1, 50% → only Concordo Totalmente, Concordo, neutral; 2.1
    // (plain) no disagreement → every share; 2.2 (reverse) Fernanda's 5 scores 1, 50% → neutral side up.
    await tab(page, 'Consolidado');
    const gaps = 'Consolidado das lacunas (só respostas desfavoráveis e neutras quando as desfavoráveis somam 50% ou mais; afirmações invertidas já desinvertidas)';
    const q13 = definition.pages[0]!.questions[3]!.text;
    const q22 = definition.pages[1]!.questions[1]!.text;
    await expect.poll(() => rowOf(page, gaps, q11, levels5)).toEqual(['50%', '0%', '0%', '', '']);
    expect(await rowOf(page, gaps, q13, levels5)).toEqual(['50%', '0%', '0%', '', '']);
    expect(await rowOf(page, gaps, q21, levels5)).toEqual(['0%', '0%', '50%', '0%', '50%']);
    expect(await rowOf(page, gaps, q22, levels5)).toEqual(['50%', '0%', '50%', '', '']);
    await screenshot(page, 'dash10-consolidated-desktop');
  });

  it('12 critical change variables: the three percentages and the respondents per band', async () => {
    const page = admin;
    // Two respondents: shown since the demo company allows groups of two (the psychological safety test).
    await setAnonymityMinimum(2);
    await openDashboard(page, 12, 'Análise de Variáveis Críticas de Mudança');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Means of Ana and Bruno: Cultura (80 + 40)/2 = 60%; Histórico (68 + 28,9)/2 = 48,4 → 48%;
    // Resistência (66 + 40)/2 = 53%.
    await expect.poll(() => pairsOf(page, 'Variáveis críticas de mudança')).toEqual({ Cultura: '60%', Histórico: '48%', Resistência: '53%' });
    // Geral: Ana 70 (Moderado, 60–74), Bruno 37,4 (Crítico, below 45).
    expect(await pairsOf(page, 'Respondentes por faixa (resultado geral)')).toEqual({
      'Crítico (muito grave)': '1',
      Grave: '0',
      Moderado: '1',
      'Baixo risco (não é um problema)': '0',
    });
    await screenshot(page, 'dash12-desktop');
    await axe(page, '/dash/12');
  });

  it('14 HR map: levels per question, the gaps, the considerations; no sector or colleague filter', async () => {
    const page = admin;
    await openDashboard(page, 14, 'Mapa Estratégico e Tático de RH');
    const dialog = await chooseFilters(page, [['Empresa', COMPANY_A]], true);
    expect(await dialog.getByRole('combobox').count(), 'only the company filter (results.md 2.1)').toBe(1);
    await closeDialog(page, dialog);
    const levels = ['Nível 1 (inicial)', 'Nível 2', 'Nível 3', 'Nível 4 (estratégico)'];
    const definition = definitionOf(14);
    const q1 = definition.pages[0]!.questions[0]!.text;
    const q13 = definition.pages[2]!.questions[0]!.text;
    // Ana level 1 everywhere; Bruno 2 on 1–12, 4 on 13–24.
    await expect.poll(() => rowOf(page, 'Desenvolvimento de Pessoas', q1, levels)).toEqual(['50%', '50%', '0%', '0%']);
    await page.getByRole('button', { name: '2 respostas', exact: true }).waitFor();
    await screenshot(page, 'dash14-desktop');
    await axe(page, '/dash/14');
    await tab(page, 'Gestão de Desempenho e Retenção');
    await expect.poll(() => rowOf(page, 'Gestão de Desempenho e Retenção', q13, levels)).toEqual(['50%', '0%', '0%', '50%']);
    // Gaps: levels 1 + 2 reach 50% on every question → only levels 1 and 2 stay.
    await tab(page, 'Consolidado');
    const gaps = 'Consolidado das lacunas (só os níveis 1 e 2 quando somam 50% ou mais)';
    await expect.poll(() => cellsOf(page, gaps).then((cells) => cells?.[0])).toEqual(['Item', 'Nível 1 (inicial)', 'Nível 2']);
    expect(await rowOf(page, gaps, q1, levels.slice(0, 2))).toEqual(['50%', '50%']);
    expect(await rowOf(page, gaps, q13, levels.slice(0, 2))).toEqual(['50%', '0%']);
    await tab(page, 'Considerações');
    await expect.poll(async () => (await page.getByRole('tabpanel').locator('li').allInnerTexts()).sort()).toEqual([
      'Desenvolver líderes',
      'Falta de tempo',
      'Nada a acrescentar.',
      'Orçamento curto',
      'Reter talentos',
    ]);
  });

  it('15 values and needs: participant only, shared, company only', async () => {
    const page = admin;
    await openDashboard(page, 15, 'Alinhamento de Valores e Necessidades');
    await page.getByText('Escolha em Filtros o colaborador e a avaliação do gestor (alinhamento) para comparar.', { exact: true }).waitFor();
    await chooseFilters(page, [
      ['Empresa', COMPANY_A],
      ['Colaborador', ANA],
      ['Avaliação do gestor', new RegExp(`^${BRUNO} \\(`)],
    ]);
    const values = page.getByRole('group', { name: 'Valores' });
    await values.getByRole('heading', { name: 'Compartilhados' }).waitFor();
    const sorted = async (scope: Locator, heading: string) => (await listUnder(scope, heading)).sort((a, b) => a.localeCompare(b, 'pt-BR'));
    // Values: Ana 1–10, Bruno 6–15.
    expect(await sorted(values, 'Somente do participante')).toEqual(['Comprometimento', 'Integridade', 'Respeito', 'Responsabilidade', 'Transparência']);
    expect(await sorted(values, 'Compartilhados')).toEqual(['Colaboração', 'Confiança', 'Excelência', 'Inovação', 'Justiça']);
    expect(await sorted(values, 'Somente da empresa')).toEqual(['Aprendizado contínuo', 'Autonomia', 'Disciplina', 'Empatia', 'Lealdade']);
    await screenshot(page, 'dash15-values-desktop');
    await axe(page, '/dash/15');
    // Needs: Ana 1–10, Bruno 21–30: nothing shared.
    await page.getByRole('button', { name: 'Necessidades', exact: true }).click();
    const needs = page.getByRole('group', { name: 'Necessidades' });
    await needs.getByRole('heading', { name: 'Compartilhados' }).waitFor();
    expect(await listUnder(needs, 'Compartilhados')).toEqual([]);
    expect((await listUnder(needs, 'Somente do participante')).length).toBe(10);
    expect(await sorted(needs, 'Somente da empresa')).toEqual(
      [
        'Flexibilidade de horário',
        'Trabalho remoto ou híbrido',
        'Equilíbrio entre vida pessoal e profissional',
        'Saúde e bem-estar',
        'Segurança no trabalho',
        'Recursos e ferramentas',
        'Ambiente físico adequado',
        'Processos organizados',
        'Ambiente ético',
        'Orgulho da empresa',
      ].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    );
    expect(await sorted(needs, 'Somente do participante')).toContain('Estabilidade');
    await screenshot(page, 'dash15-needs-desktop');
  });

  it('-1 Scanner: the respondents, green when all done and yellow when any is pending, and one person', async () => {
    const page = admin;
    await openDashboard(page, -1, 'Scanner');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    const people = 'Respondentes (verde: todas as avaliações concluídas; amarelo: alguma pendente)';
    // Ana (seeded links) and Carla (bundle): five done each; Diego's bundle pending.
    await expect.poll(() => cellsOf(page, people).then((cells) => cells?.length)).toBe(16);
    const rows = (await sortedRows(page, people))!;
    expect(rows.filter((row) => row[0] === ANA).map((row) => row[2])).toEqual(['Sim', 'Sim', 'Sim', 'Sim', 'Sim']);
    expect(rows.filter((row) => row[0] === DIEGO).map((row) => row[2])).toEqual(['Não', 'Não', 'Não', 'Não', 'Não']);
    expect(rows.filter((row) => row[0] === CARLA).map((row) => row[1]).sort()).toEqual(
      ['Avaliação Motivacional de Objetivos', 'Inquérito VIA', 'Temperamentos', 'Teste Alpha', 'Tratamento de Objeções'].sort(),
    );
    const colours = await page.locator(`table[data-widget="${people}"] tbody tr`).evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector('td')?.textContent}|${getComputedStyle(tr).backgroundColor}`),
    );
    expect(new Set(colours.filter((entry) => entry.startsWith(ANA)).map((entry) => entry.split('|')[1]))).toEqual(new Set(['rgb(200, 230, 201)']));
    expect(new Set(colours.filter((entry) => entry.startsWith(DIEGO)).map((entry) => entry.split('|')[1]))).toEqual(new Set(['rgb(255, 249, 196)']));
    await screenshot(page, 'dash-1-desktop');
    await axe(page, '/dash/-1');

    await chooseFilters(page, [['Colaborador', CARLA]]);
    await expect.poll(() => pairsOf(page, 'Temperamentos')).toEqual({ Sanguíneo: '0', Colérico: '0', Melancólico: '3', Fleumático: '4' });
    expect(await cellsOf(page, 'VIA: forças de assinatura')).toEqual([
      ['Posição', 'Força'],
      ['1', 'Amor'],
      ['2', 'Bravura'],
      ['3', 'Vitalidade'],
      ['4', 'Trabalho em Equipe'],
      ['5', 'Prudência'],
    ]);
    expect(await rowOf(page, 'Alpha: força e risco', 'Visionário', ['Força', 'Risco'])).toEqual(['100%', '25%']);
    expect(await pairsOf(page, 'Motivacional')).toEqual({ Intrínseca: '0%', Integrada: '0%', Identificada: '0%', Introjetada: '40%', Externa: '60%' });
    expect(await pairsOf(page, 'Tratamento de Objeções')).toEqual({ Divergente: '4', Conflitante: '6', Convergente: '2', Concorrente: '0' });
    await screenshot(page, 'dash-1-person-desktop');
  });

  it('-2 consolidated scanner: group means and one block per person', async () => {
    const page = admin;
    await openDashboard(page, -2, 'Scanner Consolidado');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    // Means of Ana and Carla (whole numbers only: the .5 ones are left to the unit tests of rounding).
    const alpha = 'Alpha: força e risco (média)';
    await expect.poll(() => rowOf(page, alpha, 'Alpha', ['Força', 'Risco'])).toEqual(['50%', '25%']); // (75+25)/2, (25+25)/2
    expect(await rowOf(page, alpha, 'Comandante', ['Força', 'Risco'])).toEqual(['50%', '25%']); // (100+0)/2, (50+0)/2
    expect(await rowOf(page, alpha, 'Estrategista', ['Força', 'Risco'])).toEqual(['50%', '0%']); // (25+75)/2
    expect(await pairsOf(page, 'Temperamentos (média)')).toEqual({ Sanguíneo: '2,5', Colérico: '1,0', Melancólico: '2,0', Fleumático: '2,0' });
    expect(await pairsOf(page, 'Motivacional (média)')).toEqual({ Intrínseca: '30%', Integrada: '10%', Identificada: '10%', Introjetada: '20%', Externa: '30%' });
    expect(await pairsOf(page, 'Tratamento de Objeções (média)')).toEqual({ Divergente: '3,0', Conflitante: '3,0', Convergente: '4,5', Concorrente: '1,5' });
    expect((await pairsOf(page, 'VIA: forças de assinatura (colaboradores)'))?.Bravura).toBe('2');
    // One block per person, in which each widget shows only that person.
    const carla = page.getByRole('region', { name: CARLA, exact: true });
    await expect.poll(() => pairsOf(carla, 'Temperamentos')).toEqual({ Sanguíneo: '0', Colérico: '0', Melancólico: '3', Fleumático: '4' });
    expect(await cellsOf(carla, 'VIA: forças de assinatura')).toEqual([
      ['Posição', 'Força'],
      ['1', 'Amor'],
      ['2', 'Bravura'],
      ['3', 'Vitalidade'],
      ['4', 'Trabalho em Equipe'],
      ['5', 'Prudência'],
    ]);
    const ana = page.getByRole('region', { name: ANA, exact: true });
    expect(await rowOf(ana, 'Alpha: força e risco', 'Comandante', ['Força', 'Risco'])).toEqual(['100%', '50%']);
    expect(await page.getByRole('region', { name: DIEGO }).count(), 'no block for pending evaluations').toBe(0);
    await screenshot(page, 'dash-2-desktop');
    await axe(page, '/dash/-2');
  });

  it('shows a company user only its company, without the company filter (13, 3, 2)', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, credentials.company);
    const companyFilterAbsent = async () => {
      await page.getByRole('button', { name: 'Filtros', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Filtros' });
      await dialog.getByRole('combobox').first().waitFor();
      expect(await dialog.getByRole('combobox', { name: 'Empresa', exact: true }).count()).toBe(0);
      expect(await dialog.getByText('Filtrar por').count()).toBe(0);
      return dialog;
    };

    await openDashboard(page, 13, 'Escala de Estresse Percebido (PSS-14)');
    await expect.poll(() => cellsOf(page, 'Média de estresse percebido (0 a 56)')).toEqual([['Valor', 'Faixa'], ['24,5', 'Estresse moderado']]);
    expect((await sortedRows(page, 'Respondentes'))?.map((row) => row[0])).toEqual([ANA, BRUNO, CARLA, DIEGO]);
    await closeDialog(page, await companyFilterAbsent());
    await screenshot(page, 'company-dash13-desktop');

    await openDashboard(page, 3, 'Teste Alpha');
    await expect.poll(() => sortedRows(page, 'Colaboradores').then((rows) => rows?.map((row) => row[0]))).toEqual([ANA, CARLA]);
    expect(await pairsOf(page, 'Alpha')).toEqual({ Alpha: '1', 'Não alpha': '1' });
    const colleagues = await companyFilterAbsent();
    await colleagues.getByRole('combobox', { name: 'Colaborador', exact: true }).click();
    await page.getByRole('option').first().waitFor();
    expect((await page.getByRole('option').allInnerTexts()).sort()).toEqual([ANA, CARLA]);
    await colleagues.getByRole('heading', { name: 'Filtros' }).click();
    await closeDialog(page, colleagues);

    await openDashboard(page, 2, 'Avaliação 360');
    const dialog = await companyFilterAbsent();
    await dialog.getByRole('combobox', { name: 'Avaliado', exact: true }).click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([BRUNO]);
    await dialog.getByRole('heading', { name: 'Filtros' }).click();
    await closeDialog(page, dialog);
    await chooseFilters(page, [
      ['Avaliado', BRUNO],
      ['Data', /\(versão 1\)$/],
    ]);
    await expect.poll(() => cellsOf(page, 'Leitura dos resultados').then((cells) => cells?.[1])).toEqual(['Responsabilidade', '58%', 'Bom', '16%', 'Bom', '33%']);
    await screenshot(page, 'company-dash2-desktop');
    await axe(page, '/dash/2 as a company user');

    // Every other view: it opens on the company's own data (or its hint), never offering a company.
    const views = readdirSync(join(repoRoot, 'definitions/dashboards'))
      .map((file) => JSON.parse(readFileSync(join(repoRoot, 'definitions/dashboards', file), 'utf8')) as { id: number; title: string; requires?: { hint: string }; empty: string })
      .filter((view) => ![13, 3, 2].includes(view.id));
    for (const view of views) {
      await openDashboard(page, view.id, view.title);
      const shown = view.requires ? page.getByText(view.requires.hint, { exact: true }) : page.getByText(/avaliaç(ão|ões) respondidas?$/).or(page.getByText(view.empty, { exact: true }));
      await shown.first().waitFor();
      expect(await page.getByText('Empresa: ', { exact: false }).count(), `/dash/${view.id}`).toBe(0);
      const filters = page.getByRole('button', { name: 'Filtros', exact: true });
      if ((await filters.count()) > 0) {
        await filters.click();
        const panel = page.getByRole('dialog', { name: 'Filtros' });
        await panel.waitFor();
        expect(await panel.getByRole('combobox', { name: 'Empresa', exact: true }).count(), `/dash/${view.id}`).toBe(0);
        await closeDialog(page, panel);
      }
      await axe(page, `/dash/${view.id} as a company user`);
    }
  });

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
