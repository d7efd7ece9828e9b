import { answeredCount } from '../engine/answers/validation.ts';
import type { Answers, QuestionnaireDefinition } from '../engine/definition/types.ts';
import { format } from '../engine/messages.ts';

/** The footer's text and bar percentage for the definition's progress kind. */
export function progressOf(definition: QuestionnaireDefinition, pageIndex: number, answers: Answers): { label: string; percent: number } {
  let n = pageIndex + 1;
  let total = definition.pages.length;
  if (definition.progress.kind === 'answered') {
    const count = answeredCount(definition, answers);
    n = count.answered;
    total = count.total;
  }
  return { label: format(definition.progress.label, { n, total }), percent: total === 0 ? 0 : (n / total) * 100 };
}
