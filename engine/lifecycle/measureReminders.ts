/*
 * When the owner of an open measure of the action plan (NR-1, issue 27) is reminded of its deadline, by
 * the automatic reminders' business-day rules (reminderSchedule.ts). Pure.
 */
import { addDays, isBusinessDay, type HolidayLookup, type ReminderPolicy } from './reminderSchedule.ts';

/**
 * The reminders of an open measure's deadline to its owner: reminder n goes out `daysBefore[n - 1]`
 * days before the deadline's business day (the due day, or the last business day before it when it
 * falls on a weekend or a national holiday), moved to the next business day at 09:00 local time, at
 * least `minGapDays` after the previous one; none after the deadline's business day. So reminder 1
 * comes about a working week before, reminder 2 on the morning of the deadline.
 */
export const MEASURE_REMINDERS = { daysBefore: [5, 0], minGapDays: 1 } as const;

/** The schedule policy (`nextReminderAt`) of reminder n of a measure (n from 1). */
export function measureReminderPolicy(n: number): ReminderPolicy {
  const days = MEASURE_REMINDERS.daysBefore;
  return { daysBefore: days[Math.min(Math.max(n, 1), days.length) - 1]!, max: days.length, minGapDays: MEASURE_REMINDERS.minGapDays };
}

/** The deadline's business day: `dueOn` when it is one, else the last business day before it. */
export function deadlineBusinessDay(dueOn: string, isHoliday?: HolidayLookup): string {
  let day = dueOn;
  for (let step = 0; step < 366 && !isBusinessDay(day, isHoliday); step += 1) day = addDays(day, -1);
  return day;
}
