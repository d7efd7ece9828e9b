import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { NOT_SELF, RATED } from './scope.ts';
import { rows as select } from '../../db/rows.ts';

/*
 * What the anonymity rules (`results/anonymity.ts`) ask the database: how many people answered in a
 * scope, the company's minimum, and the groups of an anonymous type.
 */

/** How many people answered in a scope: the size of an anonymous group ("evaluators": self-evaluations not counted). */
export async function groupSize(db: Db, scope: SQL, kind: 'evaluators' | 'group'): Promise<number> {
  const others = kind === 'evaluators' ? sql` and ${RATED} <> evaluations.user_id` : sql``;
  const [found] = await select<{ n: number }>(db, sql`select count(distinct evaluations.user_id)::int as n from evaluations where ${scope}${others}`);
  return Number(found?.n ?? 0);
}

/** The default minimum of an anonymous group, for a company that has not chosen one (the column's default). */
export const DEFAULT_ANONYMITY_MIN = 3;

/**
 * The fewest respondents an anonymous group may show: the minimum of the company whose evaluations
 * are in scope, the strictest when several are (an administrator without the company filter).
 */
export async function anonymityMinimum(db: Db, scope: SQL): Promise<number> {
  const [found] = await select<{ n: number | null }>(
    db,
    sql`select max(c.anonymity_min)::int as n from companies c where c.id in (select evaluations.company_id from evaluations where ${scope})`,
  );
  return Math.max(2, Number(found?.n ?? DEFAULT_ANONYMITY_MIN));
}

/** One anonymous group of a scope: who it is about, how many answered, and its evaluations (a scope). */
export type AnonymousGroupRow =
  | { rated: number; version: number | null; name: string; respondents: number; scope: SQL }
  | { company: number; respondents: number; scope: SQL };

/**
 * The groups of the evaluations in a scope: the evaluators of each rated person in each round
 * ("evaluators": self-evaluations excluded), by name; the respondents of each company ("group").
 */
export async function anonymousGroups(db: Db, kind: 'evaluators' | 'group', scope: SQL): Promise<AnonymousGroupRow[]> {
  if (kind === 'evaluators') {
    const inScope = sql`${scope} and ${NOT_SELF}`;
    const found = await select<{ rated: number; version: number | null; name: string; n: number }>(
      db,
      sql`select evaluations.rated, evaluations.version, u.name, count(distinct evaluations.user_id)::int as n
            from evaluations join users u on u.id = evaluations.rated where ${inScope}
            group by evaluations.rated, evaluations.version, u.name order by u.name, evaluations.rated, evaluations.version`,
    );
    return found.map((group) => ({
      rated: Number(group.rated),
      version: group.version === null ? null : Number(group.version),
      name: group.name,
      respondents: Number(group.n),
      scope: sql`${inScope} and evaluations.rated = ${group.rated} and ${group.version === null ? sql`evaluations.version is null` : sql`evaluations.version = ${group.version}`}`,
    }));
  }
  const found = await select<{ company: number; n: number }>(
    db,
    sql`select evaluations.company_id as company, count(distinct evaluations.user_id)::int as n from evaluations where ${scope}
            group by evaluations.company_id order by evaluations.company_id`,
  );
  return found.map((group) => ({ company: Number(group.company), respondents: Number(group.n), scope: sql`${scope} and evaluations.company_id = ${group.company}` }));
}

/**
 * The people of a scope as atoms of a grouping (`engine/scoring/suppression.ts`): how many people
 * belong to exactly each combination of groups (`groups`: a lateral subquery on `evaluations` giving
 * each evaluation's `key` rows), keys as texts; people in no group have the atom of none.
 */
export async function groupAtoms(db: Db, scope: SQL, groups: SQL): Promise<{ groups: string[]; people: number }[]> {
  const found = await select<{ keys: string; people: number }>(
    db,
    sql`select keys, count(*)::int as people from (
        select evaluations.user_id, coalesce(string_agg(distinct g.key::text, ',' order by g.key::text), '') as keys
        from evaluations left join lateral (${groups}) g on true where ${scope} group by evaluations.user_id
      ) p group by keys order by keys`,
  );
  return found.map((atom) => ({ groups: atom.keys === '' ? [] : atom.keys.split(','), people: Number(atom.people) }));
}

/**
 * The people of a scope as atoms of its rounds: each evaluation is in one round (or none), so the
 * rounds part the answers; an atom per round counts its distinct people (a person who answered in two
 * rounds is one in each: each round's answers are their own, added to the pooled rounds' as they are).
 * The rounds are cycles, or the 360's versions (`of`), whose people are the evaluators (self-evaluations
 * left out, as the evaluators' anonymity counts them).
 */
export async function roundAtoms(db: Db, scope: SQL, of: 'cycle' | 'version' = 'cycle'): Promise<{ groups: string[]; people: number }[]> {
  const [round, people] = of === 'cycle' ? [sql`evaluations.cycle_id`, scope] : [sql`evaluations.version`, sql`${scope} and ${NOT_SELF}`];
  const found = await select<{ round: number | null; people: number }>(
    db,
    sql`select ${round} as round, count(distinct evaluations.user_id)::int as people from evaluations where ${people} group by 1 order by 1`,
  );
  return found.map((atom) => ({ groups: atom.round === null ? [] : [String(atom.round)], people: Number(atom.people) }));
}

/**
 * The companies of a scope that may join a norm, with their people: active, not excluded from the
 * norm ('Fora da norma de comparação'), and with at least their own anonymity minimum of people.
 */
export async function normCompanies(db: Db, scope: SQL): Promise<{ company: number; people: number }[]> {
  const found = await select<{ company: number; people: number }>(
    db,
    sql`select c.id as company, count(distinct evaluations.user_id)::int as people
          from evaluations join companies c on c.id = evaluations.company_id
          where ${scope} and c.status = true and c.norm_excluded = false
          group by c.id, c.anonymity_min having count(distinct evaluations.user_id) >= greatest(2, c.anonymity_min) order by c.id`,
  );
  return found.map((row) => ({ company: Number(row.company), people: Number(row.people) }));
}
