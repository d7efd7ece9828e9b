import type { FastifyInstance } from 'fastify';
import { decodeInterview, encodeInterview, type IncomingPair, MAX_LIST_ITEMS } from '../../../../engine/interview/answers.ts';
import { consolidateInterviews, printDataset } from '../../../../engine/interview/consolidate.ts';
import { interviewModel, statusLabel } from '../../../../engine/interview/definition.ts';
import type { InterviewDefinition } from '../../../../engine/interview/types.ts';
import { interviewReportBlocks, interviewReportSubject } from '../../../../engine/interview/report.ts';
import { reportFileName, type ReportDocument } from '../../../../engine/reports/document.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleCompany, visibleUsers } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { replyWithFile, reportDay } from '../reports/reports.ts';
import {
  countSavedInterviews,
  findInterviewEvaluation,
  INTERVIEW_TYPE,
  listInterviewEvaluators,
  listInterviewRated,
  listSavedInterviews,
  loadInterview,
  saveInterview,
  type InterviewEvaluatorRow,
} from '../repositories/interviews.ts';
import { bearer, errorResponses, idSchema, isUuid, idNameListSchema } from '../schemas/common.ts';
import type { Account } from '../types.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/*
 * The 360 by interview (type 11). Only 'finished' interviews are consolidated, counted and printed:
 * an interview in progress may still change, and 'finished' is what marks the evaluation done.
 */

/** The body of `PUT /tableresponse/multiple`. */
interface SaveBody {
  type_evaluation: string;
  evaluator_user_id: number;
  rated_user_id: number;
  evaluation_id?: string;
  questions: IncomingPair[];
}

const MAX_PAIRS = 500;
const MAX_TEXT = 50000;

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

const evaluatorRowSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'evaluator', 'evaluator_id', 'position', 'status', 'rated_id', 'rated_name'],
    properties: {
      id: { type: 'string' },
      evaluator: { type: 'string' },
      evaluator_id: { type: 'integer' },
      position: { type: ['string', 'null'] },
      status: { type: 'string' },
      rated_id: { type: 'integer' },
      rated_name: { type: 'string' },
    },
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

function evaluatorRows(interview360: InterviewDefinition, rows: InterviewEvaluatorRow[]) {
  return rows.map((row) => ({
    id: row.id,
    evaluator: row.evaluator,
    evaluator_id: row.evaluatorId,
    position: row.position,
    status: statusLabel(interview360, row.status),
    rated_id: row.ratedId,
    rated_name: row.rated,
  }));
}

/**
 * The 360 by interview: save and load an interview (administrators), the report's evaluator and
 * rated lists, the count, the consolidated data, the print dataset and the report's PDF
 * (administrators, or a company user for its own company).
 */
export async function interviewRoutes(app: FastifyInstance) {
  // The questionnaire definition loaded and validated at start, and the model read off it: a
  // definition of another shape stops the start here, never a request.
  const questionnaire = app.definitions.questionnaires.get(INTERVIEW_TYPE);
  if (!questionnaire) throw new Error(format(messages.interview.modelInvalid, { type: INTERVIEW_TYPE, problems: messages.interview.modelMissing }));
  const interview360 = interviewModel(questionnaire);
  const published = app.definitions.versions.get(INTERVIEW_TYPE)?.at(-1)?.version;
  /** "Avaliação 360 por entrevista, versão 1.0": the published version of the definition the report reads. */
  const interviewVersion = published
    ? format(messages.reports.versionOf, { name: interview360.title, version: published })
    : format(messages.reports.noVersion, { name: interview360.title });
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  async function consolidated(account: Account, ratedId: number, evaluators?: string[]) {
    const ids = evaluatorIds(evaluators);
    const rated = (await visibleUsers(app.db, account, [ratedId])).get(ratedId)!;
    const saved = await listSavedInterviews(app.db, ratedId, interview360.finishedStatus, ids);
    return { rated, data: consolidateInterviews(interview360, ratedId, saved) };
  }

  app.put<{ Body: SaveBody }>(
    '/tableresponse/multiple',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['interview'],
        summary: 'Salvar uma entrevista 360 (tipo 11)',
        security: bearer,
        body: {
          type: 'object',
          required: ['type_evaluation', 'evaluator_user_id', 'rated_user_id', 'questions'],
          properties: {
            type_evaluation: { type: 'string', maxLength: 16 },
            evaluator_user_id: idSchema,
            rated_user_id: idSchema,
            evaluation_id: { type: 'string', maxLength: 64 },
            questions: {
              type: 'array',
              maxItems: MAX_PAIRS,
              items: {
                type: 'object',
                required: ['question', 'response'],
                properties: {
                  question: { type: 'string', maxLength: 64 },
                  response: {
                    anyOf: [
                      { type: 'string', maxLength: MAX_TEXT },
                      { type: 'array', maxItems: MAX_LIST_ITEMS, items: { type: 'string', maxLength: 200 } },
                    ],
                  },
                },
              },
            },
          },
        },
        response: {
          200: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.type_evaluation.trim() !== String(INTERVIEW_TYPE)) {
        throw new HttpError(400, format(messages.interview.wrongType, { type: body.type_evaluation }));
      }
      const evaluationId = body.evaluation_id?.toLowerCase();
      if (evaluationId !== undefined && !isUuid(evaluationId)) throw new HttpError(404, messages.interview.notFound);
      const evaluation = await findInterviewEvaluation(app.db, body.evaluator_user_id, body.rated_user_id, evaluationId);
      if (!evaluation) throw new HttpError(404, messages.interview.notFound);
      const { document, errors } = decodeInterview(questionnaire, body.questions);
      if (errors.length > 0) throw new HttpError(400, errors[0]!, errors);
      const done = document.status === interview360.finishedStatus;
      await app.db.transaction(async (tx) => {
        await saveInterview(tx, evaluation.id, document, done);
        // The answers themselves are never recorded.
        await recordAudit(tx, request, { action: 'interview.save', companyId: evaluation.ratedCompanyId, target: `evaluation:${evaluation.id}`, details: { status: document.status ?? null } });
      });
      return { message: messages.interview.saved };
    },
  );

  app.get<{ Params: { ratedId: number; evaluatorUserId: number } }>(
    '/interview/answers/:ratedId/:evaluatorUserId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['interview'],
        summary: 'Respostas salvas de uma entrevista 360',
        security: bearer,
        params: { type: 'object', required: ['ratedId', 'evaluatorUserId'], properties: { ratedId: idSchema, evaluatorUserId: idSchema } },
        response: {
          200: {
            type: 'object',
            required: ['evaluation_id', 'status', 'dates', 'show', 'answers'],
            properties: {
              evaluation_id: { type: 'string' },
              status: { type: ['string', 'null'] },
              dates: stringList,
              show: stringList,
              answers: {
                type: 'array',
                items: { type: 'object', required: ['question', 'response'], properties: { question: { type: 'string' }, response: { type: 'string' } } },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { ratedId, evaluatorUserId } = request.params;
      const evaluation = await findInterviewEvaluation(app.db, evaluatorUserId, ratedId);
      if (!evaluation) throw new HttpError(404, messages.interview.notFound);
      const stored = await loadInterview(app.db, evaluation.id);
      return {
        evaluation_id: evaluation.id,
        status: stored?.status ?? null,
        dates: stored?.dates ?? [],
        show: stored?.show ?? [],
        answers: encodeInterview(questionnaire, stored?.answers ?? {}),
      };
    },
  );

  app.get<{ Params: { ratedId: number } }>(
    '/interview/evaluators/rated/:ratedId',
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: 'Avaliadores da entrevista 360 de um avaliado',
        security: bearer,
        params: { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } },
        response: { 200: evaluatorRowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { ratedId } = request.params;
      await visibleUsers(app.db, request.account!, [ratedId]);
      return evaluatorRows(interview360, await listInterviewEvaluators(app.db, { ratedId }));
    },
  );

  app.get<{ Params: { companyId: number } }>(
    '/interview/evaluators/company/:companyId',
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: 'Avaliadores das entrevistas 360 de uma empresa',
        security: bearer,
        params: { type: 'object', required: ['companyId'], properties: { companyId: idSchema } },
        response: { 200: evaluatorRowSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return evaluatorRows(interview360, await listInterviewEvaluators(app.db, { companyId }));
    },
  );

  app.get<{ Params: { companyId: number } }>(
    '/tableresponse/respondents/:companyId/11',
    {
      preHandler: staff,
      schema: {
        tags: ['interview'],
        summary: 'Avaliados com entrevista 360 de uma empresa',
        security: bearer,
        params: { type: 'object', required: ['companyId'], properties: { companyId: idSchema } },
        response: {
          200: idNameListSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return listInterviewRated(app.db, companyId);
    },
  );

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
