import type { FastifyInstance } from 'fastify';
import type { DashboardDefinition, DashboardFilters, NumberSeries, NumbersDataset, Row } from '../../../../engine/definition/dashboard.ts';
import { isStaffForm, staffFormModel } from '../../../../engine/staffForm/model.ts';
import type { StaffFormModel } from '../../../../engine/staffForm/types.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleUsers } from '../access.ts';
import { HttpError } from '../errors.ts';
import { renderReport, replyWithFile } from '../reports/reports.ts';
import { computeDatasets, dashboardOfType } from '../results/dashboards.ts';
import { bearer, errorResponses, idSchema } from '../schemas/common.ts';
import type { Account } from '../types.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/*
 * The 360 by interview's report calls (administration.md 7), thin calls over the view of the one staff
 * form (the questionnaire with `staff`: the interview, type 11, and definitions/dashboards/11.json): the
 * count, the consolidated data and the print dataset are its datasets' rows in the specification's
 * shapes, and the PDF is the view's report, drawn by the one report pipeline. Only finished interviews
 * (done evaluations) are read. The blocks come from the form's `staff.blocks` (`staffFormModel`).
 */

/** The report's paths: without a type, they serve the one staff form. */
const REPORT_PATHS = {
  count: '/tableresponse/count/all/true/:id/1/1',
  consolidated: '/tableresponse/interview360/:ratedId',
  print: '/interview/print/:ratedId',
  report: '/interview/report/:ratedId',
} as const;

/** Most evaluators one query names. */
const MAX_PAIRS = 500;

const stringList = { type: 'array', items: { type: 'string' } } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const responseSchema = {
  type: 'object',
  required: ['evaluation_id', 'evaluator_id', 'evaluator', 'competencies', 'forces', 'weakness', 'final'],
  properties: {
    evaluation_id: { type: 'string' },
    evaluator_id: { type: 'integer' },
    evaluator: { type: 'string' },
    competencies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['block', 'name', 'grade', 'positive', 'better'],
        properties: { block: { type: 'integer' }, name: { type: 'string' }, grade: { type: 'number' }, positive: { type: 'string' }, better: { type: 'string' } },
      },
    },
    forces: { type: 'string' },
    weakness: { type: 'string' },
    final: { type: 'string' },
  },
} as const;

const seriesProperties = {
  block: { type: 'integer' },
  name: { type: 'string' },
  average: nullableNumber,
  self: nullableNumber,
  min: nullableNumber,
  max: nullableNumber,
} as const;

const consolidatedSchema = {
  type: 'object',
  required: ['rated_id', 'rated_name', 'count', 'competencies', 'evaluator', 'rated', 'responses', 'selfResponses'],
  properties: {
    rated_id: { type: 'integer' },
    rated_name: { type: 'string' },
    count: { type: 'integer' },
    competencies: { type: 'array', items: { type: 'object', required: Object.keys(seriesProperties), properties: seriesProperties } },
    evaluator: {
      type: 'array',
      items: {
        type: 'object',
        required: ['block', 'name', 'average', 'min', 'max'],
        properties: { block: { type: 'integer' }, name: { type: 'string' }, average: nullableNumber, min: nullableNumber, max: nullableNumber },
      },
    },
    rated: {
      type: 'array',
      items: { type: 'object', required: ['block', 'name', 'grade'], properties: { block: { type: 'integer' }, name: { type: 'string' }, grade: nullableNumber } },
    },
    responses: { type: 'array', items: responseSchema },
    selfResponses: { type: 'array', items: responseSchema },
  },
} as const;

const printSchema = {
  type: 'object',
  required: ['title', 'rated_name', 'count', 'competencies', 'forces', 'weakness', 'final'],
  properties: {
    title: { type: 'string' },
    rated_name: { type: 'string' },
    count: { type: 'integer' },
    competencies: {
      type: 'array',
      items: {
        type: 'object',
        required: [...Object.keys(seriesProperties), 'positive', 'better'],
        properties: { ...seriesProperties, positive: stringList, better: stringList },
      },
    },
    forces: stringList,
    weakness: stringList,
    final: stringList,
  },
} as const;

/** Most characters of one `evaluators` value ("1,2,3"). */
const MAX_EVALUATORS_TEXT = 5000;

/**
 * `?evaluators=1,2` or `?evaluators=1&evaluators=2` (both forms, mixed too); absent means every
 * evaluator. Each value is checked by `evaluatorIds`, so a bad one is a Portuguese 400.
 */
const evaluatorsQuery = {
  type: 'object',
  properties: { evaluators: { type: 'array', maxItems: MAX_PAIRS, items: { type: 'string', maxLength: MAX_EVALUATORS_TEXT } } },
} as const;

/** The evaluator ids of the query, or a 400 naming the bad value. */
function evaluatorIds(values: string[] | undefined): number[] | undefined {
  if (values === undefined) return undefined;
  const ids = values.flatMap((value) => value.split(',')).map((text) => text.trim());
  const bad = ids.find((text) => !/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2147483647);
  if (bad !== undefined || ids.length > MAX_PAIRS) {
    throw new HttpError(400, format(messages.interview.invalidEvaluators, { value: (bad ?? values.join(',')).slice(0, 40) }));
  }
  return [...new Set(ids.map(Number))];
}

const pdfResponse = { 200: { description: 'O relatório em PDF (application/pdf)', type: 'string', format: 'binary' } } as const;

/** The four statistics of the consolidated data, as the view's grades dataset declares them (`series`). */
const STATISTICS = {
  average: { stat: 'mean', of: 'others' },
  self: { stat: 'mean', of: 'self' },
  min: { stat: 'min', of: 'others' },
  max: { stat: 'max', of: 'others' },
} as const satisfies Record<string, Omit<NumberSeries, 'label'>>;

type Statistic = keyof typeof STATISTICS;

/** The datasets of the view the calls read: the statistics, each evaluation's grades and its texts, and the comments. */
interface Datasets {
  /** The `numbers` dataset with the series above. */
  grades: string;
  /** A `numbers` dataset per person. */
  answers: string;
  /** A `texts` dataset per person. */
  answerTexts: string;
  /** The `texts` dataset of every comment. */
  comments: string;
}

/** Rounds to two decimals so float noise (7.300000001) never reaches the client; the UI shows one. */
const round = (value: number) => Math.round(value * 100) / 100;

/** The names of the view's datasets of each kind, or an error naming what is missing (checked at start). */
function datasetsOf(view: DashboardDefinition): Datasets {
  const named = (test: (dataset: DashboardDefinition['datasets'][string]) => boolean) => Object.entries(view.datasets).find(([, dataset]) => test(dataset))?.[0];
  const isNumbers = (dataset: DashboardDefinition['datasets'][string]): dataset is NumbersDataset => !('from' in dataset) && dataset.query === 'numbers';
  const found = {
    grades: named((dataset) => isNumbers(dataset) && !dataset.perPerson && (Object.keys(STATISTICS) as Statistic[]).every((key) => seriesIndex(dataset, key) >= 0)),
    answers: named((dataset) => isNumbers(dataset) && dataset.perPerson === true),
    answerTexts: named((dataset) => !('from' in dataset) && dataset.query === 'texts' && dataset.perPerson === true),
    comments: named((dataset) => !('from' in dataset) && dataset.query === 'texts' && !dataset.perPerson),
  };
  const missing = Object.entries(found).filter(([, name]) => name === undefined).map(([key]) => key);
  if (missing.length > 0) throw new Error(format(messages.interview.modelInvalid, { type: view.id, problems: missing.join(', ') }));
  return found as Datasets;
}

/** The position of a statistic among a grades dataset's series (-1 when it has none). */
function seriesIndex(dataset: NumbersDataset, key: Statistic): number {
  const wanted = STATISTICS[key];
  return (dataset.series ?? []).findIndex((series) => series.stat === wanted.stat && (series.of ?? 'all') === wanted.of);
}

/** Rows by a field's value, first-seen order. */
function byField(rows: Row[], field: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(String(row[field]), [...(groups.get(String(row[field])) ?? []), row]);
  return groups;
}

/** The texts of some rows for a question. */
const textsOf = (rows: Row[], question: string) => rows.filter((row) => row.question === question).map((row) => String(row.text));

/** The consolidated data and the print dataset of a rated person, from the view's rows. */
function shapes(model: StaffFormModel, view: DashboardDefinition, names: Datasets, rows: Map<string, Row[]>) {
  const grades = rows.get(names.grades) ?? [];
  const gradesDataset = view.datasets[names.grades] as NumbersDataset;
  const series = (Object.keys(STATISTICS) as Statistic[]).map((key) => [key, gradesDataset.series![seriesIndex(gradesDataset, key)]!.label] as const);
  const competencies = model.competencies.map(({ block, name, questions }) => {
    const own = grades.filter((row) => row.question === questions.grade);
    const value = (label: string) => {
      const found = own.find((row) => row.series === label)?.value;
      return typeof found === 'number' ? round(found) : null;
    };
    return { block, name, ...(Object.fromEntries(series.map(([key, label]) => [key, value(label)])) as Record<Statistic, number | null>) };
  });
  const texts = byField(rows.get(names.answerTexts) ?? [], 'evaluation');
  const evaluations = [...byField(rows.get(names.answers) ?? [], 'evaluation')].map(([evaluation, answers]) => {
    const written = texts.get(evaluation) ?? [];
    const text = (question: string) => textsOf(written, question)[0] ?? ' ';
    return {
      self: answers[0]!.self === true,
      response: {
        evaluation_id: evaluation,
        evaluator_id: Number(answers[0]!.person),
        evaluator: String(answers[0]!.name),
        competencies: model.competencies.map(({ block, name, questions }) => {
          const grade = answers.find((row) => row.question === questions.grade)?.value;
          return { block, name, grade: typeof grade === 'number' ? grade : 0, positive: text(questions.positive), better: text(questions.better) };
        }),
        ...(Object.fromEntries(model.openBlocks.map(({ key, question }) => [key, text(question)])) as Record<'forces' | 'weakness' | 'final', string>),
      },
    };
  });
  const comments = rows.get(names.comments) ?? [];
  const consolidated = {
    count: evaluations.length,
    competencies,
    evaluator: competencies.map(({ block, name, average, min, max }) => ({ block, name, average, min, max })),
    rated: competencies.map(({ block, name, self }) => ({ block, name, grade: self })),
    responses: evaluations.filter((item) => !item.self).map((item) => item.response),
    selfResponses: evaluations.filter((item) => item.self).map((item) => item.response),
  };
  const print = {
    title: view.report?.title ?? view.title,
    count: consolidated.count,
    competencies: competencies.map((item, index) => ({
      ...item,
      positive: textsOf(comments, model.competencies[index]!.questions.positive),
      better: textsOf(comments, model.competencies[index]!.questions.better),
    })),
    ...(Object.fromEntries(model.openBlocks.map(({ key, question }) => [key, textsOf(comments, question)])) as Record<'forces' | 'weakness' | 'final', string[]>),
  };
  return { consolidated, print };
}

/** The 360 by interview's report calls. */
export async function interviewReportRoutes(app: FastifyInstance) {
  // The one staff form of the loaded definitions, and the view that reads its type.
  const forms = [...app.definitions.questionnaires.entries()].filter(([, definition]) => isStaffForm(definition));
  if (forms.length !== 1) {
    const types = forms.length === 0 ? messages.interview.noStaffForm : forms.map(([type, definition]) => `${type} (${definition.title})`).join(', ');
    throw new Error(format(messages.interview.oneStaffForm, { paths: Object.values(REPORT_PATHS).join(', '), count: forms.length, types }));
  }
  const [type, questionnaire] = forms[0]!;
  const found = dashboardOfType(app.definitions, type);
  if (!found) throw new Error(format(messages.interview.modelInvalid, { type, problems: messages.interview.modelMissing }));
  const view: DashboardDefinition = found;
  const model = staffFormModel(questionnaire);
  const names = datasetsOf(view);
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  /** The view's filters for a rated person (visible to the account) and the chosen evaluators. */
  async function filtersOf(account: Account, ratedId: number, evaluators?: string[]): Promise<{ rated: { id: number; name: string }; filters: DashboardFilters }> {
    const ids = evaluatorIds(evaluators);
    const rated = (await visibleUsers(app.db, account, [ratedId])).get(ratedId)!;
    const filters: DashboardFilters = { evaluated_id: ratedId, ...(rated.companyId === null ? {} : { company_id: rated.companyId }), ...(ids === undefined ? {} : { person_ids: ids }) };
    return { rated, filters };
  }

  async function consolidated(account: Account, ratedId: number, evaluators?: string[]) {
    const { rated, filters } = await filtersOf(account, ratedId, evaluators);
    const rows = await computeDatasets(app.db, app.definitions, view, filters, Object.values(names));
    return { rated, ...shapes(model, view, names, rows) };
  }

  app.get<{ Params: { id: number } }>(
    REPORT_PATHS.count,
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: 'Número de entrevistas 360 finalizadas de um avaliado',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        response: { 200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ count: (await consolidated(request.account!, request.params.id)).consolidated.count }),
  );

  app.get<{ Params: { ratedId: number }; Querystring: { evaluators?: string[] } }>(
    REPORT_PATHS.consolidated,
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: 'Dados consolidados da entrevista 360 de um avaliado',
        security: bearer,
        params: { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } },
        querystring: evaluatorsQuery,
        response: { 200: consolidatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { rated, consolidated: data } = await consolidated(request.account!, request.params.ratedId, request.query.evaluators);
      return { rated_id: rated.id, rated_name: rated.name, ...data };
    },
  );

  app.get<{ Params: { ratedId: number }; Querystring: { evaluators?: string[] } }>(
    REPORT_PATHS.print,
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: 'Dados de impressão da entrevista 360 de um avaliado',
        security: bearer,
        params: { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } },
        querystring: evaluatorsQuery,
        response: { 200: printSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { rated, print } = await consolidated(request.account!, request.params.ratedId, request.query.evaluators);
      return { rated_name: rated.name, ...print };
    },
  );

  app.get<{ Params: { ratedId: number }; Querystring: { evaluators?: string[] } }>(
    REPORT_PATHS.report,
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: "Relatório 'Entrevista 360 graus' de um avaliado em PDF: o relatório da visão do tipo 11 (o mesmo gráfico da tela, as notas e os comentários)",
        security: bearer,
        params: { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } },
        querystring: evaluatorsQuery,
        response: { ...pdfResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request, reply) => {
      const { filters } = await filtersOf(request.account!, request.params.ratedId, request.query.evaluators);
      return replyWithFile(app, reply, () => renderReport(app, { view, filters, evaluation: app.definitions.types.get(type)?.name }));
    },
  );
}
