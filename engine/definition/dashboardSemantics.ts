import type { Condition, DashboardDefinition, Dataset, DerivedDataset, LayoutNode, QueryDataset, Transform, Widget } from './dashboard.ts';
import type { DefinitionError } from './parse.ts';
import { allQuestions, hasOptions, optionsOf } from './questions.ts';
import type { QuestionnaireDefinition } from './types.ts';

/*
 * The checks a schema cannot make on a dashboard: every type, question, score, tag, dataset and field
 * it names exists, filters its scopes need are shown, and rows naming people stay where the spec
 * lists people. Each error points at the JSON path of the offending value.
 */

/** The fields every row of a query has (scores and rankings are added per type). */
const QUERY_FIELDS: Record<QueryDataset['query'], string[]> = {
  scores: ['evaluation', 'person', 'name', 'type', 'date'],
  summary: ['type', 'score', 'label', 'color', 'value', 'respondents', 'question', 'questionText', 'band'],
  optionCounts: ['type', 'self', 'question', 'questionText', 'questionOrder', 'page', 'pageTitle', 'option', 'optionLabel', 'optionOrder', 'scoreValue', 'tag', 'count', 'respondents'],
  texts: ['type', 'self', 'question', 'questionText', 'heading', 'questionOrder', 'text'],
  people: ['evaluation', 'person', 'name', 'type', 'typeName', 'createdAt', 'expireAt', 'done', 'respondedAt', 'allDone'],
};

/** Transforms a paged dataset may take: they keep one row per person, in order. */
const PAGE_SAFE: Transform['op'][] = ['filter', 'map', 'band', 'scale', 'greatest'];

/** Transforms that reduce per-person rows to groups (so no person leaves the server). */
const AGGREGATING: Transform['op'][] = ['count', 'total'];

interface Checker {
  errors: DefinitionError[];
  add(pointer: string, message: string): void;
}

/** Score keys of a definition (per-question scores as "{id}.{question}"), with the ranking fields. */
function scoreFields(definition: QuestionnaireDefinition): string[] {
  const questions = allQuestions(definition).map(({ question }) => question);
  const fields: string[] = [];
  for (const score of definition.scoring?.scores ?? []) {
    if (!score.perQuestion) fields.push(score.id);
    else {
      const chosen = score.questions === undefined || score.questions === 'all' ? questions : questions.filter((question) => score.questions!.includes(question.id));
      for (const question of chosen.filter(hasOptions)) fields.push(`${score.id}.${question.id}`);
    }
  }
  for (const ranking of definition.scoring?.rankings ?? []) {
    const size = ranking.take ?? (ranking.from === 'scores' ? (ranking.scores?.length ?? 0) : allQuestions(definition).length);
    for (let index = 1; index <= size; index += 1) fields.push(`${ranking.id}.${index}`);
  }
  if (definition.scoring?.classification) fields.push('band', 'bandColor', 'bandIndex');
  return fields;
}

function conditionFields(conditions: Condition[] | undefined): string[] {
  return (conditions ?? []).map((condition) => condition.field);
}

/** The fields a transform reads, and how it changes the row's fields. */
function transformFields(transform: Transform, fields: Set<string>, definition: QuestionnaireDefinition | undefined): { reads: string[]; next: Set<string> } {
  const next = new Set(fields);
  switch (transform.op) {
    case 'filter':
      return { reads: conditionFields(transform.where), next };
    case 'map':
      next.add(transform.as);
      return { reads: [transform.field], next };
    case 'percent':
      next.add(transform.as);
      return {
        reads: [
          transform.field,
          ...(transform.groupBy ?? []),
          ...transform.rules.flatMap((rule) => [
            ...conditionFields(rule.where ? [rule.where] : []),
            ...conditionFields(rule.base.minus ? [rule.base.minus] : []),
            ...(rule.base.of === 'sum' ? [] : [rule.base.of.field]),
          ]),
        ],
        next,
      };
    case 'total':
      return { reads: [transform.field, ...transform.groupBy, ...(transform.keep ?? [])], next: new Set([...transform.groupBy, ...(transform.keep ?? []), transform.as]) };
    case 'count':
      return { reads: [transform.groupBy], next: new Set([transform.groupBy, transform.as]) };
    case 'sort':
      return { reads: transform.by.map((entry) => entry.field), next };
    case 'top':
      if (transform.rank) next.add(transform.rank);
      return { reads: transform.groupBy ?? [], next };
    case 'rank':
      next.add(transform.as);
      return { reads: transform.groupBy ?? [], next };
    case 'unpivot': {
      const listed = transform.fields === 'scores' ? (definition?.scoring?.scores ?? []).filter((score) => !score.perQuestion).map((score) => score.id) : transform.fields;
      return { reads: [...listed, ...(transform.keep ?? [])], next: new Set([...(transform.keep ?? []), 'score', 'label', 'color', 'value']) };
    }
    case 'split':
      for (const name of transform.into) next.add(name);
      return { reads: [transform.field], next };
    case 'band':
      next.add(transform.as).add(`${transform.as}Color`).add(`${transform.as}Index`);
      return { reads: [transform.field], next };
    case 'compare':
      return { reads: [transform.item, transform.by, ...(transform.groupBy ?? []), ...(transform.keep ?? [])], next: new Set([...(transform.groupBy ?? []), ...(transform.keep ?? []), transform.item, transform.as]) };
    case 'keepWhen':
      return { reads: [...transform.groupBy, transform.field, transform.when.field, transform.keep.field], next };
    case 'greatest':
      next.add(transform.as);
      return { reads: transform.fields, next };
    case 'scale':
      next.add(transform.as);
      return { reads: [transform.field], next };
    case 'pivot':
      // The new columns are the values of `column`: unknown until the data comes; allow any field after.
      return { reads: [...transform.key, transform.column, transform.value], next: new Set([...transform.key, '*']) };
  }
}

/** What the transforms of a dataset start from. */
interface Start {
  fields: Set<string>;
  definitions: QuestionnaireDefinition[];
  /** The rows are one per person and no transform has grouped them yet. */
  perPersonRows: boolean;
  /** Evaluation types (for messages). */
  types: number[];
}

/** Checks a query dataset's own options and returns what its transforms start from. */
function queryStart(pointer: string, dataset: QueryDataset, dashboard: DashboardDefinition, questionnaires: Map<number, QuestionnaireDefinition>, check: Checker): Start {
  const definitions: QuestionnaireDefinition[] = [];
  dataset.types.forEach((type, index) => {
    const definition = questionnaires.get(type);
    if (!definition) check.add(`${pointer}/types/${index}`, `evaluation type ${type} has no questionnaire`);
    else definitions.push(definition);
  });
  (dataset.alignWith ?? []).forEach((type, index) => {
    if (!questionnaires.has(type)) check.add(`${pointer}/alignWith/${index}`, `evaluation type ${type} has no questionnaire`);
  });
  const scope = dataset.scope ?? 'filters';
  if (scope !== 'filters' && !dashboard.filters.includes('colleague')) check.add(`${pointer}/scope`, `scope "${scope}" needs the "colleague" filter`);
  if (scope === 'alignment') {
    if (!dashboard.filters.includes('alignment')) check.add(`${pointer}/scope`, 'scope "alignment" needs the "alignment" filter');
    if (!dataset.alignWith || dataset.alignWith.length === 0) check.add(`${pointer}/alignWith`, 'scope "alignment" needs "alignWith" types');
  }
  const fields = new Set(QUERY_FIELDS[dataset.query]);
  if (dataset.query === 'scores') for (const definition of definitions) for (const field of scoreFields(definition)) fields.add(field);
  if (dataset.query === 'texts' && dataset.perPerson) fields.add('name');
  if (dataset.query === 'optionCounts' || dataset.query === 'texts') {
    const wanted = dataset.query === 'texts' ? dataset.questions : (dataset.questions ?? []);
    wanted.forEach((id, index) => {
      const found = definitions.map((definition) => allQuestions(definition).find(({ question }) => question.id === id)?.question).find(Boolean);
      if (!found) check.add(`${pointer}/questions/${index}`, `no question "${id}" in types ${dataset.types.join(', ')}`);
      else if (dataset.query === 'texts' && found.kind !== 'text') check.add(`${pointer}/questions/${index}`, `question "${id}" is not a free-text question`);
      else if (dataset.query === 'optionCounts' && !hasOptions(found)) check.add(`${pointer}/questions/${index}`, `question "${id}" has no options`);
    });
  }
  if (dataset.query === 'scores' && dataset.pageSize !== undefined) {
    (dataset.transforms ?? []).forEach((transform, index) => {
      if (!PAGE_SAFE.includes(transform.op)) check.add(`${pointer}/transforms/${index}`, `a paged dataset only takes ${PAGE_SAFE.join(', ')} transforms (they keep one row per person)`);
    });
  }
  // A colleague-scoped dataset is the one chosen person's result; a group's scores must not list people.
  const perPersonRows = dataset.query === 'scores' && !dataset.perPerson && scope === 'filters';
  return { fields, definitions, perPersonRows, types: dataset.types };
}

/** Checks a dataset and returns its start and the fields its rows have ("*" = any, after a pivot). */
function checkDataset(name: string, dataset: Dataset, dashboard: DashboardDefinition, questionnaires: Map<number, QuestionnaireDefinition>, done: Map<string, Start>, check: Checker): Start {
  const pointer = `/datasets/${name}`;
  let start: Start;
  if ('from' in dataset) {
    const source = done.get((dataset as DerivedDataset).from);
    if (!source) {
      check.add(`${pointer}/from`, `no dataset "${dataset.from}" declared before this one`);
      return { fields: new Set(['*']), definitions: [], perPersonRows: false, types: [] };
    }
    start = source;
    const origin = dashboard.datasets[(dataset as DerivedDataset).from];
    if (origin && !('from' in origin) && origin.query === 'scores' && origin.pageSize !== undefined) check.add(`${pointer}/from`, `"${dataset.from}" is paged: derive from an unpaged dataset`);
  } else start = queryStart(pointer, dataset, dashboard, questionnaires, check);
  const first = start.definitions[0];
  const tags = new Set(start.definitions.flatMap((definition) => allQuestions(definition).flatMap(({ question }) => (hasOptions(question) ? optionsOf(definition, question).flatMap((option) => option.tags ?? []) : []))));
  let current = start.fields;
  let perPersonRows = start.perPersonRows;
  (dataset.transforms ?? []).forEach((transform, index) => {
    const at = `${pointer}/transforms/${index}`;
    const { reads, next } = transformFields(transform, current, first);
    for (const field of reads) if (!current.has(field) && !current.has('*')) check.add(at, `unknown field "${field}" (the rows have: ${[...current].join(', ')})`);
    if (transform.op === 'unpivot' && transform.fields !== 'scores') {
      const known = new Set(first ? scoreFields(first) : []);
      transform.fields.forEach((field, position) => {
        if (!known.has(field)) check.add(`${at}/fields/${position}`, `no score "${field}" in type ${start.types[0]}`);
      });
    }
    if (transform.op === 'band' && transform.bands === 'classification' && !first?.scoring?.classification) check.add(`${at}/bands`, `type ${start.types[0]} has no classification`);
    for (const condition of collectConditions(transform)) {
      if (condition.field === 'tag') for (const tag of condition.in ?? []) if (typeof tag === 'string' && tag !== '' && !tags.has(tag)) check.add(at, `no option carries the tag "${tag}"`);
    }
    if (AGGREGATING.includes(transform.op)) perPersonRows = false;
    current = next;
  });
  if (perPersonRows && !dataset.internal) {
    check.add(pointer, 'per-person rows: set "perPerson": true (only where the spec lists people), "internal": true, or aggregate them with "count" or "total"');
  }
  return { fields: current, definitions: start.definitions, perPersonRows, types: start.types };
}

function collectConditions(transform: Transform): Condition[] {
  switch (transform.op) {
    case 'filter':
      return transform.where;
    case 'keepWhen':
      return [transform.when, transform.keep];
    case 'percent':
      return transform.rules.flatMap((rule) => [...(rule.where ? [rule.where] : []), ...(rule.base.minus ? [rule.base.minus] : [])]);
    default:
      return [];
  }
}

/** The fields a widget's encoding reads. */
function widgetFields(widget: Widget): string[] {
  switch (widget.kind) {
    case 'bar':
      return [widget.category, widget.value, ...(widget.series ? [widget.series] : []), ...(widget.color ? [widget.color] : [])];
    case 'line':
      return [widget.category, widget.value, ...(widget.series ? [widget.series] : [])];
    case 'scatter':
      return [widget.x, widget.y, widget.label];
    case 'pie':
      return [widget.category, widget.value, ...(widget.color ? [widget.color] : [])];
    case 'gauge':
      return [widget.value, ...(widget.label ? [widget.label] : [])];
    case 'ring':
      return [widget.category, widget.value, ...(widget.color ? [widget.color] : [])];
    case 'wordCloud':
      return [widget.word, widget.value];
    case 'table':
      return [...widget.columns.flatMap((column) => [column.field, ...(column.color ? [column.color] : [])]), ...(widget.rowColor ? [widget.rowColor] : [])];
    case 'columns':
      return [widget.item, widget.by];
    case 'quadrants':
      return [widget.category, widget.value, ...(widget.color ? [widget.color] : [])];
    case 'texts':
      return [widget.text, widget.group, ...(widget.by ? [widget.by] : [])];
    case 'stat':
      return [widget.value];
    case 'names':
      return [widget.name];
    case 'legend':
      return [];
  }
}

function checkLayout(nodes: LayoutNode[], pointer: string, fields: Map<string, Set<string>>, check: Checker, keys: string[] = []): void {
  nodes.forEach((node, index) => {
    const at = `${pointer}/${index}`;
    if (node.kind === 'tabs') node.tabs.forEach((tab, tabIndex) => checkLayout(tab.content, `${at}/tabs/${tabIndex}/content`, fields, check, keys));
    else if (node.kind === 'toggle') {
      if (node.style === 'cycle' && !node.label) check.add(at, 'a "cycle" toggle needs its button "label"');
      node.options.forEach((option, optionIndex) => checkLayout(option.content, `${at}/options/${optionIndex}/content`, fields, check, keys));
    } else if (node.kind === 'section') checkLayout(node.content, `${at}/content`, fields, check, keys);
    else if (node.kind === 'repeat') {
      const known = fields.get(node.dataset);
      if (!known) check.add(`${at}/dataset`, `no dataset "${node.dataset}"`);
      else if (!known.has('*')) for (const field of [node.key, node.title]) if (!known.has(field)) check.add(at, `unknown field "${field}" in dataset "${node.dataset}"`);
      checkLayout(node.content, `${at}/content`, fields, check, [...keys, node.key]);
    }
    else if (node.kind !== 'legend') {
      const known = fields.get(node.dataset);
      if (!known) {
        check.add(`${at}/dataset`, `no dataset "${node.dataset}"`);
        return;
      }
      if (known.has('*')) return;
      // Inside a repeat, every widget's rows are narrowed by the repeat's key: they must carry it.
      for (const field of [...widgetFields(node), ...conditionFields(node.where), ...keys]) {
        if (!known.has(field)) check.add(at, `unknown field "${field}" in dataset "${node.dataset}" (its rows have: ${[...known].join(', ')})`);
      }
    }
  });
}

/** Every semantic problem of a dashboard, given the questionnaires by evaluation type. */
export function dashboardErrors(dashboard: DashboardDefinition, questionnaires: Map<number, QuestionnaireDefinition>): DefinitionError[] {
  const check: Checker = { errors: [], add: (pointer, message) => check.errors.push({ pointer, message }) };
  const seen = new Set<string>();
  dashboard.filters.forEach((filter, index) => {
    if (seen.has(filter)) check.add(`/filters/${index}`, `filter "${filter}" listed twice`);
    seen.add(filter);
  });
  if (dashboard.requires && !dashboard.filters.includes(dashboard.requires.filter)) check.add('/requires/filter', `"${dashboard.requires.filter}" is not among the filters`);
  if (dashboard.emptyWhen && !dashboard.datasets[dashboard.emptyWhen]) check.add('/emptyWhen', `no dataset "${dashboard.emptyWhen}"`);
  const done = new Map<string, Start>();
  for (const [name, dataset] of Object.entries(dashboard.datasets)) done.set(name, checkDataset(name, dataset, dashboard, questionnaires, done, check));
  const fields = new Map([...done].filter(([name]) => !dashboard.datasets[name]!.internal).map(([name, start]) => [name, start.fields]));
  checkLayout(dashboard.layout, '/layout', fields, check);
  if (dashboard.report?.layout) checkLayout(dashboard.report.layout, '/report/layout', fields, check);
  dashboard.exports?.forEach((file, index) => checkLayout(file.layout, `/exports/${index}/layout`, fields, check));
  return check.errors;
}
