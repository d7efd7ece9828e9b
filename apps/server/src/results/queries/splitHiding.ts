import { sql, type SQL } from 'drizzle-orm';
import type { QueryDataset as Dataset } from '../../../../../engine/definition/dashboard.ts';
import type { GroupingKind } from '../../../../../engine/definition/datasets.ts';
import { jointGroupings } from '../../../../../engine/definition/groupings.ts';
import { rows as select } from '../../db/rows.ts';
import { evaluationGroups, groupOrder } from '../../repositories/results/datasetRows.ts';
import { groupAtoms } from '../../repositories/results/groups.ts';
import { groupKey, hiddenGroups, hiddenKeys } from '../anonymity.ts';
import { messages } from '../../../../../engine/messages.ts';
import type { QueryContext } from './context.ts';

/*
 * Which groups of a split (a heatmap's rows: the respondents' sectors, positions, exposure groups) are
 * hidden. A type shown by several groupings (`jointGroupings`: the risk questionnaire by sector, by
 * position and by the exposure groups made of them) has its groups hidden over all of them at once, so
 * no grouping's numbers less another's give a small group away (a group of sectors less a shown sector,
 * a sector less the position that fills it but two people): the groupings are layers in the order they
 * are kept (`GROUPING_KEEP_ORDER`), the sectors hidden as on their own, the positions then as they must
 * be beside them, the exposure groups beside both (`suppressLayers`, by the exact check). Computed once
 * per request and dataset group, for every split that asks. With a sector chosen (a narrowing filter),
 * a type shown by several groupings is split by sector only: every other grouping's group is hidden,
 * as its people in the sector less the same group unfiltered would give away those outside it.
 */

/** The hidden groups of `dataset`'s split by `by` (keys: the groups' ids), each with the reason shown in its place. */
export async function hiddenSplitGroups(context: QueryContext, dataset: Dataset, scope: SQL, by: GroupingKind, keys: number[]): Promise<Map<number, string>> {
  const kinds = context.groupings ? jointGroupings(context.groupings, 'types' in dataset ? dataset.types : [], by) : [by];
  // With a sector chosen, a position's or group's people in the sector could be subtracted from the same
  // group without the filter (the people outside the sector): only the sectors are split then.
  if (kinds.length > 1 && by !== 'sector' && context.filters.sector_id !== undefined) return new Map(keys.map((key) => [key, messages.dashboard.groupNarrowed]));
  if (kinds.length === 1) return hiddenGroups(context.db, scope, await groupAtoms(context.db, scope, evaluationGroups(by, context.filters)), keys);
  const key = `${groupKey(dataset)}:${kinds.join(',')}`;
  context.anonymity.splits ??= new Map();
  let joint = context.anonymity.splits.get(key);
  if (!joint) {
    joint = jointHidden(context, scope, kinds);
    context.anonymity.splits.set(key, joint);
  }
  const hidden = await joint;
  const prefix = `${by}:`;
  return new Map([...hidden].filter(([group]) => group.startsWith(prefix)).map(([group, reason]) => [Number(group.slice(prefix.length)), reason]));
}

/** The hidden groups of every grouping in `kinds` at once, keyed 'kind:id'. */
async function jointHidden(context: QueryContext, scope: SQL, kinds: GroupingKind[]): Promise<Map<string, string>> {
  const tagged = sql.join(
    kinds.map((kind) => sql`select ${kind}::text || ':' || x.key::text as key, x.name from (${evaluationGroups(kind, context.filters)}) x`),
    sql` union all `,
  );
  const atoms = await groupAtoms(context.db, scope, tagged);
  const named = await select<{ key: string; name: string }>(context.db, sql`select distinct g.key, g.name from evaluations join lateral (${tagged}) g on true where ${scope}`);
  // Each grouping's groups in the order its split lists them, a layer per grouping in the order they are kept.
  const layers = kinds.map((kind) => {
    const prefix = `${kind}:`;
    const names = new Map(named.filter((row) => row.key.startsWith(prefix)).map((row) => [Number(row.key.slice(prefix.length)), row.name]));
    return groupOrder(names).map((id) => `${prefix}${id}`);
  });
  return hiddenKeys(context.db, scope, atoms, layers);
}
