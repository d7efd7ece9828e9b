import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InterviewDocument } from '../../../../engine/interview/types.ts';
import type { Db } from '../db/client.ts';
import { evaluations, interviews, positions, userPositions, users } from '../db/schema.ts';

/** Evaluation type of the 360 by interview. */
export const INTERVIEW_TYPE = 11;

const evaluator = alias(users, 'evaluator');
const ratedUser = alias(users, 'rated_user');

/** The evaluator's position name (the first by name when there are several), or null. */
const evaluatorPosition = sql<string | null>`(select min(${positions.positionName}) from ${userPositions} inner join ${positions} on ${positions.id} = ${userPositions.positionId} where ${userPositions.userId} = ${evaluator.id})`;

/** A type 11 evaluation with the company of its rated person (the company it belongs to). */
export interface InterviewEvaluation {
  id: string;
  userId: number;
  rated: number;
  ratedCompanyId: number | null;
}

/**
 * The type 11 evaluation of this evaluator about this rated person (the newest when there are
 * several), or null. With `evaluationId` only that evaluation matches.
 */
export async function findInterviewEvaluation(db: Db, evaluatorId: number, ratedId: number, evaluationId?: string): Promise<InterviewEvaluation | null> {
  const conditions: SQL[] = [eq(evaluations.typeEvaluation, INTERVIEW_TYPE), eq(evaluations.userId, evaluatorId), eq(evaluations.rated, ratedId)];
  if (evaluationId) conditions.push(eq(evaluations.id, evaluationId));
  const rows = await db
    .select({ id: evaluations.id, userId: evaluations.userId, rated: ratedUser.id, ratedCompanyId: ratedUser.companyId })
    .from(evaluations)
    .innerJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(and(...conditions))
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores the interview document (insert or replace) and sets the evaluation's `done`; call inside a transaction. */
export async function saveInterview(db: Db, evaluationId: string, document: InterviewDocument, done: boolean): Promise<void> {
  const values = { status: document.status, dates: document.dates, show: document.show, answers: document.answers, updatedAt: new Date() };
  await db
    .insert(interviews)
    .values({ evaluationId, ...values })
    .onConflictDoUpdate({ target: interviews.evaluationId, set: values });
  await db.update(evaluations).set({ done }).where(eq(evaluations.id, evaluationId));
}

/** The stored interview of an evaluation, or null when it was never saved. */
export async function loadInterview(db: Db, evaluationId: string): Promise<InterviewDocument | null> {
  const rows = await db
    .select({ status: interviews.status, dates: interviews.dates, show: interviews.show, answers: interviews.answers })
    .from(interviews)
    .where(eq(interviews.evaluationId, evaluationId));
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.status,
    dates: row.dates as string[],
    show: row.show as string[],
    answers: row.answers as Record<string, string>,
  };
}

/** One row of the report's evaluator table. */
export interface InterviewEvaluatorRow {
  id: string;
  evaluatorId: number;
  evaluator: string;
  position: string | null;
  ratedId: number;
  rated: string;
  /** Stored status key; null when never saved. */
  status: string | null;
}

/** The type 11 evaluations of a rated person or of every rated person of a company, by rated and evaluator name. */
export async function listInterviewEvaluators(db: Db, filter: { ratedId: number } | { companyId: number }): Promise<InterviewEvaluatorRow[]> {
  const scope = 'ratedId' in filter ? eq(evaluations.rated, filter.ratedId) : eq(ratedUser.companyId, filter.companyId);
  return db
    .select({
      id: evaluations.id,
      evaluatorId: evaluator.id,
      evaluator: evaluator.name,
      position: evaluatorPosition,
      ratedId: ratedUser.id,
      rated: ratedUser.name,
      status: interviews.status,
    })
    .from(evaluations)
    .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
    .innerJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .leftJoin(interviews, eq(interviews.evaluationId, evaluations.id))
    .where(and(eq(evaluations.typeEvaluation, INTERVIEW_TYPE), scope))
    .orderBy(asc(ratedUser.name), asc(evaluator.name), asc(evaluations.createdAt), asc(evaluations.id));
}

/** The people of a company rated by at least one type 11 evaluation, by name. */
export async function listInterviewRated(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinct({ id: ratedUser.id, name: ratedUser.name })
    .from(evaluations)
    .innerJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(and(eq(evaluations.typeEvaluation, INTERVIEW_TYPE), eq(ratedUser.companyId, companyId)))
    .orderBy(asc(ratedUser.name), asc(ratedUser.id));
}

/** A saved interview with its evaluator, as the consolidation reads it. */
export interface SavedInterview {
  evaluationId: string;
  evaluatorId: number;
  evaluatorName: string;
  answers: Record<string, string>;
}

/** The saved interviews of a rated person with this status, optionally only of these evaluators. */
export async function listSavedInterviews(db: Db, ratedId: number, status: string, evaluatorIds?: number[]): Promise<SavedInterview[]> {
  const conditions: SQL[] = [eq(evaluations.typeEvaluation, INTERVIEW_TYPE), eq(evaluations.rated, ratedId), eq(interviews.status, status)];
  if (evaluatorIds) conditions.push(evaluatorIds.length === 0 ? sql`false` : inArray(evaluations.userId, evaluatorIds));
  const rows = await db
    .select({ evaluationId: evaluations.id, evaluatorId: evaluator.id, evaluatorName: evaluator.name, answers: interviews.answers })
    .from(evaluations)
    .innerJoin(interviews, eq(interviews.evaluationId, evaluations.id))
    .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
    .where(and(...conditions))
    .orderBy(asc(evaluator.name), asc(evaluations.id));
  return rows.map((row) => ({ ...row, answers: row.answers as Record<string, string> }));
}

/** How many saved interviews of a rated person have this status. */
export async function countSavedInterviews(db: Db, ratedId: number, status: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evaluations)
    .innerJoin(interviews, eq(interviews.evaluationId, evaluations.id))
    .where(and(eq(evaluations.typeEvaluation, INTERVIEW_TYPE), eq(evaluations.rated, ratedId), eq(interviews.status, status)));
  return Number(row?.n ?? 0);
}
