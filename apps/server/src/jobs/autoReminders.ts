import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { nextReminderAt } from '../../../../engine/lifecycle/reminderSchedule.ts';
import { findMailEvaluation } from '../repositories/jobs.ts';
import { claimReminder, lockReminderCandidate, markReminderSent, reminderCandidates, type ReminderCandidate } from '../repositories/reminders.ts';
import { pendingReminder } from './evaluationEmails.ts';
import { runMeasureReminders } from './measureReminders.ts';

/** Queue of the automatic reminder pass (its schedule creates one job every 15 minutes). */
export const AUTO_REMINDER_QUEUE = 'autoReminders';
/** Every 15 minutes (UTC cron; the reminders themselves are planned at 09:00 local time). */
export const AUTO_REMINDER_CRON = '*/15 * * * *';

const DAY_MS = 86_400_000;

/** When the candidate's next reminder goes out (its unsent claim, if any, is due now). */
export function plannedAt(app: FastifyInstance, candidate: ReminderCandidate, now: Date): Date | null {
  if (candidate.unsentN !== null) return now;
  return nextReminderAt({
    now,
    timeZone: app.settings.timeZone,
    policy: { daysBefore: candidate.daysBefore, max: candidate.max, minGapDays: candidate.minGapDays },
    expireAt: candidate.expireAt,
    done: candidate.done,
    history: { count: candidate.count, lastSentAt: candidate.lastSentAt },
  });
}

/** An automatic reminder the queue monitor lists. */
export interface ScheduledReminder {
  evaluationId: string;
  typeEvaluation: number;
  evaluatorName: string;
  ratedName: string | null;
  companyId: number;
  companyName: string;
  plannedAt: Date;
  /** Which reminder of the evaluation it is (1, 2…). */
  n: number;
}

/** The automatic reminders planned from `now` to `days` days later (overdue ones first: the next pass sends them). */
export async function scheduledReminders(app: FastifyInstance, now: Date, days: number): Promise<ScheduledReminder[]> {
  const horizon = new Date(now.getTime() + days * DAY_MS);
  const planned: ScheduledReminder[] = [];
  for (const candidate of await reminderCandidates(app.db, now, horizon)) {
    const at = plannedAt(app, candidate, now);
    if (!at || at.getTime() > horizon.getTime()) continue;
    planned.push({
      evaluationId: candidate.evaluationId,
      typeEvaluation: candidate.typeEvaluation,
      evaluatorName: candidate.evaluatorName,
      ratedName: candidate.ratedId !== null && candidate.ratedId !== candidate.evaluatorId ? candidate.ratedName : null,
      companyId: candidate.companyId,
      companyName: candidate.companyName,
      plannedAt: at,
      n: candidate.unsentN ?? candidate.count + 1,
    });
  }
  return planned.sort((a, b) => a.plannedAt.getTime() - b.plannedAt.getTime() || a.evaluationId.localeCompare(b.evaluationId));
}

/** What a pass did: reminders sent, and the ones that failed (sent again by the next pass). */
export interface ReminderPassResult {
  sent: number;
  failed: number;
}

/**
 * One pass of the automatic reminders at `now` (the app's clock; tests pass their own). For each
 * pending evaluation of a company with a policy whose next reminder is due (planned ≤ now), one
 * transaction locks the evaluation, checks again that it is neither answered nor expired and claims
 * reminder n (table `reminders_sent`); after the commit the evaluator gets the manual reminder's
 * e-mail for that evaluation under the key `auto-reminder:{evaluationId}:{n}`, so a restart, a retry
 * or a second pass never sends it twice. A failed send stays claimed and unsent: the next pass sends
 * it again under the same key (the mailer's delivery protocol decides whether it may). The action
 * plan's deadline reminders (`runMeasureReminders`) go in the same pass.
 */
export async function runAutoReminders(app: FastifyInstance, now: Date): Promise<ReminderPassResult> {
  const result: ReminderPassResult = { sent: 0, failed: 0 };
  // Only evaluations that can be due now: the horizon is now.
  for (const candidate of await reminderCandidates(app.db, now, now)) {
    const due = plannedAt(app, candidate, now);
    if (!due || due.getTime() > now.getTime()) continue;
    const n = await app.db.transaction(async (tx) => {
      const locked = await lockReminderCandidate(tx, candidate.evaluationId, now);
      if (!locked) return null;
      if (locked.unsentN !== null) return locked.unsentN;
      const at = plannedAt(app, locked, now);
      if (!at || at.getTime() > now.getTime()) return null;
      await claimReminder(tx, locked.evaluationId, locked.count + 1, at, now);
      return locked.count + 1;
    });
    if (n === null) continue;
    try {
      if (await sendAutoReminder(app, candidate.evaluationId, n, now)) result.sent += 1;
    } catch (error) {
      result.failed += 1;
      app.log.error({ err: error, evaluationId: candidate.evaluationId, n }, 'automatic reminder not sent');
    }
  }
  // The action plan's deadlines (issue 27) in the same pass, counted with the evaluations'.
  const measures = await runMeasureReminders(app, now);
  return { sent: result.sent + measures.sent, failed: result.failed + measures.failed };
}

/** E-mails reminder n of the evaluation (the manual reminder's mail, with this evaluation) and marks it sent. */
async function sendAutoReminder(app: FastifyInstance, evaluationId: string, n: number, now: Date): Promise<boolean> {
  const evaluation = await findMailEvaluation(app.db, evaluationId);
  const entry = evaluation ? app.definitions.types.get(evaluation.typeEvaluation) : undefined;
  // Answered, deleted or without a link since the claim: nothing goes out (the claim still counts).
  if (!evaluation || evaluation.done || !entry?.slug) return false;
  const content = pendingReminder(app, [evaluation]);
  const { skipped } = await app.mailer.send({
    key: `auto-reminder:${evaluationId}:${n}`,
    to: evaluation.evaluatorEmail,
    ...content,
    kind: 'autoReminder',
    evaluationId,
    companyId: evaluation.evaluatorCompanyId,
  });
  await markReminderSent(app.db, evaluationId, n, now);
  return !skipped;
}

/**
 * Creates the queue of the reminder pass (one job at a time: `singleton`), schedules it every 15
 * minutes and works it with the wall clock. Jobs of a pass that failed are not retried: the next
 * pass, 15 minutes later, does the same work.
 */
export async function startAutoReminders(app: FastifyInstance, boss: PgBoss, pollingIntervalSeconds: number): Promise<void> {
  const options = { policy: 'singleton' as const, retryLimit: 0 };
  if (await boss.getQueue(AUTO_REMINDER_QUEUE)) await boss.updateQueue(AUTO_REMINDER_QUEUE, { retryLimit: 0 });
  else await boss.createQueue(AUTO_REMINDER_QUEUE, options);
  await boss.schedule(AUTO_REMINDER_QUEUE, AUTO_REMINDER_CRON, null, { tz: 'UTC' });
  await boss.work(AUTO_REMINDER_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async () => ({ ...(await runAutoReminders(app, new Date())) }));
}
