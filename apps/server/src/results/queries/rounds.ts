import type { QueryDataset } from '../../../../../engine/definition/dashboard.ts';
import { roundsOf } from '../../repositories/results/datasetRows.ts';
import { datasetScope } from '../../repositories/results/scope.ts';
import { hiddenRounds } from '../anonymity.ts';
import type { QueryContext } from './context.ts';

/** A round (cycle) a `byCycle` dataset lists. */
export interface ListedRound {
  id: number;
  name: string;
}

/**
 * The rounds a `byCycle` dataset lists, oldest first: those of the company or course holding answers
 * of the dataset's types, up to the chosen one (its history; every one over 'Todos os ciclos'), or with
 * 'Comparar com' the compared and the chosen alone; and, anonymous, the rounds that must not show their
 * numbers (a round under the minimum, or one 'Todos os ciclos' less the others would give away), by id,
 * with the reason. A round is found among every evaluation (a dataset's `latest` is each person's latest
 * inside each round, so a person's round is not lost to their later rounds).
 */
export async function listedRounds(context: QueryContext, dataset: QueryDataset): Promise<{ rounds: ListedRound[]; hidden: Map<number, string> }> {
  const { rounds: every, hidden } = dataset.anonymous
    ? await hiddenRounds(context.db, context.anonymity, dataset, context.filters)
    : { rounds: await roundsOf(context.db, datasetScope({ ...dataset, latest: false }, { ...context.filters, cycle_id: undefined, compare_cycle_id: undefined })!), hidden: new Map<number, string>() };
  const { cycle_id: chosen, compare_cycle_id: compared } = context.filters;
  const upTo = chosen === undefined ? every : every.slice(0, every.findIndex((round) => round.id === chosen) + 1);
  const rounds = chosen !== undefined && compared !== undefined ? upTo.filter((round) => round.id === chosen || round.id === compared) : upTo;
  return { rounds, hidden };
}
