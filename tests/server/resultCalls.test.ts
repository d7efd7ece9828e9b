/**
 * The result calls of the specification (results, section 7) over the dashboards' engine: for each
 * call, answered evaluations are inserted and the answer is compared with values worked out by hand
 * from those answers (the profile tests reuse golden fixture cases, whose scores and rankings were
 * computed by hand); a company user only ever gets its own company (a foreign id is refused, or left
 * out of an id list); malformed input is a 400 with a Portuguese message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { jsonFiles } from '../definitions/load.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

type Answers = Record<string, string | string[]>;

/** An evaluation (done unless told) with its stored answers. */
async function answered(userId: number, type: number, answers: Answers, extra: Partial<typeof evaluations.$inferInsert> = {}) {
  const [row] = await t.db.insert(evaluations).values({ userId, rated: userId, typeEvaluation: type, done: true, ...extra }).returning();
  const items = Object.entries(answers).flatMap(([question, response]) => (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: row!.id, question, response: one })));
  if (items.length > 0) await t.db.insert(responses).values(items);
  return row!;
}

/** The answers of a golden fixture case (its scores and rankings were worked out by hand). */
const fixtureCases = new Map(
  (jsonFiles('fixtures') as { json: { questionnaire: string; cases: { responses: Answers }[] } }[]).map(({ json }) => [json.questionnaire, json.cases.map((one) => one.responses)]),
);
const fixture = (questionnaire: string, index: number): Answers => fixtureCases.get(questionnaire)![index]!;

const OLD = new Date('2024-01-01T00:00:00.000Z');

type Person = (typeof demo.employees)[number];
let ana: Person;
let bruno: Person;
let carla: Person;
let diego: Person;
let fernanda: Person;
let gabriel: Person;
let operations: number;
let administration: number;
const ids: Record<string, string> = {};
let gabrielPendingCreated: string;

beforeAll(async () => {
  [ana, bruno, carla, diego, fernanda, gabriel] = demo.employees as [Person, Person, Person, Person, Person, Person];
  operations = demo.sectorId('Operações');
  administration = demo.sectorId('Administrativo');

  // 360 of Carla: her self-evaluation (no version, made before any round: it belongs to the first,
  // version 2), two evaluators in version 2 (Fernanda's answer holds 'Não sei avaliar' beside a
  // statement, stored before the option stood alone: it counts as 'Não sei avaliar' alone), one in
  // version 3, and a pending one in version 2 whose answers must not count.
  await answered(carla.id, 1, { 1: ['1.1', '1.2'], 11: 'sou organizada' });
  await answered(diego.id, 2, { 1: ['1.1', '1.3'], 11: 'comunica bem' }, { rated: carla.id, version: 2 });
  await answered(fernanda.id, 2, { 1: ['1.1', '1.13'], 11: 'escuta a equipe' }, { rated: carla.id, version: 2 });
  await answered(gabriel.id, 2, { 1: ['1.4'] }, { rated: carla.id, version: 3 });
  await answered(demo.employees[6]!.id, 2, { 1: ['1.5'] }, { rated: carla.id, version: 2, done: false });

  // Team performance answered by Bruno: an old all-zero one, then his latest.
  await answered(bruno.id, 7, fixture('desempenhodeequipenew', 0), { createdAt: OLD });
  await answered(bruno.id, 7, fixture('desempenhodeequipenew', 3));

  // Area maps of the Operações sector (and one of Administrativo that must stay out).
  const operational = { ratedSector: operations };
  await answered(diego.id, 8, { '1.1': '1', '1.1.1': 'falta meta', '1.2': '4', '1.7': '1', '1.7.1': 'processos lentos', '5.1': 'mais treinamento' }, operational);
  await answered(fernanda.id, 8, { '1.1': '2', '1.2': '5', '2.2': '5', '2.2.1': 'muita urgencia', '5.1': 'contratar' }, operational);
  await answered(bruno.id, 8, { '1.1': '5' }, { ratedSector: administration });
  await answered(gabriel.id, 10, { '1.1': '5', '5.1': 'priorizar entregas' }, operational);

  // The scanner tests of Diego (and an older Alpha of his) and Fernanda; Pedro (other company) did Alpha; Gabriel has one pending.
  ids.diegoAlphaOld = (await answered(diego.id, 3, fixture('testealphanew', 1), { createdAt: OLD })).id;
  ids.diegoAlpha = (await answered(diego.id, 3, fixture('testealphanew', 2))).id;
  ids.fernandaAlpha = (await answered(fernanda.id, 3, fixture('testealphanew', 3))).id;
  ids.pedroAlpha = (await answered(other.employeeId, 3, fixture('testealphanew', 1))).id;
  ids.diegoVia = (await answered(diego.id, 4, fixture('inqueritovianew', 0))).id;
  ids.fernandaVia = (await answered(fernanda.id, 4, fixture('inqueritovianew', 2))).id;
  ids.diegoTemperament = (await answered(diego.id, 5, fixture('temperamentosnew', 3))).id;
  ids.fernandaTemperament = (await answered(fernanda.id, 5, fixture('temperamentosnew', 4))).id;
  ids.diegoMotivation = (await answered(diego.id, 6, fixture('motivacionalobjetivosnew', 2))).id;
  ids.fernandaMotivation = (await answered(fernanda.id, 6, fixture('motivacionalobjetivosnew', 0))).id;
  ids.diegoObjection = (await answered(diego.id, 9, fixture('tratamentodeobjecoesnew', 2))).id;
  ids.fernandaObjection = (await answered(fernanda.id, 9, fixture('tratamentodeobjecoesnew', 3))).id;
  gabrielPendingCreated = (await answered(gabriel.id, 3, {}, { done: false })).createdAt.toISOString();
});

const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: unknown, token = adminToken) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

/** Expects a 4xx with a Portuguese message (the exact one when given). */
function refused(response: Awaited<ReturnType<typeof get>>, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { message: string };
  if (message) expect(body.message).toBe(message);
  else expect(body.message).toMatch(/^Requisição inválida: o campo/);
}

describe('360 (dashboard 2)', () => {
  it('lists the evaluated people of the company (GET /tableresponse/respondents/{companyId}/2)', async () => {
    const expected = [{ id: carla.id, name: 'Carla Mendes Ribeiro' }];
    expect((await get(`/api/tableresponse/respondents/${demo.companyId}/2`)).json()).toEqual(expected);
    expect((await get(`/api/tableresponse/respondents/${demo.companyId}/2`, companyToken)).json()).toEqual(expected);
    expect((await get(`/api/tableresponse/respondents/${other.companyId}/2`)).json()).toEqual([]);
    refused(await get(`/api/tableresponse/respondents/${other.companyId}/2`, companyToken), 404, `Empresa ${other.companyId} não encontrada.`);
    refused(await get('/api/tableresponse/respondents/abc/2'), 400);
  });

  it('counts the answered 360s of a version, the self-evaluation of its round included; version 1 of the long path stays the interview count', async () => {
    expect((await get(`/api/tableresponse/count/all/true/${carla.id}/1/2`)).json()).toEqual({ count: 3 });
    expect((await get(`/api/tableresponse/count/all/true/${carla.id}/1/3`)).json()).toEqual({ count: 1 });
    expect((await get(`/api/tableresponse/count/360/${carla.id}/2`, companyToken)).json()).toEqual({ count: 3 });
    // Version 1: no such round; the long path's version 1 is the interview's (no interview here).
    expect((await get(`/api/tableresponse/count/360/${carla.id}/1`)).json()).toEqual({ count: 0 });
    expect((await get(`/api/tableresponse/count/all/true/${carla.id}/1/1`)).json()).toEqual({ count: 0 });
    refused(await get(`/api/tableresponse/count/360/${other.employeeId}/2`, companyToken), 404, `Pessoa ${other.employeeId} não encontrada.`);
    refused(await get(`/api/tableresponse/count/all/true/${other.employeeId}/1/2`, companyToken), 404, `Pessoa ${other.employeeId} não encontrada.`);
    refused(await get(`/api/tableresponse/count/360/${carla.id}/x`), 400);
    refused(await get(`/api/tableresponse/count/all/true/${carla.id}/1/-3`), 400);
  });

  it('gives the answers of one question per option and role, or the free texts, once enough evaluators answered', async () => {
    // Carla's version 2 has two evaluators and her self-evaluation; version 3 one evaluator and no
    // self-evaluation. Under the default minimum of 3 the evaluators' answers are withheld and only the
    // self-evaluation shows; version 3 has nothing to show.
    const selfOnly = [
      { response: '1', qtt_response: 1, selected_auto: true },
      { response: '2', qtt_response: 1, selected_auto: true },
    ];
    expect((await get(`/api/tableresponse/360/${carla.id}/1/2`)).json()).toEqual(selfOnly);
    refused(await get(`/api/tableresponse/360/${carla.id}/1/3`, companyToken), 404, 'Erro ao buscar dados');
    expect((await get(`/api/tableresponse/360/${carla.id}/11/2`)).json()).toEqual([{ response: 'sou organizada', qtt_response: 1, selected_auto: true }]);

    // A company that allows groups of two sees version 2 whole; version 3's single evaluator stays hidden.
    await t.db.update(companies).set({ anonymityMin: 2 }).where(eq(companies.id, demo.companyId));
    try {
      expect((await get(`/api/tableresponse/360/${carla.id}/1/2`)).json()).toEqual([
        { response: '1', qtt_response: 1, selected_auto: false },
        { response: '1', qtt_response: 1, selected_auto: true },
        { response: '2', qtt_response: 1, selected_auto: true },
        { response: '3', qtt_response: 1, selected_auto: false },
        { response: '13', qtt_response: 1, selected_auto: false },
      ]);
      refused(await get(`/api/tableresponse/360/${carla.id}/1/3`, companyToken), 404, 'Erro ao buscar dados');
      expect((await get(`/api/tableresponse/360/${carla.id}/11/2`)).json()).toEqual([
        { response: 'comunica bem', qtt_response: 1, selected_auto: false },
        { response: 'escuta a equipe', qtt_response: 1, selected_auto: false },
        { response: 'sou organizada', qtt_response: 1, selected_auto: true },
      ]);
    } finally {
      await t.db.update(companies).set({ anonymityMin: 3 }).where(eq(companies.id, demo.companyId));
    }
  });

  it("answers 'Erro ao buscar dados' for a question without data, and refuses foreign people and bad input", async () => {
    refused(await get(`/api/tableresponse/360/${carla.id}/14/2`), 404, 'Erro ao buscar dados');
    refused(await get(`/api/tableresponse/360/${carla.id}/2/2`), 404, 'Erro ao buscar dados');
    refused(await get(`/api/tableresponse/360/${diego.id}/1/2`), 404, 'Erro ao buscar dados');
    refused(await get(`/api/tableresponse/360/${other.employeeId}/1/2`, companyToken), 404, `Pessoa ${other.employeeId} não encontrada.`);
    refused(await get(`/api/tableresponse/360/${carla.id}/15/2`), 400);
    refused(await get(`/api/tableresponse/360/${carla.id}/0/2`), 400);
    refused(await get(`/api/tableresponse/360/${carla.id}/1/abc`), 400);
  });
});

describe('team performance (dashboard 7)', () => {
  it("gives the person's latest answers per theme and the sums", async () => {
    const expected = { team: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], personal: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], teamSum: 55, personalSum: 55 };
    expect((await get(`/api/tableresponse/desempenho_equipe/${bruno.id}`)).json()).toEqual(expected);
    expect((await get(`/api/tableresponse/desempenho_equipe/${bruno.id}`, companyToken)).json()).toEqual(expected);
    expect((await get(`/api/tableresponse/desempenho_equipe/${diego.id}`)).json()).toEqual({ team: [], personal: [], teamSum: 0, personalSum: 0 });
    refused(await get(`/api/tableresponse/desempenho_equipe/${other.employeeId}`, companyToken), 404, `Pessoa ${other.employeeId} não encontrada.`);
    refused(await get('/api/tableresponse/desempenho_equipe/1.5'), 400);
  });
});

/** A question of an area map without its text (checked once, from the definition). */
const withoutText = (question: { text?: string }) => Object.fromEntries(Object.entries(question).filter(([key]) => key !== 'text'));

describe('area maps (dashboards 8 and 10)', () => {
  const zeros = { likert: [0, 0, 0, 0, 0], normalized: [0, 0, 0, 0, 0], responses: [], isConsolidated: false };

  it('gives the operational map of a sector: Likert counts and percentages, texts under their question, evaluators', async () => {
    const response = await get(`/api/tableresponse/operacionalArea/${operations}`, companyToken);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { pages: { title: string; questions: { id: string; text: string }[] }[]; evaluators: { name: string }[] };
    expect(body.evaluators).toEqual([{ name: 'Diego Alves Santos' }, { name: 'Fernanda Oliveira Costa' }]);
    expect(body.pages.map((page) => page.title)).toEqual(['Resultados', 'Organização', 'Equipe', 'Gestão', 'Sugestões de melhorias']);
    const [results, organization, , , suggestions] = body.pages;
    expect(results!.questions.map(withoutText)).toEqual([
      // 1 "discordo totalmente" and 1 "discordo" of 2 answers: 100% disagreement puts it in the consolidated gaps.
      { id: '1.1', likert: [1, 1, 0, 0, 0], normalized: [50, 50, 0, 0, 0], responses: ['falta meta'], isConsolidated: true },
      { id: '1.2', likert: [0, 0, 0, 1, 1], normalized: [0, 0, 0, 50, 50], responses: [], isConsolidated: false },
      { id: '1.3', ...zeros },
      { id: '1.4', ...zeros },
      { id: '1.5', ...zeros },
      { id: '1.6', ...zeros },
      // The follow-up of a yes/no question is a free-text question of its own.
      { id: '1.7.1', likert: [], normalized: [], responses: ['processos lentos'], isConsolidated: false },
    ]);
    expect(results!.questions[0]!.text).toBe('A área cumpre as metas estabelecidas para o período.');
    expect(organization!.questions.find((question) => question.id === '2.2')).toMatchObject({
      likert: [0, 0, 0, 0, 1],
      normalized: [0, 0, 0, 0, 100],
      responses: ['muita urgencia'],
      // 2.2 is a reverse item: 'Concordo Totalmente' is its negative answer, so the whole area disagrees.
      isConsolidated: true,
    });
    expect(suggestions!.questions.map(withoutText)).toEqual([
      { id: '5.1', likert: [], normalized: [], responses: ['contratar', 'mais treinamento'], isConsolidated: false },
      { id: '5.2', likert: [], normalized: [], responses: [], isConsolidated: false },
    ]);
  });

  it('gives the tactical map of a sector, and nothing where nobody answered', async () => {
    const body = (await get(`/api/tableresponse/taticoArea/${operations}`)).json() as { pages: { title: string; questions: { id: string }[] }[]; evaluators: unknown };
    expect(body.evaluators).toEqual([{ name: 'Gabriel Pereira Rocha' }]);
    expect(body.pages.map((page) => page.title)).toEqual(['Clareza', 'Eficiência', 'Equipe', 'Liderança', 'Considerações']);
    expect(body.pages[0]!.questions[0]).toMatchObject({ id: '1.1', likert: [0, 0, 0, 0, 1], normalized: [0, 0, 0, 0, 100], responses: [], isConsolidated: false });
    expect(body.pages[4]!.questions).toMatchObject([
      { id: '5.1', responses: ['priorizar entregas'] },
      { id: '5.2', responses: [] },
    ]);
    // Ana's tactical map of Administrativo is still pending.
    expect((await get(`/api/tableresponse/taticoArea/${administration}`)).json()).toEqual({ pages: [], evaluators: [] });
    expect((await get(`/api/tableresponse/operacionalArea/${other.sectorId}`)).json()).toEqual({ pages: [], evaluators: [] });
  });

  it("refuses another company's sector and bad ids", async () => {
    refused(await get(`/api/tableresponse/operacionalArea/${other.sectorId}`, companyToken), 404, `Setor ${other.sectorId} não encontrado.`);
    refused(await get(`/api/tableresponse/taticoArea/${other.sectorId}`, companyToken), 404, `Setor ${other.sectorId} não encontrado.`);
    refused(await get('/api/tableresponse/taticoArea/2147483648'), 400);
    refused(await get('/api/tableresponse/operacionalArea/0'), 400);
  });
});

describe('consolidated profiles (dashboards 3, 4, 5, 6, 9)', () => {
  it('gives the alpha flag and the primary and secondary subtypes per person; ids of another company, unknown or malformed are left out', async () => {
    const evaluationsSent = [ids.diegoAlpha!, ids.fernandaAlpha!, ids.pedroAlpha!, 'nao-e-uuid', ids.diegoAlpha!.toUpperCase()];
    const diegoRow = { name: 'Diego Alves Santos', alpha: false, answers: ['Executor', 'Estrategista'] };
    const fernandaRow = { name: 'Fernanda Oliveira Costa', alpha: true, answers: ['Visionário', 'Comandante'] };
    expect((await post('/api/tableresponse/alpha/consolidated', { evaluations: evaluationsSent })).json()).toEqual([
      diegoRow,
      fernandaRow,
      // Every statement ticked: the four subtypes tie at 100%, one shared place and no second.
      { name: 'Pedro Outra', alpha: true, answers: ['Empate: Comandante, Visionário, Estrategista, Executor', ''] },
    ]);
    expect((await post('/api/tableresponse/alpha/consolidated', { evaluations: evaluationsSent }, companyToken)).json()).toEqual([diegoRow, fernandaRow]);
    expect((await post('/api/tableresponse/alpha/consolidated', { evaluations: [] })).json()).toEqual([]);
  });

  it('gives the word cloud of the signature strengths', async () => {
    const response = await post('/api/tableresponse/cloud', { evaluations: [ids.diegoVia, ids.fernandaVia, ids.diegoAlpha] }, companyToken);
    // Diego's top 5: Amor, Amor ao Aprendizado, Apreciação da Beleza, Autocontrole, Bravura; Fernanda's:
    // Criatividade, Curiosidade, Critério, Amor ao Aprendizado, Gratidão.
    expect(response.json()).toEqual({
      words: [
        { word: 'Amor ao Aprendizado', quantity: 2 },
        { word: 'Amor', quantity: 1 },
        { word: 'Apreciação da Beleza', quantity: 1 },
        { word: 'Autocontrole', quantity: 1 },
        { word: 'Bravura', quantity: 1 },
        { word: 'Criatividade', quantity: 1 },
        { word: 'Critério', quantity: 1 },
        { word: 'Curiosidade', quantity: 1 },
        { word: 'Gratidão', quantity: 1 },
      ],
    });
  });

  it('gives the temperaments of each person', async () => {
    expect((await post('/api/tableresponse/temperamentos/consolidated', { evaluations: [ids.diegoTemperament, ids.fernandaTemperament] })).json()).toEqual([
      { name: 'Diego Alves Santos', first: 'Fleumático', second: 'Melancólico', primary: 'Fleumático', secondary: 'Melancólico' },
      { name: 'Fernanda Oliveira Costa', first: 'Colérico', second: 'Sanguíneo', primary: 'Colérico', secondary: 'Sanguíneo' },
    ]);
  });

  it('gives the mean of each motivation type and the two types of each person', async () => {
    // Diego 0/20/40/0/40, Fernanda 100/0/0/0/0.
    expect((await post('/api/tableresponse/motivacional/consolidated', { evaluations: [ids.diegoMotivation, ids.fernandaMotivation] })).json()).toEqual({
      chart: [50, 10, 20, 0, 20],
      consolidated: [
        // Identificada and Externa share the first place (40), Integrada is next (20); Fernanda has nothing but Intrínseca.
        { name: 'Diego Alves Santos', types: ['Empate: Identificada, Externa', 'Integrada'] },
        { name: 'Fernanda Oliveira Costa', types: ['Intrínseca', ''] },
      ],
    });
    expect((await post('/api/tableresponse/motivacional/consolidated', { evaluations: [ids.pedroAlpha] })).json()).toEqual({ chart: [], consolidated: [] });
  });

  it('gives the people per main communication style and the two styles of each person', async () => {
    // Diego (1-4-2-5): Concorrente then Conflitante; Fernanda (5-1-5-1): Divergente and Convergente share the
    // first place, Conflitante and Concorrente the second. People per main style, then the ties.
    expect((await post('/api/tableresponse/comunicacao/consolidated', { evaluations: [ids.diegoObjection, ids.fernandaObjection] }, companyToken)).json()).toEqual({
      consolidated: [0, 0, 0, 1, 1],
      users: [
        { name: 'Diego Alves Santos', communication: ['Concorrente', 'Conflitante'] },
        { name: 'Fernanda Oliveira Costa', communication: ['Empate: Divergente, Convergente', 'Empate: Conflitante, Concorrente'] },
      ],
    });
  });

  it('refuses malformed bodies', async () => {
    for (const url of ['cloud', 'alpha/consolidated', 'comunicacao/consolidated', 'motivacional/consolidated', 'temperamentos/consolidated']) {
      refused(await post(`/api/tableresponse/${url}`, {}), 400);
      refused(await post(`/api/tableresponse/${url}`, { evaluations: [{}] }), 400);
      refused(await post(`/api/tableresponse/${url}`, { evaluations: ['x'.repeat(65)] }), 400);
      refused(await post(`/api/tableresponse/${url}`, { evaluations: Array.from({ length: 1001 }, () => ids.diegoAlpha) }), 400);
    }
  });
});

describe('scanner (dashboards -2 and -1)', () => {
  const alphaOf = (values: number[]) =>
    ['alpha', 'comandante', 'visionario', 'estrategista', 'executor'].map((style, index) => ({
      style,
      label: ['Alpha', 'Comandante', 'Visionário', 'Estrategista', 'Executor'][index],
      force: values[index * 2],
      risk: values[index * 2 + 1],
    }));
  const temperamentsOf = (counts: number[]) =>
    [
      ['Sanguíneo', '#f9a825'],
      ['Colérico', '#c62828'],
      ['Melancólico', '#1565c0'],
      ['Fleumático', '#2e7d32'],
    ].map(([label, color], index) => ({ label, count: counts[index], color }));
  const diegoUser = () => ({
    name: 'Diego Alves Santos',
    user_id: diego.id,
    evaluations: {
      3: alphaOf([0, 0, 0, 0, 0, 0, 50, 0, 0, 100]),
      4: ['Amor', 'Amor ao Aprendizado', 'Apreciação da Beleza', 'Autocontrole', 'Bravura'],
      5: temperamentsOf([1, 4, 10, 16]),
      6: [0, 20, 40, 0, 40],
      9: [1, 4, 2, 5],
    },
  });

  it("consolidates each person's latest tests and gives each person's results", async () => {
    const response = await post('/api/tableresponse/scanner/consolidated', { user_ids: [diego.id, fernanda.id] });
    expect(response.json()).toEqual({
      consolidated: {
        // Means of Diego's latest Alpha (not the older one, all 100) and Fernanda's.
        alpha: alphaOf([50, 12.5, 0, 25, 37.5, 12.5, 25, 0, 0, 50]),
        via: [
          { strength: 'Amor ao Aprendizado', quantity: 2 },
          { strength: 'Amor', quantity: 1 },
          { strength: 'Apreciação da Beleza', quantity: 1 },
          { strength: 'Autocontrole', quantity: 1 },
          { strength: 'Bravura', quantity: 1 },
          { strength: 'Criatividade', quantity: 1 },
          { strength: 'Critério', quantity: 1 },
          { strength: 'Curiosidade', quantity: 1 },
          { strength: 'Gratidão', quantity: 1 },
        ],
        temperamentos: temperamentsOf([10, 16.5, 7.5, 8]),
        motivacional: [50, 10, 20, 0, 20],
        objecoes: [3, 2.5, 3.5, 3],
      },
      scannerUsers: [
        diegoUser(),
        {
          name: 'Fernanda Oliveira Costa',
          user_id: fernanda.id,
          evaluations: {
            3: alphaOf([100, 25, 0, 50, 75, 25, 0, 0, 0, 0]),
            4: ['Criatividade', 'Curiosidade', 'Critério', 'Amor ao Aprendizado', 'Gratidão'],
            5: temperamentsOf([19, 29, 5, 0]),
            6: [100, 0, 0, 0, 0],
            9: [5, 1, 5, 1],
          },
        },
      ],
    });
  });

  it("leaves another company's people out for a company user", async () => {
    const mine = (await post('/api/tableresponse/scanner/consolidated', { user_ids: [diego.id, other.employeeId] }, companyToken)).json();
    expect(mine.scannerUsers).toEqual([diegoUser()]);
    expect(mine.consolidated.alpha).toEqual(alphaOf([0, 0, 0, 0, 0, 0, 50, 0, 0, 100]));
    expect(mine.consolidated.objecoes).toEqual([1, 4, 2, 5]);
    const pedro = (await post('/api/tableresponse/scanner/consolidated', { user_ids: [other.employeeId] })).json();
    expect(pedro.scannerUsers).toEqual([{ name: 'Pedro Outra', user_id: other.employeeId, evaluations: { 3: alphaOf(Array(10).fill(100)), 4: null, 5: null, 6: null, 9: null } }]);
    refused(await post('/api/tableresponse/scanner/consolidated', {}), 400);
    refused(await post('/api/tableresponse/scanner/consolidated', { user_ids: ['x'] }), 400);
    refused(await post('/api/tableresponse/scanner/consolidated', { user_ids: Array.from({ length: 1001 }, (_, index) => index + 1) }), 400);
  });

  it('lists the scanner respondents with every evaluation, done or pending', async () => {
    const body = (await post('/api/evaluation/scanner/respondents', { sector_ids: [operations] }, companyToken)).json() as {
      user_id: number;
      name: string;
      all_done: boolean;
      evaluations: { name: string; type_evaluation: number; created_at: string; expire_at: string | null; done: boolean; response_at: string | null }[];
    }[];
    expect(body.map(({ user_id, name, all_done, evaluations: list }) => ({ user_id, name, all_done, types: list.map((one) => one.type_evaluation) }))).toEqual([
      { user_id: diego.id, name: 'Diego Alves Santos', all_done: true, types: [3, 3, 4, 5, 6, 9] },
      { user_id: fernanda.id, name: 'Fernanda Oliveira Costa', all_done: true, types: [3, 4, 5, 6, 9] },
      { user_id: gabriel.id, name: 'Gabriel Pereira Rocha', all_done: false, types: [3] },
    ]);
    expect(body[0]!.evaluations[0]).toMatchObject({ name: 'Teste Alpha', created_at: OLD.toISOString(), expire_at: null, done: true });
    expect(typeof body[0]!.evaluations[0]!.response_at).toBe('string');
    expect(body[2]!.evaluations).toEqual([{ name: 'Teste Alpha', type_evaluation: 3, created_at: gabrielPendingCreated, expire_at: null, done: false, response_at: null }]);
    // Ana's scanner links of the seed are all pending.
    const administrative = (await post('/api/evaluation/scanner/respondents', { sector_ids: [administration] })).json() as typeof body;
    expect(administrative.map((row) => [row.name, row.all_done, row.evaluations.map((one) => [one.type_evaluation, one.done, one.response_at])])).toEqual([
      ['Ana Paula Souza', false, [[3, false, null], [4, false, null], [5, false, null], [6, false, null], [9, false, null]]],
    ]);
    // Lists combine: any sector of the list and any company of the list.
    expect((await post('/api/evaluation/scanner/respondents', { sector_ids: [operations], company_ids: [other.companyId] })).json()).toEqual([]);
    expect((await post('/api/evaluation/scanner/respondents', { sector_ids: [operations, administration], company_ids: [demo.companyId] })).json()).toHaveLength(4);
  });

  it("keeps a company user to its company and refuses malformed filters", async () => {
    const foreign = (await post('/api/evaluation/scanner/respondents', { company_ids: [other.companyId] })).json() as { name: string; all_done: boolean }[];
    expect(foreign.map((row) => [row.name, row.all_done])).toEqual([['Pedro Outra', true]]);
    expect((await post('/api/evaluation/scanner/respondents', { company_ids: [other.companyId] }, companyToken)).json()).toEqual([]);
    expect((await post('/api/evaluation/scanner/respondents', { sector_ids: [other.sectorId] }, companyToken)).json()).toEqual([]);
    refused(await post('/api/evaluation/scanner/respondents', {}), 400, 'Informe ao menos um setor, curso ou empresa.');
    refused(await post('/api/evaluation/scanner/respondents', { sector_ids: ['x'] }), 400);
    refused(await post('/api/evaluation/scanner/respondents', { course_ids: Array.from({ length: 101 }, (_, index) => index + 1) }), 400);
  });

  it("gives a person's scanner evaluations (GET /evaluation/find/scanner/{userId})", async () => {
    expect((await get(`/api/evaluation/find/scanner/${gabriel.id}`, companyToken)).json()).toEqual([
      { name: 'Teste Alpha', type_evaluation: 3, created_at: gabrielPendingCreated, expire_at: null, done: false, response_at: null },
    ]);
    const diegos = (await get(`/api/evaluation/find/scanner/${diego.id}`)).json() as { type_evaluation: number; done: boolean }[];
    expect(diegos.map((one) => [one.type_evaluation, one.done])).toEqual([[3, true], [3, true], [4, true], [5, true], [6, true], [9, true]]);
    expect((await get(`/api/evaluation/find/scanner/${bruno.id}`)).json()).toEqual([]);
    refused(await get(`/api/evaluation/find/scanner/${other.employeeId}`, companyToken), 404, `Usuário ${other.employeeId} não encontrado.`);
    refused(await get('/api/evaluation/find/scanner/abc'), 400);
  });
});

describe('respondents of a view (GET /tableresponse/answeredReport/{dashboardId})', () => {
  it('lists the people of the view under its filters and whether they answered everything', async () => {
    expect((await get(`/api/tableresponse/answeredReport/8?sector_id=${operations}`, companyToken)).json()).toEqual([
      { user_id: diego.id, name: 'Diego Alves Santos', done: true },
      { user_id: fernanda.id, name: 'Fernanda Oliveira Costa', done: true },
    ]);
    expect((await get(`/api/tableresponse/answeredReport/-1?sector_id=${operations}`)).json()).toEqual([
      { user_id: diego.id, name: 'Diego Alves Santos', done: true },
      { user_id: fernanda.id, name: 'Fernanda Oliveira Costa', done: true },
      { user_id: gabriel.id, name: 'Gabriel Pereira Rocha', done: false },
    ]);
    expect((await get(`/api/tableresponse/answeredReport/-1?sector_id=${administration}`)).json()).toEqual([{ user_id: ana.id, name: 'Ana Paula Souza', done: false }]);
    // A company user asking for another company is refused, as if it did not exist (as in the data call).
    refused(await get(`/api/tableresponse/answeredReport/-2?company_id=${other.companyId}`, companyToken), 404, `Empresa ${other.companyId} não encontrada.`);
    expect((await get('/api/tableresponse/answeredReport/-2', companyToken)).json()).toEqual([
      { user_id: diego.id, name: 'Diego Alves Santos', done: true },
      { user_id: fernanda.id, name: 'Fernanda Oliveira Costa', done: true },
    ]);
  });

  it('refuses views without a list of people, unknown views, foreign sectors and bad input', async () => {
    refused(await get('/api/tableresponse/answeredReport/3'), 404, 'O painel 3 não tem lista de respondentes.');
    refused(await get('/api/tableresponse/answeredReport/99'), 404, 'Painel 99 não encontrado.');
    refused(await get(`/api/tableresponse/answeredReport/8?sector_id=${other.sectorId}`, companyToken), 404, `Setor ${other.sectorId} não encontrado.`);
    refused(await get('/api/tableresponse/answeredReport/abc'), 400);
    refused(await get('/api/tableresponse/answeredReport/8?sector_id=abc'), 400);
  });
});

describe('the user of the scanner report dialog', () => {
  it('gives the name (GET /users/full/{userId}) and the name and company (GET /users/{id})', async () => {
    expect((await get(`/api/users/full/${diego.id}`, companyToken)).json()).toEqual([{ id: diego.id, name: 'Diego Alves Santos' }]);
    expect((await get(`/api/users/${diego.id}`, companyToken)).json()).toEqual({ id: diego.id, name: 'Diego Alves Santos', company_name: 'Empresa Demonstração' });
    expect((await get(`/api/users/${other.employeeId}`)).json()).toEqual({ id: other.employeeId, name: 'Pedro Outra', company_name: 'Outra Empresa' });
    refused(await get(`/api/users/${other.employeeId}`, companyToken), 404, `Usuário ${other.employeeId} não encontrado.`);
    refused(await get(`/api/users/full/${other.employeeId}`, companyToken), 404, `Usuário ${other.employeeId} não encontrado.`);
    refused(await get('/api/users/abc'), 400);
    // The static routes of the same prefix keep answering.
    expect((await get('/api/users/all')).statusCode).toBe(200);
  });
});
