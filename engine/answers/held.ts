import { rulesFor } from '../definition/kinds.ts';
import { findQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition, WireItem } from '../definition/types.ts';

/**
 * Stored wire items read back into the answers a form holds, to go on filling it (a staff form
 * reopened): each readable response becomes its kind's value, and the blanks a staff save sends for
 * an unanswered question (' ' for a text, 'false' for a mark) stay unanswered. Unknown ids and
 * unreadable responses are left out: what the server stored was already checked.
 */
export function heldAnswers(definition: QuestionnaireDefinition, items: WireItem[]): Answers {
  const answers: Answers = {};
  for (const { question: id, response } of items) {
    const located = findQuestion(definition, id);
    if (!located) continue;
    const rules = rulesFor(located.question);
    const value = rules.decode(definition, located.question, [response]);
    if (value !== undefined && rules.isAnswered(value)) answers[id] = value;
  }
  return answers;
}
