/**
 * The questions of a questionnaire definition: their kinds, options, conditions and selection rules.
 * With `types.ts`, the single source of the questionnaire JSON Schema (`npm run schema`).
 */

/** One option of a choice: of a shared scale or of one question. */
export interface ChoiceOption {
  /**
   * Stored value of the option (sent as its decimal string on the wire, or as "{question id}.{value}"
   * when the question's `wire` is "qualified"); unique among the options of one list.
   * @asType integer
   */
  value: number;
  /** Text shown to the respondent. */
  label: string;
  /** Longer explanation shown under the label (values and needs). Default none. */
  description?: string;
  /** Anchor shown under the option on wide scales ("Discordo Totalmente" under 0). Default none. */
  caption?: string;
  /** Dimensions this option feeds when chosen ("comandante.forca", "positive"); scores count them. Default none. */
  tags?: string[];
  /** Whether the value counts in sums, means and percentages; false for "no information" options. Default true. */
  scored?: boolean;
  /**
   * In a checkbox list, an option that stands alone ('Não sei avaliar'): ticking it clears the other
   * ticks and disables them, a submission mixing it with others is refused, and answers stored mixed
   * before count as this option alone. Only for lists of `checkboxes` questions. Default false.
   */
  exclusive?: boolean;
}

/**
 * When a question is shown: compares the answer of another question of an earlier or the same page.
 * A hidden question is neither validated nor sent.
 */
export interface Condition {
  /** Wire id of the question whose answer decides. */
  question: string;
  /** Shown when that answer is greater than this value (completeIfBiggerThan). */
  gt?: number;
  /** Shown when that answer is less than this value (completeIfSmallerThan). */
  lt?: number;
  /** Shown when that answer is one of these values ("Sim"). */
  in?: number[];
}

/** Fields every question kind shares. */
export interface QuestionBase {
  /**
   * Wire id of the question, unique in the questionnaire ("4", "1.7", "2.4.1").
   * @pattern ^[0-9A-Za-z]+(\.[0-9A-Za-z]+)*$
   */
  id: string;
  /** Text of the question as the respondent reads it. */
  text: string;
  /** Whether an answer is needed before advancing or sending (only while the question is shown). Default false. */
  required?: boolean;
  /**
   * Number shown before the text and used in messages ({n}). Default: its position among the
   * questions without `when`, from 1; a conditional question takes the number of the one it follows.
   */
  number?: number;
  /** Hide the number before the text. Default false. */
  hideNumber?: boolean;
  /** Show the question only while this holds. Default: always shown. */
  when?: Condition;
  /** Message when the required answer is missing, overriding the definition's; {n} is the number. */
  requiredMessage?: string;
}

/** Fields of the question kinds that choose among options. */
export interface OptionsBase {
  /** Key of a shared option list in `QuestionnaireDefinition.scales`; or give `options`. */
  scale?: string;
  /** The question's own options; or give `scale`. */
  options?: ChoiceOption[];
  /** Wire format of a chosen option: its value ("3"), or qualified by the question id ("2.3"). Default "value". */
  wire?: 'value' | 'qualified';
}

/** One choice among options (Likert and frequency scales, A to E, scenarios, ranked slots). */
export interface ChoiceQuestion extends QuestionBase, OptionsBase {
  kind: 'choice';
  /** How the options are drawn: radio buttons, or a drop-down list (long lists, ranked slots). Default "radio". */
  display?: 'radio' | 'select';
  /** Reverse-scored item: its score is (highest + lowest scored value - value). Default false. */
  reverse?: boolean;
  /**
   * Questions sharing this key cannot hold the same option: a choice made in one leaves the others'
   * lists, clearing it gives it back (ranked strengths). Default none.
   */
  exclusiveGroup?: string;
}

/** How many options a checkbox list accepts. */
export interface SelectionRule {
  /** Fewest ticks. Default 0. */
  min?: number;
  /** Most ticks; the other options are disabled once reached. Default: all. */
  max?: number;
  /** Exactly this many ticks (sets min and max). */
  exactly?: number;
  /** Message when the count is wrong; {n} question number, {count} ticks so far, {min}, {max}. Default: the catalogue's. */
  message?: string;
}

/** Any number of options ticked (word lists, statements, values). Sent as one wire item per tick. */
export interface CheckboxesQuestion extends QuestionBase, OptionsBase {
  kind: 'checkboxes';
  /** Limits on the number of ticks. Default: any number, none needed. */
  select?: SelectionRule;
  /** Columns of the list on wide screens (short words). Default 1. */
  columns?: number;
}

/** A free-text answer. */
export interface TextQuestion extends QuestionBase {
  kind: 'text';
  /** Show a multi-line box. Default true. */
  multiline?: boolean;
  /** Longest accepted answer in characters. Default 2000. */
  maxLength?: number;
}

/**
 * A decimal grade typed with a comma ("7,5"), as the 360 interview grades its competencies. Held as a
 * number; sent with a dot, as the interview sends and stores its grades ("7.5", "10"); a comma is read too.
 */
export interface GradeQuestion extends QuestionBase {
  kind: 'grade';
  /** Lowest accepted grade (inclusive). Default 0. */
  min?: number;
  /** Highest accepted grade (inclusive). Default 10. */
  max?: number;
  /**
   * Most digits accepted after the comma; 0 for whole grades only. Default 1.
   * @asType integer
   * @minimum 0
   * @maximum 6
   */
  decimals?: number;
  /**
   * Key of a grade guide of the definition (`guides`): the legend drawn above the form, and the band's
   * label shown under the field for the grade typed ('Bom'). Default none.
   */
  guide?: string;
}

/**
 * A yes/no mark ticked in a checkbox, as the interview's 'Revisado'. Held as true or false; sent as
 * "true" or "false". A required one must be ticked.
 */
export interface BooleanQuestion extends QuestionBase {
  kind: 'boolean';
}

/**
 * A formatted answer written in a rich-text editor (bold, italic, lists), as the interview's confidential
 * comments. Held and sent as HTML reduced to a small allowlist of tags (the interview's sanitiser).
 */
export interface RichTextQuestion extends QuestionBase {
  kind: 'richText';
  /**
   * Longest accepted answer, in characters of its sanitised HTML (tags included). Default 50000 (the
   * interview's limit for one response).
   * @asType integer
   * @minimum 1
   */
  maxLength?: number;
}

/** Every question kind, discriminated on `kind`. */
export type Question = ChoiceQuestion | CheckboxesQuestion | TextQuestion | GradeQuestion | RichTextQuestion | BooleanQuestion;

/** The kinds of question a definition may use. */
export type QuestionKind = Question['kind'];
