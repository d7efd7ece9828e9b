import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../../engine/accounts.ts';
import type { Cell, DashboardDefinition, DashboardFilters, Row } from '../../../../../engine/definition/dashboard.ts';
import { computeDatasets } from '../../results/dashboards.ts';
import { checkFilters } from '../../results/filters.ts';
import { isUuid } from '../../schemas/common.ts';
import type { Account } from '../../types.ts';

/*
 * What the result calls share: the datasets they read, the cell readers, the schema pieces and the
 * app-bound helpers (`resultContext`) that compute datasets of a dashboard definition under the
 * account's checked filters.
 */

/** The datasets each call reads, by dashboard: checked when the routes are registered. */
export const USED: Record<number, string[]> = {
  [-2]: ['people', 'groupAlpha', 'groupVia', 'groupTemperaments', 'groupMotivational', 'groupObjections', 'alpha', 'via', 'temperaments', 'motivational', 'objections'],
  [-1]: ['people'],
  2: ['statements', 'open', 'answered'],
  3: ['peopleFlags'],
  4: ['top5'],
  5: ['people'],
  6: ['people', 'group'],
  7: ['themes', 'totals'],
  8: ['likert', 'gaps', 'respondents', 'justifications', 'suggestions', 'considerations'],
  9: ['people', 'first'],
  10: ['likert', 'gaps', 'respondents', 'justifications', 'considerations'],
};

/** Most ids one list of a result call's body may hold. */
export const MAX_IDS = 1000;

/** Readers of a dataset cell: as text (empty when absent), as a number (0 when absent), as text or null. */
export const text = (value: Cell | undefined): string => (value === null || value === undefined ? '' : String(value));
export const number = (value: Cell | undefined): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
export const nullableText = (value: Cell | undefined): string | null => (value === null || value === undefined ? null : String(value));

export const stringArray = { type: 'array', items: { type: 'string' } } as const;
export const numberArray = { type: 'array', items: { type: 'number' } } as const;

/** Groups rows by a field, in first-seen order. */
export function groupBy(rows: Row[], field: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = text(row[field]);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The rows of one computed dataset. */
export const rowsOf = (computed: Map<string, Row[]>, name: string): Row[] => computed.get(name) ?? [];

/** Evaluation ids of a body: unknown, malformed and (by the company filter) foreign ids are left out, as in `POST /tableresponse/evaluations`. */
export const evaluationIds = (ids: string[]) => [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];

/** The app-bound helpers of the result calls: the staff's pre-handler and the dataset computations. */
export function resultContext(app: FastifyInstance) {
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];

  const view = (id: number): DashboardDefinition => app.definitions.dashboards.get(id)!;

  /** Computes datasets of a view under filters already checked; a paged dataset is read whole. */
  async function computeAll(dashboard: DashboardDefinition, filters: DashboardFilters, names: string[]): Promise<Map<string, Row[]>> {
    const totals = new Map<string, number>();
    const computed = await computeDatasets(app.db, app.definitions, dashboard, filters, names, totals);
    for (const name of names) {
      const total = totals.get(name);
      const rows = computed.get(name);
      for (let page = 1; total !== undefined && rows !== undefined && rows.length < total; page += 1) {
        const more = rowsOf(await computeDatasets(app.db, app.definitions, dashboard, { ...filters, pages: { [name]: page } }, [name]), name);
        if (more.length === 0) break;
        rows.push(...more);
      }
    }
    return computed;
  }

  /** Checks the filters against the account (a company user's company forced) and computes datasets of dashboard `id`. */
  async function datasets(account: Account, id: number, raw: DashboardFilters, names: string[], extra: Pick<DashboardFilters, 'evaluation_ids' | 'person_ids'> = {}) {
    const dashboard = view(id);
    const filters = { ...(await checkFilters(app.db, account, dashboard, raw)), ...extra };
    return computeAll(dashboard, filters, names);
  }

  /** Rows of scores (`score` = id) in the order the type's scoring declares them. */
  function inScoreOrder(type: number, rows: Row[]): Row[] {
    const order = new Map((app.definitions.questionnaires.get(type)?.scoring?.scores ?? []).map((score, index) => [score.id, index]));
    const at = (row: Row) => order.get(text(row.score)) ?? order.size;
    return [...rows].sort((a, b) => at(a) - at(b));
  }

  return { staff, view, computeAll, datasets, inScoreOrder };
}

/** The helpers `resultContext` gives every group of result calls. */
export type ResultContext = ReturnType<typeof resultContext>;
