import { sql, type SQL } from 'drizzle-orm';
import type { OptionCountsDataset, Row } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions, hasOptions, optionsOf } from '../../../../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../../../../engine/definition/types.ts';
import { itemScore } from '../../../../../engine/scoring/score.ts';
import { exclusiveAnswers, wireOf } from '../../../../../engine/scoring/scoringKey.ts';
import { answerCounts, evaluationGroups, groupOrder, respondentsByGroup, respondentsByRole, ROUND_GROUPS, versionsOf } from '../../repositories/results/datasetRows.ts';
import { datasetScope } from '../../repositories/results/scope.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { formatDateBR } from '../../../../../engine/rules/dates.ts';
import { anonymityMinimum, roundAtoms } from '../../repositories/results/groups.ts';
import { hiddenSplitGroups } from './splitHiding.ts';
import type { Query, QueryContext } from './context.ts';
import { listedRounds, type ListedRound } from './rounds.ts';

/**
 * `optionCounts`: answers per question and option, with every option listed (zero included); with
 * `byGroup`, once per group of the respondents, a group under the anonymity minimum or complementary to
 * one hidden keeping its rows with `count` null and the reason in `withheld`; with `byVersion`, once per
 * round of a 360; with `byCycle`, once per round (cycle) listed, as a summary's.
 */
export const optionCountsQuery: Query<'optionCounts'> = async (context, dataset, scope) => {
  if (dataset.byGroup) return groupRows(context, dataset, scope);
  if (dataset.byVersion) return versionRows(context, dataset);
  if (dataset.byCycle) return cycleRows(context, dataset);
  return countRows(context, dataset, scope);
};

/** The counts of a scope, per type (and role, with `bySelf`). */
async function countRows(context: QueryContext, dataset: OptionCountsDataset, scope: SQL): Promise<Row[]> {
  const bySelf = dataset.bySelf === true;
  const respondents = await respondentsByRole(context.db, scope, bySelf);
  const counted = await answerCounts(context.db, scope, { questions: dataset.questions, bySelf, exclusive: exclusiveOf(context, dataset) });
  const counts = new Map(counted.map((row) => [`${row.type}/${row.self}/${row.question}/${row.response}`, Number(row.n)]));
  const rows: Row[] = [];
  for (const [key, total] of respondents) {
    const [typeText, selfText] = key.split('/');
    const type = Number(typeText);
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    rows.push(...optionRows(definition, type, dataset, total, (question, response) => counts.get(`${type}/${selfText}/${question}/${response}`) ?? 0, bySelf ? { self: selfText === 'true' } : {}));
  }
  return rows;
}

/**
 * The counts once per round of the 360 of the evaluated person, oldest first, up to the chosen one:
 * each round counted as the view counts it when chosen. With the evaluators' anonymity, a round of
 * fewer evaluators than the minimum keeps its self-evaluation's counts only, its others' null with
 * the reason (as the view shows that round when chosen).
 */
async function versionRows(context: QueryContext, dataset: OptionCountsDataset): Promise<Row[]> {
  const { filters } = context;
  if (filters.evaluated_id === undefined) return [];
  // The rounds and their evaluators from every answer of the person (not only each evaluator's latest).
  const across = datasetScope({ ...dataset, latest: false }, { ...filters, version: undefined });
  if (!across) return [];
  const every = await versionsOf(context.db, across);
  // Up to the chosen round (a date of no answer yet still has the earlier ones).
  const rounds = filters.version === undefined ? every : every.filter((round) => round.version <= filters.version!);
  // The view shows one round at a time (it requires one chosen): a round is hidden only when its own evaluators are too few.
  const hidden = new Map<number, string>();
  if (dataset.anonymous === 'evaluators') {
    const minimum = await anonymityMinimum(context.db, across);
    for (const atom of await roundAtoms(context.db, across, 'version')) {
      const [version] = atom.groups;
      if (version !== undefined && atom.people > 0 && atom.people < minimum) hidden.set(Number(version), format(messages.dashboard.versionUnderMinimum, { minimum }));
    }
  }
  const rows: Row[] = [];
  for (const [index, round] of rounds.entries()) {
    const label = format(messages.dashboard.versionOption, { date: formatDateBR(round.createdAt, context.timeZone), version: round.version });
    const withheld = hidden.get(round.version) ?? null;
    for (const row of await countRows(context, dataset, datasetScope(dataset, { ...filters, version: round.version })!)) {
      const others = withheld !== null && row.self !== true;
      rows.push({ ...row, ...(others ? { count: null } : {}), round: label, roundId: round.version, roundOrder: index + 1, withheld: others ? withheld : null });
    }
  }
  return rows;
}

/** An answer holding an exclusive option ('Não sei avaliar') counts as that option alone. */
function exclusiveOf(context: QueryContext, dataset: OptionCountsDataset): { type: number; question: string; response: string }[] {
  return dataset.types.flatMap((type) => {
    const definition = context.questionnaires.get(type);
    return definition ? exclusiveAnswers(definition).map((item) => ({ type, ...item })) : [];
  });
}

/** One row per option of each counted question of a type, in the questionnaire's order, with its count (`countOf` its question and stored response). */
function optionRows(
  definition: QuestionnaireDefinition,
  type: number,
  dataset: OptionCountsDataset,
  respondents: number,
  countOf: (question: string, response: string) => number | null,
  extra: Row,
): Row[] {
  const rows: Row[] = [];
  allQuestions(definition).forEach(({ question, pageIndex }, questionOrder) => {
    if (!hasOptions(question) || (dataset.questions && !dataset.questions.includes(question.id))) return;
    optionsOf(definition, question).forEach((option, optionOrder) => {
      rows.push({
        type,
        ...extra,
        question: question.id,
        questionText: question.text,
        questionOrder,
        page: pageIndex,
        pageTitle: definition.pages[pageIndex]?.title ?? '',
        option: option.value,
        optionLabel: option.label,
        optionOrder,
        scoreValue: question.kind === 'choice' && option.scored !== false ? itemScore(definition, question, option.value) : null,
        tag: option.tags?.[0] ?? '',
        count: countOf(question.id, wireOf(question, option)),
        respondents,
      });
    });
  });
  return rows;
}

/**
 * The counts split by group, by the groups' names, in one statement: every group with respondents, a
 * hidden one (`hiddenGroups`, over the people of all the dataset's types at once) with its counts null
 * and the reason in `withheld`.
 */
async function groupRows(context: QueryContext, dataset: OptionCountsDataset, scope: SQL): Promise<Row[]> {
  const groups = evaluationGroups(dataset.byGroup!, context.filters);
  const split = await splitCounts(context, dataset, scope, groups);
  const order = groupOrder(split.names);
  const hidden = await hiddenSplitGroups(context, dataset, scope, dataset.byGroup!, order);
  return order.flatMap((key, index) => split.rowsOf(key, hidden.get(key) ?? null, { group: split.names.get(key)!, groupId: key, groupOrder: index + 1 }));
}

/**
 * The counts once per listed round (`listedRounds`), oldest first: in one statement over the rounds'
 * evaluations, or with `latest` each round under its own scope (a person's latest inside it); a hidden
 * round keeps its rows with `count` null and the reason in `withheld`.
 */
async function cycleRows(context: QueryContext, dataset: OptionCountsDataset): Promise<Row[]> {
  const { rounds, hidden } = await listedRounds(context, dataset);
  if (rounds.length === 0) return [];
  const tag = (round: ListedRound, index: number) => ({ cycle: round.name, cycleId: round.id, cycleOrder: index + 1 });
  if (dataset.latest) {
    const rows: Row[] = [];
    for (const [index, round] of rounds.entries()) {
      const withheld = hidden.get(round.id) ?? null;
      for (const row of await countRows(context, dataset, datasetScope(dataset, { ...context.filters, cycle_id: round.id })!)) {
        rows.push({ ...row, ...(withheld === null ? {} : { count: null }), ...tag(round, index), withheld });
      }
    }
    return rows;
  }
  const pooled = datasetScope(dataset, { ...context.filters, cycle_id: undefined, compare_cycle_id: undefined })!;
  const scope = sql`${pooled} and evaluations.cycle_id in (${sql.join(rounds.map((round) => sql`${round.id}`), sql`, `)})`;
  const split = await splitCounts(context, dataset, scope, ROUND_GROUPS);
  return rounds.flatMap((round, index) => split.rowsOf(round.id, hidden.get(round.id) ?? null, tag(round, index)));
}

/**
 * The counts of a scope split by a grouping of its evaluations, in one statement: the groups' names by
 * key, and a group's rows (every type of the dataset it has respondents of; counts null when withheld).
 */
async function splitCounts(context: QueryContext, dataset: OptionCountsDataset, scope: SQL, groups: SQL) {
  const respondents = await respondentsByGroup(context.db, scope, groups);
  const counted = await answerCounts(context.db, scope, { questions: dataset.questions, bySelf: false, exclusive: exclusiveOf(context, dataset), groups });
  const counts = new Map(counted.map((row) => [`${row.group_key}/${row.type}/${row.question}/${row.response}`, Number(row.n)]));
  const names = new Map(respondents.map((row) => [row.key, row.name]));
  const rowsOf = (key: number, withheld: string | null, extra: Row): Row[] =>
    dataset.types.flatMap((type) => {
      const definition = context.questionnaires.get(type);
      const total = respondents.find((row) => row.key === key && row.type === type)?.n;
      if (!definition || total === undefined) return [];
      const countOf = (question: string, response: string) => (withheld === null ? (counts.get(`${key}/${type}/${question}/${response}`) ?? 0) : null);
      return optionRows(definition, type, dataset, total, countOf, { ...extra, withheld });
    });
  return { names, rowsOf };
}
