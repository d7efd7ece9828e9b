import { rulesFor } from '../definition/kinds.ts';
import { allQuestions, findQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition, WireItem } from '../definition/types.ts';
import { format, messages } from '../messages.ts';

/** Turns held answers into the wire items of `POST /tableresponse/multiple`, in question order. */
export function encodeAnswers(definition: QuestionnaireDefinition, answers: Answers): WireItem[] {
  return allQuestions(definition).flatMap(({ question }) => {
    const value = answers[question.id];
    const rules = rulesFor(question);
    if (value === undefined || !rules.isAnswered(value)) return [];
    return rules.encode(value).map((response) => ({ question: question.id, response }));
  });
}

/**
 * Reads wire items back into answers. Unknown question ids, repeated ids and responses that are not
 * an option of the question become Portuguese errors; readable items still land in `answers`.
 */
export function decodeAnswers(definition: QuestionnaireDefinition, items: WireItem[]): { answers: Answers; errors: string[] } {
  const answers: Answers = {};
  const errors: string[] = [];
  for (const item of items) {
    const located = findQuestion(definition, item.question);
    if (!located) {
      errors.push(format(messages.api.unknownQuestion, { id: item.question }));
      continue;
    }
    if (item.question in answers) {
      errors.push(format(messages.api.duplicateQuestion, { id: item.question }));
      continue;
    }
    const value = rulesFor(located.question).decode(definition, located.question, item.response);
    if (value === undefined) {
      errors.push(format(messages.form.invalidOption, { n: located.number }));
      continue;
    }
    answers[item.question] = value;
  }
  return { answers, errors };
}
