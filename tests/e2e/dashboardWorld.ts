/**
 * What the three results-dashboard files share (`dashboards-scales`, `dashboards-profiles`,
 * `dashboards-teams`): the demo people, the evaluations a file creates and answers through the public
 * call the form makes (`POST /api/tableresponse/multiple`), the answer builders, and the readers of the
 * accessible tables under the charts (`table[data-widget]`), the tabs and the filters of a view.
 *
 * Each file creates only the answers its own views need, in its `beforeAll`, with the hand computation
 * of every number it checks in comments next to the answers and the checks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Answers } from '../../engine/definition/types';
import { keepScreenshots, repoRoot } from './appServer';
import { cellsOf, chooseFilters, closeDialog, type DESKTOP, type PHONE, saveScreenshot } from './browserPages';
import type { World } from './world';

export const COMPANY_A = 'Empresa Demonstração';
export const COMPANY_B = 'Empresa Beta';
export const ANA = 'Ana Paula Souza';
export const BRUNO = 'Bruno Henrique Lima';
export const CARLA = 'Carla Mendes Ribeiro';
export const DIEGO = 'Diego Alves Santos';
export const FERNANDA = 'Fernanda Oliveira Costa';
/** The one person of the second company, whose answers a company user of the first must never see. */
export const ZE = 'José Beta Andrade';

export const PICK_COLLEAGUE = 'Escolha um colaborador em Filtros para ver o resultado individual.';

/** The answers of the area maps' likert questions (8 and 10), from 1 to 5. */
export const LIKERT = ['Discordo totalmente', 'Discordo', 'Não concordo nem discordo', 'Concordo', 'Concordo Totalmente'];
/** The gap charts' series: answers by item score (a reverse item's agreement is unfavourable). */
export const LEVELS5 = ['Muito desfavorável', 'Desfavorável', 'Neutra', 'Favorável', 'Muito favorável'];

// ------------------------------------------------------------------ pages

/**
 * A page of the file's server already signed in (the administrator by default), in São Paulo's time
 * zone, the users' (dates such as the 360's 'Data' options are shown in it). Its charts are drawn at
 * once (reduced motion, `openPage`) unless `motion` asks for their animations.
 */
export function dashboardPage(world: World, size: typeof PHONE | typeof DESKTOP, as: 'admin' | 'company' = 'admin', { motion = false } = {}): Promise<Page> {
  return world.page(size, { as, context: { timezoneId: 'America/Sao_Paulo', ...(motion ? { reducedMotion: 'no-preference' as const } : {}) } });
}

// ------------------------------------------------------------------ answer builders

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
export const ids = (from: number, to: number) => range(from, to).map(String);

/** Answers with the given value for every listed question id. */
export function same(questionIds: string[], value: number): Answers {
  return Object.fromEntries(questionIds.map((id) => [id, value]));
}

/** PSS-14: the reverse items (scored 4 − x) answered `reverse`, the others `plain`. */
const PSS_REVERSE = ['4', '5', '6', '7', '9', '10', '13'];
export function pss(plain: number, reverse: number): Answers {
  return Object.fromEntries(ids(1, 14).map((id) => [id, PSS_REVERSE.includes(id) ? reverse : plain]));
}

/** The likert questions of the area maps (pages 1 to 4, six each). */
export const AREA_LIKERT = [1, 2, 3, 4].flatMap((page) => range(1, 6).map((item) => `${page}.${item}`));
/** The area maps' 'Há algum impedimento?' questions (x.7), all answered no. */
export const AREA_NO_OBSTACLE = { '1.7': 0, '2.7': 0, '3.7': 0, '4.7': 0 };


// ------------------------------------------------------------------ evaluations and answers

/** What `GET /api/evaluation/find/{id}` answers (the respondent's form reads it). */
interface EvaluationInfo {
  user_id: number;
  rated: number | null;
  rated_sector: number | null;
  type_evaluation: number;
  version: number | null;
  done: boolean;
}

/** An evaluation to create: who answers, the type, and for some types whom or which sector it rates. */
export interface NewEvaluation {
  person: string;
  type: number;
  /** The person a 360 (type 2) evaluates. */
  evaluated?: string;
  version?: number;
  /** The sector an area map (types 8 and 10) rates. */
  sector?: string;
}

interface Created {
  evaluations: { evaluation_id: string; user_id: number; type_evaluation: number }[];
}

/**
 * The demo company's people and sectors and every open evaluation of the file's server by
 * `${type}/${person name}`: the seeded ones (a PSS-14 for each of the 7 employees, and Ana one link of
 * every other questionnaire: her 360 evaluates Bruno, version 1; her area maps rate her sector,
 * Administrativo) and those the file creates.
 */
export class Respondents {
  private readonly open = new Map<string, string>();
  private readonly names = new Map<number, string>();

  private constructor(
    private readonly world: World,
    private readonly people: { id: number; name: string }[],
    private readonly sectors: { id: number; sector_name: string }[],
    private readonly companyA: number,
  ) {
    for (const person of people) this.names.set(person.id, person.name);
  }

  /** Reads the seeded evaluations from the links the server printed, and the demo company's people. */
  static async load(world: World): Promise<Respondents> {
    const api = world.api.bind(world);
    await world.server.waitForLinks('estresse');
    const links = world.server.links();
    const companies = await api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    const companyA = companies.find((company) => company.commercial_name === COMPANY_A)!.id;
    const [people, sectors, infos] = await Promise.all([
      api<{ id: number; name: string }[]>('GET', `/users/list/${companyA}`),
      api<{ id: number; sector_name: string }[]>('GET', `/sectors/list/${companyA}`),
      // (The start-up probe's all-zero id is in the server's log too.)
      Promise.all(
        links
          .filter((link) => !/^0{8}-/.test(link.id))
          .map(async (link) => ({ id: link.id, info: await api<EvaluationInfo>('GET', `/evaluation/find/${link.id}`, undefined, null) })),
      ),
    ]);
    const respondents = new Respondents(world, people, sectors, companyA);
    for (const { id, info } of infos) if (!info.done) respondents.open.set(`${info.type_evaluation}/${respondents.names.get(info.user_id)}`, id);
    return respondents;
  }

  idOf(name: string): number {
    const person = this.people.find((candidate) => candidate.name === name);
    if (!person) throw new Error(`no person ${name} in ${COMPANY_A}`);
    return person.id;
  }

  sectorOf(name: string): number {
    return this.sectors.find((sector) => sector.sector_name === name)!.id;
  }

  /** The open evaluation of a type for a person (seeded or created here). */
  evaluationOf(type: number, person: string): string {
    const id = this.open.get(`${type}/${person}`);
    if (!id) throw new Error(`no open evaluation of type ${type} for ${person}`);
    return id;
  }

  /**
   * Creates evaluations of the demo company, valid 30 days, as the evaluations screen does with its
   * Ciclo field on the offered round: each questionnaire's evaluations join the company's open round of
   * that questionnaire (the seeded one), or make one the first time. So every view's default round (the
   * latest with answers) holds all the file's answers of its types.
   */
  async create(evaluations: NewEvaluation[]): Promise<void> {
    const cycles = await this.world.api<{ id: number; course_id: number | null; types: number[]; closed: boolean }[]>('GET', `/cycles?company_id=${this.companyA}`);
    for (const type of new Set(evaluations.map((evaluation) => evaluation.type))) {
      const round = cycles.find((cycle) => cycle.course_id === null && !cycle.closed && cycle.types.includes(type));
      const users = evaluations
        .filter((evaluation) => evaluation.type === type)
        .map((evaluation) => ({
          user_id: this.idOf(evaluation.person),
          type_evaluation: evaluation.type,
          ...(evaluation.evaluated ? { evaluated: this.idOf(evaluation.evaluated) } : {}),
          ...(evaluation.version ? { version: evaluation.version } : {}),
          ...(evaluation.sector ? { rated_sector: this.sectorOf(evaluation.sector) } : {}),
          validate: 30,
        }));
      const created = await this.world.api<Created & { evaluations: { cycle_id: number | null }[] }>('POST', '/evaluation', { users, ...(round ? { cycle_id: round.id } : {}) });
      this.record(created);
      if (!round) cycles.unshift({ id: created.evaluations[0]!.cycle_id!, course_id: null, types: [type], closed: false });
    }
  }

  /**
   * A second company, 'Empresa Beta', with one person (José) and his evaluations of the given types:
   * answers a company user of the first company must never see.
   */
  async addSecondCompany(types: number[]): Promise<void> {
    const beta = await this.world.api<{ company: { id: number } }>('POST', '/companies', {
      commercial_name: COMPANY_B,
      company_name: 'Empresa Beta Ltda.',
      cnpj: '11.444.777/0001-61',
    });
    const ze = await this.world.api<{ user: { id: number } }>('POST', '/users', {
      name: ZE,
      email: 'jose.andrade@beta.com.br',
      phone: '(11) 98765-4321',
      company_id: beta.company.id,
      type_account: 3,
    });
    this.names.set(ze.user.id, ZE);
    if (types.length === 0) return;
    this.record(await this.world.api<Created>('POST', '/evaluation', { users: types.map((type) => ({ user_id: ze.user.id, type_evaluation: type, validate: 30 })) }));
  }

  /** Sends answers through the respondent's public call, as the form does. */
  async answer(type: number, person: string, answers: Answers): Promise<void> {
    await this.world.answer(this.evaluationOf(type, person), answers);
  }

  /**
   * Sets the demo company's anonymity minimum (issue 14) through the company call, as an administrator
   * does on the company form. Psychological safety and the change analysis are answered by two people
   * here: under the default minimum of 3 those views withhold them.
   */
  async setAnonymityMinimum(minimum: number): Promise<void> {
    const companies = await this.world.api<{ id: number; commercial_name: string; company_name: string; cnpj: string | null; phone: string | null }[]>('GET', '/companies');
    const company = companies.find((item) => item.commercial_name === COMPANY_A)!;
    await this.world.api('PATCH', '/companies', {
      id: company.id,
      commercial_name: company.commercial_name,
      company_name: company.company_name,
      cnpj: company.cnpj ?? '',
      phone: company.phone,
      anonymity_min: minimum,
    });
  }

  private record(created: Created): void {
    for (const row of created.evaluations) this.open.set(`${row.type_evaluation}/${this.names.get(row.user_id)}`, row.evaluation_id);
  }
}

// ------------------------------------------------------------------ reading the screen

/** The cells of the row whose first cell is `key`, under the given column headers (null until shown). */
export async function rowOf(scope: Page | Locator, widget: string, key: string, columns: string[]): Promise<string[] | null> {
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
export async function pairsOf(scope: Page | Locator, widget: string): Promise<Record<string, string> | null> {
  const cells = await cellsOf(scope, widget);
  return cells ? Object.fromEntries(cells.slice(1).map((row) => [row[0], row[1]])) : null;
}

/** Body rows without the header, sorted (for tables whose order is not part of the spec). */
export async function sortedRows(scope: Page | Locator, widget: string): Promise<string[][] | null> {
  const cells = await cellsOf(scope, widget);
  return cells ? cells.slice(1).sort((a, b) => a.join('|').localeCompare(b.join('|'))) : null;
}

/** The texts of the list items under a heading (the values and needs columns, the free-text answers). */
export async function listUnder(scope: Page | Locator, heading: string): Promise<string[]> {
  return scope.getByRole('heading', { name: heading, exact: true }).locator('xpath=following-sibling::ul[1]/li').allInnerTexts();
}

/** The texts of the list items of the open tab (free texts, suggestions), sorted. */
export async function tabTexts(page: Page): Promise<string[]> {
  return (await page.getByRole('tabpanel').locator('li').allInnerTexts()).sort();
}

/** Chooses a tab and waits until it is the chosen one. */
export async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect.poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
}

/**
 * In the open 'Filtros' dialog, picks each (label, option) in order, each waiting for its chip (the view
 * behind the dialog reloads at once).
 */
export async function pick(page: Page, dialog: Locator, choices: [string, string | RegExp][]): Promise<void> {
  for (const [label, option] of choices) {
    await dialog.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
    const chip = typeof option === 'string' ? `${label}: ${option}` : new RegExp(`^${label}: `);
    // (The chips are outside the modal dialog, hidden from the accessibility tree while it is open.)
    await page.locator('ul[aria-label="Filtros escolhidos"]').getByText(chip).waitFor();
  }
}

/** Opens a filter's list in the open dialog and gives its options' texts, the list closed again. */
export async function optionsOf(page: Page, dialog: Locator, label: string): Promise<string[]> {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().waitFor();
  const texts = await page.getByRole('option').allInnerTexts();
  await dialog.getByRole('heading', { name: 'Filtros' }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  return texts;
}

/**
 * Chooses filters while a tab other than the first is open: the view reloads, and the tab must stay
 * chosen (a new colleague must not throw the user back to the first tab). Soft, so the numbers of the
 * tab are still checked (after choosing it again) when it does not.
 */
export async function chooseOnTab(page: Page, name: string, choices: [string, string | RegExp][]): Promise<void> {
  await chooseFilters(page, choices);
  const shown = page.locator('[aria-busy="false"]').getByRole('tab', { name, exact: true });
  await shown.waitFor();
  expect.soft(await shown.getAttribute('aria-selected'), `the '${name}' tab stays chosen when a filter changes`).toBe('true');
  if ((await shown.getAttribute('aria-selected')) !== 'true') await tab(page, name);
}

/** The page's scroll width: on a phone (390 px) the page must not scroll sideways. */
export async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

// ------------------------------------------------------------------ a company user

/**
 * Opens 'Filtros' as a company user and checks it offers neither the company filter nor the 'Filtrar
 * por' choice of staff; gives the open dialog.
 */
export async function filtersWithoutCompany(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtros' });
  await dialog.getByRole('combobox').first().waitFor();
  expect(await dialog.getByRole('combobox', { name: 'Empresa', exact: true }).count()).toBe(0);
  expect(await dialog.getByText('Filtrar por').count()).toBe(0);
  return dialog;
}

/** What a view's definition says it shows before its data (definitions/dashboards/{id}.json). */
interface ViewText {
  title: string;
  requires?: { hint: string };
  empty: string;
}

/**
 * As a company user, opens each view from the side menu (no page load between views): it shows the
 * company's own data (or its hint, or its empty text) with no company chip, and its 'Filtros' (when it
 * has any besides the company) offer no company. No axe here: the administrator's test of each view
 * runs it.
 */
export async function viewsWithoutCompanyFilter(page: Page, views: number[]): Promise<void> {
  for (const id of views) {
    const view = JSON.parse(readFileSync(join(repoRoot, `definitions/dashboards/${id}.json`), 'utf8')) as ViewText;
    await page.getByRole('navigation', { name: 'Menu principal' }).locator(`a[href="/dash/${id}"]`).click();
    await page.getByRole('heading', { level: 1, name: view.title, exact: true }).waitFor();
    const shown = view.requires ? page.getByText(view.requires.hint, { exact: true }) : page.getByText(/avaliaç(ão|ões) respondidas?$/).or(page.getByText(view.empty, { exact: true }));
    await shown.first().waitFor();
    expect(await page.getByText('Empresa: ', { exact: false }).count(), `/dash/${id}`).toBe(0);
    const filters = page.getByRole('button', { name: 'Filtros', exact: true });
    if ((await filters.count()) > 0) {
      await filters.click();
      const dialog = page.getByRole('dialog', { name: 'Filtros' });
      await dialog.waitFor();
      expect(await dialog.getByRole('combobox', { name: 'Empresa', exact: true }).count(), `/dash/${id}`).toBe(0);
      await closeDialog(page, dialog);
    }
  }
}

// ------------------------------------------------------------------ charts and screenshots

/**
 * Waits until the view has its data (no loading skeleton left) and every chart on the page shows it at
 * rest: the chart's box carries `data-drawn` once ECharts has drawn its current option and ended its
 * animations (renderer/Chart.tsx).
 */
export async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector('.MuiSkeleton-root')) return false;
    return [...document.querySelectorAll('.echarts-for-react')].every((chart) => chart.parentElement?.dataset.drawn === 'true');
  });
}

/** Numbers the charts draw with a decimal point ("2.5") where Brazilian Portuguese writes a comma ("2,5"). */
async function pointDecimals(page: Page): Promise<string[]> {
  const texts = await page.locator('svg text').allTextContents();
  return [...new Set(texts.map((text) => text.trim()).filter((text) => /^-?\d+\.\d{1,2}%?$/.test(text)))];
}

/**
 * Waits for the charts to be drawn, checks their numbers are written in pt-BR (soft), and saves a
 * screenshot when screenshots are kept (`E2E_SCREENSHOTS=1`).
 */
export async function screenshot(page: Page, world: World, name: string): Promise<void> {
  await chartsDrawn(page);
  expect.soft(await pointDecimals(page), `${name}: chart numbers with a decimal point instead of a comma`).toEqual([]);
  if (!keepScreenshots) return;
  await saveScreenshot(page, world.shots, name);
}
