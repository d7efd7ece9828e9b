/**
 * Questionnaire definition types. These types are the single source of the questionnaire JSON Schema
 * (`definitions/schema/questionnaire.schema.json` is generated from `QuestionnaireDefinition` by
 * `npm run schema`, and a test fails when the committed schema drifts from these types).
 */

/** One option of a shared answer scale. */
export interface ScaleOption {
  /** Stored value of the option (sent as its decimal string on the wire). */
  value: number;
  /** Text shown to the respondent. */
  label: string;
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
  /** Whether an answer is needed before advancing or sending. Default false. */
  required?: boolean;
  /** Number shown before the text and used in messages ({n}). Default: the position in the questionnaire, from 1. */
  number?: number;
}

/** A single choice on a shared scale referenced by key (Likert, frequency, 0-10). */
export interface ScaleQuestion extends QuestionBase {
  kind: 'scale';
  /** Key of the scale in `QuestionnaireDefinition.scales`. */
  scale: string;
  /** Reverse-scored item: its score is (scale max + scale min - value). Default false. */
  reverse?: boolean;
}

/** A free-text answer. */
export interface TextQuestion extends QuestionBase {
  kind: 'text';
  /** Show a multi-line box. Default true. */
  multiline?: boolean;
  /** Longest accepted answer in characters. Default 2000. */
  maxLength?: number;
}

/** Every question kind, discriminated on `kind`. */
export type Question = ScaleQuestion | TextQuestion;

/** The kinds of question a definition may use. */
export type QuestionKind = Question['kind'];

/** A page of questions shown together. */
export interface Page {
  /** Optional heading shown above the page's questions. */
  title?: string;
  /** Optional paragraph shown under the heading. */
  description?: string;
  /**
   * The page's questions, in order.
   * @minItems 1
   */
  questions: Question[];
}

/** A dialog the machine opens (instructions, confirmations). */
export interface DialogText {
  /** Dialog title. */
  title: string;
  /** Dialog body, one paragraph per entry. */
  body: string[];
  /** Label of the confirming button. Default: the catalogue's "confirm". */
  confirm?: string;
  /** Label of the cancelling button; absent for an acknowledgement-only dialog. */
  cancel?: string;
}

/** How the footer counts progress. */
export interface ProgressConfig {
  /** "answered": answered questions over all questions; "page": current page over pages. */
  kind: 'answered' | 'page';
  /** Footer text with {n} and {total} placeholders, e.g. "Respondidas {n} de {total}". */
  label: string;
}

/** Messages a definition may override; placeholders in braces. */
export interface DefinitionMessages {
  /** A required question is unanswered; {n} is the question number. */
  required?: string;
  /** Toast after a successful send. */
  submitted?: string;
  /** Toast after a failed send. */
  submitFailed?: string;
}

/** Which questions feed a score. */
export type QuestionSelector = 'all' | string[];

/** A named score computed from the answers. */
export interface ScoreDefinition {
  /** Key of the score in results ("total", "culture"). */
  id: string;
  /** Label shown in dashboards and reports. */
  label: string;
  /** Questions feeding the score (scale questions only). */
  questions: QuestionSelector;
  /** How item scores combine: sum, mean, or percent of the highest possible sum. */
  aggregate: 'sum' | 'mean' | 'percent';
}

/** One band of a banded score; bands are checked in order and the first that fits wins. */
export interface Band {
  /** Key of the band ("low"). */
  id: string;
  /** Label shown to staff ("Estresse baixo"). */
  label: string;
  /** The band holds scores strictly below this bound; the last band may omit it. */
  below?: number;
  /** Colour used by charts (CSS colour). */
  color: string;
}

/** Scoring keys of a questionnaire: the server and the dashboards compute results from them. */
export interface Scoring {
  /** Named scores. */
  scores: ScoreDefinition[];
  /** The score that classifies a respondent, with its range and bands. */
  classification?: {
    /** Id of the score being banded. */
    score: string;
    /** Lowest possible value. */
    min: number;
    /** Highest possible value. */
    max: number;
    /** Bands in increasing order. */
    bands: Band[];
  };
}

/** A questionnaire as consultants author it. */
export interface QuestionnaireDefinition {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** Evaluation type id of the catalogue (13 for the perceived stress scale). */
  type: number;
  /** Link slug (`/estresse/{id}`). */
  slug: string;
  /** Title in the yellow header. */
  title: string;
  /** Short paragraph under the title (instructions shown on the page). */
  intro?: string;
  /** Answer scales referenced by key from scale questions. */
  scales: Record<string, ScaleOption[]>;
  /** Footer progress. */
  progress: ProgressConfig;
  /** Instructions dialog opened before the first page. */
  instructions?: DialogText;
  /** Confirmation asked before each advance to the next page. */
  confirmBeforeNext?: DialogText;
  /** Confirmation asked before sending. */
  confirmBeforeSubmit?: DialogText;
  /** Messages overriding the catalogue's defaults. */
  messages?: DefinitionMessages;
  /**
   * Pages in order; the last one sends.
   * @minItems 1
   */
  pages: Page[];
  /** Scoring keys. */
  scoring?: Scoring;
}

/** An answer held by the machine: a scale value or a text. */
export type AnswerValue = number | string;

/** Answers keyed by question id. */
export type Answers = Record<string, AnswerValue>;

/** One item of the wire format of `POST /tableresponse/multiple`. */
export interface WireItem {
  /** Question id. */
  question: string;
  /** Response as a string. */
  response: string;
}
