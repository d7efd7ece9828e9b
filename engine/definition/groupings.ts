import type { DashboardDefinition } from './dashboard.ts';
import type { GroupingKind } from './datasets.ts';

/*
 * The groupings shown together. A type's results split by sector on one view and by position or by a
 * group made of sectors on another can be subtracted from each other (a group of sectors less a shown
 * sector gives a hidden one away), so a type's groups are hidden over every grouping any dashboard splits
 * it by, at once, and alike on every route that shows them (the dashboards, their PDFs, the inventory,
 * the action plan's levels).
 */

/** The order groupings are kept in: where hiding one group of several closes a gap, a later kind's goes first. */
export const GROUPING_KEEP_ORDER: readonly GroupingKind[] = ['sector', 'position', 'course', 'exposure'];

/** The groupings an inventory and the action plan split a risk questionnaire's answers by, whatever its dashboards show. */
export const RISK_GROUPINGS: readonly GroupingKind[] = ['sector', 'position', 'exposure'];

/**
 * Per type, the groupings its answers are split by, in `GROUPING_KEEP_ORDER`: those the dashboards
 * split it by (`byGroup` of their datasets), and for a questionnaire with a risk section (`riskTypes`)
 * every one the inventory and the action plan may use.
 */
export function groupingsByType(dashboards: Iterable<DashboardDefinition>, riskTypes: Iterable<number> = []): Map<number, GroupingKind[]> {
  const found = new Map<number, Set<GroupingKind>>();
  for (const type of riskTypes) found.set(type, new Set(RISK_GROUPINGS));
  for (const dashboard of dashboards) {
    for (const dataset of Object.values(dashboard.datasets)) {
      if ('from' in dataset || !('byGroup' in dataset) || !dataset.byGroup) continue;
      for (const type of dataset.types) found.set(type, (found.get(type) ?? new Set()).add(dataset.byGroup));
    }
  }
  return new Map([...found].map(([type, kinds]) => [type, GROUPING_KEEP_ORDER.filter((kind) => kinds.has(kind))]));
}

/** The groupings a split of `types` by `by` is hidden with: `by` and every other one the types are shown by. */
export function jointGroupings(byType: ReadonlyMap<number, readonly GroupingKind[]>, types: readonly number[], by: GroupingKind): GroupingKind[] {
  const kinds = new Set<GroupingKind>([by]);
  for (const type of types) for (const kind of byType.get(type) ?? []) kinds.add(kind);
  return GROUPING_KEEP_ORDER.filter((kind) => kinds.has(kind));
}
