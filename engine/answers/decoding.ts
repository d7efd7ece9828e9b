import { rulesFor } from '../definition/kinds.ts';
import { findQuestion } from '../definition/questions.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition, WireItem } from '../definition/types.ts';
import type { QuestionKind } from '../definition/questionTypes.ts';
import { format, messages } from '../messages.ts';
import { sanitizeRichText } from './richText.ts';

/** What a kind's answer becomes once read back on the server: rich text reduced to the allowlist. */
const CLEAN: Partial<Record<QuestionKind, (value: AnswerValue) => AnswerValue>> = {
  richText: (value) => sanitizeRichText(String(value)),
};

/**
 * Reads wire items back into answers. Unknown question ids, repeated items of a one-answer question
 * and responses the question's kind cannot read (not an option, not a number for a grade) become
 * Portuguese errors; readable answers still land in `answers` (rich text sanitised).
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
    const rules = rulesFor(located.question);
    const value = rules.decode(definition, located.question, responses);
    if (value === undefined) {
      errors.push(rules.unreadable?.(located.number) ?? format(messages.form.invalidOption, { n: located.number }));
      continue;
    }
    answers[id] = CLEAN[located.question.kind]?.(value) ?? value;
  }
  return { answers, errors };
}
