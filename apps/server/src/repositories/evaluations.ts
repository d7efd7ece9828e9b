import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lt, min, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { courses, evaluations, responses, sectors, userCourses, userSectors, users } from '../db/schema.ts';

/** A new evaluation to insert. */
export interface NewEvaluation {
  userId: number;
  rated: number | null;
  ratedSector: number | null;
  typeEvaluation: number;
  version: number | null;
  expireAt: Date | null;
  usercourseId: number | null;
  /** The round it joins (see `cycles.ts`); null only for one with neither a company nor a course. */
  cycleId: number | null;
}

/** An evaluation with the names of its evaluator and evaluated user. */
export interface EvaluationView {
  id: string;
  userId: number;
  rated: number | null;
  ratedSector: number | null;
  typeEvaluation: number;
  version: number | null;
  /** The questionnaire version it was created with ("2.1"); null for a type without versions. */
  definitionVersion: string | null;
  done: boolean;
  expireAt: Date | null;
  evaluatorName: string;
  ratedName: string | null;
  /** Name of the rated sector (area maps), or null. */
  ratedSectorName: string | null;
  evaluatorCompanyId: number | null;
}

/** Inserts evaluations (call inside a transaction for a batch) and returns them in order. */
export async function insertEvaluations(db: Db, rows: NewEvaluation[]) {
  return db.insert(evaluations).values(rows).returning({
    id: evaluations.id,
    userId: evaluations.userId,
    rated: evaluations.rated,
    typeEvaluation: evaluations.typeEvaluation,
    expireAt: evaluations.expireAt,
    cycleId: evaluations.cycleId,
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
      definitionVersion: evaluations.definitionVersion,
      done: evaluations.done,
      expireAt: evaluations.expireAt,
      evaluatorName: evaluator.name,
      ratedName: ratedUser.name,
      ratedSectorName: sectors.sectorName,
      evaluatorCompanyId: evaluator.companyId,
    })
    .from(evaluations)
    .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
    .leftJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .leftJoin(sectors, eq(sectors.id, evaluations.ratedSector))
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

/** The condition on `evaluations` of the done evaluations matching the filter. */
export function doneEvaluationsScope(db: Db, filter: DoneFilter): SQL {
  const conditions: SQL[] = [eq(evaluations.done, true)];
  if (filter.ids) conditions.push(inArray(evaluations.id, filter.ids));
  if (filter.typeEvaluation !== undefined) conditions.push(eq(evaluations.typeEvaluation, filter.typeEvaluation));
  if (filter.companyId !== undefined) conditions.push(eq(evaluations.companyId, filter.companyId));
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
  return and(...conditions)!;
}

/** The evaluation types among the done evaluations matching the filter. */
export async function doneEvaluationTypes(db: Db, filter: DoneFilter): Promise<number[]> {
  const rows = await db.selectDistinct({ type: evaluations.typeEvaluation }).from(evaluations).where(doneEvaluationsScope(db, filter));
  return rows.map((row) => row.type);
}

/** The evaluations with these ids, with their evaluator's company and both names (absent ids are skipped). */
export async function findEvaluations(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const evaluator = alias(users, 'evaluator');
  const ratedUser = alias(users, 'rated_user');
  return db
    .select({
      id: evaluations.id,
      userId: evaluations.userId,
      typeEvaluation: evaluations.typeEvaluation,
      done: evaluations.done,
      expireAt: evaluations.expireAt,
      evaluatorName: evaluator.name,
      ratedName: ratedUser.name,
      companyId: evaluator.companyId,
    })
    .from(evaluations)
    .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
    .leftJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(inArray(evaluations.id, ids));
}

/** The course participations with these ids: the participant, the course and its company. */
export async function findParticipations(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: userCourses.id, userId: userCourses.userId, courseId: userCourses.courseId, courseCompanyId: courses.companyId })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .where(inArray(userCourses.id, ids));
}

/** Sets new expiry instants (inside the caller's transaction). */
export async function renewEvaluations(db: Db, updates: { id: string; expireAt: Date }[]) {
  for (const update of updates) {
    await db.update(evaluations).set({ expireAt: update.expireAt }).where(eq(evaluations.id, update.id));
  }
}

/** Deletes an evaluation with its answers, a saved interview's included (inside the caller's transaction). */
export async function deleteEvaluation(db: Db, id: string): Promise<boolean> {
  await db.delete(responses).where(eq(responses.evaluationId, id));
  const deleted = await db.delete(evaluations).where(eq(evaluations.id, id)).returning({ id: evaluations.id });
  return deleted.length === 1;
}

/** Filters of the data-management listing; at least one of company, user or course is given. */
export interface ListFilter {
  companyId?: number;
  userId?: number;
  courseId?: number;
  typeEvaluation?: number;
  done?: boolean;
}

/** The listing counts matches up to this many. */
export const COUNT_CAP = 10_000;

/** One page of evaluations, newest first, with the number of matches (at most COUNT_CAP, `more` beyond). */
export async function listEvaluations(db: Db, filter: ListFilter, paging: { limit: number; offset: number }, now: Date) {
  const ratedUser = alias(users, 'rated_user');
  const conditions: SQL[] = [];
  if (filter.companyId !== undefined) conditions.push(eq(evaluations.companyId, filter.companyId));
  if (filter.userId !== undefined) conditions.push(eq(evaluations.userId, filter.userId));
  if (filter.courseId !== undefined) {
    conditions.push(inArray(evaluations.usercourseId, db.select({ id: userCourses.id }).from(userCourses).where(eq(userCourses.courseId, filter.courseId))));
  }
  if (filter.typeEvaluation !== undefined) conditions.push(eq(evaluations.typeEvaluation, filter.typeEvaluation));
  if (filter.done !== undefined) conditions.push(eq(evaluations.done, filter.done));
  const where = and(...conditions);
  // Counting every match of a large company costs more than the page itself: count up to COUNT_CAP + 1
  // (the grid then shows "more than 10,000"); every filter is a column of evaluations, so an index answers.
  const capped = db.select({ one: sql`1` }).from(evaluations).where(where).limit(COUNT_CAP + 1).as('capped');
  const [total] = await db.select({ n: count() }).from(capped);
  // The page is chosen on evaluations alone (an index walk, even at a deep offset), then joined to names.
  const page = db
    .select({ pageId: evaluations.id, pageCreatedAt: evaluations.createdAt })
    .from(evaluations)
    .where(where)
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(paging.limit)
    .offset(paging.offset)
    .as('page');
  const rows = await db
    .select({
      id: evaluations.id,
      userId: evaluations.userId,
      userName: users.name,
      rated: evaluations.rated,
      ratedName: ratedUser.name,
      typeEvaluation: evaluations.typeEvaluation,
      version: evaluations.version,
      expireAt: evaluations.expireAt,
      done: evaluations.done,
      expired: sql<boolean>`coalesce(${lt(evaluations.expireAt, now)}, false)`,
      createdAt: evaluations.createdAt,
    })
    .from(page)
    .innerJoin(evaluations, eq(evaluations.id, page.pageId))
    .innerJoin(users, eq(users.id, evaluations.userId))
    .leftJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .orderBy(desc(page.pageCreatedAt), desc(page.pageId));
  const n = Number(total!.n);
  return { total: Math.min(n, COUNT_CAP), more: n > COUNT_CAP, rows };
}

/** The versions of a type given to an evaluated person, each with the day it was first created. */
export async function listVersions(db: Db, rated: number, typeEvaluation: number) {
  const rows = await db
    .select({ version: evaluations.version, createdAt: min(evaluations.createdAt) })
    .from(evaluations)
    .where(and(eq(evaluations.rated, rated), eq(evaluations.typeEvaluation, typeEvaluation), sql`${evaluations.version} is not null`))
    .groupBy(evaluations.version)
    .orderBy(asc(evaluations.version));
  return rows.map((row) => ({ version: row.version!, createdAt: row.createdAt! }));
}
