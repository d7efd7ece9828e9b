import type { FastifyInstance } from 'fastify';
import { deadlineBusinessDay, measureReminderPolicy } from '../../../../engine/lifecycle/measureReminders.ts';
import { isOpenMeasure } from '../../../../engine/lifecycle/riskMeasures.ts';
import { addDays, localInstant, manualReminderAt, nextReminderAt } from '../../../../engine/lifecycle/reminderSchedule.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { formatDay, localDay } from '../../../../engine/rules/dates.ts';
import { renderMail, type MailContent } from '../mail/templates.ts';
import { factorLabel, questionnaireTitle } from '../results/riskQuestionnaires.ts';
import { claimMeasureReminder, lockMeasure, markMeasureReminderSent, measureReminderHistory, openMeasures, type MeasureReminderHistory, type MeasureRow } from '../repositories/riskMeasures.ts';

const text = messages.measures;

/** The end of a measure's deadline (the end of its business day, local time): no reminder after it. */
function deadlineEnd(app: FastifyInstance, dueOn: string): Date {
  return new Date(localInstant(addDays(deadlineBusinessDay(dueOn), 1), 0, app.settings.timeZone).getTime() - 1);
}

/** When reminder n (the next one) of the measure's deadline is planned, or null (done, past, or all sent). */
function measurePlannedAt(app: FastifyInstance, row: MeasureRow, history: MeasureReminderHistory, now: Date): Date | null {
  return nextReminderAt({
    now,
    timeZone: app.settings.timeZone,
    policy: measureReminderPolicy(history.count + 1),
    expireAt: deadlineEnd(app, row.dueOn),
    done: !isOpenMeasure(row.status),
    history: { count: history.count, lastSentAt: history.lastSentAt },
  });
}

/**
 * Whether a reminder claimed and not sent (its send failed) may go again at `now`: in the reminders'
 * business hours (09:00–18:00 local of a business day) and before the deadline's end.
 */
function retryDue(app: FastifyInstance, row: MeasureRow, now: Date): boolean {
  return manualReminderAt(now, app.settings.timeZone).getTime() <= now.getTime() && now.getTime() <= deadlineEnd(app, row.dueOn).getTime();
}

/** The reminder e-mail of a measure's deadline to its owner (Portuguese), with the link to the action plan. */
export function measureReminderMail(app: FastifyInstance, row: MeasureRow): MailContent {
  const date = formatDay(row.dueOn);
  const link = `${app.settings.publicUrl}/plano-de-acao?company=${row.companyId}`;
  return renderMail(format(text.mailSubject, { date }), [
    { template: messages.mail.greeting, params: { name: row.ownerName } },
    { template: text.mailIntro, params: { company: row.companyName, date } },
    { template: text.mailMeasure, params: { description: row.description } },
    { template: text.mailFactor, params: { factor: factorLabel(app.definitions, row.type, row.factor), questionnaire: questionnaireTitle(app.definitions, row.type) } },
    { template: text.mailGroup, params: { group: row.groupKind === 'whole' ? text.wholeGroup : (row.groupName ?? String(row.groupId)) } },
    { template: text.mailStatus, params: { status: text.statuses[row.status as keyof typeof text.statuses] ?? row.status } },
    { template: text.mailLink, params: { link: { link } } },
    { template: messages.mail.signature },
  ]);
}

/**
 * The measures' part of the automatic reminder pass at `now` (issue 27): for each open measure
 * (planejada, em andamento) of an active company and owner whose next deadline reminder is due
 * (`MEASURE_REMINDERS`: about a working week before, then on the deadline's business morning), one
 * transaction locks the measure, checks it again and claims reminder n of its deadline
 * (`risk_measure_reminders`); after the commit the owner gets the e-mail under the key
 * `measure-reminder:{id}:{due_on}:{n}`, so a second pass or a restart never sends it twice. A failed
 * send stays claimed and unsent: the next pass in business hours, before the deadline's end, sends it
 * again under the same key.
 */
export async function runMeasureReminders(app: FastifyInstance, now: Date): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  // A deadline before today has no reminder left (the business day of a deadline is never after it).
  for (const candidate of await openMeasures(app.db, localDay(now, app.settings.timeZone))) {
    const history = await measureReminderHistory(app.db, candidate.id, candidate.dueOn);
    if (history.unsentN === null) {
      const due = measurePlannedAt(app, candidate, history, now);
      if (!due || due.getTime() > now.getTime()) continue;
    } else if (!retryDue(app, candidate, now)) continue;
    const claimed = await app.db.transaction(async (tx) => {
      const row = await lockMeasure(tx, candidate.id);
      if (!row || !isOpenMeasure(row.status) || !row.ownerActive) return null;
      const locked = await measureReminderHistory(tx, row.id, row.dueOn);
      if (locked.unsentN !== null) return retryDue(app, row, now) ? { row, n: locked.unsentN } : null;
      const at = measurePlannedAt(app, row, locked, now);
      if (!at || at.getTime() > now.getTime()) return null;
      return (await claimMeasureReminder(tx, row.id, row.dueOn, locked.count + 1, at, now)) ? { row, n: locked.count + 1 } : null;
    });
    if (!claimed) continue;
    const { row, n } = claimed;
    try {
      const { skipped } = await app.mailer.send({ key: `measure-reminder:${row.id}:${row.dueOn}:${n}`, to: row.ownerEmail, ...measureReminderMail(app, row), kind: 'measureReminder', companyId: row.companyId });
      await markMeasureReminderSent(app.db, row.id, row.dueOn, n, now);
      if (!skipped) result.sent += 1;
    } catch (error) {
      result.failed += 1;
      app.log.error({ err: error, measureId: row.id, n }, 'measure reminder not sent');
    }
  }
  return result;
}
