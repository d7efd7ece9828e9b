import type { FastifyInstance } from 'fastify';
import { decodeStaffSave, MAX_LIST_ITEMS, storedAnswerPairs, type StaffSavePair } from '../../../../engine/answers/staffSave.ts';
import { interviewModel, statusLabel } from '../../../../engine/interview/definition.ts';
import type { InterviewDefinition } from '../../../../engine/interview/types.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleCompany, visibleUsers } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import {
  findInterviewEvaluation,
  INTERVIEW_TYPE,
  listInterviewEvaluators,
  listInterviewRated,
  loadInterview,
  saveInterview,
  type InterviewEvaluatorRow,
} from '../repositories/interviews.ts';
import { bearer, errorResponses, idSchema, isUuid, idNameListSchema } from '../schemas/common.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

/*
 * The 360 by interview (type 11): an interview is saved while in progress; 'finished' is what marks
 * the evaluation done (and what the report's calls, in interviewReport.ts, consolidate).
 */

/** The body of `PUT /tableresponse/multiple`. */
interface SaveBody {
  type_evaluation: string;
  evaluator_user_id: number;
  rated_user_id: number;
  evaluation_id?: string;
  questions: StaffSavePair[];
}

const MAX_PAIRS = 500;
const MAX_TEXT = 50000;

const stringList = { type: 'array', items: { type: 'string' } } as const;

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
 * The 360 by interview: save and load an interview (administrators), the evaluator and rated lists
 * (administrators, or a company user for its own company). The report's calls (count, consolidated
 * data, print dataset, PDF) are in interviewReport.ts.
 */
export async function interviewRoutes(app: FastifyInstance) {
  // The questionnaire definition loaded and validated at start, and the model read off it: a
  // definition of another shape stops the start here, never a request.
  const questionnaire = app.definitions.questionnaires.get(INTERVIEW_TYPE);
  if (!questionnaire) throw new Error(format(messages.interview.modelInvalid, { type: INTERVIEW_TYPE, problems: messages.interview.modelMissing }));
  const interview360 = interviewModel(questionnaire);
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

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
      const { document, errors } = decodeStaffSave(questionnaire, body.questions);
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
        answers: storedAnswerPairs(questionnaire, stored?.answers ?? {}),
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
}
