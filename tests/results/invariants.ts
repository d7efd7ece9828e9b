/**
 * Invariants every dataset of every dashboard must keep on any answers, found from the definitions
 * alone (nothing per dashboard): which fields are percentages (a widget or column formatted "percent",
 * a ring, a `percent` transform, carried through derived datasets and pivots), which bars are stacked
 * to 100%, which datasets count answers (`optionCounts`), rank styles (a ranking from scores), draw a
 * word cloud, or are anonymous. Each check returns the problems it finds, each naming the row.
 */
import type { DashboardData, DashboardDefinition, Dataset, LayoutNode, Row, Transform, Widget } from '../../engine/definition/dashboard.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { buildChart, isChartWidget } from '../../engine/charts/registry.ts';
import { matchesAll } from '../../engine/scoring/transforms.ts';
import { chosenOptions, places } from './reference/arithmetic.ts';
import { inScope, type RawCompany, type RawEvaluation, type RefFilters } from './reference/data.ts';
import { questionsOf, type RefQuestionnaire } from './reference/definitions.ts';

/** Every widget of a view: its layout, its report's and its exports'. */
export function widgetsOf(dashboard: DashboardDefinition): Widget[] {
  const found: Widget[] = [];
  const walk = (nodes: LayoutNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'tabs') node.tabs.forEach((tab) => walk(tab.content));
      else if (node.kind === 'toggle') node.options.forEach((option) => walk(option.content));
      else if (node.kind === 'section' || node.kind === 'repeat') walk(node.content);
      else found.push(node);
    }
  };
  walk(dashboard.layout);
  walk(dashboard.report?.layout ?? []);
  for (const file of dashboard.exports ?? []) walk(file.layout);
  return found;
}

/** The chain of a dataset: itself and the datasets it derives from, the query's first. */
function chainOf(dashboard: DashboardDefinition, name: string): { names: string[]; transforms: Transform[]; root: Extract<Dataset, { query: string }> } {
  const dataset = dashboard.datasets[name]!;
  if ('from' in dataset) {
    const parent = chainOf(dashboard, dataset.from);
    return { names: [...parent.names, name], transforms: [...parent.transforms, ...dataset.transforms], root: parent.root };
  }
  return { names: [name], transforms: dataset.transforms ?? [], root: dataset };
}

/** The percentage fields of each dataset ("*": every number a pivot made from a percentage). */
export function percentFields(dashboard: DashboardDefinition): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const name of Object.keys(dashboard.datasets)) {
    const found = new Set<string>();
    for (const transform of chainOf(dashboard, name).transforms) {
      if (transform.op === 'percent') found.add(transform.as);
      else if (transform.op === 'pivot') {
        const pivoted = found.has(transform.value);
        found.clear();
        if (pivoted) found.add('*');
      } else if (transform.op === 'total' && found.has(transform.as)) found.delete(transform.as);
    }
    fields.set(name, found);
  }
  for (const widget of widgetsOf(dashboard)) {
    if (widget.kind === 'legend') continue;
    const set = fields.get(widget.dataset)!;
    if ('format' in widget && widget.format === 'percent' && 'value' in widget) set.add(widget.value);
    if (widget.kind === 'ring') set.add(widget.value);
    if (widget.kind === 'table') for (const column of widget.columns) if (column.format === 'percent') set.add(column.field);
  }
  return fields;
}

const describe = (row: Row) => JSON.stringify(row);
const settle = (value: number) => Math.round(value * 1e9) / 1e9;

/** Percentages within 0–100. */
export function checkPercents(dashboard: DashboardDefinition, data: DashboardData): string[] {
  const problems: string[] = [];
  for (const [name, fields] of percentFields(dashboard)) {
    for (const row of data.datasets[name]?.rows ?? []) {
      const checked = fields.has('*') ? Object.keys(row).filter((field) => typeof row[field] === 'number' && !field.endsWith('Index')) : [...fields];
      for (const field of checked) {
        const value = row[field];
        if (value === null || value === undefined) continue;
        if (typeof value !== 'number' || !(settle(value) >= 0 && settle(value) <= 100)) problems.push(`${name}.${field} = ${String(value)} is not a percentage within 0–100: ${describe(row)}`);
      }
    }
  }
  return problems;
}

/** A stacked bar drawn to 100%: each category's parts add up to 100 (truncation aside), or to 0 with no answers. */
export function checkStacks(dashboard: DashboardDefinition, data: DashboardData): string[] {
  const problems: string[] = [];
  for (const widget of widgetsOf(dashboard)) {
    if (widget.kind !== 'bar' || !widget.stack || widget.max !== 100) continue;
    // A dataset that keeps only some answers of a statement by design (the gaps) adds up to at most 100.
    const partial = chainOf(dashboard, widget.dataset).transforms.some((transform) => transform.op === 'keepWhen' || transform.op === 'filter' || transform.op === 'top');
    const rows = (data.datasets[widget.dataset]?.rows ?? []).filter((row) => matchesAll(row, widget.where));
    const byCategory = new Map<string, Row[]>();
    for (const row of rows) byCategory.set(String(row[widget.category]), [...(byCategory.get(String(row[widget.category])) ?? []), row]);
    for (const [category, parts] of byCategory) {
      const sum = settle(parts.reduce((total, row) => total + (typeof row[widget.value] === 'number' ? (row[widget.value] as number) : 0), 0));
      const low = partial ? 0 : 100 - parts.length;
      if (sum !== 0 && !(sum >= low - 1e-6 && sum <= 100 + 1e-6)) {
        problems.push(`${widget.dataset} (${widget.title ?? 'bar'}): '${category}' adds up to ${sum}, not 100 (${parts.length} parts: ${parts.map((row) => row[widget.value]).join(' + ')})`);
      }
    }
  }
  return problems;
}

/** Rows counting answers never count more than the respondents; a one-choice question's counts add up to at most them. */
export function checkCounts(dashboard: DashboardDefinition, data: DashboardData, questionnaires: Map<number, QuestionnaireDefinition>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(dashboard.datasets)) {
    const rows = data.datasets[name]?.rows ?? [];
    // A row of one option's answers (not a total over several options, which may exceed the respondents).
    const perOption = !chainOf(dashboard, name).transforms.some((transform) => transform.op === 'total' || transform.op === 'count');
    for (const row of perOption ? rows : []) {
      if (typeof row.count === 'number' && typeof row.respondents === 'number' && row.count > row.respondents) problems.push(`${name}: count ${row.count} above ${row.respondents} respondents: ${describe(row)}`);
    }
    const { root, transforms } = chainOf(dashboard, name);
    if (root.query !== 'optionCounts' || transforms.some((transform) => !['map', 'percent', 'sort', 'band', 'scale'].includes(transform.op))) continue;
    const sums = new Map<string, { sum: number; respondents: number; row: Row }>();
    for (const row of rows) {
      const definition = questionnaires.get(Number(row.type));
      const question = definition ? allChoice(definition).get(String(row.question)) : undefined;
      if (!question) continue;
      const key = JSON.stringify([row.type, row.self ?? null, row.question]);
      const entry = sums.get(key) ?? { sum: 0, respondents: Number(row.respondents), row };
      entry.sum += Number(row.count);
      sums.set(key, entry);
    }
    for (const entry of sums.values()) if (entry.sum > entry.respondents) problems.push(`${name}: question ${String(entry.row.question)} has ${entry.sum} answers from ${entry.respondents} respondents (one choice each)`);
  }
  return problems;
}

function allChoice(definition: QuestionnaireDefinition): Map<string, true> {
  return new Map(definition.pages.flatMap((page) => page.questions.filter((question) => question.kind === 'choice').map((question) => [question.id, true as const])));
}

/**
 * Every stored answer counted exactly once: in a dataset of answer counts (whose transforms keep its
 * rows), the counts of each question add up to the answer rows stored for it by the evaluations in
 * scope (an answer stored beside an exclusive one of its question does not count; an anonymous group
 * under the minimum shows only its self-evaluations).
 */
export function checkEveryAnswerOnce(
  dashboard: DashboardDefinition,
  data: DashboardData,
  reference: Map<number, RefQuestionnaire>,
  company: RawCompany,
  filters: RefFilters,
): string[] {
  const problems: string[] = [];
  for (const [name, dataset] of Object.entries(dashboard.datasets)) {
    // (An internal dataset is not sent: the datasets derived from it are checked against the reference.)
    if ('from' in dataset || dataset.query !== 'optionCounts' || dataset.internal || (dataset.transforms ?? []).some((transform) => !['map', 'percent', 'sort', 'band', 'scale'].includes(transform.op))) continue;
    let evaluations: RawEvaluation[] = inScope(company, dataset, filters) ?? [];
    if (filters.version !== undefined) evaluations = oneSelfPerRound(evaluations);
    if ((data.withheld ?? []).some((group) => group.dataset === name)) evaluations = dataset.anonymous === 'evaluators' ? evaluations.filter((evaluation) => evaluation.rated === evaluation.person) : [];
    const stored = new Map<string, number>();
    for (const evaluation of evaluations) {
      const definition = reference.get(evaluation.type)!;
      for (const question of questionsOf(definition)) {
        if (dataset.questions && !dataset.questions.includes(question.id)) continue;
        if (question.kind !== 'choice' && question.kind !== 'checkboxes') continue;
        const counted = chosenOptions(definition, question, evaluation.answers.get(question.id) ?? []).length;
        stored.set(question.id, (stored.get(question.id) ?? 0) + counted);
      }
    }
    const shown = new Map<string, number>();
    for (const row of data.datasets[name]?.rows ?? []) shown.set(String(row.question), (shown.get(String(row.question)) ?? 0) + Number(row.count));
    for (const question of new Set([...stored.keys(), ...shown.keys()])) {
      if ((stored.get(question) ?? 0) !== (shown.get(question) ?? 0)) problems.push(`${name}: question ${question} counts ${shown.get(question) ?? 0} answers, ${stored.get(question) ?? 0} are stored in scope`);
    }
  }
  return problems;
}

/** A 360 round shows one self-evaluation of the person: the latest of the round (a retake replaces the first). */
export function oneSelfPerRound(evaluations: RawEvaluation[]): RawEvaluation[] {
  const latest = new Map<number, RawEvaluation>();
  for (const evaluation of evaluations) {
    if (evaluation.rated !== evaluation.person) continue;
    const found = latest.get(evaluation.person);
    if (!found || evaluation.createdAt > found.createdAt || (evaluation.createdAt === found.createdAt && evaluation.id > found.id)) latest.set(evaluation.person, evaluation);
  }
  return evaluations.filter((evaluation) => evaluation.rated !== evaluation.person || latest.get(evaluation.person) === evaluation);
}

/**
 * A tie is never a single winner: in rows of scores whose questionnaire ranks styles by score, when
 * the highest scores tie (or nothing scored), the first place names no single style; otherwise it names
 * the one; likewise the second place (the next score).
 */
export function checkTies(dashboard: DashboardDefinition, data: DashboardData, questionnaires: Map<number, QuestionnaireDefinition>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(dashboard.datasets)) {
    const { root } = chainOf(dashboard, name);
    if (root.query !== 'scores') continue;
    for (const type of root.types) {
      const scoring = questionnaires.get(type)?.scoring;
      const labels = new Map((scoring?.scores ?? []).map((score) => [score.id, score.label]));
      for (const ranking of (scoring?.rankings ?? []).filter((candidate) => candidate.from === 'scores')) {
        const styles = (ranking.scores ?? []).map((id) => labels.get(id) ?? id);
        for (const row of data.datasets[name]?.rows ?? []) {
          if (row.type !== undefined && row.type !== type) continue;
          if (!(ranking.scores ?? []).every((id) => typeof row[id] === 'number')) continue;
          const placed = places((ranking.scores ?? []).map((id, index) => ({ label: styles[index]!, value: row[id] as number })));
          const first = row[`${ranking.id}.1`];
          const second = row[`${ranking.id}.2`];
          if (placed.first.length !== 1 && styles.includes(String(first))) {
            problems.push(`${name}: ${placed.first.length === 0 ? 'nothing scored' : `a tie of ${placed.first.join(', ')}`} shown as the single ${ranking.id}.1 '${String(first)}': ${describe(row)}`);
          }
          if (placed.first.length === 1 && first !== undefined && first !== placed.first[0]) problems.push(`${name}: ${ranking.id}.1 is '${String(first)}', the highest score is ${placed.first[0]}: ${describe(row)}`);
          if (placed.second.length > 1 && styles.includes(String(second))) {
            problems.push(`${name}: a tie of ${placed.second.join(', ')} for the second place shown as the single ${ranking.id}.2 '${String(second)}': ${describe(row)}`);
          }
        }
      }
    }
  }
  return problems;
}

/** Every word of a word cloud's top 5 (by value) is drawn, in print and on screens from a phone's width to a desktop's. */
export function checkClouds(dashboard: DashboardDefinition, data: DashboardData, top = 5): string[] {
  const problems: string[] = [];
  for (const widget of widgetsOf(dashboard)) {
    if (widget.kind !== 'wordCloud' || !isChartWidget(widget)) continue;
    const rows = (data.datasets[widget.dataset]?.rows ?? []).filter((row) => matchesAll(row, widget.where));
    const words = rows
      .map((row) => ({ text: String(row[widget.word] ?? '').trim(), value: Number(row[widget.value]) }))
      .filter((word) => word.text !== '' && Number.isFinite(word.value))
      .sort((a, b) => b.value - a.value)
      .slice(0, top);
    // The PDF's width, and the screen's on a phone and on a wide desktop.
    for (const [mode, width] of [['print', undefined], ['screen', 360], ['screen', 1200]] as const) {
      const drawn = new Set(JSON.stringify(buildChart(widget, rows, mode, width)).match(/"text":"[^"]*"/g)?.map((text) => JSON.parse(`{${text}}`).text as string) ?? []);
      for (const word of words) if (!drawn.has(word.text)) problems.push(`${widget.dataset} (${mode}${width ? `, ${width} px` : ''}): '${word.text}' (${word.value}) is among the top ${top} and is not drawn`);
    }
  }
  return problems;
}

/**
 * No anonymous dataset (or one derived from it) carries a person's name or id, and under the
 * company's minimum it carries no row (of the 360's evaluators: only self-evaluation rows), and says so.
 */
export function checkAnonymity(dashboard: DashboardDefinition, data: DashboardData, company: RawCompany, filters: RefFilters): string[] {
  const problems: string[] = [];
  const names = new Set(company.names.values());
  const minimum = Math.max(2, company.anonymityMin);
  for (const name of Object.keys(dashboard.datasets)) {
    const { root, names: chain } = chainOf(dashboard, name);
    if (!root.anonymous) continue;
    const rows = data.datasets[name]?.rows ?? [];
    for (const row of rows) {
      for (const field of ['name', 'person', 'evaluation', 'email', 'user_id', 'evaluator']) if (field in row) problems.push(`${name}: an anonymous dataset carries '${field}': ${describe(row)}`);
      for (const value of Object.values(row)) if (typeof value === 'string' && names.has(value)) problems.push(`${name}: an anonymous dataset carries a person's name '${value}'`);
    }
    let evaluations = inScope(company, root, filters) ?? [];
    if (filters.version !== undefined) evaluations = oneSelfPerRound(evaluations);
    const group = new Set(evaluations.filter((evaluation) => root.anonymous === 'group' || evaluation.rated !== evaluation.person).map((evaluation) => evaluation.person)).size;
    if (group > 0 && group < minimum) {
      const leaked = rows.filter((row) => !(root.anonymous === 'evaluators' && row.self === true));
      if (leaked.length > 0) problems.push(`${name}: ${group} respondents (minimum ${minimum}) and ${leaked.length} rows shown, e.g. ${describe(leaked[0]!)}`);
      if (!(data.withheld ?? []).some((withheld) => withheld.dataset === chain[0])) problems.push(`${chain[0]}: a group of ${group} under the minimum ${minimum} is not reported as withheld`);
    }
  }
  return problems;
}

/**
 * A bar's colour says what an answer means (issue 22, defect 5): in a chart of answers that score
 * (rows with a `scoreValue`, a reversed statement's already turned round), answers that mean the same
 * have one colour, and answers that mean different things never share one.
 */
export function checkColours(dashboard: DashboardDefinition, data: DashboardData): string[] {
  const problems: string[] = [];
  for (const widget of widgetsOf(dashboard)) {
    if (widget.kind !== 'bar') continue;
    const rows = (data.datasets[widget.dataset]?.rows ?? []).filter((row) => matchesAll(row, widget.where));
    if (!rows.some((row) => typeof row.scoreValue === 'number')) continue;
    const option = buildChart(widget, rows, 'screen') as { color?: string[]; series?: { name?: string; itemStyle?: { color?: string }; data?: { value: unknown; itemStyle?: { color?: string } }[] }[] };
    const category = (option as { yAxis?: { data?: string[] }; xAxis?: { data?: string[] } });
    const categories = [category.xAxis, category.yAxis].find((axis) => Array.isArray(axis?.data))?.data ?? [];
    const colours = new Map<number, Set<string>>();
    const meanings = new Map<string, Set<number>>();
    (option.series ?? []).forEach((series, index) => {
      (series.data ?? []).forEach((item, column) => {
        if (item.value === '-' || item.value === 0) return;
        const row = rows.find((candidate) => String(candidate[widget.category]) === categories[column] && (widget.series === undefined || String(candidate[widget.series]) === series.name));
        if (!row || typeof row.scoreValue !== 'number') return;
        const colour = item.itemStyle?.color ?? series.itemStyle?.color ?? option.color?.[index % (option.color?.length ?? 1)] ?? '';
        colours.set(row.scoreValue, new Set([...(colours.get(row.scoreValue) ?? []), colour]));
        meanings.set(colour, new Set([...(meanings.get(colour) ?? []), row.scoreValue]));
      });
    });
    for (const [colour, values] of meanings) {
      if (values.size > 1) problems.push(`${widget.dataset} (${widget.title ?? 'bar'}): colour ${colour} is drawn for answers scoring ${[...values].join(' and ')}`);
    }
    for (const [value, set] of colours) if (set.size > 1) problems.push(`${widget.dataset} (${widget.title ?? 'bar'}): answers scoring ${value} are drawn in ${[...set].join(' and ')}`);
  }
  return problems;
}
