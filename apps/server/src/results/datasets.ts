import type { DashboardDefinition, DashboardFilters, QueryDataset, Row, Transform, WithheldGroup } from '../../../../engine/definition/dashboard.ts';
import type { QuestionnaireDefinition } from '../../../../engine/definition/types.ts';
import { PRODUCT_TIME_ZONE } from '../../../../engine/rules/dates.ts';
import { applyTransforms } from '../../../../engine/scoring/transforms.ts';
import type { Db } from '../db/client.ts';
import type { Definitions } from '../definitions.ts';
import { datasetScope } from '../repositories/results/scope.ts';
import { refuseNarrowGroups, withholdSmallGroup } from './anonymity.ts';
import { QUERIES, type Query, type QueryContext } from './queries/index.ts';
import { datasetTypes } from './views.ts';
import { groupingsByType } from '../../../../engine/definition/groupings.ts';
import type { GroupingKind } from '../../../../engine/definition/datasets.ts';

/*
 * A view's datasets under checked filters: each query dataset is its named query under its scope
 * (`repositories/results/scope.ts`), withheld when its anonymous group is too small
 * (`anonymity.ts`), then transformed; a derived dataset transforms the rows of another. Every output
 * (the screen's data, a report's PDF and spreadsheet, the result calls) computes its datasets here.
 */

/** Runs one dataset: its query under the filters, then its transforms. Null scope (not chosen yet) gives no rows. */
async function runDataset(context: QueryContext, dataset: QueryDataset, name: string): Promise<Row[]> {
  // The people and the participation read pending evaluations too.
  const scope = datasetScope(dataset, context.filters, dataset.query !== 'people' && dataset.query !== 'participation');
  if (!scope) return [];
  const query = QUERIES[dataset.query] as Query;
  // Before the transforms: what they aggregate is already only what may be shown.
  const rows = await withholdSmallGroup(context.db, context.anonymity, dataset, name, scope, await query(context, dataset, scope, name), context.filters);
  return transformRows(context.questionnaires, dataset.types, rows, dataset.transforms);
}

/** Applies transforms with the scores and bands of the first type's questionnaire. */
function transformRows(questionnaires: Map<number, QuestionnaireDefinition>, types: number[], rows: Row[], transforms: Transform[] | undefined): Row[] {
  const first = questionnaires.get(types[0]!);
  return applyTransforms(rows, transforms, { scores: first?.scoring?.scores ?? [], bands: first?.scoring?.classification?.bands ?? [] });
}

/** What computing a view's datasets needs: the editions' filters and questionnaires (`editions.ts`). */
export interface DatasetsRequest {
  /** The checked filters, with the editions chosen (`majors`). */
  filters: DashboardFilters;
  /** The questionnaire scoring each type. */
  questionnaires: Map<number, QuestionnaireDefinition>;
  /** Filled with the total rows of each paged dataset, by dataset name. */
  totals?: Map<string, number>;
  /** Filled with the anonymous groups withheld. */
  withheld?: WithheldGroup[];
  /** The app's time zone (daily counts). Default the product's, São Paulo. */
  timeZone?: string;
  /** The clock. Default now. */
  now?: Date;
}

/** Per type, the groupings its answers are shown by: worked out once per set of dashboards. */
const groupingsCache = new WeakMap<Definitions['dashboards'], Map<number, GroupingKind[]>>();
function groupingsOf(dashboards: Definitions['dashboards'], questionnaires: Map<number, QuestionnaireDefinition>): Map<number, GroupingKind[]> {
  let found = groupingsCache.get(dashboards);
  if (!found) {
    found = groupingsByType(dashboards.values(), [...questionnaires].flatMap(([type, definition]) => (definition.risk ? [type] : [])));
    groupingsCache.set(dashboards, found);
  }
  return found;
}

/**
 * Computes some datasets of a view (and the datasets they derive from), in declaration order: a
 * derived dataset starts from the rows of one declared before it. A narrowing filter that would
 * single people out is refused first.
 */
export async function computeViewDatasets(db: Db, definitions: Pick<Definitions, 'types' | 'riskMatrix' | 'dashboards'>, dashboard: DashboardDefinition, names: string[], request: DatasetsRequest): Promise<Map<string, Row[]>> {
  const { filters, questionnaires } = request;
  await refuseNarrowGroups(db, dashboard, filters);
  const context: QueryContext = {
    db,
    questionnaires,
    types: definitions.types,
    riskMatrix: definitions.riskMatrix,
    groupings: groupingsOf(definitions.dashboards, questionnaires),
    filters,
    timeZone: request.timeZone ?? PRODUCT_TIME_ZONE,
    now: request.now ?? new Date(),
    totals: request.totals ?? new Map(),
    summaries: new Map(),
    riskSettings: new Map(),
    anonymity: { groups: new Map(), rounds: new Map(), withheld: request.withheld ?? [] },
  };
  const needed = new Set<string>();
  const need = (name: string) => {
    const dataset = dashboard.datasets[name];
    if (!dataset || needed.has(name)) return;
    needed.add(name);
    if ('from' in dataset) need(dataset.from);
  };
  names.forEach(need);
  context.planned = [...needed].flatMap((name) => {
    const dataset = dashboard.datasets[name]!;
    return 'from' in dataset ? [] : [dataset];
  });
  const computed = new Map<string, Row[]>();
  for (const [name, dataset] of Object.entries(dashboard.datasets)) {
    if (!needed.has(name)) continue;
    computed.set(
      name,
      'from' in dataset
        ? transformRows(questionnaires, datasetTypes(dashboard, dataset), computed.get(dataset.from) ?? [], dataset.transforms)
        : await runDataset(context, dataset, name),
    );
  }
  return computed;
}
