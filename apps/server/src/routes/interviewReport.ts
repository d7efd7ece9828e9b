import type { FastifyInstance } from 'fastify';
import { consolidateInterviews, printDataset } from '../../../../engine/interview/consolidate.ts';
import { interviewModel } from '../../../../engine/interview/definition.ts';
import { interviewReportBlocks, interviewReportSubject } from '../../../../engine/interview/report.ts';
import { reportFileName, type ReportDocument } from '../../../../engine/reports/document.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleUsers } from '../access.ts';
import { HttpError } from '../errors.ts';
import { replyWithFile, reportDay } from '../reports/reports.ts';
import { countSavedInterviews, INTERVIEW_TYPE, listSavedInterviews } from '../repositories/interviews.ts';
import { bearer, errorResponses, idSchema } from '../schemas/common.ts';
import type { Account } from '../types.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/*
 * The 360 by interview's report calls (type 11): the count, the consolidated data, the print dataset
 * and the report's PDF (administrators, or a company user for its own company). Only 'finished'
 * interviews are consolidated, counted and printed: an interview in progress may still change, and
 * 'finished' is what marks the evaluation done. Saving and loading an interview: interview.ts.
 */

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

/** The 360 by interview's report calls. */
export async function interviewReportRoutes(app: FastifyInstance) {
  const questionnaire = app.definitions.questionnaires.get(INTERVIEW_TYPE);
  if (!questionnaire) throw new Error(format(messages.interview.modelInvalid, { type: INTERVIEW_TYPE, problems: messages.interview.modelMissing }));
  const interview360 = interviewModel(questionnaire);
  const published = app.definitions.versions.get(INTERVIEW_TYPE)?.at(-1)?.version;
  /** "Avaliação 360 por entrevista, versão 1.0": the published version of the definition the report reads. */
  const interviewVersion = published
    ? format(messages.reports.versionOf, { name: interview360.title, version: published })
    : format(messages.reports.noVersion, { name: interview360.title });
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  async function consolidated(account: Account, ratedId: number, evaluators?: string[]) {
    const ids = evaluatorIds(evaluators);
    const rated = (await visibleUsers(app.db, account, [ratedId])).get(ratedId)!;
    const saved = await listSavedInterviews(app.db, ratedId, interview360.finishedStatus, ids);
    return { rated, data: consolidateInterviews(interview360, ratedId, saved) };
  }

  app.get<{ Params: { id: number } }>(
    '/tableresponse/count/all/true/:id/1/1',
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
    async (request) => {
      const { id } = request.params;
      await visibleUsers(app.db, request.account!, [id]);
      return { count: await countSavedInterviews(app.db, id, interview360.finishedStatus) };
    },
  );

  app.get<{ Params: { ratedId: number }; Querystring: { evaluators?: string[] } }>(
    '/tableresponse/interview360/:ratedId',
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
      const { rated, data } = await consolidated(request.account!, request.params.ratedId, request.query.evaluators);
      return { rated_id: rated.id, rated_name: rated.name, ...data };
    },
  );

  app.get<{ Params: { ratedId: number }; Querystring: { evaluators?: string[] } }>(
    '/interview/print/:ratedId',
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
      const { rated, data } = await consolidated(request.account!, request.params.ratedId, request.query.evaluators);
      return { rated_name: rated.name, ...printDataset(interview360, data) };
    },
  );

  app.get<{ Params: { ratedId: number }; Querystring: { evaluators?: string[] } }>(
    '/interview/report/:ratedId',
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: "Relatório 'Entrevista 360 graus' de um avaliado em PDF (o mesmo gráfico da tela, as notas e os comentários)",
        security: bearer,
        params: { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } },
        querystring: evaluatorsQuery,
        response: { ...pdfResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request, reply) => {
      const { rated, data } = await consolidated(request.account!, request.params.ratedId, request.query.evaluators);
      const print = printDataset(interview360, data);
      const day = reportDay(new Date(), app.settings.timeZone);
      const document: ReportDocument = {
        orientation: 'portrait',
        createdAt: day.iso,
        meta: {
          title: print.title,
          subject: interviewReportSubject(rated.name, print.count),
          generated: day.text,
          versions: interviewVersion,
          supportEmail: app.settings.support.email,
          supportPhone: app.settings.support.phone,
        },
        blocks: interviewReportBlocks(interview360, print),
      };
      const fileName = reportFileName(undefined, { title: print.title, name: rated.name, company: '', evaluation: print.title });
      return replyWithFile(app, reply, async () => ({ fileName, pdf: await app.reports.render(document), title: print.title }));
    },
  );
}
