import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STAFF_FIELDS } from '../../../../engine/answers/staffSave.ts';
import type { WireItem } from '../../../../engine/definition/types.ts';
import type { StaffFormDocument } from '../../../../engine/staffForm/types.ts';
import type { Db } from '../db/client.ts';
import { evaluations, positions, responses, userPositions, users } from '../db/schema.ts';
import { insertResponses } from './responses.ts';

/*
 * A staff form's answers (the 360 interview's, or any questionnaire with `staff`) are rows of
 * `responses` like every evaluation's (the encoding: the comment on `responses` in db/schema.ts): a
 * `status` row (the key, '' when none was sent), `date` and `show` rows in order (`STAFF_FIELDS`), and
 * one row per answer under its question id. What is here is what a staff form has of its own: finding
 * its evaluation, the save that replaces its rows, the load that gathers them, and the evaluator and
 * rated lists with the stored status. Every function takes the form's evaluation type.
 */

/** The stored status of the evaluation of the row (null when never saved, or saved without one). */
const storedStatus = sql<string | null>`(select nullif(${responses.response}, '') from ${responses} where ${responses.evaluationId} = ${evaluations.id} and ${responses.question} = ${STAFF_FIELDS.status} order by ${responses.id} limit 1)`;

const evaluator = alias(users, 'evaluator');
const ratedUser = alias(users, 'rated_user');

/** The evaluator's position name (the first by name when there are several), or null. */
const evaluatorPosition = sql<string | null>`(select min(${positions.positionName}) from ${userPositions} inner join ${positions} on ${positions.id} = ${userPositions.positionId} where ${userPositions.userId} = ${evaluator.id})`;

/** A staff form's evaluation with the company of its rated person (the company it belongs to). */
export interface StaffFormEvaluation {
  id: string;
  userId: number;
  rated: number;
  ratedCompanyId: number | null;
  /** The definition version the evaluation was created with (null: the current one). */
  definitionVersion: string | null;
}

/**
 * The evaluation of type `type` of this evaluator about this rated person (the newest when there are
 * several), or null. With `evaluationId` only that evaluation matches.
 */
export async function findStaffFormEvaluation(db: Db, type: number, evaluatorId: number, ratedId: number, evaluationId?: string): Promise<StaffFormEvaluation | null> {
  const conditions: SQL[] = [eq(evaluations.typeEvaluation, type), eq(evaluations.userId, evaluatorId), eq(evaluations.rated, ratedId)];
  if (evaluationId) conditions.push(eq(evaluations.id, evaluationId));
  const rows = await db
    .select({ id: evaluations.id, userId: evaluations.userId, rated: ratedUser.id, ratedCompanyId: ratedUser.companyId, definitionVersion: evaluations.definitionVersion })
    .from(evaluations)
    .innerJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(and(...conditions))
    .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The rows of a staff form's document, in their order: status, dates, attendees, then the answers. */
function documentRows(document: StaffFormDocument): WireItem[] {
  return [
    { question: STAFF_FIELDS.status, response: document.status ?? '' },
    ...document.dates.map((date) => ({ question: STAFF_FIELDS.date, response: date })),
    ...document.show.map((name) => ({ question: STAFF_FIELDS.show, response: name })),
    ...Object.entries(document.answers).map(([question, response]) => ({ question, response })),
  ];
}

/** Replaces the form's rows of `responses` with the document's and sets the evaluation's `done`; call inside a transaction. */
export async function saveStaffForm(db: Db, evaluationId: string, document: StaffFormDocument, done: boolean): Promise<void> {
  await db.delete(responses).where(eq(responses.evaluationId, evaluationId));
  await insertResponses(db, evaluationId, documentRows(document));
  await db.update(evaluations).set({ done }).where(eq(evaluations.id, evaluationId));
}

/** The document of stored rows (in `id` order), or null when there are none (never saved). */
function documentOf(items: { question: string; response: string }[]): StaffFormDocument | null {
  if (items.length === 0) return null;
  const document: StaffFormDocument = { status: null, dates: [], show: [], answers: {} };
  for (const { question, response } of items) {
    if (question === STAFF_FIELDS.status) document.status = response === '' ? null : response;
    else if (question === STAFF_FIELDS.date) document.dates.push(response);
    else if (question === STAFF_FIELDS.show) document.show.push(response);
    else document.answers[question] = response;
  }
  return document;
}

/** The stored staff form of an evaluation, or null when it was never saved. */
export async function loadStaffForm(db: Db, evaluationId: string): Promise<StaffFormDocument | null> {
  const items = await db
    .select({ question: responses.question, response: responses.response })
    .from(responses)
    .where(eq(responses.evaluationId, evaluationId))
    .orderBy(asc(responses.id));
  return documentOf(items);
}

/** One row of the report's evaluator table. */
export interface StaffFormEvaluatorRow {
  id: string;
  evaluatorId: number;
  evaluator: string;
  position: string | null;
  ratedId: number;
  rated: string;
  /** Stored status key; null when never saved. */
  status: string | null;
}

/** The evaluations of type `type` of a rated person or of every rated person of a company, by rated and evaluator name. */
export async function listStaffFormEvaluators(db: Db, type: number, filter: { ratedId: number } | { companyId: number }): Promise<StaffFormEvaluatorRow[]> {
  const scope = 'ratedId' in filter ? eq(evaluations.rated, filter.ratedId) : eq(ratedUser.companyId, filter.companyId);
  return db
    .select({
      id: evaluations.id,
      evaluatorId: evaluator.id,
      evaluator: evaluator.name,
      position: evaluatorPosition,
      ratedId: ratedUser.id,
      rated: ratedUser.name,
      status: storedStatus,
    })
    .from(evaluations)
    .innerJoin(evaluator, eq(evaluator.id, evaluations.userId))
    .innerJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(and(eq(evaluations.typeEvaluation, type), scope))
    .orderBy(asc(ratedUser.name), asc(evaluator.name), asc(evaluations.createdAt), asc(evaluations.id));
}

/** The people of a company rated by at least one evaluation of type `type`, by name. */
export async function listStaffFormRated(db: Db, type: number, companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectDistinct({ id: ratedUser.id, name: ratedUser.name })
    .from(evaluations)
    .innerJoin(ratedUser, eq(ratedUser.id, evaluations.rated))
    .where(and(eq(evaluations.typeEvaluation, type), eq(ratedUser.companyId, companyId)))
    .orderBy(asc(ratedUser.name), asc(ratedUser.id));
}
