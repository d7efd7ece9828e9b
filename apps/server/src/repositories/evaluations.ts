import { and, asc, eq, exists, gte, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { evaluations, userSectors, users } from '../db/schema.ts';

/** A new evaluation to insert. */
export interface NewEvaluation {
  userId: number;
  rated: number | null;
  ratedSector: number | null;
  typeEvaluation: number;
  version: number | null;
  expireAt: Date;
  usercourseId: number | null;
}

/** An evaluation with the names of its evaluator and evaluated user. */
export interface EvaluationView {
  id: string;
  userId: number;
  rated: number | null;
  ratedSector: number | null;
  typeEvaluation: number;
  version: number | null;
  done: boolean;
  expireAt: Date | null;
  evaluatorName: string;
  ratedName: string | null;
  evaluatorCompanyId: number | null;
}

/** Inserts evaluations (call inside a transaction for a batch) and returns them in order. */
export async function insertEvaluations(db: Db, rows: NewEvaluation[]) {
  return db.insert(evaluations).values(rows).returning({
    id: evaluations.id,
    userId: evaluations.userId,
    typeEvaluation: evaluations.typeEvaluation,
    expireAt: evaluations.expireAt,
  });
}

/** The evaluation with its names, or null. `id` must already be a UUID. */
export async function findEvaluation(db: Db, id: string): Promise<EvaluationView | null> {
  const evaluator = alias(users, 'evaluator');
  const ratedUser = alias(users, 'rated_user');
  const rows = await db
    .select({
      id: evaluations.id,
      userId: evaluations.userId,
      rated: evaluations.rated,
      ratedSector: evaluations.ratedSector,
      typeEvaluation: evaluations.typeEvaluation,
      version: evaluations.version,
      done: evaluations.done,
      expireAt: evaluations.expireAt,
      evaluatorName: evaluator.name,
      ratedName: ratedUser.name,
      evaluatorCompanyId: evaluator.companyId,
    })
    .from(evaluations)
    .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
    .leftJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(eq(evaluations.id, id));
  return rows[0] ?? null;
}

/**
 * Marks an open evaluation as done; false when it was already done or expired at `now`. Concurrent
 * callers serialize on the row lock, so exactly one of them gets true.
 */
export async function markDone(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(evaluations)
    .set({ done: true })
    .where(and(eq(evaluations.id, id), eq(evaluations.done, false), or(isNull(evaluations.expireAt), gte(evaluations.expireAt, now))))
    .returning({ id: evaluations.id });
  return rows.length === 1;
}

/** Which done evaluations to score. */
export interface DoneFilter {
  /** Only these evaluation ids (already checked to be UUIDs). */
  ids?: string[];
  typeEvaluation?: number;
  /** The evaluator belongs to this company. */
  companyId?: number;
  /** The evaluator belongs to this sector. */
  sectorId?: number;
}

/** Done evaluations matching the filter, with the evaluator's name, oldest first. */
export async function listDoneEvaluations(db: Db, filter: DoneFilter) {
  const conditions: SQL[] = [eq(evaluations.done, true)];
  if (filter.ids) conditions.push(inArray(evaluations.id, filter.ids));
  if (filter.typeEvaluation !== undefined) conditions.push(eq(evaluations.typeEvaluation, filter.typeEvaluation));
  if (filter.companyId !== undefined) conditions.push(eq(users.companyId, filter.companyId));
  if (filter.sectorId !== undefined) {
    const sectorId = filter.sectorId;
    conditions.push(
      exists(
        db
          .select({ one: userSectors.userId })
          .from(userSectors)
          .where(and(eq(userSectors.userId, evaluations.userId), eq(userSectors.sectorId, sectorId))),
      ),
    );
  }
  return db
    .select({ id: evaluations.id, typeEvaluation: evaluations.typeEvaluation, name: users.name })
    .from(evaluations)
    .innerJoin(users, eq(users.id, evaluations.userId))
    .where(and(...conditions))
    .orderBy(asc(evaluations.createdAt), asc(evaluations.id));
}
