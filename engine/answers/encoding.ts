import { rulesFor } from '../definition/kinds.ts';
import { shownQuestions } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition, WireItem } from '../definition/types.ts';

/**
 * Turns held answers into the wire items of `POST /tableresponse/multiple`, in question order: one
 * item per answer, one per tick of a checkbox list; hidden and unanswered questions send nothing.
 */
export function encodeAnswers(definition: QuestionnaireDefinition, answers: Answers): WireItem[] {
  return shownQuestions(definition, answers).flatMap(({ question }) => {
    const value = answers[question.id];
    const rules = rulesFor(question);
    if (value === undefined || !rules.isAnswered(value)) return [];
    return rules.encode(question, value).map((response) => ({ question: question.id, response }));
  });
}

/**
 * The wire items of a staff form's save: every shown question in order, an answered one as
 * `encodeAnswers` sends it and an unanswered one as the definition's blank for its kind ("0" for a
 * grade, " " for a text), when it has one.
 */
export function encodeStaffAnswers(definition: QuestionnaireDefinition, answers: Answers): WireItem[] {
  const blanks = definition.staff?.blanks ?? {};
  return shownQuestions(definition, answers).flatMap(({ question }) => {
    const value = answers[question.id];
    const rules = rulesFor(question);
    if (value !== undefined && rules.isAnswered(value)) return rules.encode(question, value).map((response) => ({ question: question.id, response }));
    const blank = blanks[question.kind];
    return blank === undefined ? [] : [{ question: question.id, response: blank }];
  });
}
