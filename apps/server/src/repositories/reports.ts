import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilters } from '../../../../engine/definition/dashboard.ts';
import type { Db } from '../db/client.ts';
import { rows as select } from '../db/rows.ts';

/*
 * What the reports (`reports/reports.ts`) read besides a view's data: the names of the chosen filters
 * for the first page, the evaluation a single-evaluation report is about, and the person of a key.
 */

/** The names of the chosen filters (undefined: not chosen, or no such row). */
export interface ChosenNames {
  company?: string;
  course?: string;
  cycle?: string;
  sector?: string;
  colleague?: string;
  evaluated?: string;
}

/** The names of the company, course, round, sector and people chosen in some filters. */
export async function chosenNames(db: Db, filters: DashboardFilters): Promise<ChosenNames> {
  const name = async (id: number | undefined, query: (id: number) => SQL) => (id === undefined ? undefined : (await select<{ name: string }>(db, query(id)))[0]?.name);
  return {
    company: await name(filters.company_id, (id) => sql`select commercial_name as name from companies where id = ${id}`),
    course: await name(filters.course_id, (id) => sql`select name from courses where id = ${id}`),
    cycle: await name(filters.cycle_id, (id) => sql`select name from cycles where id = ${id}`),
    sector: await name(filters.sector_id, (id) => sql`select sector_name as name from sectors where id = ${id}`),
    colleague: await name(filters.colleague_id, (id) => sql`select name from users where id = ${id}`),
    evaluated: await name(filters.evaluated_id, (id) => sql`select name from users where id = ${id}`),
  };
}

/** An evaluation as its own report reads it. */
export interface ReportedEvaluation {
  type_evaluation: number;
  done: boolean;
  user_id: number;
  rated: number | null;
  version: number | null;
  company_id: number | null;
}

/** The evaluation with this id (a UUID), or undefined. */
export async function reportedEvaluation(db: Db, id: string): Promise<ReportedEvaluation | undefined> {
  const [row] = await select<ReportedEvaluation>(db, sql`select type_evaluation, done, user_id, rated, version, company_id from evaluations where id = ${id}::uuid`);
  return row;
}

/** The latest done evaluation of some types in a company (none: of no company), or undefined. */
export async function latestDoneEvaluation(db: Db, companyId: number | null, types: number[]): Promise<string | undefined> {
  const [latest] = await select<{ id: string }>(
    db,
    sql`select id from evaluations where done = true and company_id is not distinct from ${companyId}
        and type_evaluation in (${sql.join(types.map((type) => sql`${type}`), sql`, `)}) order by created_at desc, id desc limit 1`,
  );
  return latest ? String(latest.id) : undefined;
}

/** The person of a personal key (a UUID, any case), or null. */
export async function personOfKey(db: Db, key: string): Promise<{ id: number; name: string; companyId: number | null } | null> {
  const [row] = await select<{ id: number; name: string; company_id: number | null }>(db, sql`select id, name, company_id from users where personal_key = ${key.toLowerCase()}::uuid`);
  return row ? { id: Number(row.id), name: row.name, companyId: row.company_id === null ? null : Number(row.company_id) } : null;
}
