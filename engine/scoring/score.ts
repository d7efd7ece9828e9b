import { allQuestions, hasOptions, optionsOf, type OptionQuestion } from '../definition/questions.ts';
import type { Answers, Band, QuestionnaireDefinition, RankingDefinition, ScoreDefinition } from '../definition/types.ts';
import type { ChoiceOption, ChoiceQuestion, Question } from '../definition/questionTypes.ts';
import { format, messages } from '../messages.ts';
import { mean } from './aggregate.ts';

/** Results of one respondent: scores by id, ordered lists by id, and the classification band. */
export interface ScoreResult {
  /** Score values keyed by `ScoreDefinition.id` (or "{id}.{question}" for per-question scores). */
  scores: Record<string, number>;
  /** Ordered labels keyed by `RankingDefinition.id`. */
  rankings: Record<string, string[]>;
  /** The band of the classification score, when the definition has a classification. */
  band?: Band;
}

const scoredValues = (options: ChoiceOption[]) => options.filter((option) => option.scored !== false).map((option) => option.value);

/** The item score of a choice answer: its value, or (highest + lowest scored value - value) for a reverse item. */
export function itemScore(definition: QuestionnaireDefinition, question: ChoiceQuestion, value: number): number {
  if (!question.reverse) return value;
  const values = scoredValues(optionsOf(definition, question));
  return Math.max(...values) + Math.min(...values) - value;
}

/**
 * The option whose tags a chosen option counts with in a score: itself, or, for an `oriented` score on
 * a reverse choice question, the scored option at the mirrored value (highest + lowest − value), as the
 * item is scored. Undefined when no option sits there (the definition check refuses such a score).
 */
export function taggedAs(definition: QuestionnaireDefinition, question: OptionQuestion, option: ChoiceOption, oriented = false): ChoiceOption | undefined {
  if (!oriented || question.kind !== 'choice' || !question.reverse || option.scored === false) return option;
  const mirrored = itemScore(definition, question, option.value);
  return optionsOf(definition, question).find((candidate) => candidate.value === mirrored && candidate.scored !== false);
}

function selected(questions: Question[], selector: ScoreDefinition['questions'] = 'all'): Question[] {
  return selector === 'all' ? questions : questions.filter((question) => selector.includes(question.id));
}

/** The options a respondent chose for a question (one for a choice, the ticks of a checkbox list). */
function chosenOptions(definition: QuestionnaireDefinition, question: OptionQuestion, answers: Answers): ChoiceOption[] {
  const value = answers[question.id];
  const values = typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];
  const options = optionsOf(definition, question);
  const chosen = values.flatMap((value) => options.filter((option) => option.value === value));
  // An option that stands alone counts alone, even beside others stored before it was exclusive.
  const alone = chosen.find((option) => option.exclusive);
  return alone ? [alone] : chosen;
}

/** A score over a set of questions. */
function computeScore(definition: QuestionnaireDefinition, score: ScoreDefinition, questions: Question[], answers: Answers): number {
  const optionQuestions = questions.filter(hasOptions);
  if (score.aggregate === 'count' || score.aggregate === 'share') {
    const tag = score.tag ?? score.id;
    const hasTag = (question: OptionQuestion) => (option: ChoiceOption) => taggedAs(definition, question, option, score.oriented)?.tags?.includes(tag) ?? false;
    const count = optionQuestions.reduce((total, question) => total + chosenOptions(definition, question, answers).filter(hasTag(question)).length, 0);
    if (score.aggregate === 'count') return count;
    const of =
      score.shareOf === 'answered'
        ? optionQuestions.filter((question) => chosenOptions(definition, question, answers).length > 0).length
        : optionQuestions.reduce((total, question) => total + optionsOf(definition, question).filter(hasTag(question)).length, 0);
    return of === 0 ? 0 : (count / of) * 100;
  }
  // sum, mean, percent: the scored values of answered choice questions.
  const items = optionQuestions.flatMap((question) => {
    if (question.kind !== 'choice') return [];
    const value = answers[question.id];
    const option = typeof value === 'number' ? optionsOf(definition, question).find((candidate) => candidate.value === value) : undefined;
    if (!option || option.scored === false) return [];
    return [{ score: itemScore(definition, question, option.value), highest: Math.max(...scoredValues(optionsOf(definition, question))) }];
  });
  const sum = items.reduce((total, item) => total + item.score, 0);
  if (score.aggregate === 'sum') return sum;
  if (score.aggregate === 'mean') return mean(items.map((item) => item.score)) ?? 0;
  const highest = items.reduce((total, item) => total + item.highest, 0);
  return highest === 0 ? 0 : (sum / highest) * 100;
}

/** An ordered list: chosen option labels in question order, or score labels by value (highest first). */
function computeRanking(definition: QuestionnaireDefinition, ranking: RankingDefinition, scores: Record<string, number>, answers: Answers): string[] {
  let labels: string[];
  if (ranking.from === 'answers') {
    const questions = selected(allQuestions(definition).map(({ question }) => question), ranking.questions).filter(hasOptions);
    labels = questions.flatMap((question) => chosenOptions(definition, question, answers).map((option) => option.label));
  } else {
    labels = rankingPlaces(definition, ranking, scores).map(placeLabel);
  }
  return ranking.take === undefined ? labels : labels.slice(0, ranking.take);
}

/**
 * The places of a ranking from scores, highest first (all of them: `take` is the caller's), each the
 * labels of the scores on it in the order of `ranking.scores`. With ties "group" (the default), equal
 * scores (compared after `settle`, so a database's 33.333333333333336 ties with 33.33333333333333)
 * share one place and a score of 0 (or less) takes none: nothing chosen gives no place at all. With
 * ties "order", one score per place, equal ones in the order of the list. A missing score counts as 0.
 */
export function rankingPlaces(definition: QuestionnaireDefinition, ranking: RankingDefinition, scores: Record<string, number>): string[][] {
  const byId = new Map((definition.scoring?.scores ?? []).map((score) => [score.id, score.label]));
  const ranked = (ranking.scores ?? [])
    .map((id, index) => ({ label: byId.get(id) ?? id, index, value: settle(scores[id] ?? 0) }))
    .sort((a, b) => b.value - a.value || a.index - b.index);
  if (ranking.ties === 'order') return ranked.map(({ label }) => [label]);
  const places: { value: number; labels: string[] }[] = [];
  for (const { label, value } of ranked) {
    if (value <= 0) continue;
    const last = places.at(-1);
    if (last && last.value === value) last.labels.push(label);
    else places.push({ value, labels: [label] });
  }
  return places.map(({ labels }) => labels);
}

/** The label of a ranking place: its one profile, or the catalogue's 'Empate: {labels}' when several share it. */
export function placeLabel(labels: string[]): string {
  return labels.length === 1 ? labels[0]! : format(messages.dashboard.rankingTie, { labels: labels.join(', ') });
}

/** The band a value falls in: the first band whose `below` exceeds it, else the last band. */
export function bandFor(bands: Band[], value: number): Band | undefined {
  const settled = settle(value);
  return bands.find((band) => band.below === undefined || settled < band.below) ?? bands[bands.length - 1];
}

/**
 * A computed value with floating-point noise removed (rounded to 9 decimals), before it meets a band
 * edge or a truncation: a mean of exactly 60% may come out as 59.99999999999999, and must still read 60.
 */
export function settle(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/** Scores a respondent's answers with the definition's scoring keys. */
export function scoreAnswers(definition: QuestionnaireDefinition, answers: Answers): ScoreResult {
  const scoring = definition.scoring;
  if (!scoring) return { scores: {}, rankings: {} };
  const questions = allQuestions(definition).map(({ question }) => question);
  const scores: Record<string, number> = {};
  for (const score of scoring.scores) {
    const chosen = selected(questions, score.questions);
    if (score.perQuestion) {
      for (const question of chosen) scores[`${score.id}.${question.id}`] = computeScore(definition, score, [question], answers);
    } else {
      scores[score.id] = computeScore(definition, score, chosen, answers);
    }
  }
  const rankings: Record<string, string[]> = {};
  for (const ranking of scoring.rankings ?? []) rankings[ranking.id] = computeRanking(definition, ranking, scores, answers);
  const classification = scoring.classification;
  const value = classification ? scores[classification.score] : undefined;
  return { scores, rankings, ...(classification && value !== undefined ? { band: bandFor(classification.bands, value) } : {}) };
}
