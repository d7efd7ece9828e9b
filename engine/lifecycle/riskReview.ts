/*
 * When a company's psychosocial risk assessment is due for review (NR-1 1.5.4.4.6, issue 27): two years
 * after the inventory's publication, or earlier when staff record a trigger (a change in work
 * organisation, an accident or work-related illness, a measure found ineffective). Pure: days are
 * local calendar days (`YYYY-MM-DD`) the caller computed in the app's time zone.
 */
import { addDays } from '../rules/dates.ts';

/** The kinds of trigger staff record (the `risk_review_triggers.kind` values). */
export const REVIEW_TRIGGER_KINDS = ['organizacao', 'acidente_doenca', 'medida_ineficaz'] as const;
export type ReviewTriggerKind = (typeof REVIEW_TRIGGER_KINDS)[number];

/** Days after a trigger the review is due by when staff do not say (and for a measure found ineffective). */
export const TRIGGER_REVIEW_DAYS = 30;

/** The shortest and longest description of a trigger, in characters after trimming (the server's checks; the form's too). */
export const TRIGGER_DESCRIPTION_MIN = 10;
export const TRIGGER_DESCRIPTION_MAX = 2000;

/** Days before the review date from which the home screen warns that it is near. */
export const REVIEW_NEAR_DAYS = 60;

/** The day two years after `day` (`YYYY-MM-DD`; 29 February gives 28 February). */
export function twoYearsAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + 2, month, 0)).getUTCDate();
  return `${year + 2}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** The day a trigger's review is due by when staff do not say: `TRIGGER_REVIEW_DAYS` after it happened. */
export const triggerReviewBy = (occurredOn: string) => addDays(occurredOn, TRIGGER_REVIEW_DAYS);

/** 'past' from the day after `due`, 'near' within `REVIEW_NEAR_DAYS` days before it (and on it), else 'ok'. */
export type ReviewState = 'ok' | 'near' | 'past';

export function reviewState(due: string, today: string): ReviewState {
  if (today > due) return 'past';
  return addDays(today, REVIEW_NEAR_DAYS) >= due ? 'near' : 'ok';
}

/**
 * The next review day and the trigger that set it: the trigger with the earliest `reviewBy` when it
 * comes before the two-year day (the first of equal ones, in the order given), else the two-year day
 * itself with no trigger.
 */
export function nextReview<T extends { reviewBy: string }>(publicationDue: string, triggers: readonly T[]): { due: string; trigger: T | null } {
  let trigger: T | null = null;
  for (const candidate of triggers) if (candidate.reviewBy < (trigger?.reviewBy ?? publicationDue)) trigger = candidate;
  return { due: trigger?.reviewBy ?? publicationDue, trigger };
}

/** What is wrong with a trigger's days as staff record it, or null: it happened after `today`, or its review is due before it happened. */
export type TriggerDaysProblem = 'occurredInFuture' | 'reviewBeforeOccurred';

export function triggerDaysProblem(occurredOn: string, reviewBy: string, today: string): TriggerDaysProblem | null {
  if (occurredOn > today) return 'occurredInFuture';
  if (reviewBy < occurredOn) return 'reviewBeforeOccurred';
  return null;
}
