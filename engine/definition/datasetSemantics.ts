import type { Condition, DashboardDefinition, Dataset, DatasetScope, DerivedDataset, FilterName, QueryDataset, Transform } from './dashboard.ts';
import type { DefinitionError } from './errors.ts';
import { format, messages } from '../messages.ts';
import { allQuestions, hasOptions, optionsOf } from './questions.ts';
import type { QuestionnaireDefinition } from './types.ts';

/*
 * The checks of a dashboard's datasets (`dashboardSemantics.ts`): every type, question, score, tag and
 * field their queries and transforms name exists, the scopes' filters are shown, and rows naming
 * people stay where the spec lists people. Each error points at the JSON path of the offending value.
 */

const text = messages.definitionCheck;

/** A field a definition names, with the JSON path (from its transform or widget) where it is named. */
export type Read = [at: string, field: string];

/** The reads of a list of field names at `at/{index}`. */
const listReads = (at: string, fields: string[] | undefined): Read[] => (fields ?? []).map((field, index) => [`${at}/${index}`, field]);

/** The fields every row of a query has (scores and rankings are added per type). */
const QUERY_FIELDS: Record<QueryDataset['query'], string[]> = {
  scores: ['evaluation', 'person', 'name', 'type', 'date'],
  summary: ['type', 'score', 'label', 'color', 'value', 'respondents', 'question', 'questionText', 'band'],
  optionCounts: ['type', 'question', 'questionText', 'questionOrder', 'page', 'pageTitle', 'option', 'optionLabel', 'optionOrder', 'scoreValue', 'tag', 'count', 'respondents'],
  texts: ['type', 'self', 'question', 'questionText', 'heading', 'questionOrder', 'number', 'page', 'pageTitle', 'block', 'text'],
  people: ['evaluation', 'person', 'name', 'position', 'type', 'typeName', 'createdAt', 'expireAt', 'done', 'respondedAt', 'allDone'],
  numbers: ['type', 'question', 'questionText', 'questionOrder', 'number', 'page', 'pageTitle', 'series', 'seriesOrder', 'stat', 'of', 'value', 'answers', 'respondents'],
  participation: ['group', 'order', 'invited', 'answered', 'expired', 'pending', 'rate', 'target'],
  risk: [
    'type', 'factor', 'factorLabel', 'hazard', 'harms', 'share', 'respondents', 'probability', 'probabilityLabel', 'probabilityCriterion',
    'severity', 'severityLabel', 'severityCriterion', 'severityReason', 'level', 'levelLabel', 'levelColor', 'levelAction', 'criteria',
  ],
};

/** The fields of a participation dataset by day (its rows are days, not groups). */
const PARTICIPATION_DAY_FIELDS = ['day', 'date', 'answered', 'cumulative', 'invited', 'rate', 'target'];

/** The filter whose choice a dataset scope reads. */
const SCOPE_FILTER: Record<Exclude<DatasetScope, 'filters'>, FilterName> = { colleague: 'colleague', alignment: 'colleague', evaluator: 'evaluator' };

/** Transforms a paged dataset may take: they keep one row per person, in order. */
const PAGE_SAFE: Transform['op'][] = ['filter', 'map', 'band', 'scale', 'greatest'];

/** Transforms that reduce per-person rows to groups (so no person leaves the server). */
const AGGREGATING: Transform['op'][] = ['count', 'total'];

export interface Checker {
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
    for (let index = 1; index <= size; index += 1) {
      fields.push(`${ranking.id}.${index}`);
      // Whether the place is shared: only a ranking whose ties share a place says so.
      if (ranking.from === 'scores' && ranking.ties !== 'order') fields.push(`${ranking.id}.${index}.tie`);
    }
  }
  if (definition.scoring?.classification) fields.push('band', 'bandColor', 'bandIndex');
  return fields;
}

export function conditionReads(at: string, conditions: Condition[] | undefined): Read[] {
  return (conditions ?? []).map((condition, index) => [`${at}/${index}/field`, condition.field]);
}

/** The fields a transform reads (with their JSON paths in it), and how it changes the row's fields. */
function transformFields(transform: Transform, fields: Set<string>, definition: QuestionnaireDefinition | undefined): { reads: Read[]; next: Set<string> } {
  const next = new Set(fields);
  switch (transform.op) {
    case 'filter':
      return { reads: conditionReads('/where', transform.where), next };
    case 'map':
      next.add(transform.as);
      return { reads: [['/field', transform.field]], next };
    case 'percent':
      next.add(transform.as);
      return {
        reads: [
          ['/field', transform.field],
          ...listReads('/groupBy', transform.groupBy),
          ...transform.rules.flatMap((rule, index): Read[] => [
            ...(rule.where ? [[`/rules/${index}/where/field`, rule.where.field] as Read] : []),
            ...(rule.base.minus ? [[`/rules/${index}/base/minus/field`, rule.base.minus.field] as Read] : []),
            ...(rule.base.of === 'sum' ? [] : [[`/rules/${index}/base/of/field`, rule.base.of.field] as Read]),
          ]),
        ],
        next,
      };
    case 'total':
      return { reads: [['/field', transform.field], ...listReads('/groupBy', transform.groupBy), ...listReads('/keep', transform.keep)], next: new Set([...transform.groupBy, ...(transform.keep ?? []), transform.as]) };
    case 'count':
      return { reads: listReads('/groupBy', transform.groupBy), next: new Set([...transform.groupBy, transform.as]) };
    case 'sort':
      return { reads: transform.by.map((entry, index): Read => [`/by/${index}/field`, entry.field]), next };
    case 'top':
      if (transform.rank) next.add(transform.rank);
      return { reads: listReads('/groupBy', transform.groupBy), next };
    case 'rank':
      next.add(transform.as);
      return { reads: listReads('/groupBy', transform.groupBy), next };
    case 'change':
      next.add(transform.as);
      if (transform.few) next.add(transform.few.as);
      return { reads: [['/field', transform.field], ...(transform.few ? [['/few/count', transform.few.count] as Read] : []), ...listReads('/groupBy', transform.groupBy)], next };
    case 'unpivot': {
      const listed: Read[] =
        transform.fields === 'scores'
          ? (definition?.scoring?.scores ?? []).filter((score) => !score.perQuestion).map((score): Read => ['/fields', score.id])
          : listReads('/fields', transform.fields);
      return { reads: [...listed, ...listReads('/keep', transform.keep)], next: new Set([...(transform.keep ?? []), 'score', 'label', 'color', 'value']) };
    }
    case 'split':
      for (const name of transform.into) next.add(name);
      return { reads: [['/field', transform.field]], next };
    case 'band':
      next.add(transform.as).add(`${transform.as}Color`).add(`${transform.as}Index`);
      return { reads: [['/field', transform.field]], next };
    case 'compare':
      return {
        reads: [['/item', transform.item], ['/by', transform.by], ...listReads('/groupBy', transform.groupBy), ...listReads('/keep', transform.keep)],
        next: new Set([...(transform.groupBy ?? []), ...(transform.keep ?? []), transform.item, transform.as]),
      };
    case 'keepWhen':
      return { reads: [...listReads('/groupBy', transform.groupBy), ['/field', transform.field], ['/when/field', transform.when.field], ['/keep/field', transform.keep.field]], next };
    case 'greatest':
      next.add(transform.as);
      return { reads: listReads('/fields', transform.fields), next };
    case 'scale':
      next.add(transform.as);
      return { reads: [['/field', transform.field]], next };
    case 'pivot':
      // The new columns are the values of `column`: unknown until the data comes; allow any field after.
      return { reads: [...listReads('/key', transform.key), ['/column', transform.column], ['/value', transform.value]], next: new Set([...transform.key, '*']) };
  }
}

/** What the transforms of a dataset start from. */
export interface Start {
  fields: Set<string>;
  definitions: QuestionnaireDefinition[];
  /** The rows are one per person and no transform has grouped them yet. */
  perPersonRows: boolean;
  /** Evaluation types (for messages). */
  types: number[];
  /** Every text the rows may carry (the questionnaires' and the transforms' strings): what a widget's `help.meanings` may name. */
  labels: Set<string>;
  /** The band colour fields of the rows, with the labels of the bands they colour (`bandColor`: the classification's). */
  bandColors: Map<string, string[]>;
}

/** Every string in a JSON value, object keys included. */
export function strings(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      strings(item, into);
    }
  }
  return into;
}

/** The labels of a questionnaire's classification bands (none without a classification). */
const classificationLabels = (definition: QuestionnaireDefinition | undefined): string[] => (definition?.scoring?.classification?.bands ?? []).map((band) => band.label);

/** Checks a query dataset's own options and returns what its transforms start from. */
function queryStart(pointer: string, dataset: QueryDataset, dashboard: DashboardDefinition, questionnaires: Map<number, QuestionnaireDefinition>, check: Checker): Start {
  const definitions: QuestionnaireDefinition[] = [];
  dataset.types.forEach((type, index) => {
    const definition = questionnaires.get(type);
    if (!definition) check.add(`${pointer}/types/${index}`, format(text.noQuestionnaire, { type }));
    else definitions.push(definition);
  });
  (dataset.alignWith ?? []).forEach((type, index) => {
    if (!questionnaires.has(type)) check.add(`${pointer}/alignWith/${index}`, format(text.noQuestionnaire, { type }));
  });
  const scope = dataset.scope ?? 'filters';
  const needed = scope === 'filters' ? undefined : SCOPE_FILTER[scope];
  if (needed && !dashboard.filters.includes(needed)) check.add(`${pointer}/scope`, format(text.scopeNeedsFilter, { scope, filter: needed }));
  if (scope === 'alignment') {
    if (!dashboard.filters.includes('alignment')) check.add(`${pointer}/scope`, text.alignmentNeedsFilter);
    if (!dataset.alignWith || dataset.alignWith.length === 0) check.add(dataset.alignWith ? `${pointer}/alignWith` : `${pointer}/scope`, text.alignmentNeedsTypes);
  }
  const fields = new Set(dataset.query === 'participation' && dataset.by === 'day' ? PARTICIPATION_DAY_FIELDS : QUERY_FIELDS[dataset.query]);
  if (dataset.query === 'scores') for (const definition of definitions) for (const field of scoreFields(definition)) fields.add(field);
  if (dataset.query === 'texts' && dataset.perPerson) for (const field of ['name', 'person', 'evaluation']) fields.add(field);
  if (dataset.query === 'numbers') {
    if (dataset.perPerson) for (const field of ['evaluation', 'person', 'name', 'self']) fields.add(field);
    else if (!dataset.series) check.add(pointer, text.numbersNeedSeries);
  }
  if (dataset.query === 'optionCounts' && dataset.bySelf) fields.add('self');
  if (dataset.query === 'optionCounts' && dataset.byGroup) {
    for (const field of ['group', 'groupId', 'groupOrder', 'withheld']) fields.add(field);
    if (dataset.bySelf) check.add(`${pointer}/byGroup`, text.byGroupAndSelf);
    if (dataset.anonymous === 'evaluators') check.add(`${pointer}/anonymous`, text.byGroupEvaluators);
  }
  if (dataset.query === 'optionCounts' && dataset.byVersion) {
    for (const field of ['round', 'roundId', 'roundOrder', 'withheld']) fields.add(field);
    if (dashboard.requires?.filter !== 'version') check.add(`${pointer}/byVersion`, text.byVersionNeedsRound);
    if (dataset.byGroup) check.add(`${pointer}/byVersion`, text.byVersionAndGroup);
    // Its rounds obey the evaluators' minimum; a group's anonymity would check the chosen round alone.
    if (dataset.anonymous === 'group') check.add(`${pointer}/anonymous`, text.byVersionGroup);
  }
  // The rounds' hiding counts each round's people apart; with `latest`, 'Todos os ciclos' would be another whole.
  if (dataset.anonymous === 'group' && 'latest' in dataset && dataset.latest) check.add(`${pointer}/latest`, text.anonymousGroupLatest);
  // Names would single the group out; the people query lists people by design.
  if (dataset.anonymous && (dataset.query === 'people' || ((dataset.query === 'texts' || dataset.query === 'scores' || dataset.query === 'numbers') && dataset.perPerson))) {
    check.add(`${pointer}/anonymous`, text.anonymousNamed);
  }
  if ((dataset.query === 'summary' || dataset.query === 'optionCounts') && dataset.byCycle) {
    for (const field of ['cycle', 'cycleId', 'cycleOrder', 'withheld']) fields.add(field);
    if (!dashboard.filters.includes('cycle')) check.add(`${pointer}/byCycle`, format(text.notAFilter, { filter: 'cycle' }));
    if (dataset.anonymous === 'evaluators') check.add(`${pointer}/anonymous`, text.byCycleEvaluators);
  }
  if (dataset.query === 'optionCounts' && dataset.byCycle) {
    if (dataset.byGroup) check.add(`${pointer}/byGroup`, text.byGroupAndCycle);
    if (dataset.byVersion) check.add(`${pointer}/byVersion`, text.byVersionAndCycle);
    if (dataset.bySelf) check.add(`${pointer}/bySelf`, text.byCycleAndSelf);
  }
  if (dataset.query === 'summary' && dataset.norm) {
    for (const field of ['normCompanies', 'normRespondents', 'normMedian', 'normTop', 'normPercentile', 'normNote']) fields.add(field);
    if (dataset.bands || dataset.byCycle || dataset.byGroup) check.add(`${pointer}/norm`, text.normAlone);
    if (!dashboard.filters.includes('company')) check.add(`${pointer}/norm`, format(text.notAFilter, { filter: 'company' }));
    // A norm places a company among others on a validated instrument only: an example's items are no standard.
    for (const definition of definitions) if (definition.validated === false) check.add(`${pointer}/norm`, format(text.normNotValidated, { title: definition.title }));
  }
  if (dataset.query === 'summary' && dataset.byGroup) {
    for (const field of ['group', 'groupId', 'groupOrder', 'withheld']) fields.add(field);
    if (dataset.byCycle) check.add(`${pointer}/byGroup`, text.byGroupAndCycle);
    if (dataset.anonymous === 'evaluators') check.add(`${pointer}/anonymous`, text.byGroupEvaluators);
  }
  if (dataset.query === 'risk') {
    if (dataset.byGroup) for (const field of ['group', 'groupId', 'groupOrder', 'withheld']) fields.add(field);
    if (!dashboard.filters.includes('company')) check.add(pointer, format(text.notAFilter, { filter: 'company' }));
    if (dataset.anonymous === 'evaluators') check.add(`${pointer}/anonymous`, text.riskEvaluators);
    // Only an instrument of risk factors: an individual scale (the PSS-14) never reaches the inventory.
    dataset.types.forEach((type, index) => {
      const definition = definitions.find((candidate) => candidate.type === type);
      if (definition && !definition.risk) check.add(`${pointer}/types/${index}`, format(text.riskWithoutFactors, { title: definition.title }));
    });
  }
  if (dataset.query === 'participation') {
    const grouped = dataset.by !== 'all' && dataset.by !== 'type' && dataset.by !== 'day';
    if (grouped && !dataset.none?.trim()) check.add(pointer, format(text.participationNeedsNone, { by: dataset.by }));
    if (!grouped && dataset.none !== undefined) check.add(`${pointer}/none`, format(text.participationNoneUnused, { by: dataset.by }));
    if (dataset.anonymous) check.add(`${pointer}/anonymous`, text.participationNotAnonymous);
    if (dataset.latest) check.add(`${pointer}/latest`, text.participationEveryEvaluation);
  }
  if (dataset.query === 'people' && dataset.status) {
    fields.add('status');
    dataset.types.forEach((type, index) => {
      if (questionnaires.get(type) && !questionnaires.get(type)!.staff) check.add(`${pointer}/types/${index}`, format(text.statusWithoutStaff, { type }));
    });
  }
  if (dataset.query === 'optionCounts' || dataset.query === 'texts' || dataset.query === 'numbers') {
    const wanted = dataset.query === 'texts' ? dataset.questions : (dataset.questions ?? []);
    wanted.forEach((id, index) => {
      const found = definitions.map((definition) => allQuestions(definition).find(({ question }) => question.id === id)?.question).find(Boolean);
      if (!found) check.add(`${pointer}/questions/${index}`, format(text.noQuestion, { id, types: dataset.types.join(', ') }));
      else if (dataset.query === 'texts' && found.kind !== 'text') check.add(`${pointer}/questions/${index}`, format(text.notTextQuestion, { id }));
      else if (dataset.query === 'optionCounts' && !hasOptions(found)) check.add(`${pointer}/questions/${index}`, format(text.noOptions, { id }));
      else if (dataset.query === 'numbers' && found.kind !== 'grade') check.add(`${pointer}/questions/${index}`, format(text.notNumberQuestion, { id }));
    });
  }
  if (dataset.query === 'scores' && dataset.pageSize !== undefined) {
    (dataset.transforms ?? []).forEach((transform, index) => {
      if (!PAGE_SAFE.includes(transform.op)) check.add(`${pointer}/transforms/${index}/op`, format(text.pagedTransforms, { ops: PAGE_SAFE.join(', ') }));
    });
  }
  // A colleague-scoped dataset is the one chosen person's result; a group's scores must not list people.
  const perPersonRows = dataset.query === 'scores' && !dataset.perPerson && scope === 'filters';
  const labels = strings(definitions);
  const bandColors = new Map<string, string[]>();
  const classified = definitions.find((definition) => definition.scoring?.classification);
  if (classified && dataset.query === 'scores') bandColors.set('bandColor', classificationLabels(classified));
  if (classified && dataset.query === 'summary' && dataset.bands) bandColors.set('color', classificationLabels(classified));
  return { fields, definitions, perPersonRows, types: dataset.types, labels, bandColors };
}

/** Checks a dataset and returns its start and the fields its rows have ("*" = any, after a pivot). */
export function checkDataset(name: string, dataset: Dataset, dashboard: DashboardDefinition, questionnaires: Map<number, QuestionnaireDefinition>, done: Map<string, Start>, check: Checker): Start {
  const pointer = `/datasets/${name}`;
  let start: Start;
  if ('from' in dataset) {
    const source = done.get((dataset as DerivedDataset).from);
    if (!source) {
      check.add(`${pointer}/from`, format(text.noEarlierDataset, { name: dataset.from }));
      return { fields: new Set(['*']), definitions: [], perPersonRows: false, types: [], labels: new Set(), bandColors: new Map() };
    }
    start = source;
    const origin = dashboard.datasets[(dataset as DerivedDataset).from];
    if (origin && !('from' in origin) && origin.query === 'scores' && origin.pageSize !== undefined) check.add(`${pointer}/from`, format(text.pagedSource, { name: dataset.from }));
  } else start = queryStart(pointer, dataset, dashboard, questionnaires, check);
  const first = start.definitions[0];
  const tags = new Set(start.definitions.flatMap((definition) => allQuestions(definition).flatMap(({ question }) => (hasOptions(question) ? optionsOf(definition, question).flatMap((option) => option.tags ?? []) : []))));
  let current = start.fields;
  let perPersonRows = start.perPersonRows;
  const labels = strings(dataset.transforms, new Set(start.labels));
  const bandColors = new Map(start.bandColors);
  (dataset.transforms ?? []).forEach((transform, index) => {
    const at = `${pointer}/transforms/${index}`;
    const { reads, next } = transformFields(transform, current, first);
    // A score an unpivot names that the type lacks is reported as such, not again as an unknown field.
    const noScore = new Set<string>();
    if (transform.op === 'unpivot' && transform.fields !== 'scores') {
      const known = new Set(first ? scoreFields(first) : []);
      transform.fields.forEach((field, position) => {
        if (known.has(field)) return;
        noScore.add(`/fields/${position}`);
        check.add(`${at}/fields/${position}`, format(text.noScore, { score: field, type: start.types[0] ?? '' }));
      });
    }
    for (const [path, field] of reads) {
      if (!current.has(field) && !current.has('*') && !noScore.has(path)) check.add(`${at}${path}`, format(text.unknownField, { field, fields: [...current].join(', ') }));
    }
    // Ties are told apart by the place's `.tie` field, which only a ranking with ties "group" gives.
    if (transform.op === 'count' && transform.groupBy.length > 1) {
      for (const option of ['values', 'ties'] as const) if (transform[option] !== undefined) check.add(`${at}/${option}`, format(text.countOneField, { option }));
    }
    if (transform.op === 'count' && transform.groupBy.length === 1 && transform.ties !== undefined && !current.has(`${transform.groupBy[0]}.tie`) && !current.has('*')) {
      check.add(`${at}/ties`, format(text.countTiesField, { field: transform.groupBy[0]! }));
    }
    if (transform.op === 'band' && transform.bands === 'classification' && !first?.scoring?.classification) check.add(`${at}/bands`, format(text.noClassification, { type: start.types[0] ?? '' }));
    for (const [path, condition] of collectConditions(transform)) {
      if (condition.field !== 'tag') continue;
      (condition.in ?? []).forEach((tag, position) => {
        if (typeof tag === 'string' && tag !== '' && !tags.has(tag)) check.add(`${at}${path}/in/${position}`, format(text.noTag, { tag }));
      });
    }
    if (AGGREGATING.includes(transform.op)) perPersonRows = false;
    // A band colour stays one while its field does; a band transform adds its own.
    for (const field of [...bandColors.keys()]) if (!next.has(field) && !next.has('*')) bandColors.delete(field);
    if (transform.op === 'band') bandColors.set(`${transform.as}Color`, transform.bands === 'classification' ? classificationLabels(first) : transform.bands.map((band) => band.label));
    current = next;
  });
  if (perPersonRows && !dataset.internal) {
    check.add(pointer, text.perPersonRows);
  }
  return { fields: current, definitions: start.definitions, perPersonRows, types: start.types, labels, bandColors };
}

/** The conditions of a transform, with their JSON paths in it. */
function collectConditions(transform: Transform): [string, Condition][] {
  switch (transform.op) {
    case 'filter':
      return transform.where.map((condition, index): [string, Condition] => [`/where/${index}`, condition]);
    case 'keepWhen':
      return [
        ['/when', transform.when],
        ['/keep', transform.keep],
      ];
    case 'percent':
      return transform.rules.flatMap((rule, index): [string, Condition][] => [
        ...(rule.where ? [[`/rules/${index}/where`, rule.where] as [string, Condition]] : []),
        ...(rule.base.minus ? [[`/rules/${index}/base/minus`, rule.base.minus] as [string, Condition]] : []),
      ]);
    default:
      return [];
  }
}
