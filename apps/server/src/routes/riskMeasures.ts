import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { isOverdue, MEASURE_TEXT_MAX, type MeasureGroupKind } from '../../../../engine/lifecycle/riskMeasures.ts';
import { TRIGGER_DESCRIPTION_MAX, triggerReviewBy } from '../../../../engine/lifecycle/riskReview.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { formatDay, localDay } from '../../../../engine/rules/dates.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { bearer, companyParamsSchema, errorResponses, type ContractProvider } from '../contract/common.ts';
import {
  measureCreateSchema,
  measureListQuerySchema,
  measureListSchema,
  measureOptionsSchema,
  measureParamsSchema,
  measureSavedSchema,
  measureUpdateSchema,
  type Measure,
} from '../contract/riskMeasures.ts';
import type { Tx } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import {
  answeredCycles,
  companyCycle,
  companyExposureGroups,
  companyGroups,
  findMeasure,
  groupName,
  insertMeasure,
  listMeasures,
  lockMeasure,
  measureOwners,
  updateMeasure,
  type MeasureRow,
  type MeasureValues,
} from '../repositories/riskMeasures.ts';
import { lockRiskSettings } from '../repositories/risk.ts';
import { insertTrigger } from '../repositories/riskReviews.ts';
import { levelIn, levelReader, type LevelRound } from '../results/measureLevels.ts';
import { factorLabel, questionnaireTitle, riskFactor, riskQuestionnaire, riskQuestionnaires } from '../results/riskQuestionnaires.ts';
import { requestDay } from './requestDay.ts';

const text = messages.measures;
/** The message for a group that is not the company's, by its kind. */
const NOT_FOUND = { sector: text.sectorNotFound, position: text.positionNotFound, exposure: text.exposureNotFound } as const;

/** A measure's fields as checked: a new one's, or one's with its changes applied. */
interface MeasureFields {
  factor: string;
  group_kind: MeasureGroupKind;
  group_id?: number | null;
  cycle_id?: number | null;
  description: string;
  owner_id: number;
  due_on: string;
  status: Measure['status'];
  effectiveness_check: string;
  effectiveness_on: string;
  effectiveness_result?: Measure['effectiveness_result'];
  effectiveness_note?: string | null;
}

/** A required text trimmed, else 400. */
function requiredText(value: string, missing: string, long: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new HttpError(400, missing);
  if (trimmed.length > MEASURE_TEXT_MAX) throw new HttpError(400, format(long, { max: MEASURE_TEXT_MAX }));
  return trimmed;
}

/**
 * The action plan of a company's psychosocial risk programme (NR-1, issue 27): `GET
 * /risk/{companyId}/measures` (every measure with its factor, group, owner, whether it is overdue and
 * the factor's level before and after; a company user: its own company's, read-only), and for
 * administrators `GET /risk/{companyId}/measures/options` (what the form offers), `POST
 * /risk/{companyId}/measures` and `PATCH /risk/measures/{id}`, each write in one transaction with its
 * audit record. Nothing is deleted: a measure dropped is 'cancelada'. A measure found ineffective
 * records, in the same transaction, a review trigger (NR-1 1.5.4.4.6).
 */
export async function riskMeasureRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const staffOrCompany = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const base = { tags: ['risk'], security: bearer };
  const answers = <Answer>(answer: Answer) => ({ 200: answer, ...errorResponses(400, 401, 403, 404) });
  const today = () => localDay(new Date(), app.settings.timeZone);


  /** The measures as answered, each level read once per (questionnaire, round). */
  async function measuresJson(companyId: number, rows: MeasureRow[]): Promise<Measure[]> {
    const read = levelReader(app, companyId);
    const rounds = rows.some((row) => row.cycleId !== null) ? await answeredCycles(app.db, companyId) : [];
    const day = today();
    return Promise.all(
      rows.map(async (row) => {
        const before: LevelRound | null = row.cycleId === null ? null : { id: row.cycleId, name: row.cycleName ?? '' };
        // The company's next round with answers of the questionnaire, opened after the measure's.
        const next =
          row.cycleId === null
            ? undefined
            : rounds
                .filter((round) => round.answered.includes(row.type) && (round.opensOn > row.cycleOpensOn! || (round.opensOn === row.cycleOpensOn && round.id > row.cycleId!)))
                .at(-1);
        const target = { factor: row.factor, groupKind: row.groupKind, groupId: row.groupId };
        return {
          id: row.id,
          company_id: row.companyId,
          type: row.type,
          questionnaire: questionnaireTitle(app.definitions, row.type),
          factor: row.factor,
          factor_label: factorLabel(app.definitions, row.type, row.factor),
          group_kind: row.groupKind as MeasureGroupKind,
          group_id: row.groupId,
          group_name: row.groupKind === 'whole' ? text.wholeGroup : (row.groupName ?? String(row.groupId)),
          cycle_id: row.cycleId,
          cycle_name: row.cycleName,
          description: row.description,
          owner_id: row.ownerId,
          owner_name: row.ownerName,
          due_on: row.dueOn,
          status: row.status as Measure['status'],
          overdue: isOverdue(row.status, row.dueOn, day),
          effectiveness_check: row.effectivenessCheck,
          effectiveness_on: row.effectivenessOn,
          effectiveness_result: row.effectivenessResult as Measure['effectiveness_result'],
          effectiveness_note: row.effectivenessNote,
          levels: {
            before: levelIn(await read(row.type, before), before, target),
            after: next ? levelIn(await read(row.type, { id: next.id, name: next.name }), { id: next.id, name: next.name }, target) : null,
          },
          updated_at: row.updatedAt.toISOString(),
        };
      }),
    );
  }

  /**
   * Checks the fields of a measure of `type` at the company (a new one, or one with its changes
   * applied: then only the fields in `changed`, and the rules between them, are checked again, so a
   * measure whose owner left can still be cancelled); its values as stored.
   */
  async function checkedValues(tx: Tx, companyId: number, type: number, input: MeasureFields, changed?: ReadonlySet<string>): Promise<MeasureValues> {
    const checks = (...fields: (keyof MeasureFields)[]) => changed === undefined || fields.some((field) => changed.has(field));
    const definition = riskQuestionnaire(app.definitions, type);
    if (checks('factor')) riskFactor(app.definitions, type, input.factor);
    const groupId = input.group_id ?? null;
    if (checks('group_kind', 'group_id')) {
      if (input.group_kind === 'whole' && groupId !== null) throw new HttpError(400, text.groupWholeWithId);
      if (input.group_kind !== 'whole') {
        if (groupId === null) throw new HttpError(400, text.groupRequired);
        // An exposure group's writes take the company's risk settings lock: it is not deleted under this measure.
        if (input.group_kind === 'exposure') await lockRiskSettings(tx, companyId);
        if ((await groupName(tx, companyId, input.group_kind, groupId)) === null) throw new HttpError(400, format(NOT_FOUND[input.group_kind], { id: groupId }));
      }
    }
    const cycleId = input.cycle_id ?? null;
    if (cycleId !== null && checks('cycle_id')) {
      const cycle = await companyCycle(tx, companyId, cycleId, type);
      if (!cycle) throw new HttpError(400, format(text.cycleNotFound, { id: cycleId }));
      if (!cycle.holds) throw new HttpError(400, format(text.cycleWithoutType, { id: cycleId, title: definition.title }));
    }
    if (checks('owner_id') && (await measureOwners(tx, companyId, input.owner_id)).length === 0) throw new HttpError(400, text.ownerInvalid);
    const note = input.effectiveness_note?.trim() ? input.effectiveness_note.trim() : null;
    if (note !== null && checks('effectiveness_note') && note.length > MEASURE_TEXT_MAX) throw new HttpError(400, format(text.noteLong, { max: MEASURE_TEXT_MAX }));
    const result = input.effectiveness_result ?? null;
    // A result is the check of a measure done: never on one planned, under way or cancelled (no trigger for those).
    if (result !== null && checks('status', 'effectiveness_result') && input.status !== 'concluida') throw new HttpError(400, text.resultNotConcluded);
    const dueOn = checks('due_on') ? requestDay(input.due_on, text.dueInvalid) : input.due_on;
    const effectivenessOn = checks('effectiveness_on') ? requestDay(input.effectiveness_on, text.effectivenessOnInvalid) : input.effectiveness_on;
    if (checks('due_on', 'effectiveness_on') && effectivenessOn < dueOn) throw new HttpError(400, text.effectivenessBeforeDue);
    return {
      factor: input.factor,
      groupKind: input.group_kind,
      groupId,
      cycleId,
      description: checks('description') ? requiredText(input.description, text.descriptionRequired, text.descriptionLong) : input.description,
      ownerId: input.owner_id,
      dueOn,
      status: input.status,
      effectivenessCheck: checks('effectiveness_check') ? requiredText(input.effectiveness_check, text.checkRequired, text.checkLong) : input.effectiveness_check,
      effectivenessOn,
      effectivenessResult: result,
      effectivenessNote: note,
    };
  }

  /**
   * When the result turns 'ineficaz', records the review trigger in `tx` and answers its review day;
   * null otherwise.
   */
  async function ineffectiveTrigger(tx: Tx, request: FastifyRequest, measureId: number, companyId: number, type: number, values: MeasureValues, previous: string | null) {
    if (values.status !== 'concluida' || values.effectivenessResult !== 'ineficaz' || previous === 'ineficaz') return null;
    const occurredOn = today();
    const reviewBy = triggerReviewBy(occurredOn);
    const group = values.groupKind === 'whole' ? text.wholeGroup : ((await groupName(tx, companyId, values.groupKind as Exclude<MeasureGroupKind, 'whole'>, values.groupId!)) ?? String(values.groupId));
    const description = format(text.triggerDescription, { description: values.description, factor: factorLabel(app.definitions, type, values.factor), group });
    // One at a time with the company's publications (as a trigger of the review's screen): recorded before or after one, never during.
    await lockRiskSettings(tx, companyId);
    const id = await insertTrigger(tx, { companyId, type, kind: 'medida_ineficaz', occurredOn, reviewBy, description: description.length > TRIGGER_DESCRIPTION_MAX ? `${description.slice(0, TRIGGER_DESCRIPTION_MAX - 1)}…` : description, measureId, recordedBy: request.account!.id });
    return { id, reviewBy };
  }

  /** The measure as answered after a write. */
  const savedJson = async (id: number) => {
    const row = (await findMeasure(app.db, id))!;
    return (await measuresJson(row.companyId, [row]))[0]!;
  };

  app.get(
    '/risk/:companyId/measures',
    {
      preHandler: staffOrCompany,
      schema: { ...base, summary: 'Plano de ação de riscos psicossociais de uma empresa: as medidas, com o nível do fator antes e depois', params: companyParamsSchema, querystring: measureListQuerySchema, response: answers(measureListSchema) },
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const rows = await listMeasures(app.db, company.id, request.query.type);
      return { today: today(), measures: await measuresJson(company.id, rows) };
    },
  );

  app.get(
    '/risk/:companyId/measures/options',
    { preHandler: adminOnly, schema: { ...base, summary: 'O que o formulário de medida oferece: fatores, setores, cargos, grupos de exposição, ciclos e responsáveis possíveis (administradores)', params: companyParamsSchema, response: answers(measureOptionsSchema) } },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const questionnaires = riskQuestionnaires(app.definitions).map(({ type, definition }) => ({ type, title: definition.title, factors: definition.risk.factors.map((factor) => ({ id: factor.id, label: factor.label })) }));
      const groups = await companyGroups(app.db, company.id);
      const exposure = await companyExposureGroups(app.db, company.id);
      const cycles = (await answeredCycles(app.db, company.id)).map((cycle) => ({ id: cycle.id, name: cycle.name, opens_on: cycle.opensOn, types: [...new Set([...cycle.types, ...cycle.answered])].sort((a, b) => a - b) }));
      const owners = (await measureOwners(app.db, company.id)).map((user) => ({ id: user.id, name: user.name, email: user.email, staff: user.type === ACCOUNT.administrator }));
      return { questionnaires, ...groups, exposure_groups: exposure, cycles, owners };
    },
  );

  app.post(
    '/risk/:companyId/measures',
    { preHandler: adminOnly, schema: { ...base, summary: 'Incluir uma medida no plano de ação da empresa (administradores)', params: companyParamsSchema, body: measureCreateSchema, response: answers(measureSavedSchema) } },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const { type, ...body } = request.body;
      const { id, trigger } = await app.db.transaction(async (tx) => {
        const values = await checkedValues(tx, company.id, type, { ...body, status: body.status ?? 'planejada' });
        const id = await insertMeasure(tx, { ...values, companyId: company.id, type, by: request.account!.id });
        const trigger = await ineffectiveTrigger(tx, request, id, company.id, type, values, null);
        await recordAudit(tx, request, {
          action: 'risk.measure.create',
          companyId: company.id,
          target: `riskMeasure:${id}`,
          details: { type_evaluation: type, factor: values.factor, group_kind: values.groupKind, group_id: values.groupId, owner_id: values.ownerId, due_on: values.dueOn, status: values.status, ...(trigger ? { trigger_id: trigger.id } : {}) },
        });
        return { id, trigger };
      });
      return { message: trigger ? format(text.createdIneffective, { date: formatDay(trigger.reviewBy) }) : text.created, measure: await savedJson(id) };
    },
  );

  app.patch(
    '/risk/measures/:id',
    { preHandler: adminOnly, schema: { ...base, summary: 'Alterar uma medida do plano de ação: seus campos, a situação ou o resultado da verificação de eficácia (administradores)', params: measureParamsSchema, body: measureUpdateSchema, response: answers(measureSavedSchema) } },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const changed = Object.keys(changes).sort();
      if (changed.length === 0) throw new HttpError(400, text.nothingToChange);
      const trigger = await app.db.transaction(async (tx) => {
        const row = await lockMeasure(tx, id);
        if (!row || !canSeeCompany(request.account!, row.companyId)) throw new HttpError(404, format(text.notFound, { id }));
        // A change of group kind without a group keeps no stale id: 'whole' drops it, the others need one.
        const groupKind = changes.group_kind ?? (row.groupKind as MeasureGroupKind);
        const groupId = changes.group_id !== undefined ? changes.group_id : changes.group_kind === undefined ? row.groupId : groupKind === 'whole' ? null : row.groupKind === groupKind ? row.groupId : null;
        const values = await checkedValues(tx, row.companyId, row.type, {
          factor: changes.factor ?? row.factor,
          group_kind: groupKind,
          group_id: groupId,
          cycle_id: changes.cycle_id !== undefined ? changes.cycle_id : row.cycleId,
          description: changes.description ?? row.description,
          owner_id: changes.owner_id ?? row.ownerId,
          due_on: changes.due_on ?? row.dueOn,
          status: changes.status ?? (row.status as Measure['status']),
          effectiveness_check: changes.effectiveness_check ?? row.effectivenessCheck,
          effectiveness_on: changes.effectiveness_on ?? row.effectivenessOn,
          effectiveness_result: changes.effectiveness_result !== undefined ? changes.effectiveness_result : (row.effectivenessResult as Measure['effectiveness_result']),
          effectiveness_note: changes.effectiveness_note !== undefined ? changes.effectiveness_note : row.effectivenessNote,
        }, new Set(changed));
        await updateMeasure(tx, id, values, request.account!.id);
        const trigger = await ineffectiveTrigger(tx, request, id, row.companyId, row.type, values, row.effectivenessResult);
        await recordAudit(tx, request, {
          action: 'risk.measure.update',
          companyId: row.companyId,
          target: `riskMeasure:${id}`,
          details: { fields: changed, status: values.status, effectiveness_result: values.effectivenessResult, due_on: values.dueOn, ...(trigger ? { trigger_id: trigger.id } : {}) },
        });
        return trigger;
      });
      return { message: trigger ? format(text.updatedIneffective, { date: formatDay(trigger.reviewBy) }) : text.updated, measure: await savedJson(id) };
    },
  );
}
