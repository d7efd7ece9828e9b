import type { Question, QuestionnaireDefinition, ScaleOption, ScaleQuestion } from './types.ts';

/** A question with its page index and the number shown to the respondent. */
export interface LocatedQuestion {
  /** The question. */
  question: Question;
  /** Index of its page, from 0. */
  pageIndex: number;
  /** Number used in the UI and in messages ({n}), from 1 unless the definition sets one. */
  number: number;
}

const locatedCache = new WeakMap<QuestionnaireDefinition, LocatedQuestion[]>();

/** Every question of the definition in order, with page index and number. */
export function allQuestions(definition: QuestionnaireDefinition): LocatedQuestion[] {
  const cached = locatedCache.get(definition);
  if (cached) return cached;
  const located: LocatedQuestion[] = [];
  definition.pages.forEach((page, pageIndex) => {
    for (const question of page.questions) {
      located.push({ question, pageIndex, number: question.number ?? located.length + 1 });
    }
  });
  locatedCache.set(definition, located);
  return located;
}

/** The questions of one page, located. */
export function pageQuestions(definition: QuestionnaireDefinition, pageIndex: number): LocatedQuestion[] {
  return allQuestions(definition).filter((located) => located.pageIndex === pageIndex);
}

/** Looks a question up by its wire id. */
export function findQuestion(definition: QuestionnaireDefinition, id: string): LocatedQuestion | undefined {
  return allQuestions(definition).find((located) => located.question.id === id);
}

/** The options of a scale question's scale (empty when the key is unknown, which the parser rejects). */
export function scaleOptions(definition: QuestionnaireDefinition, question: ScaleQuestion): ScaleOption[] {
  return definition.scales[question.scale] ?? [];
}
