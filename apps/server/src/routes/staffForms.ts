import type { FastifyInstance } from 'fastify';
import { decodeStaffSave, storedAnswerPairs } from '../../../../engine/answers/staffSave.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { statusLabel } from '../../../../engine/staffForm/model.ts';
import type { StaffFormModel } from '../../../../engine/staffForm/types.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { visibleCompany, visibleUsers } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { bearer, companyParamsSchema, errorResponses, idNameListSchema, messageSchema, type ContractProvider } from '../contract/common.ts';
import { ratedParamsSchema, savedStaffFormSchema, staffAnswersParamsSchema, staffEvaluatorRowsSchema, staffSaveSchema, type StaffEvaluatorRow } from '../contract/staffForms.ts';
import { questionnaireOf } from '../definitions.ts';
import { HttpError } from '../errors.ts';
import {
  findStaffFormEvaluation,
  listStaffFormEvaluators,
  listStaffFormRated,
  loadStaffForm,
  saveStaffForm,
  type StaffFormEvaluatorRow,
} from '../repositories/staffForms.ts';
import { isUuid } from '../../../../engine/rules/uuid.ts';
import { staffFormsOf, theOneStaffForm, type StaffForm } from '../staffForms.ts';

/*
 * Staff forms: every questionnaire definition with a `staff` section (the 360 interview is one) is
 * filled by staff and saved while in progress; its `finishedStatus` is what marks the evaluation done
 * (and what the report's calls consolidate). Nothing here knows a type: the forms are found in the
 * loaded definitions, and each of the specification's paths names where its form is.
 */

/**
 * The specification's paths of the staff forms, by where each finds its form: the save's type is in
 * its body, the rated list's in its path, and the paths without a type serve the one staff form.
 */
export const STAFF_FORM_PATHS = {
  /** The form's type is the body's `type_evaluation`. */
  save: '/tableresponse/multiple',
  /** The form's type is the path's last segment. */
  rated: (type: number) => `/tableresponse/respondents/:companyId/${type}`,
  /** Without a type: the one staff form. */
  answers: '/interview/answers/:ratedId/:evaluatorUserId',
  evaluatorsOfRated: '/interview/evaluators/rated/:ratedId',
  evaluatorsOfCompany: '/interview/evaluators/company/:companyId',
} as const;

/** The paths without a type, which need the one staff form. */
const UNTYPED_PATHS = [STAFF_FORM_PATHS.answers, STAFF_FORM_PATHS.evaluatorsOfRated, STAFF_FORM_PATHS.evaluatorsOfCompany];

/** The rows of the evaluator table, each status as the form's label. */
function evaluatorRows(model: StaffFormModel, rows: StaffFormEvaluatorRow[]): StaffEvaluatorRow[] {
  return rows.map((row) => ({
    id: row.id,
    evaluator: row.evaluator,
    evaluator_id: row.evaluatorId,
    position: row.position,
    status: statusLabel(model, row.status),
    rated_id: row.ratedId,
    rated_name: row.rated,
  }));
}

/** The types a save may name, for the refusal's message ('11', or '11 ou 42'). */
function typeList(forms: StaffForm[]): string {
  const types = forms.map((form) => String(form.type));
  return types.length < 2 ? types.join('') : format(messages.interview.listOr, { first: types.slice(0, -1).join(', '), last: types.at(-1)! });
}

/**
 * The staff forms' calls: save and load a form (administrators), the evaluator and rated lists
 * (administrators, or a company user for its own company). The report's calls are declarations over
 * the form's view (routes/results/staffFormCalls.ts).
 */
export async function staffFormRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const forms = staffFormsOf(app.definitions);
  const one = theOneStaffForm(forms, UNTYPED_PATHS);
  const byType = new Map(forms.map((form) => [String(form.type), form]));
  /** The definition an evaluation was created with (its recorded version), which decodes and encodes its answers. */
  const definitionOf = (form: StaffForm, version: string | null) => questionnaireOf(app.definitions, form.type, version) ?? form.definition;
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  app.put(
    STAFF_FORM_PATHS.save,
    {
      preHandler: adminOnly,
      schema: {
        tags: ['staffForms'],
        summary: `Salvar um formulário da equipe (tipo ${typeList(forms)})`,
        security: bearer,
        body: staffSaveSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const body = request.body;
      const form = byType.get(body.type_evaluation.trim());
      if (!form) throw new HttpError(400, format(messages.interview.wrongType, { expected: typeList(forms), type: body.type_evaluation }));
      const evaluationId = body.evaluation_id?.toLowerCase();
      if (evaluationId !== undefined && !isUuid(evaluationId)) throw new HttpError(404, messages.interview.notFound);
      const evaluation = await findStaffFormEvaluation(app.db, form.type, body.evaluator_user_id, body.rated_user_id, evaluationId);
      if (!evaluation) throw new HttpError(404, messages.interview.notFound);
      const { document, errors } = decodeStaffSave(definitionOf(form, evaluation.definitionVersion), body.questions);
      if (errors.length > 0) throw new HttpError(400, errors[0]!, errors);
      const done = document.status === form.model.finishedStatus;
      await app.db.transaction(async (tx) => {
        await saveStaffForm(tx, evaluation.id, document, done);
        // The answers themselves are never recorded.
        await recordAudit(tx, request, { action: 'interview.save', companyId: evaluation.ratedCompanyId, target: `evaluation:${evaluation.id}`, details: { status: document.status ?? null } });
      });
      return { message: messages.interview.saved };
    },
  );

  app.get(
    STAFF_FORM_PATHS.answers,
    {
      preHandler: adminOnly,
      schema: {
        tags: ['staffForms'],
        summary: `Respostas salvas de um formulário da equipe (${one.definition.title})`,
        security: bearer,
        params: staffAnswersParamsSchema,
        response: { 200: savedStaffFormSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { ratedId, evaluatorUserId } = request.params;
      const evaluation = await findStaffFormEvaluation(app.db, one.type, evaluatorUserId, ratedId);
      if (!evaluation) throw new HttpError(404, messages.interview.notFound);
      const stored = await loadStaffForm(app.db, evaluation.id);
      return {
        evaluation_id: evaluation.id,
        status: stored?.status ?? null,
        dates: stored?.dates ?? [],
        show: stored?.show ?? [],
        answers: storedAnswerPairs(definitionOf(one, evaluation.definitionVersion), stored?.answers ?? {}),
      };
    },
  );

  app.get(
    STAFF_FORM_PATHS.evaluatorsOfRated,
    {
      preHandler: staff,
      schema: {
        tags: ['staffForms'],
        summary: `Avaliadores de um avaliado (${one.definition.title})`,
        security: bearer,
        params: ratedParamsSchema,
        response: { 200: staffEvaluatorRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { ratedId } = request.params;
      await visibleUsers(app.db, request.account!, [ratedId]);
      return evaluatorRows(one.model, await listStaffFormEvaluators(app.db, one.type, { ratedId }));
    },
  );

  app.get(
    STAFF_FORM_PATHS.evaluatorsOfCompany,
    {
      preHandler: staff,
      schema: {
        tags: ['staffForms'],
        summary: `Avaliadores de uma empresa (${one.definition.title})`,
        security: bearer,
        params: companyParamsSchema,
        response: { 200: staffEvaluatorRowsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return evaluatorRows(one.model, await listStaffFormEvaluators(app.db, one.type, { companyId }));
    },
  );

  for (const form of forms) {
    app.get(
      STAFF_FORM_PATHS.rated(form.type),
      {
        preHandler: staff,
        schema: {
          tags: ['staffForms'],
          summary: `Avaliados de uma empresa (${form.definition.title})`,
          security: bearer,
          params: companyParamsSchema,
          response: { 200: idNameListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { companyId } = request.params;
        await visibleCompany(app.db, request.account!, companyId);
        return listStaffFormRated(app.db, form.type, companyId);
      },
    );
  }
}
