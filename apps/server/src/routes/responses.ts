import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeAnswers } from '../../../../engine/answers/decoding.ts';
import { encodeAnswers } from '../../../../engine/answers/encoding.ts';
import { submissionErrors } from '../../../../engine/answers/validation.ts';
import type { QuestionnaireDefinition, WireItem } from '../../../../engine/definition/types.ts';
import { linkState } from '../../../../engine/lifecycle/linkState.ts';
import { formatDateBR } from '../../../../engine/rules/dates.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { evaluations } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { questionnaireOf, scoringEditions, type Definitions } from '../definitions.ts';
import { MAJOR, NOT_SELF } from '../repositories/results/scope.ts';
import { findCompany } from '../repositories/companies.ts';
import { doneEvaluationsScope, doneEvaluationTypes, findEvaluation, type DoneFilter } from '../repositories/evaluations.ts';
import { storeChecked, submitResponses, type CheckedSubmission, type SubmissionTarget } from '../repositories/responses.ts';
import { scoreEvaluations } from '../repositories/results/scoreSql.ts';
import { anonymousTypes, scoreAnonymousGroups, type ScoredGroup, type WithheldScores } from '../results/anonymity.ts';
import { scoringKeyOf } from '../results/scoringKeys.ts';
import { findSector } from '../repositories/sectors.ts';
import { isUuid } from '../../../../engine/rules/uuid.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { scoredQuerySchema, scoredResultsSchema, submissionSchema, submittedSchema, type Submission } from '../contract/responses.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { companyScope } from '../access.ts';

/** Every id sent is the evaluation's own (a self-evaluation's rated person is its evaluator); else 400. */
function checkIds(body: Submission, evaluation: SubmissionTarget): void {
  const rated = body.rated_user_id ?? null;
  const ratedSector = body.rated_sector_id ?? null;
  if (
    body.type_evaluation !== evaluation.typeEvaluation ||
    body.evaluator_user_id !== evaluation.userId ||
    (rated !== null && rated !== (evaluation.rated ?? evaluation.userId)) ||
    (ratedSector !== null && ratedSector !== evaluation.ratedSector)
  ) {
    throw new HttpError(400, messages.api.evaluationMismatch);
  }
}

/**
 * The wire items to store for an open evaluation's submission, checked against the same definition the
 * browser ran (the version the link was sent with, even after the file changed); a 400 otherwise.
 */
function checkedAnswers(definitions: Definitions, body: Submission, evaluation: SubmissionTarget): WireItem[] {
  checkIds(body, evaluation);
  const definition = questionnaireOf(definitions, evaluation.typeEvaluation, evaluation.definitionVersion);
  // A staff form (the 360 interview) has no link: staff fill it in on the interview screen.
  if (definition?.staff) throw new HttpError(400, messages.api.staffForm);
  if (!definition) throw new HttpError(400, format(messages.api.typeWithoutQuestionnaire, { type: evaluation.typeEvaluation }));
  const checked = answersOf(definition, body);
  if ('problems' in checked) throw new HttpError(400, checked.problems[0]!, checked.problems);
  return checked.items;
}

/** The body's answers checked against a definition: the wire items to store, or every problem in Portuguese. */
function answersOf(definition: QuestionnaireDefinition, body: Submission): { items: WireItem[] } | { problems: string[] } {
  const decoded = decodeAnswers(definition, body.questions);
  const problems = [...decoded.errors, ...submissionErrors(definition, decoded.answers).map((error) => error.message)];
  return problems.length > 0 ? { problems } : { items: encodeAnswers(definition, decoded.answers) };
}

/**
 * The submission checked, before any I/O, against its type's current version (the one nearly every open
 * link has): the wire items to store, or null when that cannot be said without the evaluation (a type
 * without a current questionnaire, a staff form, answers refused by the current version: the stored
 * evaluation then decides, and says why).
 */
function checkedAgainstCurrent(definitions: Definitions, body: Submission, id: string, now: Date): CheckedSubmission | null {
  const current = definitions.versions.get(body.type_evaluation)?.at(-1);
  if (!current || current.definition.staff) return null;
  const checked = answersOf(current.definition, body);
  if ('problems' in checked) return null;
  return {
    id,
    now,
    type: body.type_evaluation,
    version: current.version,
    evaluator: body.evaluator_user_id,
    rated: body.rated_user_id ?? null,
    ratedSector: body.rated_sector_id ?? null,
    items: checked.items,
  };
}

/**
 * `POST /tableresponse/multiple` (public) stores a submission after checking it against the same
 * definition the browser ran; `POST /tableresponse/evaluations` (staff) scores done evaluations.
 */
export async function responseRoutes(server: FastifyInstance, options: { submitLimit: number }) {
  const app = server.withTypeProvider<ContractProvider>();
  app.post(
    '/tableresponse/multiple',
    {
      config: { rateLimit: { max: options.submitLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['responses'],
        summary: 'Enviar as respostas de uma avaliação (público)',
        body: submissionSchema,
        response: {
          201: submittedSchema,
          ...errorResponses(400, 404, 409, 410, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = body.evaluation_id.toLowerCase();
      if (!isUuid(id)) throw new HttpError(404, messages.api.evaluationNotFound);
      const now = new Date();
      // The common case in one statement: answers valid for the current version, claimed only if the
      // evaluation is open, of that version and of the ids the body names.
      const checked = checkedAgainstCurrent(app.definitions, body, id, now);
      if (checked && (await storeChecked(app.db, checked))) return reply.code(201).send({ ok: true });
      // Otherwise one transaction, no other I/O inside: the conditional UPDATE claims an open evaluation (exactly one
      // submission gets through) and returns what the answers are checked against; refused answers roll it back.
      const stored = await submitResponses(app.db, id, now, (target) => checkedAnswers(app.definitions, body, target));
      if (!stored) {
        // Not open: the lookup says why, with the same checks in the same order as an open one.
        const evaluation = await findEvaluation(app.db, id);
        if (!evaluation) throw new HttpError(404, messages.api.evaluationNotFound);
        checkIds(body, evaluation);
        if (questionnaireOf(app.definitions, evaluation.typeEvaluation, evaluation.definitionVersion)?.staff) throw new HttpError(400, messages.api.staffForm);
        const expireAt = evaluation.expireAt;
        const state = linkState({ done: evaluation.done, expire_at: expireAt ? expireAt.toISOString() : null }, now);
        if (state === 'expired') {
          throw new HttpError(410, format(messages.api.evaluationExpired, { date: formatDateBR(expireAt!, app.settings.timeZone) }));
        }
        // Done, or answered by another submission in the meantime.
        throw new HttpError(409, messages.api.evaluationDone);
      }
      return reply.code(201).send({ ok: true });
    },
  );

  app.post(
    '/tableresponse/evaluations',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['responses'],
        summary: 'Resultados pontuados das avaliações respondidas',
        security: bearer,
        body: scoredQuerySchema,
        response: {
          200: scoredResultsSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const body = request.body;
      const ownCompany = companyScope(account);
      // A company or sector sent is checked whatever else the call names (404 for another company's).
      const requested = body.company_id ?? undefined;
      if (requested !== undefined) {
        const visible = ownCompany === undefined ? (await findCompany(app.db, requested)) !== null : requested === ownCompany;
        if (!visible) throw new HttpError(404, format(messages.api.companyNotFound, { id: requested }));
      }
      const sectorId = body.sector_id ?? undefined;
      if (sectorId !== undefined) {
        const sector = await findSector(app.db, sectorId);
        const companyId = requested ?? ownCompany;
        if (!sector || (companyId !== undefined && sector.companyId !== companyId)) throw new HttpError(404, format(messages.api.sectorNotFound, { id: sectorId }));
      }
      let filter: DoneFilter;
      if (body.evaluations) {
        // Ids of other companies are silently left out for a company user, like unknown ids.
        filter = { ids: [...new Set(body.evaluations.filter(isUuid).map((id) => id.toLowerCase()))], companyId: ownCompany };
        if (filter.ids!.length === 0) return { responses: [] };
      } else if (body.type_evaluation !== undefined) {
        const type = body.type_evaluation;
        if (!app.definitions.types.has(type)) throw new HttpError(400, format(messages.api.unknownType, { type }));
        const questionnaire = app.definitions.questionnaires.get(type);
        if (!questionnaire) throw new HttpError(400, format(messages.api.typeWithoutQuestionnaire, { type }));
        if (questionnaire.staff) throw new HttpError(400, format(messages.api.staffFormNotScored, { type }));
        filter = { typeEvaluation: type, companyId: requested ?? ownCompany, sectorId };
      } else {
        throw new HttpError(400, messages.api.filtersRequired);
      }
      // Scored by the database from each type's scoring key: no answer is read into the server.
      const scope = doneEvaluationsScope(app.db, filter);
      const scored = [];
      const groups: ScoredGroup[] = [];
      const withheld: WithheldScores[] = [];
      const anonymous = anonymousTypes(app.definitions.dashboards.values());
      for (const type of await doneEvaluationTypes(app.db, filter)) {
        // A staff form's answers are not link responses: the interview has its own consolidation.
        if (app.definitions.questionnaires.get(type)?.staff) continue;
        const kind = anonymous.get(type);
        // Each evaluation scored by the key of the major version it was created with.
        for (const [major, definition] of scoringEditions(app.definitions, type)) {
          const classification = definition.scoring?.classification;
          const ofMajor = and(scope, eq(evaluations.typeEvaluation, type), sql`${MAJOR} = ${major}`)!;
          // An anonymous type's answers leave only as a group's means; a 360 self-evaluation is its person's own.
          const named = kind === undefined ? ofMajor : kind === 'evaluators' ? and(ofMajor, sql`not (${NOT_SELF})`)! : undefined;
          if (kind !== undefined) {
            const found = await scoreAnonymousGroups(app.db, type, kind, ofMajor, scoringKeyOf(definition));
            groups.push(...found.groups);
            withheld.push(...found.withheld);
          }
          if (!named) continue;
          for (const row of await scoreEvaluations(app.db, scoringKeyOf(definition), named, classification)) {
            scored.push({ row, band: row.band === undefined ? undefined : classification?.bands[row.band]?.label });
          }
        }
      }
      scored.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime() || (a.row.evaluationId < b.row.evaluationId ? -1 : 1));
      const rows = scored.map(({ row, band }) => ({ evaluation_id: row.evaluationId, name: row.name, ...row.scores, ...(band ? { band } : {}) }));
      return { responses: rows, ...(groups.length > 0 ? { groups } : {}), ...(withheld.length > 0 ? { withheld } : {}) };
    },
  );
}
