import { formatter } from '../rules/dates.ts';

/** The four outcomes of opening a questionnaire link (respondent.md section 4). */
export type LinkState = 'invalid' | 'done' | 'expired' | 'open';

/** The part of an evaluation the link lifecycle looks at. */
export interface LinkEvaluation {
  /** Whether the questionnaire was already answered. */
  done: boolean;
  /** ISO instant after which the link no longer opens (end of the expiry day); null never expires. */
  expire_at: string | null;
}

/** Decides what a link shows: unknown → invalid, answered → done, past its expiry → expired, else open. */
export function linkState(evaluation: LinkEvaluation | null | undefined, now: Date): LinkState {
  if (!evaluation) return 'invalid';
  if (evaluation.done) return 'done';
  if (evaluation.expire_at !== null && now.getTime() > new Date(evaluation.expire_at).getTime()) return 'expired';
  return 'open';
}

/** Offset in milliseconds of `timeZone` from UTC at the instant `at` (positive east of Greenwich). */
export function zoneOffset(at: Date, timeZone: string): number {
  const parts = formatter('offset', timeZone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
  ).formatToParts(at);
  const get = (type: string): number => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (at.getTime() - at.getMilliseconds());
}

/** The calendar date (year, month 1-12, day) of `at` in `timeZone`. */
function localDate(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const offset = zoneOffset(at, timeZone);
  const shifted = new Date(at.getTime() + offset);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/**
 * The instant a link created at `from` with `days` days to answer stops opening: 23:59:59.999 of the
 * day `days` days after `from`'s calendar day in `timeZone` ("the expiry takes effect at the end of the
 * expiry day").
 */
export function expiryFor(from: Date, days: number, timeZone: string): Date {
  const { year, month, day } = localDate(from, timeZone);
  const endLocalAsUtc = Date.UTC(year, month - 1, day + days, 23, 59, 59, 999);
  // The offset at the target instant (first guess from the local wall time, then corrected once for DST).
  let instant = endLocalAsUtc - zoneOffset(new Date(endLocalAsUtc), timeZone);
  instant = endLocalAsUtc - zoneOffset(new Date(instant), timeZone);
  return new Date(instant);
}
