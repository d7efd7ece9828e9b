import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses, evaluations, userCourses, users } from '../db/schema.ts';

/** A course with its number of participants. */
export interface CourseRow {
  id: number;
  name: string;
  companyId: number | null;
  status: boolean;
  createdAt: Date;
  count: number;
}

/** A participant of a course. */
export interface ParticipantRow {
  /** The user_courses id. */
  id: number;
  userId: number;
  courseId: number;
  name: string;
  email: string;
  companyId: number | null;
  /** Whether the user is active. */
  status: boolean;
  createdAt: Date;
}

const courseColumns = {
  id: courses.id,
  name: courses.name,
  companyId: courses.companyId,
  status: courses.status,
  createdAt: courses.createdAt,
  count: count(userCourses.id),
};

/** Every course, newest first, with its participant count. */
export async function listCourses(db: Db): Promise<CourseRow[]> {
  return db
    .select(courseColumns)
    .from(courses)
    .leftJoin(userCourses, eq(userCourses.courseId, courses.id))
    .groupBy(courses.id)
    .orderBy(desc(courses.createdAt), desc(courses.id));
}

/** The course with this id and its participant count, or null. */
export async function findCourse(db: Db, id: number): Promise<CourseRow | null> {
  const rows = await db
    .select(courseColumns)
    .from(courses)
    .leftJoin(userCourses, eq(userCourses.courseId, courses.id))
    .where(eq(courses.id, id))
    .groupBy(courses.id);
  return rows[0] ?? null;
}

/** The courses with these ids (participant counts included). */
export async function findCourses(db: Db, ids: number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(courseColumns)
    .from(courses)
    .leftJoin(userCourses, eq(userCourses.courseId, courses.id))
    .where(inArray(courses.id, ids))
    .groupBy(courses.id);
}

/** Inserts a course and returns it (no participants yet). */
export async function insertCourse(db: Db, fields: { name: string; companyId: number | null }): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(fields).returning();
  return { ...row!, count: 0 };
}

const participantColumns = {
  id: userCourses.id,
  userId: userCourses.userId,
  courseId: userCourses.courseId,
  name: users.name,
  email: users.email,
  companyId: users.companyId,
  status: users.status,
  createdAt: userCourses.createdAt,
};

/** Participants of these courses, by name. */
export async function listParticipants(db: Db, courseIds: number[]): Promise<ParticipantRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select(participantColumns)
    .from(userCourses)
    .innerJoin(users, eq(users.id, userCourses.userId))
    .where(inArray(userCourses.courseId, courseIds))
    .orderBy(asc(users.name), asc(userCourses.id));
}

/** The participation with this id, or null. */
export async function findParticipant(db: Db, id: number): Promise<ParticipantRow | null> {
  const rows = await db.select(participantColumns).from(userCourses).innerJoin(users, eq(users.id, userCourses.userId)).where(eq(userCourses.id, id));
  return rows[0] ?? null;
}

/** Whether the user already takes part in the course. */
export async function isParticipant(db: Db, userId: number, courseId: number): Promise<boolean> {
  const rows = await db
    .select({ id: userCourses.id })
    .from(userCourses)
    .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId)));
  return rows.length > 0;
}

/** Adds a participant and returns the user_courses id and date. */
export async function insertParticipant(db: Db, userId: number, courseId: number): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db.insert(userCourses).values({ userId, courseId }).returning({ id: userCourses.id, createdAt: userCourses.createdAt });
  return row!;
}

/** Whether evaluations were created from this participation. */
export async function participationHasEvaluations(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.usercourseId, id)).limit(1);
  return rows.length > 0;
}

/** Removes a participation; whether a row was removed. */
export async function deleteParticipant(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(userCourses).where(eq(userCourses.id, id)).returning({ id: userCourses.id });
  return rows.length > 0;
}
