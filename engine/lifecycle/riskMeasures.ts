/*
 * The action plan's measures (NR-1, issue 27): their statuses, when one is overdue, and when its owner
 * is reminded of the deadline. Pure: days are local calendar days (`YYYY-MM-DD`) the caller computed in
 * the app's time zone.
 */
import { addDays, isBusinessDay, type HolidayLookup, type ReminderPolicy } from './reminderSchedule.ts';

/** A measure's statuses (the `risk_measures.status` values), in the order of their life. */
export const MEASURE_STATUSES = ['planejada', 'em_andamento', 'concluida', 'cancelada'] as const;
export type MeasureStatus = (typeof MEASURE_STATUSES)[number];

/** The statuses of a measure still to be done: it can be overdue and its owner is reminded. */
export const OPEN_MEASURE_STATUSES: readonly MeasureStatus[] = ['planejada', 'em_andamento'];

/** The result of a measure's effectiveness check (`risk_measures.effectiveness_result`). */
export const EFFECTIVENESS_RESULTS = ['eficaz', 'ineficaz'] as const;
export type EffectivenessResult = (typeof EFFECTIVENESS_RESULTS)[number];

/** The exposure group a measure is for: the whole company, a sector or a position. */
export const MEASURE_GROUP_KINDS = ['whole', 'sector', 'position'] as const;
export type MeasureGroupKind = (typeof MEASURE_GROUP_KINDS)[number];

export const isOpenMeasure = (status: string) => (OPEN_MEASURE_STATUSES as readonly string[]).includes(status);

/** Open and its due day is before `today`. */
export const isOverdue = (status: string, dueOn: string, today: string) => isOpenMeasure(status) && dueOn < today;

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
