import { fitsDecimals, gradeToWire, readGrade, showGrade } from '../answers/grade.ts';
import { isBlankRichText } from '../answers/blankRichText.ts';
import { format, messages } from '../messages.ts';
import { optionsOf, takenOptions } from './questions.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition } from './types.ts';
import type { ChoiceQuestion, CheckboxesQuestion, GradeQuestion, OptionsBase, Question, QuestionKind, SelectionRule } from './questionTypes.ts';

/** What the engine knows about one question kind: how its answers are checked and put on the wire. */
export interface KindRules<Q extends Question> {
  /** Whether a held value counts as an answer. */
  isAnswered(value: AnswerValue | undefined): boolean;
  /**
   * Message for a held value that is not acceptable (null when fine), called for every shown question,
   * answered or not (a tick count may be too low); `n` is the question number.
   */
  check(definition: QuestionnaireDefinition, question: Q, value: AnswerValue | undefined, n: number, answers: Answers): string | null;
  /** The wire responses of a value. */
  encode(question: Q, value: AnswerValue): string[];
  /** The held value of a question's wire responses, or undefined when they cannot be read. */
  decode(definition: QuestionnaireDefinition, question: Q, responses: string[]): AnswerValue | undefined;
  /** Message for responses `decode` cannot read; `n` is the question number. Default: not a valid option. */
  unreadable?(n: number): string;
}

const DEFAULT_TEXT_MAX = 2000;

/** Longest rich-text answer by default: the interview's limit for one response (`MAX_TEXT` of its route). */
export const DEFAULT_RICH_TEXT_MAX = 50000;

/** The effective bounds and precision of a grade question (defaults 0, 10 and one decimal). */
export function gradeRange(question: GradeQuestion): { min: number; max: number; decimals: number } {
  return { min: question.min ?? 0, max: question.max ?? 10, decimals: question.decimals ?? 1 };
}

/** The Portuguese message for a grade with more decimals than allowed. */
function decimalsMessage(n: number, decimals: number): string {
  if (decimals === 0) return format(messages.form.gradeInteger, { n });
  return format(decimals === 1 ? messages.form.gradeDecimal : messages.form.gradeDecimals, { n, decimals });
}

/** A chosen option's wire response: its value, or "{question}.{value}" for a qualified question. */
function encodeOption(question: Question & OptionsBase, value: number): string {
  return question.wire === 'qualified' ? `${question.id}.${value}` : String(value);
}

/** The option value of a wire response, or undefined when it is not an option of the question. */
function decodeOption(definition: QuestionnaireDefinition, question: ChoiceQuestion | CheckboxesQuestion, response: string): number | undefined {
  const prefix = question.wire === 'qualified' ? `${question.id}.` : '';
  if (!response.startsWith(prefix)) return undefined;
  const digits = response.slice(prefix.length);
  if (!/^-?\d+$/.test(digits)) return undefined;
  const value = Number(digits);
  return optionsOf(definition, question).some((option) => option.value === value) ? value : undefined;
}

/** The effective bounds of a selection rule. */
export function selectionBounds(rule: SelectionRule | undefined, optionCount: number): { min: number; max: number } {
  if (rule?.exactly !== undefined) return { min: rule.exactly, max: rule.exactly };
  return { min: rule?.min ?? 0, max: rule?.max ?? optionCount };
}

/** Rules per question kind; exhaustive by type, so a new kind cannot be forgotten. */
export const kindRules: { [K in QuestionKind]: KindRules<Extract<Question, { kind: K }>> } = {
  choice: {
    isAnswered: (value) => typeof value === 'number',
    check: (definition, question, value, n, answers) => {
      if (value === undefined) return null;
      if (typeof value !== 'number' || !optionsOf(definition, question).some((option) => option.value === value)) {
        return format(messages.form.invalidOption, { n });
      }
      if (takenOptions(definition, question, answers).has(value)) {
        const label = optionsOf(definition, question).find((option) => option.value === value)?.label ?? String(value);
        return format(messages.form.optionTaken, { n, option: label });
      }
      return null;
    },
    encode: (question, value) => [encodeOption(question, Number(value))],
    decode: (definition, question, responses) => (responses.length === 1 ? decodeOption(definition, question, responses[0]!) : undefined),
  },
  checkboxes: {
    isAnswered: (value) => Array.isArray(value) && value.length > 0,
    check: (definition, question, value, n) => {
      const ticked = value === undefined ? [] : value;
      const options = optionsOf(definition, question);
      if (!Array.isArray(ticked) || new Set(ticked).size !== ticked.length || ticked.some((tick) => !options.some((option) => option.value === tick))) {
        return format(messages.form.invalidOption, { n });
      }
      // An option that stands alone ('Não sei avaliar') is never ticked with others.
      const alone = ticked.length > 1 ? options.find((option) => option.exclusive && ticked.includes(option.value)) : undefined;
      if (alone) return format(messages.form.exclusiveAlone, { n, option: alone.label });
      const { min, max } = selectionBounds(question.select, options.length);
      if (ticked.length >= min && ticked.length <= max) return null;
      const params = { n, count: ticked.length, min, max };
      if (question.select?.message) return format(question.select.message, params);
      if (min === max) return format(messages.form.selectExactly, params);
      return format(ticked.length < min ? messages.form.selectMin : messages.form.selectMax, params);
    },
    encode: (question, value) => (Array.isArray(value) ? [...value].sort((a, b) => a - b).map((tick) => encodeOption(question, tick)) : []),
    decode: (definition, question, responses) => {
      const values = responses.map((response) => decodeOption(definition, question, response));
      if (values.some((value) => value === undefined) || new Set(values).size !== values.length) return undefined;
      return values as number[];
    },
  },
  text: {
    isAnswered: (value) => typeof value === 'string' && value.trim() !== '',
    check: (_definition, question, value, n) => {
      if (value === undefined) return null;
      const max = question.maxLength ?? DEFAULT_TEXT_MAX;
      if (typeof value !== 'string') return format(messages.form.invalidOption, { n });
      return value.length > max ? format(messages.form.textTooLong, { n, max }) : null;
    },
    encode: (_question, value) => [String(value)],
    decode: (_definition, _question, responses) => (responses.length === 1 ? responses[0] : undefined),
  },
  grade: {
    isAnswered: (value) => typeof value === 'number' && Number.isFinite(value),
    check: (_definition, question, value, n) => {
      if (value === undefined) return null;
      if (typeof value !== 'number' || !Number.isFinite(value)) return format(messages.form.gradeInvalid, { n });
      const { min, max, decimals } = gradeRange(question);
      if (value < min || value > max) return format(messages.form.gradeOutOfRange, { n, min: showGrade(min), max: showGrade(max) });
      return fitsDecimals(value, decimals) ? null : decimalsMessage(n, decimals);
    },
    // With a dot, as the interview sends and stores grades ('7,5' typed → '7.5').
    encode: (_question, value) => [gradeToWire(Number(value))],
    // A comma or a dot; bounds and decimals are left to `check`, so a bad grade gets its own message.
    decode: (_definition, _question, responses) => (responses.length === 1 ? readGrade(responses[0]!) : undefined),
    unreadable: (n) => format(messages.form.gradeInvalid, { n }),
  },
  boolean: {
    // Answered once ticked: a required mark must be ticked, and an unticked one is sent only as a staff blank.
    isAnswered: (value) => value === true,
    check: (_definition, _question, value, n) => (value === undefined || typeof value === 'boolean' ? null : format(messages.form.invalidOption, { n })),
    encode: (_question, value) => [String(value === true)],
    decode: (_definition, _question, responses) => (responses.length === 1 && (responses[0] === 'true' || responses[0] === 'false') ? responses[0] === 'true' : undefined),
  },
  richText: {
    isAnswered: (value) => typeof value === 'string' && !isBlankRichText(value),
    check: (_definition, question, value, n) => {
      if (value === undefined) return null;
      if (typeof value !== 'string') return format(messages.form.invalidOption, { n });
      const max = question.maxLength ?? DEFAULT_RICH_TEXT_MAX;
      return value.length > max ? format(messages.form.textTooLong, { n, max }) : null;
    },
    encode: (_question, value) => [String(value)],
    // Sanitised where answers are read back (`decodeAnswers`, engine/answers/decoding.ts): the
    // sanitiser stays out of the respondent's page, and what the server stores is the allowlisted HTML.
    decode: (_definition, _question, responses) => (responses.length === 1 ? responses[0] : undefined),
  },
};

/** A problem of a question's own settings, at a JSON pointer under the question's (semantics the schema cannot check). */
export interface KindSettingError {
  /** Pointer relative to the question ('/min'). */
  pointer: string;
  /** Portuguese message for the author. */
  message: string;
}

/**
 * Checks of a question's kind-specific settings that the JSON Schema cannot make: a grade's `min`
 * must be below its `max`. Meant for `engine/definition/semantics.ts` (per question, pointers joined
 * to the question's own).
 */
export function kindSettingErrors(question: Question): KindSettingError[] {
  if (question.kind !== 'grade') return [];
  const { min, max } = gradeRange(question);
  return min < max ? [] : [{ pointer: question.max === undefined ? '/min' : '/max', message: format(messages.form.gradeBounds, { min: showGrade(min), max: showGrade(max) }) }];
}

/** The rules of a question's kind. */
export function rulesFor<Q extends Question>(question: Q): KindRules<Q> {
  return kindRules[question.kind] as unknown as KindRules<Q>;
}
