import { sql, type SQL } from 'drizzle-orm';
import type { DashboardDefinition } from '../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../engine/messages.ts';
import type { Db } from '../db/client.ts';
import type { ScoringKey } from '../../../../engine/scoring/scoringKey.ts';
import { anonymityMinimum } from './datasets.ts';
import { summarizeScores } from './scoreSql.ts';

/*
 * Scores of an anonymous type outside the dashboards (`POST /tableresponse/evaluations`): a type is
 * anonymous when a dashboard shows it in an `anonymous` dataset, and its answers leave the server only
 * as a group's means, never per person, and only from the company's minimum of respondents; under it
 * the group is withheld with the views' reason. The 360's groups are the evaluators of one person in
 * one round (the self-evaluation, the person's own, is not anonymous); a "group" type's are the
 * respondents of one company.
 */

export type AnonymityKind = 'evaluators' | 'group';

/** The anonymous types, by the kind of group their dashboards declare ("evaluators" first when both). */
export function anonymousTypes(dashboards: Iterable<DashboardDefinition>): Map<number, AnonymityKind> {
  const kinds = new Map<number, AnonymityKind>();
  for (const dashboard of dashboards) {
    for (const dataset of Object.values(dashboard.datasets)) {
      if ('from' in dataset || !dataset.anonymous) continue;
      for (const type of dataset.types) if (kinds.get(type) !== 'evaluators') kinds.set(type, dataset.anonymous);
    }
  }
  return kinds;
}

/** Which group: the type, and the person rated and the round (evaluators) or the company (group). */
interface GroupOf {
  type_evaluation: number;
  /** The person the evaluators rated (evaluators' groups). */
  evaluated_id?: number;
  evaluated_name?: string;
  /** The round (the 360's version), when the evaluations have one. */
  version?: number | null;
  company_id?: number;
  respondents: number;
}

/** A group's means (respondents from the minimum). */
export interface ScoredGroup extends GroupOf {
  [score: string]: number | string | null | undefined;
}

/** A group under the minimum: no numbers, the reason. */
export interface WithheldScores extends GroupOf {
  minimum: number;
  message: string;
}

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The evaluations rating someone else (a self-evaluation rates its own respondent). */
export const NOT_SELF = sql`coalesce(evaluations.rated, evaluations.user_id) <> evaluations.user_id`;

/**
 * The groups of an anonymous type's evaluations in `scope` (done evaluations of this type and major,
 * self-evaluations excluded for "evaluators"), scored by `key`: means from the minimum, reasons under it.
 */
export async function scoreAnonymousGroups(db: Db, type: number, kind: AnonymityKind, scope: SQL, key: ScoringKey): Promise<{ groups: ScoredGroup[]; withheld: WithheldScores[] }> {
  const inScope = kind === 'evaluators' ? sql`${scope} and ${NOT_SELF}` : scope;
  const found =
    kind === 'evaluators'
      ? await select<{ rated: number; version: number | null; name: string; n: number }>(
          db,
          sql`select evaluations.rated, evaluations.version, u.name, count(distinct evaluations.user_id)::int as n
            from evaluations join users u on u.id = evaluations.rated where ${inScope}
            group by evaluations.rated, evaluations.version, u.name order by u.name, evaluations.rated, evaluations.version`,
        )
      : await select<{ company: number; n: number }>(
          db,
          sql`select evaluations.company_id as company, count(distinct evaluations.user_id)::int as n from evaluations where ${inScope}
            group by evaluations.company_id order by evaluations.company_id`,
        );
  const groups: ScoredGroup[] = [];
  const withheld: WithheldScores[] = [];
  for (const group of found) {
    const about =
      'rated' in group
        ? { evaluated_id: Number(group.rated), evaluated_name: group.name, version: group.version === null ? null : Number(group.version) }
        : { company_id: Number(group.company) };
    const condition =
      'rated' in group
        ? sql`${inScope} and evaluations.rated = ${group.rated} and ${group.version === null ? sql`evaluations.version is null` : sql`evaluations.version = ${group.version}`}`
        : sql`${inScope} and evaluations.company_id = ${group.company}`;
    const respondents = Number(group.n);
    const minimum = await anonymityMinimum(db, condition);
    if (respondents < minimum) {
      withheld.push({ type_evaluation: type, ...about, respondents, minimum, message: format(messages.dashboard.anonymityWithheld, { respondents, minimum }) });
      continue;
    }
    const summary = await summarizeScores(db, key, condition);
    groups.push({ type_evaluation: type, ...about, respondents, ...summary.means });
  }
  return { groups, withheld };
}
