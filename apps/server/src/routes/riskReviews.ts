import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { nextReview, REVIEW_TRIGGER_KINDS, TRIGGER_DESCRIPTION_MAX, TRIGGER_DESCRIPTION_MIN, reviewState, triggerDaysProblem, triggerReviewBy, type ReviewTriggerKind } from '../../../../engine/lifecycle/riskReview.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { formatDay, localDay } from '../../../../engine/rules/dates.ts';
import { companyScope, visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { bearer, companyParamsSchema, errorResponses, riskRouteSchema, type ContractProvider } from '../contract/common.ts';
import {
  reviewTriggerBodySchema,
  reviewTriggerListSchema,
  reviewTriggerSavedSchema,
  riskReviewListSchema,
  type ReviewTrigger,
  type RiskReview,
} from '../contract/riskReviews.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { lockRiskSettings } from '../repositories/risk.ts';
import { companyTriggers, findTrigger, insertTrigger, latestInventories, pendingTriggers, unpublishedAssessments, type TriggerRow } from '../repositories/riskReviews.ts';
import { questionnaireTitle, riskQuestionnaire, riskQuestionnaires } from '../results/riskQuestionnaires.ts';
import { requestDay } from './requestDay.ts';


const text = messages.review;
const KINDS = new Set<string>(REVIEW_TRIGGER_KINDS);

function triggerJson(row: TriggerRow): ReviewTrigger {
  return {
    id: row.id,
    company_id: row.companyId,
    type: row.type,
    kind: row.kind as ReviewTriggerKind,
    occurred_on: row.occurredOn,
    review_by: row.reviewBy,
    description: row.description,
    measure_id: row.measureId,
    recorded_by: row.recordedBy,
    recorded_at: row.recordedAt.toISOString(),
  };
}

/**
 * The review of the psychosocial risk assessment (issue 27, NR-1 1.5.4.4.6): `GET /risk/reviews` (every
 * company the account sees: its latest inventories' next review day and state today), `GET
 * /risk/{companyId}/review-triggers` (a company's reviews and triggers; its own company user too) and
 * `POST /risk/{companyId}/review-triggers` (administrators: a trigger, in one audited transaction).
 * Triggers are kept as recorded: no route changes or deletes one.
 */
export async function riskReviewRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const staffOrCompany = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const described = riskRouteSchema;
  const today = () => localDay(new Date(), app.settings.timeZone);
  /** The questionnaires with a risk section. */
  const riskTypes = () => riskQuestionnaires(app.definitions).map(({ type }) => type);
  const titleOf = (type: number) => questionnaireTitle(app.definitions, type);

  /** The reviews of the active companies (only `companyId`'s when given), the soonest first: three queries. */
  async function reviews(db: Db, companyId: number | undefined, day: string): Promise<RiskReview[]> {
    const [inventories, pending, unpublished] = await Promise.all([latestInventories(db, companyId), pendingTriggers(db, companyId), unpublishedAssessments(db, riskTypes(), companyId)]);
    const key = (company: number, type: number) => `${company}:${type}`;
    const triggersOf = new Map<string, TriggerRow[]>();
    for (const row of pending) triggersOf.set(key(row.companyId, row.type), [...(triggersOf.get(key(row.companyId, row.type)) ?? []), row]);
    const list: RiskReview[] = inventories.map((inventory) => {
      const triggers = triggersOf.get(key(inventory.companyId, inventory.type)) ?? [];
      const next = nextReview(inventory.reviewDue, triggers);
      return {
        company_id: inventory.companyId,
        company_name: inventory.companyName,
        type: inventory.type,
        title: titleOf(inventory.type),
        state: reviewState(next.due, day),
        inventory_id: inventory.id,
        version: inventory.version,
        published_on: localDay(inventory.publishedAt, app.settings.timeZone),
        publication_due: inventory.reviewDue,
        next_review: next.due,
        due_trigger: next.trigger ? triggerJson(next.trigger) : null,
        triggers: triggers.map(triggerJson),
      };
    });
    for (const assessment of unpublished) {
      list.push({
        company_id: assessment.companyId,
        company_name: assessment.companyName,
        type: assessment.type,
        title: titleOf(assessment.type),
        state: 'unpublished',
        inventory_id: null,
        version: null,
        published_on: null,
        publication_due: null,
        next_review: null,
        due_trigger: null,
        triggers: (triggersOf.get(key(assessment.companyId, assessment.type)) ?? []).map(triggerJson),
      });
    }
    const far = '9999-12-31';
    return list.sort(
      (a, b) => (a.next_review ?? far).localeCompare(b.next_review ?? far) || a.company_name.localeCompare(b.company_name, 'pt-BR') || a.company_id - b.company_id || a.type - b.type,
    );
  }

  app.get(
    '/risk/reviews',
    {
      preHandler: staffOrCompany,
      schema: {
        tags: ['risk'],
        summary: 'Próxima revisão da avaliação de riscos psicossociais de cada empresa visível, com o estado hoje',
        security: bearer,
        response: { 200: riskReviewListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const day = today();
      return { today: day, reviews: await reviews(app.db, companyScope(request.account!), day) };
    },
  );

  app.get(
    '/risk/:companyId/review-triggers',
    {
      preHandler: staffOrCompany,
      schema: described('Revisão da avaliação de riscos psicossociais de uma empresa: a próxima revisão e os gatilhos registrados', companyParamsSchema, reviewTriggerListSchema),
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const day = today();
      const [list, triggers] = await Promise.all([reviews(app.db, company.id, day), companyTriggers(app.db, company.id)]);
      return { today: day, reviews: list, triggers: triggers.map(triggerJson) };
    },
  );

  app.post(
    '/risk/:companyId/review-triggers',
    {
      preHandler: adminOnly,
      schema: {
        ...described('Registrar um gatilho de revisão da avaliação de riscos psicossociais (administradores)', companyParamsSchema, reviewTriggerSavedSchema),
        body: reviewTriggerBodySchema,
      },
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const { type, kind } = request.body;
      riskQuestionnaire(app.definitions, type);
      if (!KINDS.has(kind)) throw new HttpError(400, text.kindInvalid);
      const occurredOn = requestDay(request.body.occurred_on, text.occurredOnInvalid);
      const reviewBy = request.body.review_by?.trim() ? requestDay(request.body.review_by, text.reviewByInvalid) : triggerReviewBy(occurredOn);
      const day = today();
      const problem = triggerDaysProblem(occurredOn, reviewBy, day);
      if (problem) throw new HttpError(400, format(text[problem], { today: formatDay(day) }));
      const description = request.body.description.trim();
      if (description.length < TRIGGER_DESCRIPTION_MIN) throw new HttpError(400, format(text.descriptionShort, { min: TRIGGER_DESCRIPTION_MIN }));
      if (description.length > TRIGGER_DESCRIPTION_MAX) throw new HttpError(400, format(text.descriptionLong, { max: TRIGGER_DESCRIPTION_MAX }));
      const id = await app.db.transaction(async (tx) => {
        // One at a time with the company's publications: a trigger is recorded before or after one, never during.
        await lockRiskSettings(tx, company.id);
        const stored = await insertTrigger(tx, { companyId: company.id, type, kind, occurredOn, reviewBy, description, recordedBy: request.account!.id });
        await recordAudit(tx, request, {
          action: 'risk.review.trigger',
          companyId: company.id,
          target: `riskReviewTrigger:${stored}`,
          details: { type_evaluation: type, kind, occurred_on: occurredOn, review_by: reviewBy },
        });
        return stored;
      });
      const trigger = triggerJson((await findTrigger(app.db, id))!);
      return { message: format(text.triggerSaved, { date: formatDay(reviewBy) }), trigger };
    },
  );
}
