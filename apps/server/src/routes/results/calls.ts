import * as wire from './contract.ts';
import type { CallDeclaration, Rows, Shape } from './language.ts';
import { list, number, text } from './shapes.ts';
import { STAFF_FORM_CALLS } from './staffFormCalls.ts';

/*
 * The result calls of the specification (results, section 7) that the dashboard calls do not cover,
 * each declared over a dashboard's datasets in the language of `language.ts`: its route and schemas,
 * the dashboard, the request values that become filters or id lists, and how the datasets' rows
 * become the answer the specification shows. `answer.ts` runs them all.
 */

/** A number per row, in the order of the source dataset's scores. */
const scoreValues = (rows: Rows, orNull?: boolean): Shape => list({ ...rows, then: [...(rows.then ?? []), { op: 'scoreOrder', field: 'score' }] }, number('value'), orNull);
/** A person's two places of a ranking ('Empate: …' for a shared place, '' without one). */
const places = (ranking: string): Shape => ({ cells: [`${ranking}.1`, `${ranking}.2`], read: 'text' });
/** Rows of the current row's person. */
const ofPerson = (dataset: string, then: Rows['then'] = []): Rows => ({ dataset, match: { person: 'person' }, then });
/** The force and risk of each style, from rows split into `style` and `measure`, in score order. */
const alphaPairs = (rows: Rows, orNull?: boolean): Shape =>
  list(
    { ...rows, then: [...(rows.then ?? []), { op: 'scoreOrder', field: 'score' }, { op: 'pivot', key: ['style', 'styleLabel'], column: 'measure', value: 'value' }] },
    { object: { style: text('style'), label: { cell: 'styleLabel', or: 'style', read: 'text' }, force: { cell: 'forca', read: 'nullableNumber' }, risk: { cell: 'risco', read: 'nullableNumber' } } },
    orNull,
  );
/** Each temperament's label, number and colour, in score order. */
const temperaments = (rows: Rows, orNull?: boolean): Shape =>
  list({ ...rows, then: [...(rows.then ?? []), { op: 'scoreOrder', field: 'score' }] }, { object: { label: text('label'), count: number('value'), color: { cell: 'color', read: 'nullableText' } } }, orNull);
/** One evaluation of a `people` row. */
const evaluation: Shape = {
  object: {
    name: text('typeName'),
    type_evaluation: number('type'),
    created_at: text('createdAt'),
    expire_at: { cell: 'expireAt', read: 'nullableText' },
    done: { cell: 'done', read: 'flag' },
    response_at: { cell: 'respondedAt', read: 'nullableText' },
  },
};
const allDone: Shape = { every: {}, where: { field: 'done', in: [true] } };

/** The notes per theme of one side ("team.{question}" or "personal.{question}"), in question order. */
const themeNotes = (side: string): Shape =>
  list(
    {
      dataset: 'themes',
      steps: [
        { op: 'split', field: 'score', separator: '.', into: ['side'] },
        { op: 'filter', where: [{ field: 'side', in: [side] }] },
        { op: 'sort', by: [{ field: 'question' }] },
      ],
    },
    number('value'),
  );
/** One of the team performance's sums (0 without answers). */
const total = (score: string): Shape => ({ first: { dataset: 'totals', steps: [{ op: 'filter', where: [{ field: 'score', in: [score] }] }] }, each: number('value') });

/** A 360 count: the evaluations answered about a person in a round. */
const count360 = (url: string, summary: string): CallDeclaration => ({
  method: 'GET',
  url,
  summary,
  params: wire.countParams,
  response: wire.countSchema,
  errors: [400, 401, 403, 404],
  dashboard: 2,
  filters: { evaluated_id: { param: 'id' }, version: { param: 'version' } },
  answer: { object: { count: { count: { dataset: 'answered' } } } },
});

/**
 * An area map: each page of the questionnaire with its Likert questions (counts and percentages per
 * level, summed over roles; the follow-up texts under them; whether the gap chart kept fewer levels)
 * and its free-text questions that follow no Likert question; the evaluators. Nothing without respondents.
 */
function areaMap(url: string, dashboard: number, summary: string, texts: string[]): CallDeclaration {
  const question = { question: 'question' };
  const levels = (field: string): Shape =>
    list({ dataset: 'likert', match: question, then: [{ op: 'total', field, as: field, groupBy: ['optionOrder'] }, { op: 'sort', by: [{ field: 'optionOrder' }] }] }, number(field));
  const gaps: Shape = { count: { dataset: 'gaps', match: question } };
  return {
    method: 'GET',
    url,
    summary,
    params: wire.sectorParams,
    response: wire.areaSchema,
    errors: [400, 401, 403, 404],
    dashboard,
    filters: { sector_id: { param: 'sectorId' } },
    answer: {
      object: {
        pages: list(
          { questions: 'likert', whenAny: 'respondents', groupBy: ['page'] },
          {
            object: {
              title: text('pageTitle'),
              // The Likert questions, and the free-text ones following none (a follow-up's texts go under its question).
              questions: list(
                {
                  steps: [
                    { op: 'listed', field: 'question', in: ['likert'], as: 'scored' },
                    { op: 'listed', field: 'question', in: texts, as: 'written' },
                    { op: 'listed', field: 'parent', in: ['likert'], as: 'parentScored' },
                    { op: 'anyOf', where: [[{ field: 'scored', in: [true] }], [{ field: 'written', in: [true] }, { field: 'parentScored', in: [false] }]] },
                  ],
                },
                {
                  object: {
                    id: text('question'),
                    text: text('text'),
                    normalized: levels('percent'),
                    likert: levels('count'),
                    responses: list(
                      { dataset: texts, steps: [{ op: 'lookup', source: { questions: 'likert' }, on: 'question', take: ['parent'] }], match: [question, { parent: 'question' }] },
                      text('text'),
                    ),
                    // The gap chart keeps fewer levels of a question once its disagreement reaches the threshold.
                    isConsolidated: { all: [{ compare: 'gt', of: [gaps, { const: 0 }] }, { compare: 'lt', of: [gaps, { count: { dataset: 'likert', match: question } }] }] },
                  },
                },
              ),
            },
          },
        ),
        evaluators: list({ dataset: 'respondents', groupBy: ['person'] }, { object: { name: text('name') } }),
      },
    },
  };
}

/** A consolidated call over the evaluations a body lists. */
const consolidated = (url: string, dashboard: number, summary: string, response: CallDeclaration['response'], answer: Shape): CallDeclaration => ({
  method: 'POST',
  url,
  summary,
  body: wire.evaluationsBody,
  response,
  errors: [400, 401, 403],
  dashboard,
  only: { evaluations: { input: { body: 'evaluations' }, as: 'evaluationIds' } },
  answer,
});

/** Every declared call, in the order the OpenAPI document lists them. */
export const CALLS: CallDeclaration[] = [
  {
    method: 'GET',
    url: '/tableresponse/respondents/:companyId/2',
    summary: 'Avaliados com avaliação 360 respondida de uma empresa (o filtro Avaliado do painel 2)',
    params: wire.companyParams,
    response: wire.idNameListSchema,
    errors: [400, 401, 403, 404],
    dashboard: 2,
    visible: { company: { param: 'companyId' } },
    filters: { company_id: { param: 'companyId' } },
    answer: list({ choices: 'evaluated' }, { object: { id: number('value'), name: text('label') } }),
  },
  // Version 1 of this path is the 360 interview's count (GET …/1/1, static, preferred by the router).
  count360(
    '/tableresponse/count/all/true/:id/1/:version',
    'Número de avaliações 360 respondidas de um avaliado numa versão (a versão 1 deste caminho é a da entrevista 360: use /tableresponse/count/360)',
  ),
  count360('/tableresponse/count/360/:id/:version', 'Número de avaliações 360 respondidas (autoavaliação incluída) de um avaliado numa versão'),
  {
    method: 'GET',
    url: '/tableresponse/360/:userId/:question/:version',
    summary: 'Respostas de uma pergunta (1 a 14) da avaliação 360 de um avaliado numa versão: contagem por opção (1 a 10) ou textos (11 a 14)',
    params: wire.questionParams,
    response: wire.answers360Schema,
    errors: [400, 401, 403, 404],
    dashboard: 2,
    filters: { evaluated_id: { param: 'userId' }, version: { param: 'version' } },
    answer: {
      listing: { param: 'question' },
      cases: {
        // One row per option and role (the self-evaluation may come from two types: 1, and 2 about oneself).
        statements: list(
          {
            dataset: 'statements',
            steps: [
              { op: 'equalsInput', field: 'question', input: { param: 'question' } },
              { op: 'total', field: 'count', as: 'count', groupBy: ['option', 'self'], keep: ['optionOrder'] },
              { op: 'filter', where: [{ field: 'count', gte: 1 }] },
              { op: 'sort', by: [{ field: 'optionOrder' }, { field: 'self' }] },
            ],
          },
          { object: { response: text('option'), qtt_response: number('count'), selected_auto: { cell: 'self', read: 'flag' } } },
        ),
        open: list(
          { dataset: 'open', steps: [{ op: 'equalsInput', field: 'question', input: { param: 'question' } }, { op: 'sort', by: [{ field: 'self' }] }] },
          { object: { response: text('text'), qtt_response: { const: 1 }, selected_auto: { cell: 'self', read: 'flag' } } },
        ),
      },
      otherwise: { const: [] },
    },
    emptyIs: 'resultDataNotFound',
  },
  {
    method: 'GET',
    url: '/tableresponse/desempenho_equipe/:userId',
    summary: 'Desempenho líder vs equipe da última avaliação respondida por um colaborador: notas por tema (0 a 10) e somas',
    params: wire.userParams,
    response: wire.teamPerformanceSchema,
    errors: [400, 401, 403, 404],
    dashboard: 7,
    filters: { colleague_id: { param: 'userId' } },
    // The scores "team.{question}" and "personal.{question}", in question order, and the two sums.
    answer: { object: { team: themeNotes('team'), personal: themeNotes('personal'), teamSum: total('teamSum'), personalSum: total('personalSum') } },
  },
  areaMap('/tableresponse/operacionalArea/:sectorId', 8, 'Mapa operacional da área de um setor avaliado: páginas, perguntas (Likert e textos) e avaliadores', [
    'justifications',
    'suggestions',
    'considerations',
  ]),
  areaMap('/tableresponse/taticoArea/:sectorId', 10, 'Mapa tático da área de um setor avaliado: páginas, perguntas (Likert e textos) e avaliadores', ['justifications', 'considerations']),
  consolidated(
    '/tableresponse/cloud',
    4,
    'Nuvem de palavras das forças de assinatura (top 5 de cada pessoa) das avaliações VIA indicadas',
    wire.cloudSchema,
    { object: { words: list({ dataset: 'top5' }, { object: { word: text('optionLabel'), quantity: number('people') } }) } },
  ),
  consolidated(
    '/tableresponse/alpha/consolidated',
    3,
    "Consolidado Alpha das avaliações indicadas: por pessoa, se é alpha e os subtipos primário e secundário ('Empate: …' num lugar dividido, vazio sem lugar)",
    wire.alphaConsolidatedSchema,
    list({ dataset: 'peopleFlags' }, { object: { name: text('name'), alpha: { cell: 'isAlpha', read: 'flag' }, answers: places('primary') } }),
  ),
  consolidated(
    '/tableresponse/comunicacao/consolidated',
    9,
    "Consolidado de Tratamento de Objeções: pessoas por estilo principal (Divergente, Conflitante, Convergente, Concorrente, e por último as empatadas no primeiro lugar; quem não respondeu não conta) e os dois estilos de cada pessoa ('Empate: …' num lugar dividido, vazio sem lugar)",
    wire.communicationSchema,
    { object: { consolidated: list({ dataset: 'first' }, number('count')), users: list({ dataset: 'people' }, { object: { name: text('name'), communication: places('communication') } }) } },
  ),
  consolidated(
    '/tableresponse/motivacional/consolidated',
    6,
    "Consolidado Motivacional: média de cada tipo (intrínseca, integrada, identificada, introjetada, externa, em %) e os dois tipos de cada pessoa ('Empate: …' num lugar dividido, vazio sem lugar)",
    wire.motivationSchema,
    { object: { chart: scoreValues({ dataset: 'group' }), consolidated: list({ dataset: 'people' }, { object: { name: text('name'), types: places('types') } }) } },
  ),
  consolidated(
    '/tableresponse/temperamentos/consolidated',
    5,
    "Consolidado de Temperamentos: os temperamentos primário e secundário de cada pessoa ('Empate: …' num lugar dividido, vazio sem lugar)",
    wire.temperamentsConsolidatedSchema,
    list({ dataset: 'people' }, { object: { name: text('name'), first: text('primary.1'), second: text('primary.2'), primary: text('primary.1'), secondary: text('primary.2') } }),
  ),
  {
    method: 'POST',
    url: '/tableresponse/scanner/consolidated',
    summary: 'Scanner consolidado das pessoas indicadas (a última avaliação respondida de cada teste de cada pessoa)',
    body: wire.scannerBody,
    response: wire.scannerSchema,
    errors: [400, 401, 403],
    // Each test's datasets read each person's latest done evaluation (`latest`): a repeated scanner counts once.
    dashboard: -2,
    only: { people: { input: { body: 'user_ids' }, as: 'ids' } },
    answer: {
      object: {
        consolidated: {
          object: {
            alpha: alphaPairs({ dataset: 'groupAlpha' }),
            via: list({ dataset: 'groupVia' }, { object: { strength: text('optionLabel'), quantity: number('people') } }),
            temperamentos: temperaments({ dataset: 'groupTemperaments' }),
            motivacional: scoreValues({ dataset: 'groupMotivational' }),
            objecoes: scoreValues({ dataset: 'groupObjections' }),
          },
        },
        // Each person's results, under the scanner's indices of the tests (results.md 3).
        scannerUsers: list(
          { dataset: 'people', groupBy: ['person'] },
          {
            object: {
              name: text('name'),
              user_id: number('person'),
              evaluations: {
                object: {
                  3: alphaPairs(ofPerson('alpha'), true),
                  4: list(ofPerson('via', [{ op: 'sort', by: [{ field: 'position' }] }]), text('value'), true),
                  5: temperaments(ofPerson('temperaments'), true),
                  6: scoreValues(ofPerson('motivational'), true),
                  9: scoreValues(ofPerson('objections'), true),
                },
              },
            },
          },
        ),
      },
    },
  },
  {
    method: 'POST',
    url: '/evaluation/scanner/respondents',
    summary: 'Respondentes do scanner com cada avaliação (respondida ou pendente). Listas dadas se combinam: setores (qualquer um) e cursos (qualquer um) e empresas (qualquer uma)',
    body: wire.scannerFiltersBody,
    response: wire.scannerRespondentsSchema,
    errors: [400, 401, 403],
    dashboard: -1,
    anyOf: { lists: { sector_id: { body: 'sector_ids' }, course_id: { body: 'course_ids' }, company_id: { body: 'company_ids' } }, key: 'evaluation', required: 'scannerFiltersRequired' },
    answer: list(
      { dataset: 'people', steps: [{ op: 'sort', by: [{ field: 'name' }, { field: 'person' }, { field: 'type' }, { field: 'createdAt' }] }], groupBy: ['person'] },
      { object: { user_id: number('person'), name: text('name'), all_done: allDone, evaluations: list({}, evaluation) } },
    ),
  },
  {
    method: 'GET',
    url: '/evaluation/find/scanner/:userId',
    summary: 'Avaliações do scanner (Alpha, VIA, Temperamentos, Motivacional, Objeções) de uma pessoa, respondidas ou pendentes',
    params: wire.userParams,
    response: wire.scannerEvaluationsSchema,
    errors: [400, 401, 403, 404],
    dashboard: -1,
    visible: { user: { param: 'userId' } },
    only: { people: { input: { param: 'userId' }, as: 'ids' } },
    answer: list({ dataset: 'people' }, evaluation),
  },
  {
    method: 'GET',
    url: '/tableresponse/answeredReport/:dashboardId',
    summary: 'Respondentes de um painel com lista de respondentes (-2, -1, 8, 10) sob os filtros: nome e se respondeu tudo',
    params: wire.dashboardParams,
    querystring: wire.viewFiltersQuery,
    response: wire.viewRespondentsSchema,
    errors: [400, 401, 403, 404],
    dashboard: { param: 'dashboardId' },
    filters: { company_id: { query: 'company_id' }, course_id: { query: 'course_id' }, sector_id: { query: 'sector_id' } },
    // The view's own list of people (never an internal one).
    answer: list({ dataset: { query: 'people', missing: 'noRespondentList' }, groupBy: ['person'] }, { object: { user_id: number('person'), name: text('name'), done: allDone } }),
  },
  ...STAFF_FORM_CALLS,
];
