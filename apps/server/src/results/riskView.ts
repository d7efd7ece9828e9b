import type { DashboardDefinition } from '../../../../engine/definition/dashboard.ts';
import type { Definitions } from '../definitions.ts';
import { dashboardOfType } from './views.ts';

/**
 * The view a psychosocial risk level is read from (issue 27: the inventory, the action plan's levels
 * before and after): the questionnaire's result view (its filters and anonymity settings) with only
 * `datasets`, no report, exports nor empty rule. A questionnaire without a view gets a bare one with
 * the company, cycle and sector filters.
 */
export function riskView(definitions: Pick<Definitions, 'dashboards'>, type: number, title: string, datasets: DashboardDefinition['datasets']): DashboardDefinition {
  const base = dashboardOfType(definitions, type);
  const view: DashboardDefinition = base ?? { id: type, title, menu: { group: '', label: title, order: 0 }, filters: ['company', 'cycle', 'sector'], datasets, empty: '', layout: [] };
  return { ...view, datasets, report: undefined, exports: undefined, emptyWhen: undefined };
}
