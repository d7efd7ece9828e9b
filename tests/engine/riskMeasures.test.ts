import { describe, expect, it } from 'vitest';
import { deadlineBusinessDay, measureReminderPolicy } from '../../engine/lifecycle/measureReminders.ts';
import { isOverdue } from '../../engine/lifecycle/riskMeasures.ts';
import { nextReminderAt } from '../../engine/lifecycle/reminderSchedule.ts';

/*
 * The action plan's day rules (issue 27). November 2026 by hand: Friday 20 is the Dia Nacional de Zumbi
 * e da Consciência Negra (a national holiday), 21–22 the weekend. São Paulo is UTC-3 (09:00 is 12:00Z).
 */
describe("a measure's deadline", () => {
  it('is overdue only while open and from the day after its due day', () => {
    expect(isOverdue('planejada', '2026-11-20', '2026-11-21')).toBe(true);
    expect(isOverdue('em_andamento', '2026-11-20', '2026-11-20')).toBe(false);
    expect(isOverdue('concluida', '2026-11-20', '2026-12-01')).toBe(false);
    expect(isOverdue('cancelada', '2026-11-20', '2026-12-01')).toBe(false);
  });

  it("falls back to the last business day when due on a weekend or holiday: Sunday 22 November's is Thursday 19", () => {
    expect(deadlineBusinessDay('2026-11-22')).toBe('2026-11-19');
    expect(deadlineBusinessDay('2026-11-23')).toBe('2026-11-23');
  });

  it('reminds five days before the business deadline, then on its morning', () => {
    const expireAt = new Date('2026-11-26T02:59:59.999Z'); // end of Wednesday 25 November, local
    const plan = (count: number, lastSentAt: Date | null, now: string) =>
      nextReminderAt({ now: new Date(now), timeZone: 'America/Sao_Paulo', policy: measureReminderPolicy(count + 1), expireAt, done: false, history: { count, lastSentAt } })?.toISOString() ?? null;
    // Five days before Wednesday 25 is the holiday: the weekend follows, so Monday 23 at 09:00.
    expect(plan(0, null, '2026-11-19T12:00:00Z')).toBe('2026-11-23T12:00:00.000Z');
    expect(plan(1, new Date('2026-11-23T12:00:00Z'), '2026-11-23T12:00:00Z')).toBe('2026-11-25T12:00:00.000Z');
    expect(plan(2, new Date('2026-11-25T12:00:00Z'), '2026-11-25T12:00:00Z')).toBeNull();
  });
});
