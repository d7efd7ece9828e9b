import { rulesFor } from '../definition/kinds.ts';
import { findQuestion, shownQuestions } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition, WireItem } from '../definition/types.ts';
import { format, messages } from '../messages.ts';

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
 * Reads wire items back into answers. Unknown question ids, repeated items of a one-answer question
 * and responses that are not an option of the question become Portuguese errors; readable answers
 * still land in `answers`.
 */
export function decodeAnswers(definition: QuestionnaireDefinition, items: WireItem[]): { answers: Answers; errors: string[] } {
  const answers: Answers = {};
  const errors: string[] = [];
  const grouped = new Map<string, string[]>();
  for (const item of items) {
    if (!findQuestion(definition, item.question)) {
      errors.push(format(messages.api.unknownQuestion, { id: item.question }));
      continue;
    }
    grouped.set(item.question, [...(grouped.get(item.question) ?? []), item.response]);
  }
  for (const [id, responses] of grouped) {
    const located = findQuestion(definition, id)!;
    if (responses.length > 1 && located.question.kind !== 'checkboxes') {
      errors.push(format(messages.api.duplicateQuestion, { id }));
      continue;
    }
    const value = rulesFor(located.question).decode(definition, located.question, responses);
    if (value === undefined) {
      errors.push(format(messages.form.invalidOption, { n: located.number }));
      continue;
    }
    answers[id] = value;
  }
  return { answers, errors };
}
