import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { toDate, toObject } from './jobs.ts';

/*
 * Who the retention of a company (issue 14, LGPD) erases: its participants (type 3, never staff), not
 * erased yet, with no open evaluation, whose last activity is older than the company's
 * `retention_months` calendar months before `now`, counted in the app's time zone.
 */

/** A participant the retention pass erases. */
export interface DueParticipant {
  userId: number;
  companyId: number;
  retentionMonths: number;
}

/** A company with a retention policy and how many of its participants are due at a given instant. */
export interface RetentionCompany {
  companyId: number;
  companyName: string;
  active: boolean;
  retentionMonths: number;
  due: number;
}

/** The last retention job pg-boss finished (completed, or failed when the pass itself threw). */
export interface RetentionRunRow {
  state: string;
  finishedOn: Date;
  output: Record<string, unknown> | null;
}

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * The conditions on `u` (users) joined to `c` (its company) that make the person due at `now`. The
 * evaluations "of" a person are the ones they answer (`user_id`) and the ones about them (`rated`):
 * an open one of either kind keeps them (the evaluation still needs their name), and any of them
 * counts as activity. The cutoff is `now` read as a wall clock in `timeZone`, minus the months
 * (PostgreSQL clamps to the month's last day: 31 March − 1 month is 28/29 February), read back as an
 * instant in the same zone.
 */
function dueConditions(now: Date, timeZone: string): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const theirs = sql`(e.user_id = u.id OR e.rated = u.id)`;
  return sql`c.retention_months IS NOT NULL AND u.type_account = 3 AND u.erased_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM evaluations e WHERE ${theirs} AND NOT e.done AND (e.expire_at IS NULL OR e.expire_at > ${at}))
    AND GREATEST(
      u.created_at,
      (SELECT max(e.created_at) FROM evaluations e WHERE ${theirs}),
      (SELECT max(r.created_at) FROM responses r JOIN evaluations e ON e.id = r.evaluation_id WHERE ${theirs})
    ) < ((${at} AT TIME ZONE ${timeZone}) - make_interval(months => c.retention_months)) AT TIME ZONE ${timeZone}`;
}

function dueParticipant(row: Row): DueParticipant {
  return { userId: Number(row.id), companyId: Number(row.company_id), retentionMonths: Number(row.retention_months) };
}

/** Every participant due at `now`, by company then id. */
export async function dueParticipants(db: Db, now: Date, timeZone: string): Promise<DueParticipant[]> {
  const result = await db.execute(sql`
    SELECT u.id, u.company_id, c.retention_months
    FROM users u JOIN companies c ON c.id = u.company_id
    WHERE ${dueConditions(now, timeZone)}
    ORDER BY u.company_id, u.id`);
  return rowsOf(result).map(dueParticipant);
}

/**
 * The same participant read again inside a transaction, the user row locked (`FOR UPDATE` also holds
 * back an evaluation being created for them, whose foreign key must share-lock the row); null when
 * they are no longer due (an evaluation created or answered since, the policy changed, already erased).
 */
export async function lockDueParticipant(tx: Tx, userId: number, now: Date, timeZone: string): Promise<DueParticipant | null> {
  const result = await tx.execute(sql`
    SELECT u.id, u.company_id, c.retention_months
    FROM users u JOIN companies c ON c.id = u.company_id
    WHERE u.id = ${userId} AND ${dueConditions(now, timeZone)}
    FOR UPDATE OF u`);
  const [row] = rowsOf(result);
  return row ? dueParticipant(row) : null;
}

/** Every company with a retention policy (active or not: the pass erases in both), with its participants due at `now`; by name. */
export async function retentionCompanies(db: Db, now: Date, timeZone: string): Promise<RetentionCompany[]> {
  const result = await db.execute(sql`
    SELECT c.id, c.commercial_name, c.status, c.retention_months,
      (SELECT count(*)::int FROM users u WHERE u.company_id = c.id AND ${dueConditions(now, timeZone)}) AS due
    FROM companies c
    WHERE c.retention_months IS NOT NULL
    ORDER BY c.commercial_name, c.id`);
  return rowsOf(result).map((row) => ({
    companyId: Number(row.id),
    companyName: String(row.commercial_name),
    active: row.status === true,
    retentionMonths: Number(row.retention_months),
    due: Number(row.due),
  }));
}

/**
 * The newest finished job of the queue, read from pg-boss's own table (`{schema}.job`: pg-boss has no
 * call for "the last one finished"). `schema` is a fixed identifier of the app, never input.
 */
export async function lastFinishedRun(db: Db, schema: string, queue: string): Promise<RetentionRunRow | null> {
  const table = sql.raw(`"${schema.replace(/"/g, '')}".job`);
  const result = await db.execute(sql`
    SELECT state, completed_on, output FROM ${table}
    WHERE name = ${queue} AND state IN ('completed', 'failed') AND completed_on IS NOT NULL
    ORDER BY completed_on DESC, id DESC
    LIMIT 1`);
  const [row] = rowsOf(result);
  return row ? { state: String(row.state), finishedOn: toDate(row.completed_on)!, output: toObject(row.output) } : null;
}

/** Whether pg-boss holds a schedule for the queue (a process with workers registered it). */
export async function isScheduled(db: Db, schema: string, queue: string): Promise<boolean> {
  const table = sql.raw(`"${schema.replace(/"/g, '')}".schedule`);
  const result = await db.execute(sql`SELECT 1 FROM ${table} WHERE name = ${queue} LIMIT 1`);
  return rowsOf(result).length > 0;
}
