import type { Row } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions } from '../../../../../engine/definition/questions.ts';
import { ofType } from '../../repositories/results/datasetRows.ts';
import { summarizeScores } from '../../repositories/results/scoreSql.ts';
import { scoringKeyOf } from '../scoringKeys.ts';
import type { Query } from './context.ts';

/** `summary`: the mean of every score, or the respondents per band. */
export const summaryQuery: Query<'summary'> = async (context, dataset, scope) => {
  const rows: Row[] = [];
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    const classification = definition.scoring?.classification;
    // The means and the band counts of a view come from one scan (`summarizeScores` gives both).
    const memoKey = JSON.stringify([type, dataset.scope ?? 'filters', dataset.alignWith ?? []]);
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
};
