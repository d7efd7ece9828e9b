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
