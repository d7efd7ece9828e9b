import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { remindersSent } from '../db/schema.ts';

/** A pending evaluation of a company with a reminder policy, with its automatic reminder history. */
export interface ReminderCandidate {
  evaluationId: string;
  typeEvaluation: number;
  done: boolean;
  expireAt: Date;
  companyId: number;
  companyName: string;
  evaluatorName: string;
  ratedId: number | null;
  evaluatorId: number;
  ratedName: string | null;
  daysBefore: number;
  max: number;
  minGapDays: number;
  /** Reminders claimed so far (sent or not). */
  count: number;
  /** When the last reminder was sent; null when none was. */
  lastSentAt: Date | null;
  /** A claimed reminder not sent yet (a crash or an SMTP failure): it is sent again under its own key. */
  unsentN: number | null;
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

type Row = Record<string, unknown>;

function candidate(row: Row): ReminderCandidate {
  return {
    evaluationId: String(row.evaluation_id),
    typeEvaluation: Number(row.type_evaluation),
    done: row.done === true,
    expireAt: toDate(row.expire_at)!,
    companyId: Number(row.company_id),
    companyName: String(row.company_name),
    evaluatorId: Number(row.evaluator_id),
    evaluatorName: String(row.evaluator_name),
    ratedId: row.rated_id === null ? null : Number(row.rated_id),
    ratedName: row.rated_name === null ? null : String(row.rated_name),
    daysBefore: Number(row.reminder_days_before),
    max: Number(row.reminder_max),
    minGapDays: Number(row.reminder_min_gap_days),
    count: Number(row.reminder_count),
    lastSentAt: toDate(row.last_sent_at),
    unsentN: row.unsent_n === null || row.unsent_n === undefined ? null : Number(row.unsent_n),
  };
}

function candidateQuery(now: Date, horizon: Date | null, evaluationId: string | null, lock: boolean) {
  return sql`
    SELECT e.id AS evaluation_id, e.type_evaluation, e.done, e.expire_at, c.id AS company_id, c.commercial_name AS company_name,
      e.user_id AS evaluator_id, evaluator.name AS evaluator_name, e.rated AS rated_id, rated_user.name AS rated_name,
      c.reminder_days_before, c.reminder_max, c.reminder_min_gap_days,
      (SELECT count(*)::int FROM reminders_sent r WHERE r.evaluation_id = e.id) AS reminder_count,
      (SELECT max(r.sent_at) FROM reminders_sent r WHERE r.evaluation_id = e.id) AS last_sent_at,
      (SELECT min(r.n) FROM reminders_sent r WHERE r.evaluation_id = e.id AND r.sent_at IS NULL) AS unsent_n
    FROM evaluations e
    JOIN companies c ON c.id = e.company_id
    JOIN users evaluator ON evaluator.id = e.user_id
    LEFT JOIN users rated_user ON rated_user.id = e.rated
    WHERE c.status AND c.reminder_days_before IS NOT NULL AND c.reminder_max IS NOT NULL AND c.reminder_min_gap_days IS NOT NULL
      AND evaluator.status AND NOT e.done AND e.expire_at > ${now.toISOString()}::timestamptz
      -- The first reminder day is at least N days before the expiry day: nothing sooner can be due by the horizon.
      ${horizon === null ? sql`` : sql`AND e.expire_at - make_interval(days => c.reminder_days_before + 1) <= ${horizon.toISOString()}::timestamptz`}
      ${evaluationId === null ? sql`` : sql`AND e.id = ${evaluationId}`}
    ORDER BY e.expire_at, e.id
    ${lock ? sql`FOR UPDATE OF e` : sql``}`;
}

/**
 * Pending (not done, not expired at `now`) evaluations of active companies with a reminder policy,
 * of active evaluators, whose first reminder day can come by `horizon`.
 */
export async function reminderCandidates(db: Db, now: Date, horizon: Date): Promise<ReminderCandidate[]> {
  return (await rows<Row>(db, candidateQuery(now, horizon, null, false))).map(candidate);
}

/**
 * The same candidate read again inside a transaction, its evaluation row locked (so an answer or a
 * concurrent run waits); null when it is no longer one (answered, expired, policy turned off).
 */
export async function lockReminderCandidate(tx: Tx, evaluationId: string, now: Date): Promise<ReminderCandidate | null> {
  const [row] = await rows<Row>(tx, candidateQuery(now, null, evaluationId, true));
  return row ? candidate(row) : null;
}

/** Claims reminder `n` of the evaluation (inserted before the e-mail goes out). */
export async function claimReminder(tx: Tx, evaluationId: string, n: number, plannedAt: Date, now: Date): Promise<void> {
  await tx.insert(remindersSent).values({ evaluationId, n, plannedAt, claimedAt: now });
}

/** Marks reminder `n` of the evaluation as sent. */
export async function markReminderSent(db: Db, evaluationId: string, n: number, now: Date): Promise<void> {
  await db
    .update(remindersSent)
    .set({ sentAt: now })
    .where(and(eq(remindersSent.evaluationId, evaluationId), eq(remindersSent.n, n), isNull(remindersSent.sentAt)));
}
