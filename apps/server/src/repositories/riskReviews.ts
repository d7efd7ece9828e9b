import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { companies, evaluations, users } from '../db/schema.ts';
import { riskInventories, riskReviewTriggers } from '../db/riskSchema.ts';

/*
 * The review of the psychosocial risk assessment (issue 27, NR-1 1.5.4.4.6): the latest published
 * inventory of each company and questionnaire, the triggers recorded since, and the companies with
 * answers and no inventory yet. Triggers are inserted, never changed nor deleted.
 */

/** The latest published version of a company's inventory for a questionnaire. */
export interface LatestInventory {
  id: number;
  companyId: number;
  companyName: string;
  type: number;
  version: number;
  publishedAt: Date;
  reviewDue: string;
}

/** A stored trigger with the name of who recorded it. */
export interface TriggerRow {
  id: number;
  companyId: number;
  type: number;
  kind: string;
  occurredOn: string;
  reviewBy: string;
  description: string;
  measureId: number | null;
  recordedBy: string | null;
  recordedAt: Date;
}

/** The companies of a listing: active ones, only `companyId` when given. */
const companiesIn = (companyId: number | undefined): SQL => and(eq(companies.status, true), companyId === undefined ? undefined : eq(companies.id, companyId))!;

/** The latest inventory of every (company, questionnaire) of the active companies (only `companyId`'s when given). */
export async function latestInventories(db: Db | Tx, companyId: number | undefined): Promise<LatestInventory[]> {
  return db
    .selectDistinctOn([riskInventories.companyId, riskInventories.typeEvaluation], {
      id: riskInventories.id,
      companyId: riskInventories.companyId,
      companyName: companies.commercialName,
      type: riskInventories.typeEvaluation,
      version: riskInventories.version,
      publishedAt: riskInventories.publishedAt,
      reviewDue: riskInventories.reviewDue,
    })
    .from(riskInventories)
    .innerJoin(companies, eq(companies.id, riskInventories.companyId))
    .where(companiesIn(companyId))
    .orderBy(riskInventories.companyId, riskInventories.typeEvaluation, desc(riskInventories.version));
}

const triggerColumns = {
  id: riskReviewTriggers.id,
  companyId: riskReviewTriggers.companyId,
  type: riskReviewTriggers.typeEvaluation,
  kind: riskReviewTriggers.kind,
  occurredOn: riskReviewTriggers.occurredOn,
  reviewBy: riskReviewTriggers.reviewBy,
  description: riskReviewTriggers.description,
  measureId: riskReviewTriggers.measureId,
  recordedBy: users.name,
  recordedAt: riskReviewTriggers.recordedAt,
};

/**
 * The triggers no publication has answered yet: recorded after the latest inventory of their company
 * and questionnaire was published (all of them when there is none), oldest first; active companies
 * only, `companyId`'s alone when given.
 */
export async function pendingTriggers(db: Db | Tx, companyId: number | undefined): Promise<TriggerRow[]> {
  const lastPublished = sql`(select max(${riskInventories.publishedAt}) from ${riskInventories} where ${riskInventories.companyId} = ${riskReviewTriggers.companyId} and ${riskInventories.typeEvaluation} = ${riskReviewTriggers.typeEvaluation})`;
  return db
    .select(triggerColumns)
    .from(riskReviewTriggers)
    .innerJoin(companies, eq(companies.id, riskReviewTriggers.companyId))
    .leftJoin(users, eq(users.id, riskReviewTriggers.recordedBy))
    .where(and(companiesIn(companyId), sql`${riskReviewTriggers.recordedAt} > coalesce(${lastPublished}, '-infinity'::timestamptz)`))
    .orderBy(asc(riskReviewTriggers.recordedAt), asc(riskReviewTriggers.id));
}

/** Every trigger of a company, newest first. */
export async function companyTriggers(db: Db | Tx, companyId: number): Promise<TriggerRow[]> {
  return db
    .select(triggerColumns)
    .from(riskReviewTriggers)
    .leftJoin(users, eq(users.id, riskReviewTriggers.recordedBy))
    .where(eq(riskReviewTriggers.companyId, companyId))
    .orderBy(desc(riskReviewTriggers.recordedAt), desc(riskReviewTriggers.id));
}

/** One trigger, or null. */
export async function findTrigger(db: Db | Tx, id: number): Promise<TriggerRow | null> {
  const [row] = await db.select(triggerColumns).from(riskReviewTriggers).leftJoin(users, eq(users.id, riskReviewTriggers.recordedBy)).where(eq(riskReviewTriggers.id, id));
  return row ?? null;
}

/**
 * The (company, questionnaire) pairs among `types` with an answered evaluation and no published
 * inventory, in one query; active companies only, `companyId`'s alone when given.
 */
export async function unpublishedAssessments(db: Db | Tx, types: number[], companyId: number | undefined): Promise<{ companyId: number; companyName: string; type: number }[]> {
  if (types.length === 0) return [];
  const rows = await db
    .selectDistinct({ companyId: companies.id, companyName: companies.commercialName, type: evaluations.typeEvaluation })
    .from(evaluations)
    .innerJoin(companies, eq(companies.id, evaluations.companyId))
    .where(
      and(
        inArray(evaluations.typeEvaluation, types),
        eq(evaluations.done, true),
        companiesIn(companyId),
        sql`not exists (select 1 from ${riskInventories} where ${riskInventories.companyId} = ${evaluations.companyId} and ${riskInventories.typeEvaluation} = ${evaluations.typeEvaluation})`,
      ),
    );
  return rows.map((row) => ({ companyId: row.companyId, companyName: row.companyName, type: row.type }));
}

/** A trigger as staff record it, or as a measure found ineffective records it (with the measure). */
export interface NewTrigger extends Pick<TriggerRow, 'companyId' | 'type' | 'kind' | 'occurredOn' | 'reviewBy' | 'description'> {
  measureId?: number;
  recordedBy: number;
}

/**
 * The moment a trigger is written: the clock's, not the transaction's start (now()), so one written
 * after the company's lock (`lockRiskSettings`) is never older than a publication committed while its
 * transaction waited: a publication answers the triggers recorded before it, and only those.
 */
const triggerRecordedAt = sql`clock_timestamp()`;

/** Stores a trigger (under the company's lock): recorded by staff, or by a measure found ineffective (NR-1 1.5.4.4.6); its id. */
export async function insertTrigger(tx: Tx, trigger: NewTrigger): Promise<number> {
  const [row] = await tx
    .insert(riskReviewTriggers)
    .values({
      companyId: trigger.companyId,
      typeEvaluation: trigger.type,
      kind: trigger.kind,
      occurredOn: trigger.occurredOn,
      reviewBy: trigger.reviewBy,
      description: trigger.description,
      measureId: trigger.measureId ?? null,
      recordedBy: trigger.recordedBy,
      recordedAt: triggerRecordedAt,
    })
    .returning({ id: riskReviewTriggers.id });
  return row!.id;
}
