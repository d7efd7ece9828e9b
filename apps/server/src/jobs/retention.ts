import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { addDays, localInstant } from '../../../../engine/lifecycle/reminderSchedule.ts';
import { localDay } from '../../../../engine/rules/dates.ts';
import { recordSystemAudit } from '../audit.ts';
import { erasePerson } from '../lgpd/erase.ts';
import { dueParticipants, isScheduled, lastFinishedRun, lockDueParticipant, retentionCompanies, type RetentionCompany } from '../repositories/retention.ts';
import { JOB_SCHEMA } from './queue.ts';

/*
 * The retention of personal data (issue 14, LGPD): once a day, every company with a retention policy
 * (`companies.retention_months`) has its participants without activity for that many months erased,
 * as an administrator's erase would (`erasePerson`), each with its audit entry and no actor.
 */

/** Queue of the daily retention pass. */
export const RETENTION_QUEUE = 'retention';
/** Local hour of the pass (the app's time zone): a quiet hour. */
export const RETENTION_HOUR = 3;
/** Every day at RETENTION_HOUR:00, read in the app's time zone (the schedule's `tz`). */
export const RETENTION_CRON = `0 ${RETENTION_HOUR} * * *`;

/** Seconds a pass may run before pg-boss counts it failed (large companies erase many people). */
const PASS_EXPIRE_SECONDS = 3600;
/** Finished passes are kept this long, so the monitor shows the last one even after days of downtime. */
const KEEP_FINISHED_SECONDS = 30 * 86_400;

/** What a pass did in one company: the ids erased and the ids whose erase failed (tried again the next day). */
export interface RetentionCompanyResult {
  company_id: number;
  retention_months: number;
  erased: number[];
  failed: number[];
}

/**
 * What a pass did. It is the job's output, which pg-boss stores in its table: counts and ids only,
 * never a name or an e-mail.
 */
export interface RetentionPassResult {
  erased: number;
  failed: number;
  companies: RetentionCompanyResult[];
}

/**
 * Erases one due participant in its own transaction: the row is locked and checked again (an
 * evaluation created for them since keeps them), erased, and the erase recorded in the audit log with
 * the reason. False when they are no longer due or there is nothing left to erase.
 */
async function eraseDue(app: FastifyInstance, userId: number, now: Date): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const due = await lockDueParticipant(tx, userId, now, app.settings.timeZone);
    if (!due) return false;
    if (!(await erasePerson(app, tx, userId))) return false;
    await recordSystemAudit(tx, {
      action: 'person.erase',
      companyId: due.companyId,
      target: `user:${userId}`,
      details: { reason: 'retention', retention_months: due.retentionMonths },
    });
    return true;
  });
}

/**
 * One retention pass at `now` (the app's clock; tests pass their own). Every participant (type 3) of a
 * company with a policy, not erased yet, with no open evaluation (answering or rated, not done, not
 * expired), whose last activity (created; an evaluation of theirs created; an answer to one saved; an
 * interview of one saved) is older than `retention_months` calendar months before `now` in the app's
 * time zone is erased, each in a transaction of its own: one failure (logged by id) does not stop the
 * others, and the next pass tries it again.
 */
export async function runRetention(app: FastifyInstance, now: Date): Promise<RetentionPassResult> {
  const result: RetentionPassResult = { erased: 0, failed: 0, companies: [] };
  const byCompany = new Map<number, RetentionCompanyResult>();
  for (const candidate of await dueParticipants(app.db, now, app.settings.timeZone)) {
    let company = byCompany.get(candidate.companyId);
    if (!company) {
      company = { company_id: candidate.companyId, retention_months: candidate.retentionMonths, erased: [], failed: [] };
      byCompany.set(candidate.companyId, company);
      result.companies.push(company);
    }
    try {
      if (!(await eraseDue(app, candidate.userId, now))) continue;
      company.erased.push(candidate.userId);
      result.erased += 1;
    } catch (error) {
      company.failed.push(candidate.userId);
      result.failed += 1;
      app.log.error({ err: error, userId: candidate.userId, companyId: candidate.companyId }, 'retention: person not erased');
    }
  }
  result.companies = result.companies.filter((company) => company.erased.length > 0 || company.failed.length > 0);
  return result;
}

/** The first RETENTION_HOUR:00 in `timeZone` strictly after `now` (when the schedule fires next). */
export function nextRetentionRun(now: Date, timeZone: string): Date {
  const today = localDay(now, timeZone);
  const at = localInstant(today, RETENTION_HOUR, timeZone);
  return at.getTime() > now.getTime() ? at : localInstant(addDays(today, 1), RETENTION_HOUR, timeZone);
}

/** The last pass pg-boss finished. */
export interface RetentionLastRun {
  finishedAt: Date;
  /** 'completed', or 'failed' when the pass itself failed (its erased count is then unknown). */
  state: 'completed' | 'failed';
  erased: number | null;
  failed: number | null;
}

/** What the queue monitor shows of the retention. */
export interface RetentionOverview {
  /** Null when no process with workers has scheduled the pass. */
  nextRun: Date | null;
  lastRun: RetentionLastRun | null;
  /** Every company with a policy, with the participants a pass at `now` would erase. */
  companies: RetentionCompany[];
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/** The retention as the monitor shows it at `now`. */
export async function retentionOverview(app: FastifyInstance, now: Date): Promise<RetentionOverview> {
  const [scheduled, last, companies] = await Promise.all([
    isScheduled(app.db, JOB_SCHEMA, RETENTION_QUEUE),
    lastFinishedRun(app.db, JOB_SCHEMA, RETENTION_QUEUE),
    retentionCompanies(app.db, now, app.settings.timeZone),
  ]);
  const completed = last?.state === 'completed';
  return {
    nextRun: scheduled ? nextRetentionRun(now, app.settings.timeZone) : null,
    lastRun: last && {
      finishedAt: last.finishedOn,
      state: completed ? 'completed' : 'failed',
      erased: completed ? count(last.output?.erased) : null,
      failed: completed ? count(last.output?.failed) : null,
    },
    companies,
  };
}

/**
 * Creates the queue of the retention pass (one job at a time: `singleton`), schedules it every day at
 * RETENTION_HOUR:00 in the app's time zone and works it with the wall clock. A pass that failed is not
 * retried: the next day's does the same work. A day missed while no process ran is caught up once
 * (`missed: 'once'`) when one does.
 */
export async function startRetention(app: FastifyInstance, boss: PgBoss, pollingIntervalSeconds: number): Promise<void> {
  const options = { retryLimit: 0, expireInSeconds: PASS_EXPIRE_SECONDS, deleteAfterSeconds: KEEP_FINISHED_SECONDS };
  if (await boss.getQueue(RETENTION_QUEUE)) await boss.updateQueue(RETENTION_QUEUE, options);
  else await boss.createQueue(RETENTION_QUEUE, { policy: 'singleton', ...options });
  await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: app.settings.timeZone, missed: 'once' });
  await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async () => ({ ...(await runRetention(app, new Date())) }));
}
