import { hasOptions, optionsOf, shownQuestions } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition } from '../definition/types.ts';
import { messages } from '../messages.ts';

/**
 * The chosen options of every shown choice and checkbox question, one line each in question order
 * ("1. Criatividade"): what a confirmation dialog lists for the respondent to check before sending.
 */
export function answerSummary(definition: QuestionnaireDefinition, answers: Answers): string[] {
  return shownQuestions(definition, answers)
    .filter(({ question }) => hasOptions(question))
    .map(({ question, number }) => {
      const value = answers[question.id];
      const chosen = typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];
      const options = hasOptions(question) ? optionsOf(definition, question) : [];
      const labels = chosen.map((item) => options.find((option) => option.value === item)?.label ?? String(item));
      return `${number}. ${labels.length > 0 ? labels.join(', ') : messages.form.summaryEmpty}`;
    });
}
