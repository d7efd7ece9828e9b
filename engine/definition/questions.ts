import type { Answers, QuestionnaireDefinition } from './types.ts';
import type { ChoiceOption, Condition, Question } from './questionTypes.ts';

/** A question with its page index and the number shown to the respondent. */
export interface LocatedQuestion {
  /** The question. */
  question: Question;
  /** Index of its page, from 0. */
  pageIndex: number;
  /** Number used in the UI and in messages ({n}), from 1 unless the definition sets one. */
  number: number;
}

/** A question kind that chooses among options. */
export type OptionQuestion = Extract<Question, { kind: 'choice' | 'checkboxes' }>;

const locatedCache = new WeakMap<QuestionnaireDefinition, LocatedQuestion[]>();

/**
 * Every question of the definition in order, with page index and number: its own `number`, else its
 * position among the unconditional questions; a conditional question takes the number of the question
 * it depends on (a follow-up belongs to its question).
 */
export function allQuestions(definition: QuestionnaireDefinition): LocatedQuestion[] {
  const cached = locatedCache.get(definition);
  if (cached) return cached;
  const located: LocatedQuestion[] = [];
  const numbers = new Map<string, number>();
  let position = 0;
  definition.pages.forEach((page, pageIndex) => {
    for (const question of page.questions) {
      if (!question.when) position += 1;
      const number = question.number ?? (question.when ? (numbers.get(question.when.question) ?? position) : position);
      numbers.set(question.id, number);
      located.push({ question, pageIndex, number });
    }
  });
  locatedCache.set(definition, located);
  return located;
}

/** The questions of one page, located. */
export function pageQuestions(definition: QuestionnaireDefinition, pageIndex: number): LocatedQuestion[] {
  return allQuestions(definition).filter((located) => located.pageIndex === pageIndex);
}

const indexCache = new WeakMap<QuestionnaireDefinition, Map<string, LocatedQuestion>>();

/** Looks a question up by its wire id (an index built once per definition: submissions look up every item). */
export function findQuestion(definition: QuestionnaireDefinition, id: string): LocatedQuestion | undefined {
  let index = indexCache.get(definition);
  if (!index) {
    index = new Map(allQuestions(definition).map((located) => [located.question.id, located]));
    indexCache.set(definition, index);
  }
  return index.get(id);
}

/** Whether a question chooses among options (choice or checkboxes). */
export function hasOptions(question: Question): question is OptionQuestion {
  return question.kind === 'choice' || question.kind === 'checkboxes';
}

/** The options of a question: its own, or its shared scale's (empty when the key is unknown, which the parser rejects). */
export function optionsOf(definition: QuestionnaireDefinition, question: OptionQuestion): ChoiceOption[] {
  return question.options ?? (question.scale ? (definition.scales[question.scale] ?? []) : []);
}

/** Whether a condition holds for the current answers (a missing or non-numeric answer never holds). */
export function conditionHolds(condition: Condition, answers: Answers): boolean {
  const value = answers[condition.question];
  if (typeof value !== 'number') return false;
  if (condition.gt !== undefined && !(value > condition.gt)) return false;
  if (condition.lt !== undefined && !(value < condition.lt)) return false;
  if (condition.in !== undefined && !condition.in.includes(value)) return false;
  return true;
}

/** Whether a question is shown for these answers. */
export function isShown(question: Question, answers: Answers): boolean {
  return question.when === undefined || conditionHolds(question.when, answers);
}

/** The questions shown for these answers, in order. */
export function shownQuestions(definition: QuestionnaireDefinition, answers: Answers, pageIndex?: number): LocatedQuestion[] {
  const located = pageIndex === undefined ? allQuestions(definition) : pageQuestions(definition, pageIndex);
  return located.filter(({ question }) => isShown(question, answers));
}

/**
 * Options of a choice that other questions of its exclusive group already hold (ranked slots): the
 * renderer leaves them out of the list, validation refuses them.
 */
export function takenOptions(definition: QuestionnaireDefinition, question: Question, answers: Answers): Set<number> {
  const taken = new Set<number>();
  if (question.kind !== 'choice' || !question.exclusiveGroup) return taken;
  for (const { question: other } of allQuestions(definition)) {
    if (other === question || other.kind !== 'choice' || other.exclusiveGroup !== question.exclusiveGroup) continue;
    const value = answers[other.id];
    if (typeof value === 'number') taken.add(value);
  }
  return taken;
}
