import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import type { Cell, DashboardDefinition, DashboardFilters, Row } from '../../../../engine/definition/dashboard.ts';
import { allQuestions } from '../../../../engine/definition/questions.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleCompany, visibleUsers } from '../access.ts';
import { HttpError } from '../errors.ts';
import { findCompany } from '../repositories/companies.ts';
import { checkFilters, computeDatasets, filterChoices } from '../results/dashboards.ts';
import { filterConditions } from '../results/datasets.ts';
import { bearer, errorResponses, idSchema, isUuid, idNameListSchema } from '../schemas/common.ts';
import type { Account } from '../types.ts';

/*
 * The result calls of the specification (results, section 7) as thin adapters over the dashboards'
 * engine: each picks datasets of a dashboard definition by name, computes them with
 * `computeDatasets` under the account's checked filters (a company user is kept to its company by
 * `checkFilters`) plus evaluation or person ids, and only reshapes the finished rows into the answer
 * the specification shows. No score, mean or percentage is computed here.
 */

/** The datasets each call reads, by dashboard: checked when the routes are registered. */
const USED: Record<number, string[]> = {
  [-2]: ['people', 'groupAlpha', 'groupVia', 'groupTemperaments', 'groupMotivational', 'groupObjections', 'alpha', 'via', 'temperaments', 'motivational', 'objections'],
  [-1]: ['people'],
  2: ['statements', 'open', 'answered'],
  3: ['peopleFlags'],
  4: ['top5'],
  5: ['people'],
  6: ['people', 'group'],
  7: ['themes', 'totals'],
  8: ['likert', 'gaps', 'respondents', 'justifications', 'suggestions', 'considerations'],
  9: ['people', 'first'],
  10: ['likert', 'gaps', 'respondents', 'justifications', 'considerations'],
};

/** The free-text datasets of the area maps (their answers go under the questions of each page). */
const AREA_TEXTS: Record<8 | 10, string[]> = { 8: ['justifications', 'suggestions', 'considerations'], 10: ['justifications', 'considerations'] };

/** The evaluation types of the scanner (dashboard -2's per-person datasets), by the answer's keys. */
const SCANNER_DATASETS = { 3: 'alpha', 4: 'via', 5: 'temperaments', 6: 'motivational', 9: 'objections' } as const;

const MAX_IDS = 1000;
const MAX_FILTER_IDS = 100;
/** Evaluation ids passed to one computation of the scanner respondents (each is one SQL parameter). */
const RESPONDENTS_CHUNK = 5000;

const text = (value: Cell | undefined): string => (value === null || value === undefined ? '' : String(value));
const number = (value: Cell | undefined): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const nullableText = (value: Cell | undefined): string | null => (value === null || value === undefined ? null : String(value));

const stringArray = { type: 'array', items: { type: 'string' } } as const;
const numberArray = { type: 'array', items: { type: 'number' } } as const;
const nameList = { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } as const;
const versionSchema = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

const evaluationsBody = {
  type: 'object',
  required: ['evaluations'],
  properties: { evaluations: { type: 'array', maxItems: MAX_IDS, items: { type: 'string', maxLength: 64 } } },
} as const;

const evaluationSchema = {
  type: 'object',
  required: ['name', 'type_evaluation', 'created_at', 'expire_at', 'done', 'response_at'],
  properties: {
    name: { type: 'string', description: 'Nome do tipo de avaliação' },
    type_evaluation: { type: 'integer' },
    created_at: { type: 'string' },
    expire_at: { type: ['string', 'null'] },
    done: { type: 'boolean' },
    response_at: { type: ['string', 'null'], description: 'Data da resposta (null se pendente)' },
  },
} as const;

const alphaPairSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['style', 'label', 'force', 'risk'],
    properties: { style: { type: 'string' }, label: { type: 'string' }, force: { type: ['number', 'null'] }, risk: { type: ['number', 'null'] } },
  },
} as const;
const temperamentSchema = {
  type: 'array',
  items: { type: 'object', required: ['label', 'count', 'color'], properties: { label: { type: 'string' }, count: { type: 'number' }, color: { type: ['string', 'null'] } } },
} as const;

const likertQuestionSchema = {
  type: 'object',
  required: ['id', 'text', 'normalized', 'likert', 'responses', 'isConsolidated'],
  properties: {
    id: { type: 'string' },
    text: { type: 'string' },
    normalized: { ...numberArray, description: 'Percentual de cada nível (0 Discordo totalmente … 4 Concordo Totalmente); vazio numa pergunta aberta' },
    likert: { ...numberArray, description: 'Respostas em cada nível, na mesma ordem; vazio numa pergunta aberta' },
    responses: { ...stringArray, description: 'Textos livres respondidos sob a pergunta (justificativas) ou na pergunta aberta' },
    isConsolidated: { type: 'boolean', description: 'A pergunta entra no consolidado de lacunas (discordância de 50% ou mais)' },
  },
} as const;
const areaSchema = {
  type: 'object',
  required: ['pages', 'evaluators'],
  properties: {
    pages: { type: 'array', items: { type: 'object', required: ['title', 'questions'], properties: { title: { type: 'string' }, questions: { type: 'array', items: likertQuestionSchema } } } },
    evaluators: nameList,
  },
} as const;

const filtersQuery = {
  type: 'object',
  properties: { company_id: idSchema, course_id: idSchema, sector_id: idSchema },
} as const;

/** Groups rows by a field, in first-seen order. */
function groupBy(rows: Row[], field: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = text(row[field]);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Force and risk per style from rows split into `style`/`measure` (the Alpha datasets). */
function alphaPairs(rows: Row[]) {
  return [...groupBy(rows, 'style')].map(([style, group]) => ({
    style,
    label: text(group[0]!.styleLabel ?? style),
    force: group.find((row) => row.measure === 'forca')?.value ?? null,
    risk: group.find((row) => row.measure === 'risco')?.value ?? null,
  }));
}

/** One evaluation of a `people` dataset row as the scanner calls show it. */
function evaluationOf(row: Row) {
  return {
    name: text(row.typeName),
    type_evaluation: number(row.type),
    created_at: text(row.createdAt),
    expire_at: nullableText(row.expireAt),
    done: row.done === true,
    response_at: nullableText(row.respondedAt),
  };
}

/** Registers the result calls of the specification's section 7 that the generic dashboard calls do not cover. */
export async function resultCallRoutes(app: FastifyInstance) {
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  // A definition without a dataset a call reads is a deployment error: refuse to start.
  for (const [id, names] of Object.entries(USED)) {
    const dashboard = app.definitions.dashboards.get(Number(id));
    const missing = dashboard ? names.filter((name) => !dashboard.datasets[name]) : names;
    if (missing.length > 0) throw new Error(`dashboard ${id} lacks the datasets ${missing.join(', ')} that the result calls read`);
  }

  const view = (id: number): DashboardDefinition => app.definitions.dashboards.get(id)!;

  /** The rows of one computed dataset. */
  const rowsOf = (computed: Map<string, Row[]>, name: string): Row[] => computed.get(name) ?? [];

  /** Computes datasets of a view under filters already checked; a paged dataset is read whole. */
  async function computeAll(dashboard: DashboardDefinition, filters: DashboardFilters, names: string[]): Promise<Map<string, Row[]>> {
    const totals = new Map<string, number>();
    const computed = await computeDatasets(app.db, app.definitions, dashboard, filters, names, totals);
    for (const name of names) {
      const total = totals.get(name);
      const rows = computed.get(name);
      for (let page = 1; total !== undefined && rows !== undefined && rows.length < total; page += 1) {
        const more = rowsOf(await computeDatasets(app.db, app.definitions, dashboard, { ...filters, pages: { [name]: page } }, [name]), name);
        if (more.length === 0) break;
        rows.push(...more);
      }
    }
    return computed;
  }

  /** Checks the filters against the account (a company user's company forced) and computes datasets of dashboard `id`. */
  async function datasets(account: Account, id: number, raw: DashboardFilters, names: string[], extra: Pick<DashboardFilters, 'evaluation_ids' | 'person_ids'> = {}) {
    const dashboard = view(id);
    const filters = { ...(await checkFilters(app.db, account, dashboard, raw)), ...extra };
    return computeAll(dashboard, filters, names);
  }

  /** Evaluation ids of a body: unknown, malformed and (by the company filter) foreign ids are left out, as in `POST /tableresponse/evaluations`. */
  const evaluationIds = (ids: string[]) => [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];

  async function select<T>(query: SQL): Promise<T[]> {
    return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** The evaluation types the query datasets of a view read. */
  const typesOfView = (dashboard: DashboardDefinition, names: string[]) =>
    [...new Set(names.flatMap((name) => { const dataset = dashboard.datasets[name]!; return 'from' in dataset ? [] : dataset.types; }))];

  const typeList = (types: number[]) => sql.join(types.map((type) => sql`${type}`), sql`, `);

  // ------------------------------------------------------------------ 360 (dashboard 2)

  app.get<{ Params: { companyId: number } }>(
    '/tableresponse/respondents/:companyId/2',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Avaliados com avaliação 360 respondida de uma empresa (o filtro Avaliado do painel 2)',
        security: bearer,
        params: { type: 'object', required: ['companyId'], properties: { companyId: idSchema } },
        response: {
          200: idNameListSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const { companyId } = request.params;
      await visibleCompany(app.db, account, companyId);
      const dashboard = view(2);
      const filters = await checkFilters(app.db, account, dashboard, { company_id: companyId });
      const choices = await filterChoices(app.db, account, dashboard, 'evaluated', filters);
      return choices.map((choice) => ({ id: Number(choice.value), name: choice.label }));
    },
  );

  async function count360(account: Account, userId: number, version: number) {
    const computed = await datasets(account, 2, { evaluated_id: userId, version }, ['answered']);
    return { count: rowsOf(computed, 'answered').length };
  }

  const countSchema = (summary: string) => ({
    tags: ['results'],
    summary,
    security: bearer,
    params: { type: 'object', required: ['id', 'version'], properties: { id: idSchema, version: versionSchema } },
    response: { 200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } }, ...errorResponses(400, 401, 403, 404) },
  });

  // Version 1 of this path is the 360 interview's count (GET …/1/1, static, preferred by the router).
  app.get<{ Params: { id: number; version: number } }>(
    '/tableresponse/count/all/true/:id/1/:version',
    { preHandler: staff, schema: countSchema('Número de avaliações 360 respondidas de um avaliado numa versão (a versão 1 deste caminho é a da entrevista 360: use /tableresponse/count/360)') },
    async (request) => count360(request.account!, request.params.id, request.params.version),
  );

  app.get<{ Params: { id: number; version: number } }>(
    '/tableresponse/count/360/:id/:version',
    { preHandler: staff, schema: countSchema('Número de avaliações 360 respondidas (autoavaliação incluída) de um avaliado numa versão') },
    async (request) => count360(request.account!, request.params.id, request.params.version),
  );

  app.get<{ Params: { userId: number; question: number; version: number } }>(
    '/tableresponse/360/:userId/:question/:version',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Respostas de uma pergunta (1 a 14) da avaliação 360 de um avaliado numa versão: contagem por opção (1 a 10) ou textos (11 a 14)',
        security: bearer,
        params: {
          type: 'object',
          required: ['userId', 'question', 'version'],
          properties: { userId: idSchema, question: { type: 'integer', minimum: 1, maximum: 14 }, version: versionSchema },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['response', 'qtt_response', 'selected_auto'],
              properties: {
                response: { type: 'string', description: 'Valor da opção (1 a 10) ou o texto (11 a 14)' },
                qtt_response: { type: 'integer' },
                selected_auto: { type: 'boolean', description: 'true: autoavaliação' },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { userId, question, version } = request.params;
      const id = String(question);
      const dashboard = view(2);
      // The dataset listing the question: option counts (statements) or free texts (open).
      const name = ['statements', 'open'].find((candidate) => {
        const dataset = dashboard.datasets[candidate]!;
        return !('from' in dataset) && 'questions' in dataset && (dataset.questions ?? []).includes(id);
      });
      const computed = name ? await datasets(request.account!, 2, { evaluated_id: userId, version }, [name]) : new Map<string, Row[]>();
      const rows = rowsOf(computed, name ?? '').filter((row) => row.question === id);
      let answer: { response: string; qtt_response: number; selected_auto: boolean; order: number }[];
      if (name === 'statements') {
        // One row per option and role; the self-evaluation may come from two types (1, and 2 about oneself).
        const byOption = new Map<string, { response: string; qtt_response: number; selected_auto: boolean; order: number }>();
        for (const row of rows) {
          const key = `${text(row.option)}/${row.self === true}`;
          const entry = byOption.get(key) ?? { response: text(row.option), qtt_response: 0, selected_auto: row.self === true, order: number(row.optionOrder) };
          entry.qtt_response += number(row.count);
          byOption.set(key, entry);
        }
        answer = [...byOption.values()].filter((entry) => entry.qtt_response > 0).sort((a, b) => a.order - b.order || Number(a.selected_auto) - Number(b.selected_auto));
      } else {
        answer = rows.map((row, order) => ({ response: text(row.text), qtt_response: 1, selected_auto: row.self === true, order }));
        answer.sort((a, b) => Number(a.selected_auto) - Number(b.selected_auto) || a.order - b.order);
      }
      if (answer.length === 0) throw new HttpError(404, messages.api.resultDataNotFound);
      return answer.map(({ response, qtt_response, selected_auto }) => ({ response, qtt_response, selected_auto }));
    },
  );

  // ------------------------------------------------------------------ team performance (dashboard 7)

  app.get<{ Params: { userId: number } }>(
    '/tableresponse/desempenho_equipe/:userId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Desempenho líder vs equipe da última avaliação respondida por um colaborador: notas por tema (0 a 10) e somas',
        security: bearer,
        params: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
        response: {
          200: {
            type: 'object',
            required: ['team', 'personal', 'teamSum', 'personalSum'],
            properties: { team: numberArray, personal: numberArray, teamSum: { type: 'number' }, personalSum: { type: 'number' } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 7, { colleague_id: request.params.userId }, ['themes', 'totals']);
      const themes = rowsOf(computed, 'themes');
      // The scores "team.{question}" and "personal.{question}", in question order.
      const part = (score: string) =>
        themes
          .filter((row) => text(row.score).startsWith(`${score}.`))
          .sort((a, b) => number(a.question) - number(b.question))
          .map((row) => number(row.value));
      const total = (score: string) => number(rowsOf(computed, 'totals').find((row) => row.score === score)?.value);
      return { team: part('team'), personal: part('personal'), teamSum: total('teamSum'), personalSum: total('personalSum') };
    },
  );

  // ------------------------------------------------------------------ area maps (dashboards 8 and 10)

  async function areaMap(account: Account, dashboardId: 8 | 10, sectorId: number) {
    const texts = AREA_TEXTS[dashboardId];
    const computed = await datasets(account, dashboardId, { sector_id: sectorId }, ['likert', 'gaps', 'respondents', ...texts]);
    const respondents = rowsOf(computed, 'respondents');
    if (respondents.length === 0) return { pages: [], evaluators: [] };
    const likertDataset = view(dashboardId).datasets.likert!;
    const definition = 'from' in likertDataset ? undefined : app.definitions.questionnaires.get(likertDataset.types[0]!);
    const likert = groupBy(rowsOf(computed, 'likert'), 'question');
    const gaps = groupBy(rowsOf(computed, 'gaps'), 'question');
    const answers = groupBy(texts.flatMap((name) => rowsOf(computed, name)), 'question');
    const textQuestions = new Set(texts.flatMap((name) => { const dataset = view(dashboardId).datasets[name]!; return 'from' in dataset || !('questions' in dataset) ? [] : (dataset.questions ?? []); }));
    const located = definition ? allQuestions(definition) : [];
    const written = (id: string) => (answers.get(id) ?? []).map((row) => text(row.text));
    const pages = (definition?.pages ?? []).map((page, pageIndex) => ({
      title: page.title ?? '',
      questions: located
        .filter((entry) => entry.pageIndex === pageIndex)
        .flatMap(({ question }) => {
          const rows = likert.get(question.id);
          if (rows) {
            // Counts and percentages per level, summed over the roles the counts come split in.
            const levels = new Map<number, { count: number; percent: number }>();
            for (const row of rows) {
              const level = levels.get(number(row.optionOrder)) ?? { count: 0, percent: 0 };
              level.count += number(row.count);
              level.percent += number(row.percent);
              levels.set(number(row.optionOrder), level);
            }
            const order = [...levels.keys()].sort((a, b) => a - b);
            // A follow-up answered under this question ("O que justifica sua resposta?") goes with it.
            const followUps = located.filter((entry) => entry.question.when?.question === question.id && textQuestions.has(entry.question.id));
            return [{
              id: question.id,
              text: question.text,
              normalized: order.map((level) => levels.get(level)!.percent),
              likert: order.map((level) => levels.get(level)!.count),
              responses: followUps.flatMap((entry) => written(entry.question.id)),
              // The gap chart keeps fewer levels of a question once its disagreement reaches the threshold.
              isConsolidated: (gaps.get(question.id)?.length ?? rows.length) < rows.length,
            }];
          }
          const parent = question.when?.question;
          if (!textQuestions.has(question.id) || (parent !== undefined && likert.has(parent))) return [];
          return [{ id: question.id, text: question.text, normalized: [], likert: [], responses: written(question.id), isConsolidated: false }];
        }),
    }));
    const evaluators = [...groupBy(respondents, 'person').values()].map((group) => ({ name: text(group[0]!.name) }));
    return { pages, evaluators };
  }

  for (const [path, dashboardId, summary] of [
    ['/tableresponse/operacionalArea/:sectorId', 8, 'Mapa operacional da área de um setor avaliado: páginas, perguntas (Likert e textos) e avaliadores'],
    ['/tableresponse/taticoArea/:sectorId', 10, 'Mapa tático da área de um setor avaliado: páginas, perguntas (Likert e textos) e avaliadores'],
  ] as const) {
    app.get<{ Params: { sectorId: number } }>(
      path,
      {
        preHandler: staff,
        schema: {
          tags: ['results'],
          summary,
          security: bearer,
          params: { type: 'object', required: ['sectorId'], properties: { sectorId: { ...idSchema, description: 'O setor avaliado (ou dos respondentes)' } } },
          response: { 200: areaSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => areaMap(request.account!, dashboardId, request.params.sectorId),
    );
  }

  // ------------------------------------------------------------------ consolidated profiles (dashboards 3, 4, 5, 6, 9)

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/cloud',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Nuvem de palavras das forças de assinatura (top 5 de cada pessoa) das avaliações VIA indicadas',
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'object',
            required: ['words'],
            properties: { words: { type: 'array', items: { type: 'object', required: ['word', 'quantity'], properties: { word: { type: 'string' }, quantity: { type: 'integer' } } } } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 4, {}, ['top5'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return { words: rowsOf(computed, 'top5').map((row) => ({ word: text(row.optionLabel), quantity: number(row.people) })) };
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/alpha/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Consolidado Alpha das avaliações indicadas: por pessoa, se é alpha e os subtipos primário e secundário',
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['name', 'alpha', 'answers'], properties: { name: { type: 'string' }, alpha: { type: 'boolean' }, answers: stringArray } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 3, {}, ['peopleFlags'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return rowsOf(computed, 'peopleFlags').map((row) => ({ name: text(row.name), alpha: row.isAlpha === true, answers: [text(row['primary.1']), text(row['primary.2'])] }));
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/comunicacao/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Consolidado de Tratamento de Objeções: pessoas por estilo principal (Divergente, Conflitante, Convergente, Concorrente) e os dois estilos de cada pessoa',
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'object',
            required: ['consolidated', 'users'],
            properties: {
              consolidated: numberArray,
              users: { type: 'array', items: { type: 'object', required: ['name', 'communication'], properties: { name: { type: 'string' }, communication: stringArray } } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 9, {}, ['people', 'first'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return {
        consolidated: rowsOf(computed, 'first').map((row) => number(row.count)),
        users: rowsOf(computed, 'people').map((row) => ({ name: text(row.name), communication: [text(row['communication.1']), text(row['communication.2'])] })),
      };
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/motivacional/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Consolidado Motivacional: média de cada tipo (intrínseca, integrada, identificada, introjetada, externa, em %) e os dois tipos de cada pessoa',
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'object',
            required: ['chart', 'consolidated'],
            properties: {
              chart: numberArray,
              consolidated: { type: 'array', items: { type: 'object', required: ['name', 'types'], properties: { name: { type: 'string' }, types: stringArray } } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 6, {}, ['people', 'group'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return {
        chart: inScoreOrder(6, rowsOf(computed, 'group')).map((row) => number(row.value)),
        consolidated: rowsOf(computed, 'people').map((row) => ({ name: text(row.name), types: [text(row['types.1']), text(row['types.2'])] })),
      };
    },
  );

  app.post<{ Body: { evaluations: string[] } }>(
    '/tableresponse/temperamentos/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Consolidado de Temperamentos: os temperamentos primário e secundário de cada pessoa',
        security: bearer,
        body: evaluationsBody,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'first', 'second', 'primary', 'secondary'],
              properties: { name: { type: 'string' }, first: { type: 'string' }, second: { type: 'string' }, primary: { type: 'string' }, secondary: { type: 'string' } },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const computed = await datasets(request.account!, 5, {}, ['people'], { evaluation_ids: evaluationIds(request.body.evaluations) });
      return rowsOf(computed, 'people').map((row) => {
        const first = text(row['primary.1']);
        const second = text(row['primary.2']);
        return { name: text(row.name), first, second, primary: first, secondary: second };
      });
    },
  );

  /** Rows of scores (`score` = id) in the order the type's scoring declares them. */
  function inScoreOrder(type: number, rows: Row[]): Row[] {
    const order = new Map((app.definitions.questionnaires.get(type)?.scoring?.scores ?? []).map((score, index) => [score.id, index]));
    const at = (row: Row) => order.get(text(row.score)) ?? order.size;
    return [...rows].sort((a, b) => at(a) - at(b));
  }

  // ------------------------------------------------------------------ scanner (dashboards -2 and -1)

  app.post<{ Body: { user_ids: number[] } }>(
    '/tableresponse/scanner/consolidated',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Scanner consolidado das pessoas indicadas (a última avaliação respondida de cada teste de cada pessoa)',
        security: bearer,
        body: { type: 'object', required: ['user_ids'], properties: { user_ids: { type: 'array', maxItems: MAX_IDS, items: idSchema } } },
        response: {
          200: {
            type: 'object',
            required: ['consolidated', 'scannerUsers'],
            properties: {
              consolidated: {
                type: 'object',
                required: ['alpha', 'via', 'temperamentos', 'motivacional', 'objecoes'],
                properties: {
                  alpha: { ...alphaPairSchema, description: 'Média de força e risco de cada estilo' },
                  via: {
                    type: 'array',
                    description: 'Pessoas com cada força entre as cinco de assinatura',
                    items: { type: 'object', required: ['strength', 'quantity'], properties: { strength: { type: 'string' }, quantity: { type: 'integer' } } },
                  },
                  temperamentos: { ...temperamentSchema, description: 'Média de palavras de cada temperamento' },
                  motivacional: { ...numberArray, description: 'Média de cada tipo (%), na ordem intrínseca … externa' },
                  objecoes: { ...numberArray, description: 'Média de cada estilo, na ordem Divergente, Conflitante, Convergente, Concorrente' },
                },
              },
              scannerUsers: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['name', 'user_id', 'evaluations'],
                  properties: {
                    name: { type: 'string' },
                    user_id: { type: 'integer' },
                    evaluations: {
                      type: 'object',
                      required: ['3', '4', '5', '6', '9'],
                      properties: {
                        3: { anyOf: [alphaPairSchema, { type: 'null' }] },
                        4: { anyOf: [stringArray, { type: 'null' }] },
                        5: { anyOf: [temperamentSchema, { type: 'null' }] },
                        6: { anyOf: [numberArray, { type: 'null' }] },
                        9: { anyOf: [numberArray, { type: 'null' }] },
                      },
                    },
                  },
                },
              },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const dashboard = view(-2);
      const filters = await checkFilters(app.db, account, dashboard, {});
      const personIds = [...new Set(request.body.user_ids)];
      // Each person's latest done evaluation of each test: a repeated scanner counts once, with its newest answers.
      const types = typesOfView(dashboard, USED[-2]!);
      const latest = personIds.length === 0 ? [] : await select<{ id: string }>(
        sql`select distinct on (evaluations.user_id, evaluations.type_evaluation) evaluations.id from evaluations
          where evaluations.done = true and evaluations.type_evaluation in (${typeList(types)})
          ${sql.join(filterConditions({ company_id: filters.company_id, person_ids: personIds }).map((condition) => sql` and ${condition}`), sql``)}
          order by evaluations.user_id, evaluations.type_evaluation, evaluations.created_at desc, evaluations.id desc`,
      );
      const computed = await computeAll(dashboard, { ...filters, person_ids: personIds, evaluation_ids: latest.map((row) => String(row.id)) }, USED[-2]!);
      const numbers = (type: number, rows: Row[]) => inScoreOrder(type, rows).map((row) => number(row.value));
      const temperaments = (rows: Row[]) => inScoreOrder(5, rows).map((row) => ({ label: text(row.label), count: number(row.value), color: nullableText(row.color) }));
      const perPerson = Object.fromEntries(Object.values(SCANNER_DATASETS).map((name) => [name, groupBy(rowsOf(computed, name), 'person')])) as Record<string, Map<string, Row[]>>;
      const scannerUsers = [...groupBy(rowsOf(computed, 'people'), 'person')].map(([person, rows]) => {
        const of = (name: string) => perPerson[name]!.get(person);
        const alpha = of('alpha');
        const via = of('via');
        const temperament = of('temperaments');
        const motivational = of('motivational');
        const objections = of('objections');
        return {
          name: text(rows[0]!.name),
          user_id: Number(person),
          evaluations: {
            3: alpha ? alphaPairs(inScoreOrder(3, alpha)) : null,
            4: via ? [...via].sort((a, b) => number(a.position) - number(b.position)).map((row) => text(row.value)) : null,
            5: temperament ? temperaments(temperament) : null,
            6: motivational ? numbers(6, motivational) : null,
            9: objections ? numbers(9, objections) : null,
          },
        };
      });
      return {
        consolidated: {
          alpha: alphaPairs(inScoreOrder(3, rowsOf(computed, 'groupAlpha'))),
          via: rowsOf(computed, 'groupVia').map((row) => ({ strength: text(row.optionLabel), quantity: number(row.people) })),
          temperamentos: temperaments(rowsOf(computed, 'groupTemperaments')),
          motivacional: numbers(6, rowsOf(computed, 'groupMotivational')),
          objecoes: numbers(9, rowsOf(computed, 'groupObjections')),
        },
        scannerUsers,
      };
    },
  );

  const respondentSchema = {
    type: 'array',
    items: {
      type: 'object',
      required: ['user_id', 'name', 'all_done', 'evaluations'],
      properties: {
        user_id: { type: 'integer' },
        name: { type: 'string' },
        all_done: { type: 'boolean', description: 'Todas as avaliações da pessoa respondidas (linha verde; senão amarela)' },
        evaluations: { type: 'array', items: evaluationSchema },
      },
    },
  } as const;

  app.post<{ Body: { sector_ids?: number[]; course_ids?: number[]; company_ids?: number[] } }>(
    '/evaluation/scanner/respondents',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary:
          'Respondentes do scanner com cada avaliação (respondida ou pendente). Listas dadas se combinam: setores (qualquer um) e cursos (qualquer um) e empresas (qualquer uma)',
        security: bearer,
        body: {
          type: 'object',
          properties: {
            sector_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
            course_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
            company_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
          },
        },
        response: { 200: respondentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const account = request.account!;
      const body = request.body;
      const lists: [keyof DashboardFilters, number[]][] = [
        ['sector_id', [...new Set(body.sector_ids ?? [])]],
        ['course_id', [...new Set(body.course_ids ?? [])]],
        ['company_id', [...new Set(body.company_ids ?? [])]],
      ];
      if (lists.every(([, ids]) => ids.length === 0)) throw new HttpError(400, messages.api.scannerFiltersRequired);
      const dashboard = view(-1);
      const filters = await checkFilters(app.db, account, dashboard, {});
      // The engine's own filter conditions, any id of a list, every list given; ids of another company match nothing.
      const conditions = lists
        .filter(([, ids]) => ids.length > 0)
        .map(([field, ids]) => sql`(${sql.join(ids.map((id) => sql.join(filterConditions({ [field]: id }), sql` and `)), sql` or `)})`);
      const found = await select<{ id: string; user_id: number }>(
        sql`select evaluations.id, evaluations.user_id from evaluations join users u on u.id = evaluations.user_id
          where evaluations.type_evaluation in (${typeList(typesOfView(dashboard, ['people']))})
          ${sql.join([...filterConditions({ company_id: filters.company_id }), ...conditions].map((condition) => sql` and ${condition}`), sql``)}
          order by u.name, evaluations.user_id`,
      );
      // Computed a few thousand evaluations at a time, never splitting a person (whose rows say whether all are done).
      const chunks: string[][] = [];
      let current: string[] = [];
      found.forEach((row, index) => {
        current.push(String(row.id));
        const personEnds = index === found.length - 1 || found[index + 1]!.user_id !== row.user_id;
        if (personEnds && current.length >= RESPONDENTS_CHUNK) {
          chunks.push(current);
          current = [];
        }
      });
      if (current.length > 0) chunks.push(current);
      const rows: Row[] = [];
      for (const ids of chunks) rows.push(...rowsOf(await computeAll(dashboard, { ...filters, evaluation_ids: ids }, ['people']), 'people'));
      return [...groupBy(rows, 'person')].map(([person, group]) => ({
        user_id: Number(person),
        name: text(group[0]!.name),
        all_done: group.every((row) => row.done === true),
        evaluations: group.map(evaluationOf),
      }));
    },
  );

  app.get<{ Params: { userId: number } }>(
    '/evaluation/find/scanner/:userId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Avaliações do scanner (Alpha, VIA, Temperamentos, Motivacional, Objeções) de uma pessoa, respondidas ou pendentes',
        security: bearer,
        params: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
        response: { 200: { type: 'array', items: evaluationSchema }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      await visibleUsers(app.db, request.account!, [userId]);
      const computed = await datasets(request.account!, -1, {}, ['people'], { person_ids: [userId] });
      return rowsOf(computed, 'people').map(evaluationOf);
    },
  );

  // ------------------------------------------------------------------ respondents of a view

  app.get<{ Params: { dashboardId: number }; Querystring: Pick<DashboardFilters, 'company_id' | 'course_id' | 'sector_id'> }>(
    '/tableresponse/answeredReport/:dashboardId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Respondentes de um painel com lista de respondentes (-2, -1, 8, 10) sob os filtros: nome e se respondeu tudo',
        security: bearer,
        params: { type: 'object', required: ['dashboardId'], properties: { dashboardId: { type: 'integer', minimum: -1000, maximum: 1000 } } },
        querystring: filtersQuery,
        response: {
          200: { type: 'array', items: { type: 'object', required: ['name', 'done'], properties: { user_id: { type: 'integer' }, name: { type: 'string' }, done: { type: 'boolean' } } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { dashboardId } = request.params;
      const dashboard = app.definitions.dashboards.get(dashboardId);
      if (!dashboard) throw new HttpError(404, format(messages.api.dashboardNotFound, { id: dashboardId }));
      // The view's own list of people (never an internal one).
      const name = Object.entries(dashboard.datasets).find(([, dataset]) => !('from' in dataset) && dataset.query === 'people' && !dataset.internal)?.[0];
      if (!name) throw new HttpError(404, format(messages.api.noRespondentList, { id: dashboardId }));
      const computed = await datasets(request.account!, dashboardId, request.query, [name]);
      return [...groupBy(rowsOf(computed, name), 'person')].map(([person, rows]) => ({
        user_id: Number(person),
        name: text(rows[0]!.name),
        done: rows.every((row) => row.done === true),
      }));
    },
  );

  // ------------------------------------------------------------------ the scanner report dialog's user

  app.get<{ Params: { userId: number } }>(
    '/users/full/:userId',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'O usuário (nome) do diálogo Relatório Scanner, numa lista',
        security: bearer,
        params: { type: 'object', required: ['userId'], properties: { userId: idSchema } },
        response: {
          200: idNameListSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [userId])).get(userId)!;
      return [{ id: user.id, name: user.name }];
    },
  );

  app.get<{ Params: { id: number } }>(
    '/users/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Nome e empresa (nome fantasia) de um usuário',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        response: {
          200: {
            type: 'object',
            required: ['id', 'name', 'company_name'],
            properties: { id: { type: 'integer' }, name: { type: 'string' }, company_name: { type: ['string', 'null'] } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [id])).get(id)!;
      const company = user.companyId === null ? null : await findCompany(app.db, user.companyId);
      return { id: user.id, name: user.name, company_name: company?.commercialName ?? null };
    },
  );
}
