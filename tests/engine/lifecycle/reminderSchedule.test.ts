import { describe, expect, it } from 'vitest';
import { brazilianNationalHoliday, isBusinessDay, manualReminderAt, nextReminderAt, type ReminderCase } from '../../../engine/lifecycle/reminderSchedule.ts';

/*
 * The calendar, reasoned out by hand: 1 January 2026 is a Thursday; 304 days later 1 November 2026 is a
 * Sunday, so 7 November is a Saturday, 20 November (Dia Nacional de Zumbi e da Consciência Negra, a
 * national holiday since Lei 14.759/2023) a Friday, 23 November a Monday, 27 November a Friday; 1
 * December is a Tuesday, so 25 December (Natal) is a Friday and 28 December a Monday. São Paulo is
 * UTC-3 all year (no daylight saving since 2019): 09:00 local is 12:00Z, the end of a day is 02:59:59.999Z
 * the next day.
 */
const ZONE = 'America/Sao_Paulo';
const endOfLocalDay = (day: string) => new Date(new Date(`${day}T23:59:59.999-03:00`).getTime());
const policy = { daysBefore: 7, max: 3, minGapDays: 2 };

function at(overrides: Partial<ReminderCase>): string | null {
  const result = nextReminderAt({
    now: new Date('2026-11-10T12:00:00Z'),
    timeZone: ZONE,
    policy,
    expireAt: endOfLocalDay('2026-11-27'),
    done: false,
    history: { count: 0, lastSentAt: null },
    ...overrides,
  });
  return result ? result.toISOString() : null;
}

describe('brazilianNationalHoliday (date-holidays)', () => {
  it('knows the national holidays and not the days around them', () => {
    expect(brazilianNationalHoliday('2026-11-20')).toBe(true);
    expect(brazilianNationalHoliday('2026-12-25')).toBe(true);
    expect(brazilianNationalHoliday('2026-09-07')).toBe(true);
    expect(brazilianNationalHoliday('2026-11-19')).toBe(false);
    expect(brazilianNationalHoliday('2026-11-23')).toBe(false);
    // Carnaval is an optional point, not a national holiday.
    expect(brazilianNationalHoliday('2026-02-17')).toBe(false);
  });

  it('counts Saturdays, Sundays and holidays out of the business days', () => {
    expect(isBusinessDay('2026-11-20')).toBe(false);
    expect(isBusinessDay('2026-11-21')).toBe(false);
    expect(isBusinessDay('2026-11-22')).toBe(false);
    expect(isBusinessDay('2026-11-23')).toBe(true);
  });
});

describe('nextReminderAt', () => {
  it('plans 09:00 local of the day N days before expiry', () => {
    // Expiry Monday 30 November, 7 days before: Monday 23 November.
    expect(at({ expireAt: endOfLocalDay('2026-11-30') })).toBe('2026-11-23T12:00:00.000Z');
  });

  it('moves a reminder due on a national holiday to 09:00 of the next business day', () => {
    // Expiry Friday 27 November, 7 days before: Friday 20 November (holiday), then the weekend.
    expect(at({})).toBe('2026-11-23T12:00:00.000Z');
    // Expiry Monday 28 December, 3 days before: Friday 25 December (Natal), then the weekend.
    expect(at({ expireAt: endOfLocalDay('2026-12-28'), policy: { ...policy, daysBefore: 3 }, now: new Date('2026-12-20T12:00:00Z') })).toBe('2026-12-28T12:00:00.000Z');
  });

  it('moves a reminder due on a weekend to Monday', () => {
    // Expiry Saturday 14 November, 7 days before: Saturday 7 November → Monday 9 November.
    expect(at({ expireAt: endOfLocalDay('2026-11-14'), now: new Date('2026-11-01T12:00:00Z') })).toBe('2026-11-09T12:00:00.000Z');
  });

  it('uses a holiday lookup passed in', () => {
    expect(at({ expireAt: endOfLocalDay('2026-11-30'), isHoliday: (day) => day === '2026-11-23' })).toBe('2026-11-24T12:00:00.000Z');
  });

  it('keeps at least D days after the last reminder', () => {
    const history = { count: 1, lastSentAt: new Date('2026-11-23T12:00:00Z') };
    expect(at({ history, now: new Date('2026-11-23T13:00:00Z') })).toBe('2026-11-25T12:00:00.000Z');
    expect(at({ history, now: new Date('2026-11-23T13:00:00Z'), policy: { ...policy, minGapDays: 4 } })).toBe('2026-11-27T12:00:00.000Z');
    // Saturday 28 → Monday 30, after the expiry (end of Friday 27): none.
    expect(at({ history, now: new Date('2026-11-23T13:00:00Z'), policy: { ...policy, minGapDays: 5 } })).toBeNull();
  });

  it('sends at most K reminders', () => {
    expect(at({ history: { count: 3, lastSentAt: new Date('2026-11-10T12:00:00Z') } })).toBeNull();
    expect(at({ history: { count: 2, lastSentAt: new Date('2026-11-10T12:00:00Z') }, now: new Date('2026-11-24T12:00:00Z') })).toBe('2026-11-24T12:00:00.000Z');
  });

  it('after the N-days day has passed: today while the business day lasts, else the next business day', () => {
    // Tuesday 24 November 12:00 local: today 09:00 (due now).
    expect(at({ now: new Date('2026-11-24T15:00:00Z') })).toBe('2026-11-24T12:00:00.000Z');
    // Tuesday 24 November 19:00 local: Wednesday 09:00.
    expect(at({ now: new Date('2026-11-24T22:00:00Z') })).toBe('2026-11-25T12:00:00.000Z');
    // Friday 27 November 19:00 local (the expiry day): Saturday and Sunday are no business days, Monday is past the expiry.
    expect(at({ now: new Date('2026-11-27T22:00:00Z') })).toBeNull();
  });

  it('plans none after the expiry, for a done evaluation, or without an expiry', () => {
    expect(at({ now: new Date('2026-11-28T03:00:00Z') })).toBeNull();
    expect(at({ done: true })).toBeNull();
    expect(at({ expireAt: null })).toBeNull();
  });
});

describe('manualReminderAt (Lembrar pendentes of a round)', () => {
  const manual = (now: string, isHoliday?: (day: string) => boolean) => manualReminderAt(new Date(now), ZONE, isHoliday).toISOString();

  it('goes out now on a business day between 09:00 and 18:00 local time', () => {
    // Tuesday 24 November 10:00 local.
    expect(manual('2026-11-24T13:00:00Z')).toBe('2026-11-24T13:00:00.000Z');
    // 09:00 sharp and 17:59 are still today's hours.
    expect(manual('2026-11-24T12:00:00Z')).toBe('2026-11-24T12:00:00.000Z');
    expect(manual('2026-11-24T20:59:00Z')).toBe('2026-11-24T20:59:00.000Z');
  });

  it('waits for 09:00 of a business day asked before 09:00', () => {
    // Monday 23 November 08:00 local.
    expect(manual('2026-11-23T11:00:00Z')).toBe('2026-11-23T12:00:00.000Z');
    // Tuesday 24 November 00:30 local (03:30Z): 09:00 that Tuesday, not the day before.
    expect(manual('2026-11-24T03:30:00Z')).toBe('2026-11-24T12:00:00.000Z');
  });

  it('moves an evening to 09:00 of the next business day, over the weekend', () => {
    // Tuesday 24 November 18:00 local sharp: Wednesday.
    expect(manual('2026-11-24T21:00:00Z')).toBe('2026-11-25T12:00:00.000Z');
    // Friday 27 November 19:00 local: Monday 30 November.
    expect(manual('2026-11-27T22:00:00Z')).toBe('2026-11-30T12:00:00.000Z');
  });

  it('moves a weekend or a holiday to 09:00 of the next business day', () => {
    // Saturday 7 November 11:00 local: Monday 9 November.
    expect(manual('2026-11-07T14:00:00Z')).toBe('2026-11-09T12:00:00.000Z');
    // Friday 20 November (Consciência Negra) 10:00 local: Monday 23 November.
    expect(manual('2026-11-20T13:00:00Z')).toBe('2026-11-23T12:00:00.000Z');
    // Thursday 24 December 19:00 local: Friday 25 (Natal), the weekend, Monday 28 December.
    expect(manual('2026-12-24T22:00:00Z')).toBe('2026-12-28T12:00:00.000Z');
  });

  it('uses a holiday lookup passed in', () => {
    // Tuesday 24 November 10:00 local, a holiday by the lookup: Wednesday 09:00.
    expect(manual('2026-11-24T13:00:00Z', (day) => day === '2026-11-24')).toBe('2026-11-25T12:00:00.000Z');
  });
});
