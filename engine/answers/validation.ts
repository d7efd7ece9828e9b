import { rulesFor } from '../definition/kinds.ts';
import { shownQuestions, type LocatedQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition } from '../definition/types.ts';
import { format, messages } from '../messages.ts';

/** A problem with one question's answer, in Portuguese. */
export interface FieldError {
  /** Wire id of the question. */
  questionId: string;
  /** Message for the respondent. */
  message: string;
}

/** The error of one shown question, or null when its answer is acceptable. */
function questionError(definition: QuestionnaireDefinition, located: LocatedQuestion, answers: Answers): FieldError | null {
  const { question, number } = located;
  const rules = rulesFor(question);
  const value = answers[question.id];
  if (question.required && (value === undefined || !rules.isAnswered(value))) {
    const template = question.requiredMessage ?? definition.messages?.required ?? messages.form.required;
    return { questionId: question.id, message: format(template, { n: number }) };
  }
  const message = rules.check(definition, question, value, number, answers);
  return message === null ? null : { questionId: question.id, message };
}

function errorsOf(definition: QuestionnaireDefinition, located: LocatedQuestion[], answers: Answers): FieldError[] {
  return located.flatMap((entry) => questionError(definition, entry, answers) ?? []);
}

/** Errors that keep the respondent on page `pageIndex` (required answers missing, values out of range). */
export function pageErrors(definition: QuestionnaireDefinition, pageIndex: number, answers: Answers): FieldError[] {
  return errorsOf(definition, shownQuestions(definition, answers, pageIndex), answers);
}

/** Errors of a whole submission: every shown question's errors, in question order. */
export function submissionErrors(definition: QuestionnaireDefinition, answers: Answers): FieldError[] {
  return errorsOf(definition, shownQuestions(definition, answers), answers);
}

/**
 * Errors a staff form shows while it is being filled: every shown question's value checked by its kind
 * (a grade out of range), never a missing answer — staff save whenever they like.
 */
export function valueErrors(definition: QuestionnaireDefinition, answers: Answers): FieldError[] {
  return shownQuestions(definition, answers).flatMap(({ question, number }) => {
    const message = rulesFor(question).check(definition, question, answers[question.id], number, answers);
    return message === null ? [] : [{ questionId: question.id, message }];
  });
}

/** How many shown questions hold an answer, and how many are shown (the footer's 'Respondidas n de N'). */
export function answeredCount(definition: QuestionnaireDefinition, answers: Answers): { answered: number; total: number } {
  const shown = shownQuestions(definition, answers);
  const answered = shown.filter(({ question }) => {
    const value = answers[question.id];
    return value !== undefined && rulesFor(question).isAnswered(value);
  }).length;
  return { answered, total: shown.length };
}
