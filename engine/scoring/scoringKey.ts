import { rulesFor } from '../definition/kinds.ts';
import { allQuestions, hasOptions, optionsOf, type OptionQuestion } from '../definition/questions.ts';
import type { QuestionnaireDefinition, ScoreDefinition, WireItem } from '../definition/types.ts';
import type { ChoiceOption, Question } from '../definition/questionTypes.ts';
import { itemScore, taggedAs } from './score.ts';

/**
 * A definition's scoring as a relation, so a database can score and aggregate answers itself: every
 * stored answer (a wire item: question id and response text) that matches a key row adds the row's
 * weight to one *part*; each score is a formula over its parts' sums and answered-question counts.
 * Joining the stored answers with the key and grouping by evaluation and part gives every score of
 * every respondent without reading a single answer into the server (see `apps/server/src/results/`).
 * `scoreAnswers` stays the reference: a test checks the two agree on every definition.
 */

/** One row of the key: the stored answer (question, response) adds `weight` to `part`. */
export interface KeyRow {
  question: string;
  response: string;
  part: string;
  weight: number;
}

/** A score's per-respondent sums: the weights summed, and the distinct questions that added to it. */
export interface PartTotal {
  sum: number;
  questions: number;
}

/** How a score comes from its parts. */
export type ScoreFormula =
  /** The part's sum. */
  | { kind: 'sum'; part: string }
  /** The part's sum ÷ the denominator (a part's sum or question count, or a constant) × `scale`; 0 over 0 is 0. */
  | { kind: 'ratio'; part: string; over: { part: string; of: keyof PartTotal } | { constant: number }; scale: number };

/** A compiled score: its result key ("total", or "item.3" for a per-question score) and formula. */
export interface CompiledScore {
  key: string;
  formula: ScoreFormula;
}

/** The scoring key of a definition. */
export interface ScoringKey {
  rows: KeyRow[];
  scores: CompiledScore[];
  /** Answers that stand alone (`exclusive` options): the other answers of their question do not count. */
  exclusive: WireItem[];
}

const scoredValues = (options: ChoiceOption[]) => options.filter((option) => option.scored !== false).map((option) => option.value);

/** The wire response of one option of a question, as the respondent page sends it. */
export function wireOf(question: OptionQuestion, option: ChoiceOption): string {
  const value = question.kind === 'checkboxes' ? [option.value] : option.value;
  return (rulesFor(question as Question).encode as (question: Question, value: unknown) => string[])(question, value)[0]!;
}

function selected(definition: QuestionnaireDefinition, score: ScoreDefinition): OptionQuestion[] {
  const questions = allQuestions(definition).map(({ question }) => question);
  const chosen = score.questions === undefined || score.questions === 'all' ? questions : questions.filter((question) => score.questions!.includes(question.id));
  return chosen.filter(hasOptions);
}

/** Key rows and formula of one score over some questions, under the result key `key`. */
function compileOne(definition: QuestionnaireDefinition, score: ScoreDefinition, questions: OptionQuestion[], key: string): { rows: KeyRow[]; score: CompiledScore } {
  const rows: KeyRow[] = [];
  const add = (question: OptionQuestion, option: ChoiceOption, part: string, weight: number) => rows.push({ question: question.id, response: wireOf(question, option), part, weight });
  if (score.aggregate === 'count' || score.aggregate === 'share') {
    const tag = score.tag ?? score.id;
    const tagged = (question: OptionQuestion) => (option: ChoiceOption) => taggedAs(definition, question, option, score.oriented)?.tags?.includes(tag) ?? false;
    for (const question of questions) for (const option of optionsOf(definition, question).filter(tagged(question))) add(question, option, key, 1);
    if (score.aggregate === 'count') return { rows, score: { key, formula: { kind: 'sum', part: key } } };
    if (score.shareOf === 'answered') {
      // Any chosen option (scored or not) makes its question answered.
      for (const question of questions) for (const option of optionsOf(definition, question)) add(question, option, `${key}#answered`, 0);
      return { rows, score: { key, formula: { kind: 'ratio', part: key, over: { part: `${key}#answered`, of: 'questions' }, scale: 100 } } };
    }
    const constant = questions.reduce((total, question) => total + optionsOf(definition, question).filter(tagged(question)).length, 0);
    return { rows, score: { key, formula: { kind: 'ratio', part: key, over: { constant }, scale: 100 } } };
  }
  // sum, mean, percent: the item scores of scored options of choice questions.
  for (const question of questions) {
    if (question.kind !== 'choice') continue;
    const options = optionsOf(definition, question);
    const highest = Math.max(...scoredValues(options));
    for (const option of options.filter((candidate) => candidate.scored !== false)) {
      add(question, option, key, itemScore(definition, question, option.value));
      if (score.aggregate === 'percent') add(question, option, `${key}#max`, highest);
    }
  }
  const formula: ScoreFormula =
    score.aggregate === 'sum'
      ? { kind: 'sum', part: key }
      : score.aggregate === 'mean'
        ? { kind: 'ratio', part: key, over: { part: key, of: 'questions' }, scale: 1 }
        : { kind: 'ratio', part: key, over: { part: `${key}#max`, of: 'sum' }, scale: 100 };
  return { rows, score: { key, formula } };
}

/** The stored answers of a definition's `exclusive` options: each stands alone in its question. */
export function exclusiveAnswers(definition: QuestionnaireDefinition): WireItem[] {
  return allQuestions(definition).flatMap(({ question }) =>
    question.kind === 'checkboxes' ? optionsOf(definition, question).flatMap((option) => (option.exclusive ? [{ question: question.id, response: wireOf(question, option) }] : [])) : [],
  );
}

/**
 * A respondent's answers as they count: where a question holds an exclusive answer, that answer alone
 * (others stored beside it before the option was exclusive are left out).
 */
export function countedAnswers(exclusive: WireItem[], items: WireItem[]): WireItem[] {
  if (exclusive.length === 0) return items;
  const alone = new Set(exclusive.map((item) => `${item.question}\u0000${item.response}`));
  const held = new Set(items.filter((item) => alone.has(`${item.question}\u0000${item.response}`)).map((item) => item.question));
  return items.filter((item) => !held.has(item.question) || alone.has(`${item.question}\u0000${item.response}`));
}

/** Compiles a definition's scores into a scoring key (empty when it has no scoring). */
export function compileScoringKey(definition: QuestionnaireDefinition): ScoringKey {
  const key: ScoringKey = { rows: [], scores: [], exclusive: exclusiveAnswers(definition) };
  for (const score of definition.scoring?.scores ?? []) {
    const questions = selected(definition, score);
    const parts = score.perQuestion ? questions.map((question) => ({ questions: [question], key: `${score.id}.${question.id}` })) : [{ questions, key: score.id }];
    for (const part of parts) {
      const compiled = compileOne(definition, score, part.questions, part.key);
      key.rows.push(...compiled.rows);
      key.scores.push(compiled.score);
    }
  }
  return key;
}

/** A score's value from its respondent's part totals (what the database computes, in JavaScript). */
export function evaluateFormula(formula: ScoreFormula, totals: ReadonlyMap<string, PartTotal>): number {
  const sum = totals.get(formula.part)?.sum ?? 0;
  if (formula.kind === 'sum') return sum;
  const over = 'constant' in formula.over ? formula.over.constant : (totals.get(formula.over.part)?.[formula.over.of] ?? 0);
  // Divided first, then scaled: the same floating-point steps as `scoreAnswers`.
  return over === 0 ? 0 : (sum / over) * formula.scale;
}

/** One respondent's part totals from their stored answers. */
export function partTotals(key: ScoringKey, items: WireItem[]): Map<string, PartTotal> {
  const byAnswer = new Map<string, KeyRow[]>();
  for (const row of key.rows) {
    const answer = `${row.question}\u0000${row.response}`;
    byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), row]);
  }
  const totals = new Map<string, { sum: number; questions: Set<string> }>();
  for (const item of countedAnswers(key.exclusive, items)) {
    for (const row of byAnswer.get(`${item.question}\u0000${item.response}`) ?? []) {
      const total = totals.get(row.part) ?? { sum: 0, questions: new Set<string>() };
      total.sum += row.weight;
      total.questions.add(row.question);
      totals.set(row.part, total);
    }
  }
  return new Map([...totals].map(([part, total]) => [part, { sum: total.sum, questions: total.questions.size }]));
}
