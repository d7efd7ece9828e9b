import { sql, type SQL } from 'drizzle-orm';
import type { Row, SummaryDataset } from '../../../../../engine/definition/dashboard.ts';
import type { GroupingKind } from '../../../../../engine/definition/datasets.ts';
import { allQuestions } from '../../../../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../../../../engine/definition/types.ts';
import { evaluationGroups, groupOrder, ofType, ROUND_GROUPS } from '../../repositories/results/datasetRows.ts';
import { datasetScope } from '../../repositories/results/scope.ts';
import { summarizeScan, summarizeScores, summarizeScoresByGroup, type GroupSummary, type ScoreSummary } from '../../repositories/results/scoreSql.ts';
import { statementKey } from '../../db/rows.ts';
import { hiddenSplitGroups } from './splitHiding.ts';
import { scoringKeyOf } from '../scoringKeys.ts';
import type { Query, QueryContext, Scan } from './context.ts';
import { withNorm } from './norm.ts';
import { listedRounds } from './rounds.ts';

/**
 * `summary`: the mean of every score, or the respondents per band; with `byCycle`, those rows once per
 * round of the company or course up to the chosen one (or the two compared), oldest first; with
 * `byGroup`, once per group of the respondents, each group under the anonymity minimum or
 * complementary to one hidden; with `norm`, each mean placed among the other client companies'.
 */
export const summaryQuery: Query<'summary'> = async (context, dataset, scope) => {
  if (dataset.byGroup) return groupRows(context, dataset, scope);
  if (dataset.norm) return withNorm(context, dataset, await summaryRows(context, dataset, scope));
  if (!dataset.byCycle) return summaryRows(context, dataset, scope);
  const { rounds, hidden } = await listedRounds(context, dataset);
  // Without `latest`, a round's scope is the pooled one narrowed to the round: every round in one
  // statement, grouped by round. With it, each round's own scope (a person's latest inside it).
  const byRound = dataset.latest ? undefined : await roundSummaries(context, dataset, rounds.map((round) => round.id));
  const rows: Row[] = [];
  for (const [index, round] of rounds.entries()) {
    const own = byRound ? (byRound.get(round.id) ?? []) : await summaryRows(context, dataset, datasetScope(dataset, { ...context.filters, cycle_id: round.id })!);
    const withheld = hidden.get(round.id) ?? null;
    rows.push(...own.map((row) => ({ ...row, ...(withheld === null ? {} : { value: null }), cycle: round.name, cycleId: round.id, cycleOrder: index + 1, withheld })));
  }
  return rows;
};

/** The summary rows of each round (by id) of a dataset without `latest`, in one statement per type. */
async function roundSummaries(context: QueryContext, dataset: SummaryDataset, ids: number[]): Promise<Map<number, Row[]>> {
  const found = new Map<number, Row[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const pooled = datasetScope(dataset, { ...context.filters, cycle_id: undefined, compare_cycle_id: undefined })!;
  const scope = sql`${pooled} and evaluations.cycle_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    for (const group of await summarizeScoresByGroup(context.db, scoringKeyOf(definition), ofType(scope, type), ROUND_GROUPS, definition.scoring?.classification)) {
      found.get(group.key)?.push(...rowsOfSummary(definition, type, group.summary, dataset.bands === true));
    }
  }
  return found;
}


/** The rows of a summary under a scope. */
async function summaryRows(context: QueryContext, dataset: SummaryDataset, scope: SQL): Promise<Row[]> {
  const rows: Row[] = [];
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    // A scan made before without the whole (not planned): the whole alone.
    const whole = (await scanOf(context, definition, type, scope, 'whole')).whole ?? (await summarizeScores(context.db, scoringKeyOf(definition), ofType(scope, type), definition.scoring?.classification));
    rows.push(...rowsOfSummary(definition, type, whole, dataset.bands === true));
  }
  return rows;
}

/**
 * The request's scan of a type's evaluations under a scope: the whole's means and band counts, and the
 * groups of every grouping the view's summaries of the same scope split by, from one statement, asked
 * once per request (a view's means, bands and heatmap by sector read the answers once). `want`: what
 * the caller needs (the whole, or a grouping); the whole is left out when no dataset of the view reads
 * it (scored once, the evaluations are then not kept for a second reading).
 */
function scanOf(context: QueryContext, definition: QuestionnaireDefinition, type: number, scope: SQL, want: GroupingKind | 'whole'): Promise<Scan> {
  const typed = ofType(scope, type);
  const key = statementKey(typed);
  const known = context.summaries?.get(key);
  if (known) return known;
  const wanted = new Set<GroupingKind | 'whole'>([want]);
  for (const other of context.planned ?? []) {
    if (other.query !== 'summary' || other.byCycle || !other.types.includes(type)) continue;
    const theirs = datasetScope(other, context.filters);
    if (theirs && statementKey(ofType(theirs, type)) === key) wanted.add(other.byGroup ?? 'whole');
  }
  const groupings = [...wanted].filter((kind) => kind !== 'whole');
  const whole = wanted.has('whole');
  const scanned = summarizeScan(context.db, scoringKeyOf(definition), typed, groupings.map((kind) => evaluationGroups(kind, context.filters)), definition.scoring?.classification, whole);
  const pending = scanned.then((scan) => ({ whole: whole ? scan.whole : undefined, groups: new Map(groupings.map((kind, index) => [kind, scan.groups[index]!])) }));
  context.summaries?.set(key, pending);
  return pending;
}

/**
 * The rows of a summary split by group, by the groups' names: every group with respondents, a hidden
 * one with its rows' values null and the reason in `withheld`. The groups are found, and hidden, over
 * all the dataset's types at once (a person is one respondent however many types they answered).
 */
async function groupRows(context: QueryContext, dataset: SummaryDataset, scope: SQL): Promise<Row[]> {
  const by = dataset.byGroup!;
  const groups = evaluationGroups(by, context.filters);
  const perType: { type: number; definition: QuestionnaireDefinition; groups: GroupSummary[] }[] = [];
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    // A scan made before without this grouping (not planned): the groups alone.
    const scanned = (await scanOf(context, definition, type, scope, by)).groups.get(by);
    perType.push({ type, definition, groups: scanned ?? (await summarizeScoresByGroup(context.db, scoringKeyOf(definition), ofType(scope, type), groups, definition.scoring?.classification)) });
  }
  const names = new Map<number, string>();
  for (const { groups: found } of perType) for (const group of found) names.set(group.key, group.name);
  const order = groupOrder(names);
  const hidden = await hiddenSplitGroups(context, dataset, scope, dataset.byGroup!, order);
  const rows: Row[] = [];
  for (const [index, key] of order.entries()) {
    const withheld = hidden.get(key) ?? null;
    for (const { type, definition, groups: found } of perType) {
      const group = found.find((candidate) => candidate.key === key);
      if (!group) continue;
      for (const row of rowsOfSummary(definition, type, group.summary, dataset.bands === true)) {
        rows.push({ ...row, ...(withheld === null ? {} : { value: null }), group: group.name, groupId: key, groupOrder: index + 1, withheld });
      }
    }
  }
  return rows;
}

/** A summary's rows: one per score (its mean), or with `bands` one per band (its respondents). */
function rowsOfSummary(definition: QuestionnaireDefinition, type: number, summary: ScoreSummary, bands: boolean): Row[] {
  if (summary.respondents === 0) return [];
  const classification = definition.scoring?.classification;
  if (bands) {
    return (classification?.bands ?? []).map((band, index) => ({ type, band: band.id, label: band.label, color: band.color, value: summary.bands?.[index] ?? 0, respondents: summary.respondents }));
  }
  const scores = new Map((definition.scoring?.scores ?? []).map((score) => [score.id, score]));
  const questions = new Map(allQuestions(definition).map(({ question }) => [question.id, question.text]));
  return Object.entries(summary.means).map(([key, value]) => {
    const whole = scores.get(key);
    // A per-question score's key is "{score}.{question}" (question ids may hold dots themselves).
    const perQuestion = whole ? undefined : (definition.scoring?.scores ?? []).find((score) => score.perQuestion && key.startsWith(`${score.id}.`));
    const score = whole ?? perQuestion;
    const question = perQuestion ? key.slice(perQuestion.id.length + 1) : null;
    return {
      type,
      score: key,
      label: score?.label ?? key,
      color: score?.color ?? null,
      value,
      respondents: summary.respondents,
      question,
      questionText: question === null ? null : (questions.get(question) ?? null),
    };
  });
}
