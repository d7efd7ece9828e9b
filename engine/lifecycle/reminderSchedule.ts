/*
 * When the next automatic reminder of a pending evaluation goes out (issue 14). Pure: no I/O, no clock
 * of its own; the Brazilian national holidays come from the maintained `date-holidays` library (its
 * rules are data bundled with the package, computed in memory).
 */
import Holidays from 'date-holidays';
import { addDays, localDay } from '../rules/dates.ts';
import { zoneOffset } from './linkState.ts';

/** Local hour reminders go out at. */
export const REMINDER_HOUR = 9;
/**
 * Local hour after which a reminder of the day waits for the next business day: a reminder missed at
 * 09:00 (the server was down) still goes out later that morning or afternoon, never at night.
 */
export const REMINDER_LAST_HOUR = 18;

/** A company's policy: remind `daysBefore` days before expiry, at most `max` times, at least `minGapDays` days apart. */
export interface ReminderPolicy {
  daysBefore: number;
  max: number;
  minGapDays: number;
}

/** The automatic reminders an evaluation already had. */
export interface ReminderHistory {
  count: number;
  /** When the last one went out; null when none did. */
  lastSentAt: Date | null;
}

/** Whether a calendar day ('2026-11-20') is a holiday. */
export type HolidayLookup = (day: string) => boolean;

/** What the schedule looks at. */
export interface ReminderCase {
  now: Date;
  /** The app's time zone ('America/Sao_Paulo'): reminder days and 09:00 are local. */
  timeZone: string;
  policy: ReminderPolicy;
  /** End of the expiry day; null never expires (and is never reminded automatically). */
  expireAt: Date | null;
  done: boolean;
  history: ReminderHistory;
  /** Holidays that are no business day; default: Brazilian national holidays. */
  isHoliday?: HolidayLookup;
}

function parseDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

export { addDays };

/** The instant of `hour`:00 local time on `day` in `timeZone`. */
export function localInstant(day: string, hour: number, timeZone: string): Date {
  const wall = parseDay(day) + hour * 3_600_000;
  // First guess with the offset at the wall time read as UTC, then corrected once (daylight saving).
  let instant = wall - zoneOffset(new Date(wall), timeZone);
  instant = wall - zoneOffset(new Date(instant), timeZone);
  return new Date(instant);
}

let brazil: Holidays | null = null;
const nationalByYear = new Map<number, Set<string>>();

/** Whether `day` is a Brazilian national holiday (the library's public holidays of the whole country). */
export const brazilianNationalHoliday: HolidayLookup = (day) => {
  const year = Number(day.slice(0, 4));
  let days = nationalByYear.get(year);
  if (!days) {
    brazil ??= new Holidays('BR');
    const holidays = brazil.getHolidays(year) || [];
    days = new Set(holidays.filter((holiday) => holiday.type === 'public').map((holiday) => holiday.date.slice(0, 10)));
    nationalByYear.set(year, days);
  }
  return days.has(day);
};

/** Not a Saturday, a Sunday or a holiday. */
export function isBusinessDay(day: string, isHoliday: HolidayLookup = brazilianNationalHoliday): boolean {
  const weekday = new Date(parseDay(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

/**
 * The instant the next automatic reminder is planned for, or null when there is none: the evaluation is
 * done, has no expiry or has expired, already had `max` reminders, or the next business day comes only
 * after the expiry.
 *
 * The day is the one `daysBefore` days before the expiry day (local calendar), or, after a reminder,
 * `minGapDays` calendar days after the day of the last one, whichever is later; never before today.
 * It moves to the next business day (not Saturday, Sunday or a national holiday), at 09:00 local
 * time. Today counts only until 18:00 local time: the planned instant may then be earlier today (the
 * job sends it on its next run), later it moves to the next business day.
 */
export function nextReminderAt(input: ReminderCase): Date | null {
  const { now, timeZone, policy, expireAt, done, history } = input;
  const isHoliday = input.isHoliday ?? brazilianNationalHoliday;
  if (done || !expireAt || history.count >= policy.max) return null;
  if (now.getTime() >= expireAt.getTime()) return null;
  let day = addDays(localDay(expireAt, timeZone), -policy.daysBefore);
  if (history.count > 0 && history.lastSentAt) {
    const afterGap = addDays(localDay(history.lastSentAt, timeZone), policy.minGapDays);
    if (afterGap > day) day = afterGap;
  }
  const today = localDay(now, timeZone);
  if (day < today) day = today;
  if (day === today && now.getTime() >= localInstant(today, REMINDER_LAST_HOUR, timeZone).getTime()) day = addDays(today, 1);
  // A year of days is far more than any run of weekends and holidays.
  for (let step = 0; step < 366 && !isBusinessDay(day, isHoliday); step += 1) day = addDays(day, 1);
  const at = localInstant(day, REMINDER_HOUR, timeZone);
  return at.getTime() < expireAt.getTime() ? at : null;
}

/** The next business day from `day` on (`day` itself when it is one), at most a year of days later. */
function businessDayFrom(day: string, isHoliday: HolidayLookup): string {
  let next = day;
  for (let step = 0; step < 366 && !isBusinessDay(next, isHoliday); step += 1) next = addDays(next, 1);
  return next;
}

/**
 * When a reminder staff ask for now ('Lembrar pendentes' of a round, issue 26) goes out, by the
 * automatic reminders' business hours: `now` when today (local) is a business day and it is between
 * 09:00 and 18:00 local time; 09:00 today on a business day before 09:00; otherwise (a weekend, a
 * holiday, from 18:00 on) 09:00 of the next business day.
 */
export function manualReminderAt(now: Date, timeZone: string, isHoliday: HolidayLookup = brazilianNationalHoliday): Date {
  const today = localDay(now, timeZone);
  if (isBusinessDay(today, isHoliday)) {
    const opens = localInstant(today, REMINDER_HOUR, timeZone);
    if (now.getTime() < opens.getTime()) return opens;
    if (now.getTime() < localInstant(today, REMINDER_LAST_HOUR, timeZone).getTime()) return now;
  }
  return localInstant(businessDayFrom(addDays(today, 1), isHoliday), REMINDER_HOUR, timeZone);
}
