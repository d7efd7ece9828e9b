import type { DashboardDefinition, Dataset } from '../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../engine/messages.ts';
import type { Definitions } from '../definitions.ts';
import { HttpError } from '../errors.ts';

/*
 * The views (`definitions/dashboards/*.json`) as the results read them: which one a call names, which
 * one shows a type, and which evaluation types a view or a dataset reads. No I/O.
 */

/**
 * The view a call's `:id` names ("13", "-1"), else a 404: 'Painel 99 não encontrado' for a number, and
 * the plain not-found answer for anything else (the path's text is never repeated).
 */
export function dashboardNamed(definitions: Pick<Definitions, 'dashboards'>, raw: string): DashboardDefinition {
  const numeric = /^-?\d{1,4}$/.test(raw);
  const dashboard = numeric ? definitions.dashboards.get(Number(raw)) : undefined;
  if (!dashboard) throw new HttpError(404, numeric ? format(messages.api.dashboardNotFound, { id: raw }) : messages.api.notFound);
  return dashboard;
}

/** The evaluation types a dataset reads (a derived one: its source's). */
export function datasetTypes(dashboard: DashboardDefinition, dataset: Dataset): number[] {
  if ('from' in dataset) {
    const source = dashboard.datasets[dataset.from];
    return source && source !== dataset ? datasetTypes(dashboard, source) : [];
  }
  return dataset.types;
}

/** The evaluation types a view reads. */
export function typesOf(dashboard: DashboardDefinition): number[] {
  return [...new Set(Object.values(dashboard.datasets).flatMap((dataset) => ('from' in dataset ? [] : dataset.types)))];
}

/** Whether a view reads answers (a score, a count of options, a text…), not only who answered (the participation). */
function readsAnswers(dashboard: DashboardDefinition): boolean {
  return Object.values(dashboard.datasets).some((dataset) => !('from' in dataset) && dataset.query !== 'participation');
}

/**
 * The view that shows an evaluation type's results: the dashboard of the same id when it reads the
 * type, else the first (by id) that reads its answers; undefined when none does.
 */
export function dashboardOfType(definitions: Pick<Definitions, 'dashboards'>, type: number): DashboardDefinition | undefined {
  const reading = [...definitions.dashboards.values()]
    .filter(readsAnswers)
    .filter((dashboard) => typesOf(dashboard).includes(type) || Object.values(dashboard.datasets).some((dataset) => !('from' in dataset) && (dataset.alignWith ?? []).includes(type)))
    .sort((a, b) => Number(b.id === type) - Number(a.id === type) || a.id - b.id);
  return reading[0];
}
