import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { OPEN_MEASURE_STATUSES } from '../../../../engine/lifecycle/riskMeasures.ts';
import type { Db, Tx } from '../db/client.ts';
import { exposureGroups, riskMeasureReminders, riskMeasures } from '../db/riskSchema.ts';
import { companies, cycles, evaluations, positions, sectors, users } from '../db/schema.ts';

/*
 * The action plan's measures (NR-1, issue 27): read with the names the screen and the e-mails show,
 * written in the routes' transactions, and their owners' deadline reminders claimed before they go out
 * (a measure found ineffective records its review trigger with `insertTrigger`, repositories/riskReviews.ts).
 */

/** The fields a measure is written with. */
export interface MeasureValues {
  factor: string;
  groupKind: string;
  groupId: number | null;
  cycleId: number | null;
  description: string;
  ownerId: number;
  dueOn: string;
  status: string;
  effectivenessCheck: string;
  effectivenessOn: string;
  effectivenessResult: string | null;
  effectivenessNote: string | null;
}

/** A measure with its owner's, round's and group's names. */
export interface MeasureRow extends MeasureValues {
  id: number;
  companyId: number;
  companyName: string;
  type: number;
  /** The sector's, position's or exposure group's name; null for the whole company. */
  groupName: string | null;
  cycleName: string | null;
  cycleOpensOn: string | null;
  ownerName: string;
  ownerEmail: string;
  ownerActive: boolean;
  updatedAt: Date;
}

const owner = alias(users, 'measure_owner');

const measureColumns = {
  id: riskMeasures.id,
  companyId: riskMeasures.companyId,
  companyName: companies.commercialName,
  type: riskMeasures.typeEvaluation,
  factor: riskMeasures.factor,
  groupKind: riskMeasures.groupKind,
  groupId: riskMeasures.groupId,
  groupName: sql<string | null>`coalesce(${sectors.sectorName}, ${positions.positionName}, ${exposureGroups.name})`,
  cycleId: riskMeasures.cycleId,
  cycleName: cycles.name,
  cycleOpensOn: cycles.opensOn,
  description: riskMeasures.description,
  ownerId: riskMeasures.ownerId,
  ownerName: owner.name,
  ownerEmail: owner.email,
  ownerActive: owner.status,
  dueOn: riskMeasures.dueOn,
  status: riskMeasures.status,
  effectivenessCheck: riskMeasures.effectivenessCheck,
  effectivenessOn: riskMeasures.effectivenessOn,
  effectivenessResult: riskMeasures.effectivenessResult,
  effectivenessNote: riskMeasures.effectivenessNote,
  updatedAt: riskMeasures.updatedAt,
};

function measureSelect(db: Db | Tx) {
  return db
    .select(measureColumns)
    .from(riskMeasures)
    .innerJoin(companies, eq(companies.id, riskMeasures.companyId))
    .innerJoin(owner, eq(owner.id, riskMeasures.ownerId))
    .leftJoin(cycles, eq(cycles.id, riskMeasures.cycleId))
    .leftJoin(sectors, and(eq(riskMeasures.groupKind, 'sector'), eq(sectors.id, riskMeasures.groupId)))
    .leftJoin(positions, and(eq(riskMeasures.groupKind, 'position'), eq(positions.id, riskMeasures.groupId)))
    .leftJoin(exposureGroups, and(eq(riskMeasures.groupKind, 'exposure'), eq(exposureGroups.id, riskMeasures.groupId)));
}

/** A company's measures (one questionnaire's when `type` is given), by deadline. */
export async function listMeasures(db: Db, companyId: number, type?: number): Promise<MeasureRow[]> {
  return measureSelect(db)
    .where(and(eq(riskMeasures.companyId, companyId), type === undefined ? undefined : eq(riskMeasures.typeEvaluation, type)))
    .orderBy(asc(riskMeasures.dueOn), asc(riskMeasures.id));
}

/** A measure, or null. */
export async function findMeasure(db: Db | Tx, id: number): Promise<MeasureRow | null> {
  const [row] = await measureSelect(db).where(eq(riskMeasures.id, id));
  return row ?? null;
}

/** The measure's row locked for the rest of the transaction (a change or a reminder's claim waits), or null. */
export async function lockMeasure(tx: Tx, id: number): Promise<MeasureRow | null> {
  await tx.select({ id: riskMeasures.id }).from(riskMeasures).where(eq(riskMeasures.id, id)).for('update');
  return findMeasure(tx, id);
}

/** Stores a new measure; its id. */
export async function insertMeasure(tx: Tx, values: MeasureValues & { companyId: number; type: number; by: number }): Promise<number> {
  const { companyId, type, by, ...rest } = values;
  const [row] = await tx
    .insert(riskMeasures)
    .values({ ...rest, companyId, typeEvaluation: type, createdBy: by, updatedBy: by })
    .returning({ id: riskMeasures.id });
  return row!.id;
}

/** Writes a measure's fields. */
export async function updateMeasure(tx: Tx, id: number, values: MeasureValues, by: number): Promise<void> {
  await tx
    .update(riskMeasures)
    .set({ ...values, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(riskMeasures.id, id));
}

/** The sector's, position's or exposure group's name when it belongs to the company, else null. */
export async function groupName(db: Db | Tx, companyId: number, kind: 'sector' | 'position' | 'exposure', id: number): Promise<string | null> {
  const [row] =
    kind === 'sector'
      ? await db.select({ name: sectors.sectorName }).from(sectors).where(and(eq(sectors.id, id), eq(sectors.companyId, companyId)))
      : kind === 'position'
        ? await db.select({ name: positions.positionName }).from(positions).where(and(eq(positions.id, id), eq(positions.companyId, companyId)))
        : await db.select({ name: exposureGroups.name }).from(exposureGroups).where(and(eq(exposureGroups.id, id), eq(exposureGroups.companyId, companyId)));
  return row?.name ?? null;
}

/** A company's sectors and positions, by name. */
export async function companyGroups(db: Db, companyId: number) {
  const sectorRows = await db.select({ id: sectors.id, name: sectors.sectorName }).from(sectors).where(eq(sectors.companyId, companyId)).orderBy(asc(sectors.sectorName));
  const positionRows = await db.select({ id: positions.id, name: positions.positionName }).from(positions).where(eq(positions.companyId, companyId)).orderBy(asc(positions.positionName));
  return { sectors: sectorRows, positions: positionRows };
}

/** A company's exposure groups, by name. */
export async function companyExposureGroups(db: Db, companyId: number) {
  return db.select({ id: exposureGroups.id, name: exposureGroups.name }).from(exposureGroups).where(eq(exposureGroups.companyId, companyId)).orderBy(sql`lower(${exposureGroups.name})`, asc(exposureGroups.id));
}

/** Who may own a company's measures: active staff (type 1) and the company's active users (type 2), by name. */
export async function measureOwners(db: Db | Tx, companyId: number, id?: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, type: users.typeAccount })
    .from(users)
    .where(
      and(
        eq(users.status, true),
        sql`btrim(${users.email}) <> ''`,
        or(eq(users.typeAccount, ACCOUNT.administrator), and(eq(users.typeAccount, ACCOUNT.company), eq(users.companyId, companyId))),
        id === undefined ? undefined : eq(users.id, id),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * A company's round (cycle) and whether it holds questionnaire `type` (among its questionnaires, or
 * answered in it), or null when it is another's or does not exist.
 */
export async function companyCycle(db: Db | Tx, companyId: number, id: number, type: number) {
  const [row] = await db.select({ id: cycles.id, name: cycles.name, opensOn: cycles.opensOn, types: cycles.types }).from(cycles).where(and(eq(cycles.id, id), eq(cycles.companyId, companyId)));
  if (!row) return null;
  const { types, ...cycle } = row;
  const holds =
    types.includes(type) ||
    (await db.select({ id: evaluations.id }).from(evaluations).where(and(eq(evaluations.cycleId, id), eq(evaluations.typeEvaluation, type), eq(evaluations.done, true))).limit(1)).length > 0;
  return { ...cycle, holds };
}

/** A company's rounds, newest first, each with the questionnaires (types) answered in it. */
export async function answeredCycles(db: Db, companyId: number): Promise<{ id: number; name: string; opensOn: string; types: number[]; answered: number[] }[]> {
  const list = await db.select({ id: cycles.id, name: cycles.name, opensOn: cycles.opensOn, types: cycles.types }).from(cycles).where(eq(cycles.companyId, companyId));
  const ids = list.map((cycle) => cycle.id);
  const answered =
    ids.length === 0
      ? []
      : await db
          .selectDistinct({ cycleId: evaluations.cycleId, type: evaluations.typeEvaluation })
          .from(evaluations)
          .where(and(inArray(evaluations.cycleId, ids), eq(evaluations.done, true)));
  return list
    .map((cycle) => ({ ...cycle, answered: answered.filter((row) => row.cycleId === cycle.id).map((row) => row.type) }))
    .sort((a, b) => (a.opensOn === b.opensOn ? b.id - a.id : a.opensOn < b.opensOn ? 1 : -1));
}

/** The reminders claimed for a measure's deadline. */
export interface MeasureReminderHistory {
  count: number;
  lastSentAt: Date | null;
  /** A claimed reminder not sent yet: it is sent again under its own key. */
  unsentN: number | null;
}

/** The open measures of active companies whose deadline is `fromDay` or later, with active owners. */
export async function openMeasures(db: Db | Tx, fromDay: string, id?: number): Promise<MeasureRow[]> {
  return measureSelect(db)
    .where(
      and(
        inArray(riskMeasures.status, [...OPEN_MEASURE_STATUSES]),
        gte(riskMeasures.dueOn, fromDay),
        eq(companies.status, true),
        eq(owner.status, true),
        id === undefined ? undefined : eq(riskMeasures.id, id),
      ),
    )
    .orderBy(asc(riskMeasures.dueOn), asc(riskMeasures.id));
}

/** The reminders of a measure's deadline so far. */
export async function measureReminderHistory(db: Db | Tx, measureId: number, dueOn: string): Promise<MeasureReminderHistory> {
  const claimed = await db
    .select({ n: riskMeasureReminders.n, sentAt: riskMeasureReminders.sentAt })
    .from(riskMeasureReminders)
    .where(and(eq(riskMeasureReminders.measureId, measureId), eq(riskMeasureReminders.dueOn, dueOn)));
  const sent = claimed.flatMap((row) => (row.sentAt ? [row.sentAt.getTime()] : []));
  const unsent = claimed.filter((row) => row.sentAt === null).map((row) => row.n);
  return { count: claimed.length, lastSentAt: sent.length > 0 ? new Date(Math.max(...sent)) : null, unsentN: unsent.length > 0 ? Math.min(...unsent) : null };
}

/** Claims reminder n of a measure's deadline; false when it was already claimed. */
export async function claimMeasureReminder(tx: Tx, measureId: number, dueOn: string, n: number, plannedAt: Date, now: Date): Promise<boolean> {
  const rows = await tx.insert(riskMeasureReminders).values({ measureId, dueOn, n, plannedAt, claimedAt: now }).onConflictDoNothing().returning({ n: riskMeasureReminders.n });
  return rows.length > 0;
}

/** Marks reminder n of a measure's deadline as sent. */
export async function markMeasureReminderSent(db: Db, measureId: number, dueOn: string, n: number, now: Date): Promise<void> {
  await db
    .update(riskMeasureReminders)
    .set({ sentAt: now })
    .where(and(eq(riskMeasureReminders.measureId, measureId), eq(riskMeasureReminders.dueOn, dueOn), eq(riskMeasureReminders.n, n), isNull(riskMeasureReminders.sentAt)));
}
