import type { DashboardDefinition } from './dashboard.ts';
import { checkDataset, type Checker, type Start } from './datasetSemantics.ts';
import type { DefinitionError } from './errors.ts';
import { checkLayout, checkSummaryLine, sectionSubjects } from './layoutSemantics.ts';
import { format, messages } from '../messages.ts';
import type { QuestionnaireDefinition } from './types.ts';

/*
 * The checks a schema cannot make on a dashboard: every type, question, score, tag, dataset and field
 * it names exists, filters its scopes need are shown, and rows naming people stay where the spec
 * lists people (`datasetSemantics.ts`, `layoutSemantics.ts`). Each error points at the JSON path of
 * the offending value, in Portuguese.
 */

const text = messages.definitionCheck;

/** Every semantic problem of a dashboard, given the questionnaires by evaluation type. */
export function dashboardErrors(dashboard: DashboardDefinition, questionnaires: Map<number, QuestionnaireDefinition>): DefinitionError[] {
  const check: Checker = { errors: [], add: (pointer, message) => check.errors.push({ pointer, message }) };
  const seen = new Set<string>();
  dashboard.filters.forEach((filter, index) => {
    if (seen.has(filter)) check.add(`/filters/${index}`, format(text.filterTwice, { filter }));
    seen.add(filter);
  });
  if (dashboard.requires && !dashboard.filters.includes(dashboard.requires.filter)) check.add('/requires/filter', format(text.notAFilter, { filter: dashboard.requires.filter }));
  if (dashboard.emptyWhen && !dashboard.datasets[dashboard.emptyWhen]) check.add('/emptyWhen', format(text.noDataset, { name: dashboard.emptyWhen }));
  dashboard.narrowing?.forEach((filter, index) => {
    if (!dashboard.filters.includes(filter)) check.add(`/narrowing/${index}`, format(text.notAFilter, { filter }));
  });
  if (dashboard.narrowing && !Object.values(dashboard.datasets).some((dataset) => !('from' in dataset) && dataset.anonymous)) check.add('/narrowing', text.narrowingWithoutAnonymous);
  // A person's own report chooses them in the view's person filter.
  if (dashboard.publicReport && !dashboard.filters.includes('colleague') && !dashboard.filters.includes('evaluated')) check.add('/publicReport', text.publicReportWithoutPerson);
  // 'Lembrar pendentes' reminds the people of the chosen round.
  if (dashboard.remindPending && !dashboard.filters.includes('cycle')) check.add('/remindPending', format(text.notAFilter, { filter: 'cycle' }));
  // 'Comparar com' narrows the rounds of the `byCycle` datasets: a view without one would offer a choice that changes nothing.
  const compareAt = dashboard.filters.indexOf('compare');
  if (compareAt >= 0 && !Object.values(dashboard.datasets).some((dataset) => 'byCycle' in dataset && dataset.byCycle === true)) check.add(`/filters/${compareAt}`, text.compareWithoutCycles);
  const done = new Map<string, Start>();
  for (const [name, dataset] of Object.entries(dashboard.datasets)) done.set(name, checkDataset(name, dataset, dashboard, questionnaires, done, check));
  const fields = new Map([...done].filter(([name]) => !dashboard.datasets[name]!.internal).map(([name, start]) => [name, start.fields]));
  checkLayout(dashboard.layout, '/layout', fields, check, [], done);
  for (const [pointer, subject] of [...sectionSubjects(dashboard.layout, '/layout'), ...sectionSubjects(dashboard.report?.layout ?? [], '/report/layout')]) {
    if (!dashboard.filters.includes(subject)) check.add(pointer, format(text.notAFilter, { filter: subject }));
  }
  if (dashboard.report?.layout) checkLayout(dashboard.report.layout, '/report/layout', fields, check, [], done);
  dashboard.report?.summary?.forEach((line, index) => checkSummaryLine(line, `/report/summary/${index}`, fields, check));
  dashboard.exports?.forEach((file, index) => checkLayout(file.layout, `/exports/${index}/layout`, fields, check, [], done));
  return check.errors;
}

