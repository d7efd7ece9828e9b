import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { parseRiskMatrix } from '../../../../engine/definition/parse.ts';
import { riskStepsErrors, type RiskFactor, type RiskMatrix } from '../../../../engine/definition/risk.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { companyParamsSchema, errorResponses, riskRouteSchema, type ContractProvider } from '../contract/common.ts';
import {
  riskFactorParamsSchema,
  riskMatrixBodySchema,
  riskMatrixErrorSchema,
  riskMatrixSavedSchema,
  riskSettingsSchema,
  riskSeverityBodySchema,
  riskSeveritySavedSchema,
  type RiskFactorSettings,
} from '../contract/risk.ts';
import type { Db, Tx } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { factorLabel, questionnaireTitle, riskFactor, riskQuestionnaires } from '../results/riskQuestionnaires.ts';
import {
  companyMatrix,
  companySeverities,
  deleteCompanyMatrix,
  deleteSeverity,
  lockRiskSettings,
  saveCompanyMatrix,
  saveSeverity,
  severitiesOf,
  type FactorSeverity,
} from '../repositories/risk.ts';

/** The shortest and longest reason of a severity, in characters after trimming. */
const REASON_MIN = 10;
const REASON_MAX = 1000;
/** The largest matrix body: a real one is a few kilobytes. */
const MATRIX_BODY_BYTES = 64 * 1024;
/** The most problems an invalid matrix answers with (a huge grid would list one per cell). */
const MATRIX_ERRORS_SHOWN = 100;

const text = messages.risk;

function factorJson(factor: RiskFactor, set: FactorSeverity | undefined): RiskFactorSettings {
  return {
    id: factor.id,
    label: factor.label,
    hazard: factor.hazard,
    harms: factor.harms,
    severity: set?.severity ?? null,
    reason: set?.reason ?? null,
    updated_at: set ? set.updatedAt.toISOString() : null,
    updated_by: set?.updatedBy ?? null,
  };
}

/** A matrix as stored and answered: without the editors' `$schema` (the default file has one). */
function plainMatrix(matrix: RiskMatrix): RiskMatrix {
  const plain = { ...matrix };
  delete plain.$schema;
  return plain;
}

/** The reason as stored (trimmed), else 400 saying what is wrong with it. */
function reasonOf(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw new HttpError(400, text.reasonRequired);
  if (trimmed.length < REASON_MIN) throw new HttpError(400, format(text.reasonShort, { min: REASON_MIN }));
  if (trimmed.length > REASON_MAX) throw new HttpError(400, format(text.reasonLong, { max: REASON_MAX }));
  return trimmed;
}

/**
 * A company's psychosocial risk settings (issue 27, NR-1): `GET /risk/{companyId}` (the matrix it rates
 * by and every risk factor of its questionnaires with the severity set; a company user: its own company
 * only), and for administrators the severity of a factor with its reason (`PUT`/`DELETE
 * /risk/{companyId}/severities/{type}/{factor}`) and the company's own matrix (`PUT`/`DELETE
 * /risk/{companyId}/matrix`), each change in one transaction with its audit record.
 */
export async function riskRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const defaultMatrix = plainMatrix(app.definitions.riskMatrix);


  /** The matrix the company rates by: its own, or the default. */
  const matrixOf = async (db: Db | Tx, companyId: number) => {
    const own = await companyMatrix(db, companyId);
    return { matrix: own ? plainMatrix(own) : defaultMatrix, own: own !== null };
  };

  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const described = riskRouteSchema;

  app.get(
    '/risk/:companyId',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: described('Riscos psicossociais de uma empresa: a matriz de risco usada e a severidade de cada fator', companyParamsSchema, riskSettingsSchema),
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const { matrix, own } = await matrixOf(app.db, company.id);
      const questionnaires = [];
      for (const { definition } of riskQuestionnaires(app.definitions)) {
        const set = await severitiesOf(app.db, company.id, definition.type);
        questionnaires.push({ type: definition.type, title: definition.title, factors: definition.risk.factors.map((factor) => factorJson(factor, set.get(factor.id))) });
      }
      return { matrix, own, questionnaires };
    },
  );

  app.put(
    '/risk/:companyId/severities/:type/:factor',
    {
      preHandler: adminOnly,
      schema: {
        ...described('Definir a severidade de um fator de risco psicossocial na empresa, com a justificativa (administradores)', riskFactorParamsSchema, riskSeveritySavedSchema),
        body: riskSeverityBodySchema,
      },
    },
    async (request) => {
      const { companyId, type, factor: id } = request.params;
      const company = await visibleCompany(app.db, request.account!, companyId);
      const { factor } = riskFactor(app.definitions, type, id);
      const reason = reasonOf(request.body.reason);
      const { severity } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        await lockRiskSettings(tx, company.id);
        const { matrix } = await matrixOf(tx, company.id);
        if (severity < 1 || severity > matrix.severity.length) throw new HttpError(400, format(text.severityRange, { max: matrix.severity.length }));
        await saveSeverity(tx, { companyId: company.id, type, factor: factor.id, severity, reason, updatedBy: request.account!.id });
        await recordAudit(tx, request, { action: 'risk.severity.save', companyId: company.id, target: `risk:${type}/${factor.id}`, details: { severity } });
        return (await severitiesOf(tx, company.id, type)).get(factor.id);
      });
      return { message: text.severitySaved, factor: factorJson(factor, saved) };
    },
  );

  app.delete(
    '/risk/:companyId/severities/:type/:factor',
    {
      preHandler: adminOnly,
      schema: described('Remover a severidade de um fator de risco psicossocial na empresa (administradores)', riskFactorParamsSchema, riskSeveritySavedSchema),
    },
    async (request) => {
      const { companyId, type, factor: id } = request.params;
      const company = await visibleCompany(app.db, request.account!, companyId);
      const { factor } = riskFactor(app.definitions, type, id);
      await app.db.transaction(async (tx) => {
        await lockRiskSettings(tx, company.id);
        if (!(await deleteSeverity(tx, company.id, type, factor.id))) throw new HttpError(404, format(text.severityNotFound, { factor: factor.label }));
        await recordAudit(tx, request, { action: 'risk.severity.clear', companyId: company.id, target: `risk:${type}/${factor.id}` });
      });
      return { message: text.severityCleared, factor: factorJson(factor, undefined) };
    },
  );

  app.put(
    '/risk/:companyId/matrix',
    {
      preHandler: adminOnly,
      bodyLimit: MATRIX_BODY_BYTES,
      schema: {
        ...described('Salvar a matriz de risco própria da empresa (administradores)', companyParamsSchema, riskMatrixSavedSchema),
        body: riskMatrixBodySchema,
        response: { 200: riskMatrixSavedSchema, 400: riskMatrixErrorSchema, ...errorResponses(401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const parsed = parseRiskMatrix(request.body.matrix);
      const errors = parsed.ok ? riskStepsErrors(parsed.value, app.definitions.questionnaires) : parsed.errors;
      if (!parsed.ok || errors.length > 0) return reply.code(400).send({ message: text.matrixInvalid, errors: errors.slice(0, MATRIX_ERRORS_SHOWN).map(({ pointer, message }) => ({ pointer, message })) });
      const matrix = plainMatrix(parsed.value);
      await app.db.transaction(async (tx) => {
        await lockRiskSettings(tx, company.id);
        await refuseSeveritiesAbove(tx, company.id, matrix.severity.length);
        await saveCompanyMatrix(tx, company.id, matrix, request.account!.id);
        await recordAudit(tx, request, { action: 'risk.matrix.save', companyId: company.id, target: `company:${company.id}`, details: { severity: matrix.severity.length, probability: matrix.probability.length } });
      });
      return { message: text.matrixSaved, matrix, own: true };
    },
  );

  app.delete(
    '/risk/:companyId/matrix',
    {
      preHandler: adminOnly,
      schema: described('Voltar a empresa à matriz de risco padrão (administradores)', companyParamsSchema, riskMatrixSavedSchema),
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      await app.db.transaction(async (tx) => {
        await lockRiskSettings(tx, company.id);
        // The default matrix bounds the severities as a company's own does.
        await refuseSeveritiesAbove(tx, company.id, defaultMatrix.severity.length);
        if (!(await deleteCompanyMatrix(tx, company.id))) throw new HttpError(404, text.matrixNotOwn);
        await recordAudit(tx, request, { action: 'risk.matrix.reset', companyId: company.id, target: `company:${company.id}` });
      });
      return { message: text.matrixReset, matrix: defaultMatrix, own: false };
    },
  );

  /** 400 naming every factor whose severity at the company is above a matrix of `steps` severity steps. */
  async function refuseSeveritiesAbove(tx: Tx, companyId: number, steps: number): Promise<void> {
    const above = (await companySeverities(tx, companyId)).filter((row) => row.severity > steps).sort((a, b) => a.type - b.type || a.factor.localeCompare(b.factor));
    if (above.length === 0) return;
    const factors = above.map((row) => {
      return format(text.matrixSeverityFactor, { questionnaire: questionnaireTitle(app.definitions, row.type), factor: factorLabel(app.definitions, row.type, row.factor), severity: row.severity });
    });
    throw new HttpError(400, format(text.matrixSeverityAbove, { steps, factors: factors.join('; ') }));
  }
}
