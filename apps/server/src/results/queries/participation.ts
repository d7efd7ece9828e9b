import { addDays } from '../../../../../engine/lifecycle/reminderSchedule.ts';
import { messages } from '../../../../../engine/messages.ts';
import { localDay } from '../../../../../engine/rules/dates.ts';
import type { Row } from '../../../../../engine/definition/dashboard.ts';
import { findCycle, type CycleRow } from '../../repositories/cycles.ts';
import { participationCounts, participationDays } from '../../repositories/results/datasetRows.ts';
import type { Query } from './context.ts';

/**
 * The longest daily curve drawn: a year of days (earlier answers still count in the running total),
 * never two days of the same 'dd/mm' (the chart's categories).
 */
const MAX_DAYS = 365;

/** Answered × 100 ÷ invited (0 with nobody invited). */
const rateOf = (part: number, invited: number) => (invited === 0 ? 0 : (part * 100) / invited);

/** The last day of the curve: today, or once the round closed its closing day (or its last answer, if later). */
function lastDay(cycle: CycleRow | null, today: string, lastAnswer: string | undefined, timeZone: string): string {
  const closedOn = cycle?.closedAt ? localDay(cycle.closedAt, timeZone) : null;
  const ends = [closedOn, cycle?.closesOn ?? null].filter((day): day is string => day !== null && day < today).sort();
  const end = ends[0] ?? today;
  return lastAnswer !== undefined && lastAnswer > end ? lastAnswer : end;
}

/**
 * `participation`: the evaluations of the round in scope, done or pending, counted per group, or the
 * answers per day since the round opened with their running total. The chosen round's target goes on
 * every row (null without a round).
 */
export const participationQuery: Query<'participation'> = async (context, dataset, scope) => {
  const chosen = context.filters.cycle_id;
  context.round ??= chosen === undefined ? Promise.resolve(null) : findCycle(context.db, chosen);
  const cycle = await context.round;
  const target = cycle?.target ?? null;
  if (dataset.by === 'day') {
    const { invited, firstDay, days } = await participationDays(context.db, scope, context.timeZone);
    const opened = [cycle?.opensOn ?? null, firstDay, days[0]?.day ?? null].filter((day): day is string => day !== null).sort()[0];
    if (invited === 0 || opened === undefined) return [];
    const end = lastDay(cycle, localDay(context.now, context.timeZone), days.at(-1)?.day, context.timeZone);
    const from = addDays(end, -(MAX_DAYS - 1)) > opened ? addDays(end, -(MAX_DAYS - 1)) : opened;
    const perDay = new Map(days.map((row) => [row.day, row.answered]));
    let cumulative = days.filter((row) => row.day < from).reduce((sum, row) => sum + row.answered, 0);
    const rows: Row[] = [];
    for (let day = from; day <= end; day = addDays(day, 1)) {
      const answered = perDay.get(day) ?? 0;
      cumulative += answered;
      rows.push({ day: `${day.slice(8, 10)}/${day.slice(5, 7)}`, date: day, answered, cumulative, invited, rate: rateOf(cumulative, invited), target });
    }
    return rows;
  }
  // Nobody asked: no rows (the view's empty text), not a total of zero.
  // With a respondents' sector chosen, the sectors' rows are that one's.
  const sector = context.filters.sector_of === 'rated' ? undefined : context.filters.sector_id;
  const counts = (await participationCounts(context.db, scope, dataset.by, sector)).filter((count) => Number(count.invited) > 0);
  return counts.map((count, order) => {
    const group =
      dataset.by === 'all'
        ? messages.dashboard.participationTotal
        : dataset.by === 'type'
          ? (context.types.get(Number(count.key))?.name ?? String(count.key))
          : count.key === null
            ? dataset.none!
            : count.name!;
    const invited = Number(count.invited);
    const answered = Number(count.answered);
    const expired = Number(count.expired);
    return { group, order, invited, answered, expired, pending: invited - answered - expired, rate: rateOf(answered, invited), target };
  });
};
