import type { QueryName } from '../../../../../engine/definition/dashboard.ts';
import type { Query } from './context.ts';
import { numbersQuery } from './numbers.ts';
import { optionCountsQuery } from './optionCounts.ts';
import { participationQuery } from './participation.ts';
import { peopleQuery } from './people.ts';
import { riskQuery } from './risk.ts';
import { scoresQuery } from './scores.ts';
import { summaryQuery } from './summary.ts';
import { textsQuery } from './texts.ts';

/*
 * The dashboards' named queries. Each reads the evaluations a dataset's scope and the view's filters
 * allow, lets the database count or score (GROUP BY over the stored answers, or the scoring key), and
 * returns tens of rows; the dataset's transforms then run over them. No SQL comes from a definition:
 * a definition only names a query and its options. A new query is one entry here.
 */
export const QUERIES: { [N in QueryName]: Query<N> } = {
  scores: scoresQuery,
  summary: summaryQuery,
  optionCounts: optionCountsQuery,
  texts: textsQuery,
  people: peopleQuery,
  numbers: numbersQuery,
  participation: participationQuery,
  risk: riskQuery,
};

export type { Query, QueryContext } from './context.ts';
