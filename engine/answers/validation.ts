import { rulesFor } from '../definition/kinds.ts';
import { allQuestions, pageQuestions, type LocatedQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition } from '../definition/types.ts';
import { format, messages } from '../messages.ts';

/** A problem with one question's answer, in Portuguese. */
export interface FieldError {
  /** Wire id of the question. */
  questionId: string;
  /** Message for the respondent. */
  message: string;
}

/** The error of one located question, or null when its answer is acceptable. */
function questionError(definition: QuestionnaireDefinition, located: LocatedQuestion, answers: Answers): FieldError | null {
  const { question, number } = located;
  const rules = rulesFor(question);
  const value = answers[question.id];
  if (value === undefined || !rules.isAnswered(value)) {
    if (!question.required) return null;
    const template = definition.messages?.required ?? messages.form.required;
    return { questionId: question.id, message: format(template, { n: number }) };
  }
  const message = rules.check(definition, question, value, number);
  return message === null ? null : { questionId: question.id, message };
}

function errorsOf(definition: QuestionnaireDefinition, located: LocatedQuestion[], answers: Answers): FieldError[] {
  return located.flatMap((entry) => questionError(definition, entry, answers) ?? []);
}

/** Errors that keep the respondent on page `pageIndex` (required answers missing, values out of range). */
export function pageErrors(definition: QuestionnaireDefinition, pageIndex: number, answers: Answers): FieldError[] {
  return errorsOf(definition, pageQuestions(definition, pageIndex), answers);
}

/** Errors of a whole submission: every page's errors, in question order. */
export function submissionErrors(definition: QuestionnaireDefinition, answers: Answers): FieldError[] {
  return errorsOf(definition, allQuestions(definition), answers);
}

/** How many questions hold an answer, and how many there are (the footer's 'Respondidas n de N'). */
export function answeredCount(definition: QuestionnaireDefinition, answers: Answers): { answered: number; total: number } {
  const located = allQuestions(definition);
  const answered = located.filter(({ question }) => {
    const value = answers[question.id];
    return value !== undefined && rulesFor(question).isAnswered(value);
  }).length;
  return { answered, total: located.length };
}
