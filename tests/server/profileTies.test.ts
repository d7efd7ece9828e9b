/**
 * Ties and missing answers in the profile views (issue 22, defect 3): Tratamento de Objeções (9),
 * Motivacional (6), Temperamentos (5) and Teste Alpha (3) rank each person's profiles from their
 * scores. A tie is shown as a tie, naming every tied profile in the order of the definition
 * ('Empate: Divergente, Convergente'); the second place is the next lower score (a place of its own,
 * shared or not); a score of 0 takes no place, so a person who answered nothing has no profile. The
 * consolidated counts put the shared places under 'Empate' and people without a profile nowhere.
 *
 * Each person answers one case per questionnaire (the answers are built from the definitions' option
 * tags, so a case reads as the count of each profile); the expected places and counts were worked out
 * by hand from those counts, and are checked through `POST /api/dashboards/{id}/data` (table, pies,
 * the individual tab) and through the consolidated result calls. The engine's `scoreAnswers` (the
 * reference the preview and the golden cases use) must give the same places as the database path.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeAnswers } from '../../engine/answers/decoding.ts';
import type { DashboardData, Row } from '../../engine/definition/dashboard.ts';
import { allQuestions, hasOptions, optionsOf } from '../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { scoreAnswers } from '../../engine/scoring/score.ts';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

type Wire = Record<string, string | string[]>;

const definitionOf = (type: number): QuestionnaireDefinition => t.app.definitions.questionnaires.get(type)!;

/** The wire response of each question's option carrying `tags[i]` (one choice per question, in order). */
function choices(type: number, tags: string[]): Wire {
  const definition = definitionOf(type);
  const questions = allQuestions(definition).map(({ question }) => question).filter(hasOptions);
  expect(tags.length).toBe(questions.length);
  return Object.fromEntries(
    questions.map((question, index) => {
      const option = optionsOf(definition, question).find((candidate) => candidate.tags?.includes(tags[index]!))!;
      return [question.id, question.kind === 'choice' && question.wire === 'qualified' ? `${question.id}.${option.value}` : String(option.value)];
    }),
  );
}

/** Ticks, over the checkbox lists in order, the first `count` options carrying each tag. */
function ticks(type: number, counts: Record<string, number>): Wire {
  const definition = definitionOf(type);
  const left = { ...counts };
  const wire: Wire = {};
  for (const question of allQuestions(definition).map((located) => located.question).filter(hasOptions)) {
    const ticked: string[] = [];
    for (const option of optionsOf(definition, question)) {
      const tag = option.tags?.find((candidate) => (left[candidate] ?? 0) > 0);
      if (!tag) continue;
      left[tag]! -= 1;
      ticked.push(question.kind === 'checkboxes' && question.wire === 'qualified' ? `${question.id}.${option.value}` : String(option.value));
    }
    if (ticked.length > 0) wire[question.id] = ticked;
  }
  expect(Object.values(left).every((n) => n === 0)).toBe(true);
  return wire;
}

const repeat = (tag: string, n: number) => Array.from({ length: n }, () => tag);

/** One case: the person (index of the demo employees), the answers and the two places worked out by hand. */
interface Case {
  about: string;
  person: number;
  answers: () => Wire;
  first: string | null;
  second: string | null;
}

// Demo employees, sorted by name as the tables are: 0 Ana, 1 Bruno, 2 Carla, 3 Diego, 4 Fernanda, 5 Gabriel.
const objections: Case[] = [
  { about: '3-3-3-3', person: 0, answers: () => choices(9, [...repeat('divergente', 3), ...repeat('conflitante', 3), ...repeat('convergente', 3), ...repeat('concorrente', 3)]), first: 'Empate: Divergente, Conflitante, Convergente, Concorrente', second: null },
  { about: '5-1-5-1', person: 1, answers: () => choices(9, [...repeat('divergente', 5), 'conflitante', ...repeat('convergente', 5), 'concorrente']), first: 'Empate: Divergente, Convergente', second: 'Empate: Conflitante, Concorrente' },
  { about: '5-5-1-1', person: 2, answers: () => choices(9, [...repeat('divergente', 5), ...repeat('conflitante', 5), 'convergente', 'concorrente']), first: 'Empate: Divergente, Conflitante', second: 'Empate: Convergente, Concorrente' },
  { about: '2-6-3-1: a clear winner', person: 3, answers: () => choices(9, [...repeat('divergente', 2), ...repeat('conflitante', 6), ...repeat('convergente', 3), 'concorrente']), first: 'Conflitante', second: 'Convergente' },
  { about: 'no answer at all', person: 4, answers: () => ({}), first: null, second: null },
  { about: '0-0-12-0: only Convergente', person: 5, answers: () => choices(9, repeat('convergente', 12)), first: 'Convergente', second: null },
];
const motivations: Case[] = [
  { about: '20% x5', person: 0, answers: () => choices(6, ['intrinseca', 'integrada', 'identificada', 'introjetada', 'externa']), first: 'Empate: Intrínseca, Integrada, Identificada, Introjetada, Externa', second: null },
  { about: '40-0-40-0-20', person: 1, answers: () => choices(6, ['intrinseca', 'intrinseca', 'identificada', 'identificada', 'externa']), first: 'Empate: Intrínseca, Identificada', second: 'Externa' },
  { about: '40-20-20-20-0', person: 2, answers: () => choices(6, ['intrinseca', 'intrinseca', 'integrada', 'identificada', 'introjetada']), first: 'Intrínseca', second: 'Empate: Integrada, Identificada, Introjetada' },
  { about: '0-0-0-40-60: a clear winner', person: 3, answers: () => choices(6, ['externa', 'externa', 'externa', 'introjetada', 'introjetada']), first: 'Externa', second: 'Introjetada' },
  { about: 'no answer at all', person: 4, answers: () => ({}), first: null, second: null },
  { about: '100% intrínseca', person: 5, answers: () => choices(6, repeat('intrinseca', 5)), first: 'Intrínseca', second: null },
];
const temperaments: Case[] = [
  { about: '3-3-3-3', person: 0, answers: () => ticks(5, { sanguineo: 3, colerico: 3, melancolico: 3, fleumatico: 3 }), first: 'Empate: Sanguíneo, Colérico, Melancólico, Fleumático', second: null },
  { about: '5-1-5-1', person: 1, answers: () => ticks(5, { sanguineo: 5, colerico: 1, melancolico: 5, fleumatico: 1 }), first: 'Empate: Sanguíneo, Melancólico', second: 'Empate: Colérico, Fleumático' },
  { about: '5-5-1-1', person: 2, answers: () => ticks(5, { sanguineo: 5, colerico: 5, melancolico: 1, fleumatico: 1 }), first: 'Empate: Sanguíneo, Colérico', second: 'Empate: Melancólico, Fleumático' },
  { about: '1-0-2-4: a clear winner', person: 3, answers: () => ticks(5, { sanguineo: 1, melancolico: 2, fleumatico: 4 }), first: 'Fleumático', second: 'Melancólico' },
  { about: 'no word ticked', person: 4, answers: () => ({}), first: null, second: null },
  { about: '0-0-0-7: only Fleumático', person: 5, answers: () => ticks(5, { fleumatico: 7 }), first: 'Fleumático', second: null },
];
const alphas: Case[] = [
  // Each subtype has 8 tagged statements: 2 ticked of each is 25% each.
  { about: '25-25-25-25', person: 0, answers: () => ticks(3, { comandante: 2, visionario: 2, estrategista: 2, executor: 2 }), first: 'Empate: Comandante, Visionário, Estrategista, Executor', second: null },
  { about: '50-12.5-50-12.5', person: 1, answers: () => ticks(3, { comandante: 4, visionario: 1, estrategista: 4, executor: 1 }), first: 'Empate: Comandante, Estrategista', second: 'Empate: Visionário, Executor' },
  { about: '12.5-0-0-37.5: a clear winner', person: 2, answers: () => ticks(3, { comandante: 1, executor: 3 }), first: 'Executor', second: 'Comandante' },
  { about: 'no statement ticked', person: 3, answers: () => ({}), first: null, second: null },
];

const ids = new Map<string, string>();
const key = (type: number, person: number) => `${type}/${person}`;

beforeAll(async () => {
  for (const [type, cases] of [[9, objections], [6, motivations], [5, temperaments], [3, alphas]] as const) {
    for (const one of cases) {
      const userId = demo.employees[one.person]!.id;
      const [row] = await t.db.insert(evaluations).values({ userId, rated: userId, typeEvaluation: type, done: true, companyId: demo.companyId }).returning();
      const items = Object.entries(one.answers()).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: row!.id, question, response: one })));
      if (items.length > 0) await t.db.insert(responses).values(items);
      ids.set(key(type, one.person), row!.id);
    }
  }
});

async function data(id: number, body: Record<string, unknown>, token = adminToken): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(token), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

async function post(url: string, payload: unknown, token = adminToken) {
  const response = await t.app.inject({ method: 'POST', url: `/api/tableresponse/${url}`, headers: bearer(token), payload: payload as object });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const nameOf = (one: Case) => demo.employees[one.person]!.name;

/** Each view: its type, its cases, the ranking's id, and the profiles of its pies in the view's order. */
const views = [
  { view: 9, ranking: 'communication', cases: objections, profiles: ['Divergente', 'Conflitante', 'Convergente', 'Concorrente'] },
  { view: 6, ranking: 'types', cases: motivations, profiles: ['Intrínseca', 'Integrada', 'Identificada', 'Introjetada', 'Externa'] },
  { view: 5, ranking: 'primary', cases: temperaments, profiles: ['Sanguíneo', 'Colérico', 'Melancólico', 'Fleumático'] },
] as const;

/** The expected pie rows: people per profile of a place, the shared places under 'Empate', people without one nowhere. */
function pie(field: string, profiles: readonly string[], counts: number[]): Row[] {
  return [...profiles, 'Empate'].map((profile, index) => ({ [field]: profile, count: counts[index]! }));
}

describe.each(views)('view $view: the table of people, the pies of first and second places, the individual tab', ({ view, ranking, cases, profiles }) => {
  const first = `${ranking}.1`;
  const second = `${ranking}.2`;

  it('names every tied profile, leaves no profile empty, and counts ties apart', async () => {
    const body = { company_id: demo.companyId };
    const result = await data(view, body);
    expect(result.datasets.people!.rows.map((row) => ({ name: row.name, [first]: row[first], [second]: row[second] }))).toEqual(
      cases.map((one) => ({ name: nameOf(one), [first]: one.first, [second]: one.second })),
    );
    // Hand counts of the cases above (profiles in the view's order, then 'Empate').
    const expected: Record<number, { first: number[]; second: number[] }> = {
      // Objeções: first Conflitante (2-6-3-1), Convergente (0-0-12-0), three ties; second Convergente (2-6-3-1), two ties.
      9: { first: [0, 1, 1, 0, 3], second: [0, 0, 1, 0, 2] },
      // Motivacional: first Intrínseca ×2 (40-20-20-20-0, 100%), Externa, two ties; second Introjetada, Externa, one tie.
      6: { first: [2, 0, 0, 0, 1, 2], second: [0, 0, 0, 1, 1, 1] },
      // Temperamentos: first Fleumático ×2, three ties; second Melancólico, two ties.
      5: { first: [0, 0, 0, 2, 3], second: [0, 0, 1, 0, 2] },
    };
    expect(result.datasets.first!.rows.map((row) => ({ [first]: row[first], count: row.count }))).toEqual(pie(first, profiles, expected[view]!.first));
    expect(result.datasets.second!.rows.map((row) => ({ [second]: row[second], count: row.count }))).toEqual(pie(second, profiles, expected[view]!.second));
    // The first places add up to the people with a profile (everyone but the one who answered nothing).
    expect(expected[view]!.first.reduce((total, n) => total + n, 0)).toBe(cases.filter((one) => one.first !== null).length);
    // The company user sees the same.
    expect(await data(view, {}, companyToken)).toEqual(result);
  });

  it.each(cases.map((one) => [one.about, one] as const))("the individual tab of the case %s", async (_about, one) => {
    const result = await data(view, { company_id: demo.companyId, colleague_id: demo.employees[one.person]!.id });
    expect(result.datasets.personRanking!.rows.map((row) => [row[first], row[second]])).toEqual([[one.first, one.second]]);
  });

  it("gives the places the engine's scoreAnswers gives from the same answers", async () => {
    const definition = definitionOf(view);
    const rows = (await data(view, { company_id: demo.companyId })).datasets.people!.rows;
    for (const one of cases) {
      const wire = Object.entries(one.answers()).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((text) => ({ question, response: text })));
      const reference = scoreAnswers(definition, decodeAnswers(definition, wire).answers).rankings[ranking]!;
      const row = rows.find((candidate) => candidate.name === nameOf(one))!;
      expect([row[first], row[second]], one.about).toEqual([reference[0] ?? null, reference[1] ?? null]);
      expect(reference, one.about).toEqual([one.first, one.second].filter((place) => place !== null));
    }
  });
});

describe('the PDF of the view', () => {
  it('names the shared places and counts the ties as the screen does (Objeções)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dashboards/9/report', headers: bearer(adminToken), payload: { company_id: demo.companyId } });
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const place of ['Empate: Divergente, Conflitante, Convergente, Concorrente', 'Empate: Divergente, Convergente', 'Empate: Conflitante, Concorrente', 'Empate: Convergente, Concorrente']) {
      expect(text).toContain(place);
    }
    // The table under the pie 'Estilo principal': 3 people share their first place.
    expect(text).toMatch(/Empate 3/);
  }, 60000);
});

describe('the consolidated result calls', () => {
  const idsOf = (type: number, cases: Case[]) => cases.map((one) => ids.get(key(type, one.person))!);

  it('comunicacao/consolidated: people per main style, ties under the fifth number, and the two places of each person', async () => {
    expect(await post('comunicacao/consolidated', { evaluations: idsOf(9, objections) })).toEqual({
      // Divergente, Conflitante, Convergente, Concorrente, Empate: 5 people with a profile.
      consolidated: [0, 1, 1, 0, 3],
      users: objections.map((one) => ({ name: nameOf(one), communication: [one.first ?? '', one.second ?? ''] })),
    });
  });

  it('motivacional/consolidated: the two places of each person', async () => {
    const answer = await post('motivacional/consolidated', { evaluations: idsOf(6, motivations) });
    expect(answer.consolidated).toEqual(motivations.map((one) => ({ name: nameOf(one), types: [one.first ?? '', one.second ?? ''] })));
  });

  it('temperamentos/consolidated: the two places of each person', async () => {
    expect(await post('temperamentos/consolidated', { evaluations: idsOf(5, temperaments) }, companyToken)).toEqual(
      temperaments.map((one) => ({ name: nameOf(one), first: one.first ?? '', second: one.second ?? '', primary: one.first ?? '', secondary: one.second ?? '' })),
    );
  });

  it('alpha/consolidated: the primary and secondary subtypes of each person', async () => {
    const answer = (await post('alpha/consolidated', { evaluations: idsOf(3, alphas) })) as { name: string; answers: string[] }[];
    expect(answer.map(({ name, answers }) => ({ name, answers }))).toEqual(alphas.map((one) => ({ name: nameOf(one), answers: [one.first ?? '', one.second ?? ''] })));
  });

  it('the Alpha view counts its subtypes the same way', async () => {
    const result = await data(3, { company_id: demo.companyId });
    // Primary: Executor (12.5-0-0-37.5), two ties; secondary: Comandante, one tie; the one who ticked nothing nowhere.
    expect(result.datasets.primary!.rows).toEqual(pie('primary.1', ['Comandante', 'Visionário', 'Estrategista', 'Executor'], [0, 0, 0, 1, 2]));
    expect(result.datasets.secondary!.rows).toEqual(pie('primary.2', ['Comandante', 'Visionário', 'Estrategista', 'Executor'], [1, 0, 0, 0, 1]));
  });
});
