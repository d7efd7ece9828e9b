import type { SQL } from 'drizzle-orm';
import type { Row, SummaryDataset } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions } from '../../../../../engine/definition/questions.ts';
import { ofType, roundsOf } from '../../repositories/results/datasetRows.ts';
import { datasetScope } from '../../repositories/results/scope.ts';
import { summarizeScores } from '../../repositories/results/scoreSql.ts';
import { scoringKeyOf } from '../scoringKeys.ts';
import type { Query, QueryContext } from './context.ts';

/**
 * `summary`: the mean of every score, or the respondents per band; with `byCycle`, those rows once per
 * round of the company or course (the Ciclo choice left aside), oldest first.
 */
export const summaryQuery: Query<'summary'> = async (context, dataset, scope) => {
  if (!dataset.byCycle) return summaryRows(context, dataset, scope);
  const across = datasetScope(dataset, { ...context.filters, cycle_id: undefined })!;
  const rounds = await roundsOf(context.db, across);
  const rows: Row[] = [];
  for (const [index, round] of rounds.entries()) {
    // Each round's own scope, as the view's with that round chosen (a person's `latest` inside it), and
    // its own summary (not shared with the view's: the memo is keyed by the round).
    const own = await summaryRows(context, dataset, datasetScope(dataset, { ...context.filters, cycle_id: round.id })!, String(round.id));
    rows.push(...own.map((row) => ({ ...row, cycle: round.name, cycleId: round.id, cycleOrder: index + 1 })));
  }
  return rows;
};

/** The rows of a summary under a scope (`memo`: what else than the dataset tells the scope apart). */
async function summaryRows(context: QueryContext, dataset: SummaryDataset, scope: SQL, memo = ''): Promise<Row[]> {
  const rows: Row[] = [];
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    const classification = definition.scoring?.classification;
    // The means and the band counts of a view come from one scan (`summarizeScores` gives both).
    const memoKey = JSON.stringify([type, dataset.scope ?? 'filters', dataset.alignWith ?? [], memo]);
    let pending = context.summaries?.get(memoKey);
    if (!pending) {
      pending = summarizeScores(context.db, scoringKeyOf(definition), ofType(scope, type), classification);
      context.summaries?.set(memoKey, pending);
    }
    const summary = await pending;
    if (summary.respondents === 0) continue;
    if (dataset.bands) {
      classification?.bands.forEach((band, index) => {
        rows.push({ type, band: band.id, label: band.label, color: band.color, value: summary.bands?.[index] ?? 0, respondents: summary.respondents });
      });
      continue;
    }
    const scores = new Map((definition.scoring?.scores ?? []).map((score) => [score.id, score]));
    const questions = new Map(allQuestions(definition).map(({ question }) => [question.id, question.text]));
    for (const [key, value] of Object.entries(summary.means)) {
      const whole = scores.get(key);
      // A per-question score's key is "{score}.{question}" (question ids may hold dots themselves).
      const perQuestion = whole ? undefined : (definition.scoring?.scores ?? []).find((score) => score.perQuestion && key.startsWith(`${score.id}.`));
      const score = whole ?? perQuestion;
      const question = perQuestion ? key.slice(perQuestion.id.length + 1) : null;
      rows.push({
        type,
        score: key,
        label: score?.label ?? key,
        color: score?.color ?? null,
        value,
        respondents: summary.respondents,
        question,
        questionText: question === null ? null : (questions.get(question) ?? null),
      });
    }
  }
  return rows;
}
