import { showGrade } from './grade.ts';
import { allQuestions, findQuestion, hasOptions, optionsOf } from '../definition/questions.ts';
import type { QuestionnaireDefinition } from '../definition/types.ts';
import type { QuestionKind } from '../definition/questionTypes.ts';
import { messages } from '../messages.ts';

/** The kinds whose answers are written by the person (free text), not chosen or graded. */
const FREE_TEXT_KINDS: ReadonlySet<QuestionKind> = new Set<QuestionKind>(['text', 'richText']);

/** The wire ids of a definition's free-text questions: what an erase replaces and what is personal prose. */
export function freeTextQuestionIds(definition: QuestionnaireDefinition): string[] {
  return allQuestions(definition)
    .filter(({ question }) => FREE_TEXT_KINDS.has(question.kind))
    .map(({ question }) => question.id);
}

/** Rich-text HTML as plain text: tags dropped, paragraphs and line breaks kept as line ends. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|li|div|h\d)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** One stored answer as a person reads it: the question's number and text, and the answer in words. */
export interface ReadableAnswer {
  /** The question's wire id. */
  question: string;
  /** Its number as the respondent saw it; null when the definition does not know the id. */
  number: number | null;
  /** Its text; null when the definition does not know the id. */
  text: string | null;
  /** The answer: the chosen option's label, the grade with a comma, 'Sim'/'Não', the written text. */
  answer: string;
}

/**
 * The stored wire responses of an evaluation in words, in the order given: an option's label for a
 * chosen value, a grade written with a comma, a mark as 'Sim'/'Não', rich text as plain text. A
 * response the definition cannot read is kept as stored (an export must never drop what is held).
 */
export function readableAnswers(definition: QuestionnaireDefinition | undefined, items: { question: string; response: string }[]): ReadableAnswer[] {
  return items.map(({ question, response }) => {
    const located = definition ? findQuestion(definition, question) : undefined;
    if (!definition || !located) return { question, number: null, text: null, answer: response };
    const q = located.question;
    let answer = response;
    if (hasOptions(q)) {
      const digits = q.wire === 'qualified' && response.startsWith(`${q.id}.`) ? response.slice(q.id.length + 1) : response;
      answer = optionsOf(definition, q).find((option) => String(option.value) === digits)?.label ?? response;
    } else if (q.kind === 'grade') {
      const value = Number(response);
      answer = response.trim() !== '' && Number.isFinite(value) ? showGrade(value) : response;
    } else if (q.kind === 'boolean') {
      answer = response === 'true' ? messages.common.yes : response === 'false' ? messages.common.no : response;
    } else if (q.kind === 'richText') {
      answer = richTextToPlain(response);
    }
    return { question, number: located.number, text: q.text, answer };
  });
}
