import type { Cell, ChosenPeople, Condition, DashboardData, PersonFilter, Row, Widget } from '../definition/dashboard.ts';
import { matchesAll } from '../scoring/transforms.ts';
import { groupBy } from '../collections.ts';
import { cellText } from './format.ts';

const NO_ROWS: Row[] = [];

/**
 * A widget's rows: its dataset's, kept by its `where` (a tab's questions) and by the conditions of the
 * blocks it sits in (`narrow`). A legend has none. The screen and the PDF both draw these rows.
 */
export function widgetRows(widget: Widget, data: DashboardData, narrow: Condition[] = []): Row[] {
  if (widget.kind === 'legend') return NO_ROWS;
  const rows = data.datasets[widget.dataset]?.rows ?? NO_ROWS;
  const conditions = [...(widget.where ?? []), ...narrow];
  return conditions.length > 0 ? rows.filter((row) => matchesAll(row, conditions)) : rows;
}

/** The distinct values of a field over rows, in first-seen order (numbers and their text alike). */
export function distinctValues(rows: Row[], field: string): Cell[] {
  const seen = new Map<string, Cell>();
  for (const row of rows) {
    const value = row[field] ?? null;
    if (!seen.has(cellText(value))) seen.set(cellText(value), value);
  }
  return [...seen.values()];
}

/** Rows grouped by a field's text, groups in first-seen order. */
export function groupRows(rows: Row[], field: string): [string, Row[]][] {
  return [...groupBy(rows, (row) => cellText(row[field]))];
}

/** The blocks a repeat node draws: per distinct key value, its title and the condition narrowing to it. */
export function repeatBlocks(rows: Row[], key: string, titleField: string): { title: string; narrow: Condition }[] {
  return distinctValues(rows, key).map((value) => {
    const first = rows.find((row) => cellText(row[key] ?? null) === cellText(value));
    return { title: cellText(first?.[titleField]), narrow: { field: key, in: [value] } };
  });
}

/** A section's title, with its subject's chosen person after it when there is one ('Resultado do colaborador: Ana'). */
export function sectionTitle(title: string, subject: PersonFilter | undefined, people: ChosenPeople | undefined): string {
  const person = subject === undefined ? undefined : people?.[subject];
  return person ? `${title}: ${person}` : title;
}
