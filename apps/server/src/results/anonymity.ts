import type { SQL } from 'drizzle-orm';
import type { DashboardDefinition, DashboardFilters, QueryDataset as Dataset, Row, WithheldGroup } from '../../../../engine/definition/dashboard.ts';
import { FILTER_KEYS } from '../../../../engine/filters.ts';
import { format, messages } from '../../../../engine/messages.ts';
import type { ScoringKey } from '../../../../engine/scoring/scoringKey.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { suppressLayers, type GroupAtom } from '../../../../engine/scoring/suppression.ts';
import { anonymityMinimum, anonymousGroups, groupSize, roundAtoms } from '../repositories/results/groups.ts';
import { roundsOf } from '../repositories/results/datasetRows.ts';
import { datasetScope } from '../repositories/results/scope.ts';
import { summarizeScores } from '../repositories/results/scoreSql.ts';

/*
 * Anonymity, in one place: the answers of an `anonymous` dataset leave the server only from the
 * company's minimum of respondents (`companies.anonymity_min`); under it the group is withheld with
 * the reason ('As respostas … não são mostradas …'), and a narrowing filter that would single people
 * out is refused. Every dataset of every output (the screen's data, the PDF and the spreadsheet of a
 * report, the result calls) is withheld by `withholdSmallGroup` as `results/datasets.ts` computes it.
 * Outside the dashboards (`POST /tableresponse/evaluations`), an anonymous type's scores leave only as
 * a group's means (`scoreAnonymousGroups`).
 */

export type AnonymityKind = 'evaluators' | 'group';

/** What decides an anonymous dataset's group under one request's filters: datasets alike count the same people. */
export function groupKey(dataset: Dataset): string {
  return JSON.stringify([dataset.anonymous, dataset.types, dataset.alignWith ?? [], dataset.scope ?? 'filters', dataset.latest ?? false]);
}

/** The anonymous groups of one request: their sizes and minimums by `groupKey` (a view's datasets share them), and those withheld. */
export interface AnonymityState {
  groups: Map<string, Promise<{ respondents: number; minimum: number }>>;
  /** The groups hidden over several groupings at once, by dataset group and groupings (`results/queries/splitHiding.ts`). */
  splits?: Map<string, Promise<Map<string, string>>>;
  /** The rounds hidden, by dataset group (`hiddenRounds`). */
  rounds: Map<string, Promise<{ rounds: { id: number; name: string }[]; hidden: Map<number, string> }>>;
  withheld: WithheldGroup[];
}

/**
 * An anonymous dataset's rows under the minimum: 1 or more people but fewer than the minimum answered,
 * so nothing of the group stays (of the 360's evaluators: the self-evaluation rows alone) and the
 * reason is recorded; likewise a chosen round the rounds' rules hide (`hiddenRounds`). Other datasets'
 * rows pass as they are.
 */
export async function withholdSmallGroup(db: Db, state: AnonymityState, dataset: Dataset, name: string, scope: SQL, rows: Row[], filters: DashboardFilters): Promise<Row[]> {
  const kind = dataset.anonymous;
  if (!kind) return rows;
  const key = groupKey(dataset);
  let counted = state.groups.get(key);
  if (!counted) {
    counted = (async () => ({ respondents: await groupSize(db, scope, kind), minimum: await anonymityMinimum(db, scope) }))();
    state.groups.set(key, counted);
  }
  const { respondents, minimum } = await counted;
  if (respondents >= minimum && kind === 'group' && filters.cycle_id !== undefined) {
    // A chosen round of enough people that the rounds' rules still hide: it would give a smaller one
    // away, with 'Todos os ciclos' and the other rounds.
    const reason = (await hiddenRounds(db, state, dataset, filters)).hidden.get(filters.cycle_id);
    if (reason !== undefined) {
      state.withheld.push({ dataset: name, respondents, minimum, message: reason });
      return [];
    }
  }
  if (respondents === 0 || respondents >= minimum) return rows;
  const message = format(messages.dashboard.anonymityWithheld, { respondents, minimum });
  state.withheld.push({ dataset: name, respondents, minimum, message });
  return kind === 'evaluators' ? rows.filter((row) => row.self === true) : [];
}

/**
 * Refuses a narrowing filter (the sector of psychological safety) that would single people out: the
 * group it leaves is under the company's minimum, or it differs from the group without the narrowing
 * filters by fewer people than the minimum (the two results could be subtracted to reveal them).
 */
export async function refuseNarrowGroups(db: Db, dashboard: DashboardDefinition, filters: DashboardFilters): Promise<void> {
  const narrowing = (dashboard.narrowing ?? []).filter((name) => filters[FILTER_KEYS[name]] !== undefined);
  if (narrowing.length === 0) return;
  const broader: DashboardFilters = { ...filters };
  for (const name of narrowing) delete broader[FILTER_KEYS[name]];
  if (narrowing.includes('sector')) delete broader.sector_of;
  let minimum: number | undefined;
  const checked = new Set<string>();
  for (const dataset of Object.values(dashboard.datasets)) {
    if ('from' in dataset || !dataset.anonymous || checked.has(groupKey(dataset))) continue;
    checked.add(groupKey(dataset));
    const narrow = datasetScope(dataset, filters);
    const broad = datasetScope(dataset, broader);
    if (!narrow || !broad) continue;
    const [inside, whole] = [await groupSize(db, narrow, dataset.anonymous), await groupSize(db, broad, dataset.anonymous)];
    if (inside === 0) continue;
    minimum ??= await anonymityMinimum(db, broad);
    const rest = whole - inside;
    if (inside < minimum || (rest > 0 && rest < minimum)) throw new HttpError(403, format(messages.dashboard.anonymityNarrowed, { minimum }));
  }
}

/**
 * The groups of a comparison (a heatmap's sectors, a line's rounds: `atoms`, from `groupAtoms` or
 * `roundAtoms` over `scope`) that must not show their numbers, each with the reason shown in its place:
 * under the company's minimum, or hidden so that no group under it can be deduced from the others and
 * the whole (`engine/scoring/suppression.ts`).
 */
export async function hiddenGroups(db: Db, scope: SQL, atoms: GroupAtom[], keys: number[], of: 'group' | 'round' = 'group'): Promise<Map<number, string>> {
  const hidden = await hiddenKeys(db, scope, atoms, [keys.map(String)], of);
  return new Map([...hidden].map(([key, reason]) => [Number(key), reason]));
}

/**
 * `hiddenGroups` over keys of any form; given as `layers` (several groupings at once: ['sector:3', …],
 * ['position:5', …], ['exposure:1', …], the most kept first), each layer joins those before it
 * (`suppressLayers`).
 */
export async function hiddenKeys(db: Db, scope: SQL, atoms: GroupAtom[], layers: string[][], of: 'group' | 'round' = 'group'): Promise<Map<string, string>> {
  if (layers.flat().length === 0) return new Map();
  const minimum = await anonymityMinimum(db, scope);
  const hidden = suppressLayers(layers, atoms, minimum);
  const text = messages.dashboard;
  const reason = of === 'group' ? { minimum: text.groupUnderMinimum, complement: text.groupComplement } : { minimum: text.roundUnderMinimum, complement: text.roundComplement };
  return new Map([...hidden].map(([key, why]) => [key, format(reason[why], { minimum })]));
}

/**
 * The rounds of an anonymous dataset's company or course that must not show their numbers (as
 * `hiddenGroups`), the Ciclo choice left aside: the rounds of its `byCycle` rows, and the rounds the
 * view itself may not show when chosen. Asked once per request and dataset group.
 */
export function hiddenRounds(db: Db, state: AnonymityState, dataset: Dataset, filters: DashboardFilters): Promise<{ rounds: { id: number; name: string }[]; hidden: Map<number, string> }> {
  const key = `rounds:${groupKey(dataset)}`;
  let found = state.rounds.get(key);
  if (!found) {
    found = (async () => {
      // Among every evaluation: a round's people are the same whether or not each one's latest in it is taken.
      const across = datasetScope({ ...dataset, latest: false } as Dataset, { ...filters, cycle_id: undefined, compare_cycle_id: undefined })!;
      const rounds = await roundsOf(db, across);
      return { rounds, hidden: await hiddenGroups(db, across, await roundAtoms(db, across), rounds.map((round) => round.id), 'round') };
    })();
    state.rounds.set(key, found);
  }
  return found;
}

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

/**
 * The groups of an anonymous type's evaluations in `scope` (done evaluations of this type and major,
 * self-evaluations excluded for "evaluators"), scored by `key`: means from the minimum, reasons under
 * it. The 360's groups are the evaluators of one person in one round (the self-evaluation, the
 * person's own, is not anonymous); a "group" type's are the respondents of one company.
 */
export async function scoreAnonymousGroups(db: Db, type: number, kind: AnonymityKind, scope: SQL, key: ScoringKey): Promise<{ groups: ScoredGroup[]; withheld: WithheldScores[] }> {
  const groups: ScoredGroup[] = [];
  const withheld: WithheldScores[] = [];
  for (const group of await anonymousGroups(db, kind, scope)) {
    const about = 'rated' in group ? { evaluated_id: group.rated, evaluated_name: group.name, version: group.version } : { company_id: group.company };
    const { respondents } = group;
    const minimum = await anonymityMinimum(db, group.scope);
    if (respondents < minimum) {
      withheld.push({ type_evaluation: type, ...about, respondents, minimum, message: format(messages.dashboard.anonymityWithheld, { respondents, minimum }) });
      continue;
    }
    const summary = await summarizeScores(db, key, group.scope);
    groups.push({ type_evaluation: type, ...about, respondents, ...summary.means });
  }
  return { groups, withheld };
}
