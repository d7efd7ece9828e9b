import { format, messages } from '../messages.ts';
import { scaleOptions } from './questions.ts';
import type { AnswerValue, Question, QuestionKind, QuestionnaireDefinition } from './types.ts';

/** What the engine knows about one question kind: how its answers are checked and put on the wire. */
export interface KindRules<Q extends Question> {
  /** Whether a held value counts as an answer. */
  isAnswered(value: AnswerValue | undefined): boolean;
  /** Message for a held value that is not acceptable (null when fine); `n` is the question number. */
  check(definition: QuestionnaireDefinition, question: Q, value: AnswerValue, n: number): string | null;
  /** The wire responses of a value. */
  encode(value: AnswerValue): string[];
  /** The held value of a wire response, or undefined when it cannot be read. */
  decode(definition: QuestionnaireDefinition, question: Q, response: string): AnswerValue | undefined;
}

const DEFAULT_TEXT_MAX = 2000;

/** Rules per question kind; exhaustive by type, so a new kind cannot be forgotten. */
export const kindRules: { [K in QuestionKind]: KindRules<Extract<Question, { kind: K }>> } = {
  scale: {
    isAnswered: (value) => typeof value === 'number',
    check: (definition, question, value, n) =>
      typeof value === 'number' && scaleOptions(definition, question).some((option) => option.value === value)
        ? null
        : format(messages.form.invalidOption, { n }),
    encode: (value) => [String(value)],
    decode: (definition, question, response) => {
      if (!/^-?\d+$/.test(response)) return undefined;
      const value = Number(response);
      return scaleOptions(definition, question).some((option) => option.value === value) ? value : undefined;
    },
  },
  text: {
    isAnswered: (value) => typeof value === 'string' && value.trim() !== '',
    check: (_definition, question, value, n) => {
      const max = question.maxLength ?? DEFAULT_TEXT_MAX;
      if (typeof value !== 'string') return format(messages.form.invalidOption, { n });
      return value.length > max ? format(messages.form.textTooLong, { n, max }) : null;
    },
    encode: (value) => [String(value)],
    decode: (_definition, _question, response) => response,
  },
};

/** The rules of a question's kind. */
export function rulesFor<Q extends Question>(question: Q): KindRules<Q> {
  return kindRules[question.kind] as unknown as KindRules<Q>;
}
