import { allQuestions, scaleOptions } from '../definition/questions.ts';
import type { Answers, Band, QuestionnaireDefinition, ScaleQuestion, ScoreDefinition } from '../definition/types.ts';
import { mean } from './aggregate.ts';

/** Scores of one respondent, keyed by score id, with the classification band when there is one. */
export interface ScoreResult {
  /** Score values keyed by `ScoreDefinition.id`. */
  scores: Record<string, number>;
  /** The band of the classification score, when the definition has a classification. */
  band?: Band;
}

/** The item score of a scale answer: its value, or (max + min - value) for a reverse item. */
export function itemScore(definition: QuestionnaireDefinition, question: ScaleQuestion, value: number): number {
  if (!question.reverse) return value;
  const values = scaleOptions(definition, question).map((option) => option.value);
  return Math.max(...values) + Math.min(...values) - value;
}

function scaleQuestionsOf(definition: QuestionnaireDefinition, score: ScoreDefinition): ScaleQuestion[] {
  const scale = allQuestions(definition)
    .map(({ question }) => question)
    .filter((question): question is ScaleQuestion => question.kind === 'scale');
  return score.questions === 'all' ? scale : scale.filter((question) => score.questions.includes(question.id));
}

function computeScore(definition: QuestionnaireDefinition, score: ScoreDefinition, answers: Answers): number {
  const questions = scaleQuestionsOf(definition, score);
  const items = questions.flatMap((question) => {
    const value = answers[question.id];
    return typeof value === 'number' ? [itemScore(definition, question, value)] : [];
  });
  const sum = items.reduce((total, value) => total + value, 0);
  if (score.aggregate === 'sum') return sum;
  if (score.aggregate === 'mean') return mean(items) ?? 0;
  const highest = questions.reduce(
    (total, question) => total + Math.max(...scaleOptions(definition, question).map((option) => option.value)),
    0,
  );
  return highest === 0 ? 0 : (sum / highest) * 100;
}

/** The band a value falls in: the first band whose `below` exceeds it, else the last band. */
export function bandFor(bands: Band[], value: number): Band | undefined {
  return bands.find((band) => band.below === undefined || value < band.below) ?? bands[bands.length - 1];
}

/** Scores a respondent's answers with the definition's scoring keys. */
export function scoreAnswers(definition: QuestionnaireDefinition, answers: Answers): ScoreResult {
  const scoring = definition.scoring;
  if (!scoring) return { scores: {} };
  const scores: Record<string, number> = {};
  for (const score of scoring.scores) scores[score.id] = computeScore(definition, score, answers);
  const classification = scoring.classification;
  if (!classification) return { scores };
  const value = scores[classification.score];
  return { scores, band: value === undefined ? undefined : bandFor(classification.bands, value) };
}
