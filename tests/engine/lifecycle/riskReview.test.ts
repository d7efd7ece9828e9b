import { describe, expect, it } from 'vitest';
import { nextReview, reviewState, triggerDaysProblem, triggerReviewBy, twoYearsAfter } from '../../../engine/lifecycle/riskReview.ts';

/*
 * The review of the psychosocial risk assessment (NR-1 1.5.4.4.6), days counted by hand: 2028 is a
 * leap year (February has 29 days), 2026 and 2027 are not. November has 30 days, December 31.
 */

describe('twoYearsAfter', () => {
  it('is the same day two years on, 29 February giving 28 February', () => {
    expect(twoYearsAfter('2026-11-28')).toBe('2028-11-28');
    expect(twoYearsAfter('2027-12-31')).toBe('2029-12-31');
    expect(twoYearsAfter('2024-02-29')).toBe('2026-02-28');
    expect(twoYearsAfter('2028-02-29')).toBe('2030-02-28');
    // Into a leap year, 28 February stays 28 February (not the 29th).
    expect(twoYearsAfter('2026-02-28')).toBe('2028-02-28');
    expect(twoYearsAfter('2026-03-01')).toBe('2028-03-01');
  });
});

describe('triggerReviewBy', () => {
  it('is 30 days after the trigger, across month ends and a 29 February', () => {
    // 28 November + 2 = 30 November, + 28 = 28 December.
    expect(triggerReviewBy('2026-11-28')).toBe('2026-12-28');
    // 10 February 2027 + 18 = 28 February, + 12 = 12 March.
    expect(triggerReviewBy('2027-02-10')).toBe('2027-03-12');
    // 10 February 2028 + 19 = 29 February, + 11 = 11 March.
    expect(triggerReviewBy('2028-02-10')).toBe('2028-03-11');
    // 15 December 2026 + 16 = 31 December, + 14 = 14 January 2027.
    expect(triggerReviewBy('2026-12-15')).toBe('2027-01-14');
  });
});

describe('nextReview', () => {
  const triggers = [
    { id: 1, reviewBy: '2027-05-10' },
    { id: 2, reviewBy: '2027-01-14' },
    { id: 3, reviewBy: '2027-01-14' },
  ];

  it('is the two-year day without a trigger, or with triggers due on or after it', () => {
    expect(nextReview('2028-11-28', [])).toEqual({ due: '2028-11-28', trigger: null });
    expect(nextReview('2028-11-28', [{ reviewBy: '2028-11-28' }, { reviewBy: '2029-01-01' }])).toEqual({ due: '2028-11-28', trigger: null });
  });

  it('is brought forward by the trigger due first (the first of equal ones)', () => {
    expect(nextReview('2028-11-28', triggers)).toEqual({ due: '2027-01-14', trigger: triggers[1] });
  });
});

describe('reviewState', () => {
  it('is near from 60 days before the day (and on it), past from the day after', () => {
    // 31 December 2026 + 31 = 31 January, + 28 = 28 February, + 1 = 1 March 2027: 60 days.
    expect(reviewState('2027-03-01', '2026-12-30')).toBe('ok');
    expect(reviewState('2027-03-01', '2026-12-31')).toBe('near');
    expect(reviewState('2027-03-01', '2027-03-01')).toBe('near');
    expect(reviewState('2027-03-01', '2027-03-02')).toBe('past');
  });

  it('counts 29 February in a leap year', () => {
    // 1 January 2028 + 30 = 31 January, + 29 = 29 February, + 1 = 1 March: 60 days.
    expect(reviewState('2028-03-01', '2027-12-31')).toBe('ok');
    expect(reviewState('2028-03-01', '2028-01-01')).toBe('near');
    expect(reviewState('2028-02-29', '2028-02-29')).toBe('near');
    expect(reviewState('2028-02-29', '2028-03-01')).toBe('past');
  });
});

describe('triggerDaysProblem', () => {
  it('refuses a trigger after today and a review due before the trigger', () => {
    expect(triggerDaysProblem('2026-11-28', '2026-12-28', '2026-11-28')).toBeNull();
    expect(triggerDaysProblem('2026-11-20', '2026-11-20', '2026-11-28')).toBeNull();
    // A review already past is recorded as it is (the home screen then says so).
    expect(triggerDaysProblem('2026-09-01', '2026-10-01', '2026-11-28')).toBeNull();
    expect(triggerDaysProblem('2026-11-29', '2026-12-29', '2026-11-28')).toBe('occurredInFuture');
    expect(triggerDaysProblem('2026-11-20', '2026-11-19', '2026-11-28')).toBe('reviewBeforeOccurred');
  });
});
