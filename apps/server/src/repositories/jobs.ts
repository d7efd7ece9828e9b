import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { evaluations, users } from '../db/schema.ts';

/** An evaluation with what its e-mails need: the evaluator's address and both names. */
export interface MailEvaluation {
  id: string;
  typeEvaluation: number;
  done: boolean;
  evaluatorId: number;
  expireAt: Date | null;
  evaluatorName: string;
  evaluatorEmail: string;
  evaluatorCompanyId: number | null;
  /** The evaluator's personal key (their own public pages). */
  evaluatorKey: string;
  ratedId: number | null;
  ratedName: string | null;
}

function mailEvaluationQuery(db: Db) {
  const evaluator = alias(users, 'evaluator');
  const ratedUser = alias(users, 'rated_user');
  return db
      .select({
        id: evaluations.id,
        typeEvaluation: evaluations.typeEvaluation,
        done: evaluations.done,
        evaluatorId: evaluations.userId,
        expireAt: evaluations.expireAt,
        evaluatorName: evaluator.name,
        evaluatorEmail: evaluator.email,
        evaluatorCompanyId: evaluator.companyId,
        evaluatorKey: evaluator.personalKey,
        ratedId: evaluations.rated,
        ratedName: ratedUser.name,
      })
      .from(evaluations)
      .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
      .leftJoin(ratedUser, eq(ratedUser.id, evaluations.rated));
}

/** The evaluations with these ids (UUIDs), with the evaluator's address; missing ids are absent. */
export async function findMailEvaluations(db: Db, ids: string[]): Promise<MailEvaluation[]> {
  if (ids.length === 0) return [];
  return mailEvaluationQuery(db).where(inArray(evaluations.id, ids));
}

/** The evaluation (a UUID) with the evaluator's address, or null. */
export async function findMailEvaluation(db: Db, id: string): Promise<MailEvaluation | null> {
  const [row] = await findMailEvaluations(db, [id]);
  return row ?? null;
}

/** The user's evaluations (as evaluator) that are neither done nor expired at `now`, oldest first. */
export async function pendingEvaluationsOf(db: Db, userId: number, now: Date): Promise<MailEvaluation[]> {
  return mailEvaluationQuery(db)
    .where(and(eq(evaluations.userId, userId), eq(evaluations.done, false), or(isNull(evaluations.expireAt), gte(evaluations.expireAt, now))))
    .orderBy(asc(evaluations.createdAt), asc(evaluations.id));
}

/**
 * The round's evaluations that are neither done nor expired at `now` (of one evaluator when `userId` is
 * given), of active people of active companies (as the automatic reminders), by evaluator, oldest first.
 */
export async function pendingCycleEvaluations(db: Db, cycleId: number, now: Date, userId?: number): Promise<MailEvaluation[]> {
  return mailEvaluationQuery(db)
    .where(
      and(
        eq(evaluations.cycleId, cycleId),
        userId === undefined ? undefined : eq(evaluations.userId, userId),
        eq(evaluations.done, false),
        or(isNull(evaluations.expireAt), gte(evaluations.expireAt, now)),
        sql`exists (select 1 from users active where active.id = ${evaluations.userId} and active.status)`,
        sql`not exists (select 1 from companies inactive where inactive.id = ${evaluations.companyId} and not inactive.status)`,
      ),
    )
    .orderBy(asc(evaluations.userId), asc(evaluations.createdAt), asc(evaluations.id));
}

/** A job of the monitor as pg-boss keeps it. */
export interface QueueJobRow {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  retryCount: number;
}

/** A timestamp as the drivers give it (a Date, or text from a raw query), or null. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** A jsonb value as the drivers give it (an object, or text), or null. */
export function toObject(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      return { value };
    }
  }
  return value as Record<string, unknown>;
}

/**
 * The newest jobs of these queues, read from pg-boss's own table (`{schema}.job`): pg-boss has no call
 * that lists several queues in one ordered page. `schema` is a fixed identifier of the app, never input.
 */
export async function listQueueJobs(db: Db, schema: string, names: string[], limit: number): Promise<QueueJobRow[]> {
  const table = sql.raw(`"${schema.replace(/"/g, '')}".job`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT id, name, state, data, output, created_on, started_on, completed_on, retry_count
    FROM ${table}
    WHERE name IN (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})
    ORDER BY created_on DESC, id DESC
    LIMIT ${limit}`,
  );
  return found.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    state: String(row.state),
    data: toObject(row.data),
    output: toObject(row.output),
    createdOn: toDate(row.created_on)!,
    startedOn: toDate(row.started_on),
    completedOn: toDate(row.completed_on),
    retryCount: Number(row.retry_count),
  }));
}
