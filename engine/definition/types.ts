/**
 * Questionnaire definition types. These types are the single source of the questionnaire JSON Schema
 * (`definitions/schema/questionnaire.schema.json` is generated from `QuestionnaireDefinition` by
 * `npm run schema`, and a test fails when the committed schema drifts from these types).
 */

import type { QuestionnaireRisk } from './riskTypes.ts';
import type { ChoiceOption, Question, QuestionKind } from './questionTypes.ts';


/** A page of questions shown together. */
export interface Page {
  /** Optional heading shown above the page's questions. */
  title?: string;
  /** Optional paragraphs shown under the heading. */
  description?: string;
  /**
   * 'dialog': the page is not one of the sequence; a staff form opens it in a dialog from a button named
   * by its title (the interview's confidential comments). Only in a definition with `staff`. Default 'page'.
   */
  display?: 'page' | 'dialog';
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
  /** List the chosen options of every answered choice question, in order (a ranking to check). Default false. */
  summary?: boolean;
}

/** How the footer counts progress. */
export interface ProgressConfig {
  /** "answered": answered questions over shown questions; "page": current page over pages. */
  kind: 'answered' | 'page';
  /** Footer text with {n} and {total} placeholders, e.g. "Respondidas {n} de {total}". */
  label: string;
}

/** What a validation toast looks like. */
export interface ToastStyle {
  /** Colour of the toast. Default "error". */
  variant?: 'error' | 'info';
  /** How long it stays, in milliseconds. Default 5000. */
  durationMs?: number;
}

/** Messages and toasts a definition may override; placeholders in braces. */
export interface DefinitionMessages {
  /** A required question is unanswered; {n} is the question number. */
  required?: string;
  /** Toast after a successful send. */
  submitted?: string;
  /** Toast after a failed send. */
  submitFailed?: string;
  /** Text of the wait dialog while sending. */
  sending?: string;
  /** Toast of a refused advance. Default: an error toast. */
  nextToast?: ToastStyle;
  /** Toast of a refused send. Default: an error toast. */
  submitToast?: ToastStyle;
  /** Toast every problem of the page instead of the first only. Default false. */
  toastEveryError?: boolean;
  /** Staff forms: toast after a save. */
  saved?: string;
  /** Staff forms: toast after a failed save; {detail} is the server's reason. */
  saveFailed?: string;
}

/** One band of a grade guide ('9,1 a 10: Excelente'). */
export interface GuideBand {
  /** Lowest grade of the band, as printed. */
  from: number;
  /** Highest grade of the band (inclusive). */
  to: number;
  /** Portuguese label ('Excelente'). */
  label: string;
}

/** A grade guide: the legend of what grades mean, drawn above the form and under each grade typed. */
export interface GradeGuide {
  /** Heading of the legend ('Guia de notas'). */
  title: string;
  /**
   * Bands, lowest first, ascending and not overlapping; a grade belongs to the first band whose `to` reaches it.
   * @minItems 1
   */
  bands: GuideBand[];
}

/** A value of a staff form's status and its label ('finished' → 'Finalizado'). */
export interface StaffStatus {
  /** Key sent and stored. */
  key: string;
  /** Label shown. */
  label: string;
}

/** Texts of the quick-jump links of a staff form; {n} is the page number. */
export interface JumpLinkTexts {
  /** Name of the links' navigation ('Ir para o bloco'). */
  label: string;
  /** A page whose yes/no mark is ticked. */
  checked: string;
  /** A page whose yes/no mark is not ticked. */
  unchecked: string;
  /** A page without a yes/no mark whose questions are all answered. */
  filled: string;
  /** A page without a yes/no mark with an unanswered question. */
  empty: string;
}

/**
 * A graded competency of a staff form's report: the ids of its four questions and its name. Its
 * block number is the number of the page holding its questions (the form's section '{n}').
 */
export interface StaffCompetencyBlock {
  /** Portuguese name on the report and its chart ('Responsabilidade'); a `$ref` into the shared list. */
  name: string;
  /** Id of its grade (kind grade), the wire key the report reads ('1.grade'). */
  grade: string;
  /** Id of its positive notes (kind text). */
  positive: string;
  /** Id of its notes on what to improve (kind text). */
  better: string;
  /** Id of its reviewed mark (kind boolean), which ticks its jump link. */
  reviewed: string;
}

/** The free-text blocks of a staff form's report, each the id of one text question on a page of its own. */
export interface StaffOpenBlocks {
  /** Strengths, in words ('11.forces'). */
  forces: string;
  /** Weaknesses, in words ('12.weakness'). */
  weakness: string;
  /** Final comments ('13.final'). */
  final: string;
}

/**
 * What a staff form's report reads, declared: its competencies, its open blocks and its confidential
 * comments. Every question of the form is in exactly one of them; each block has a page of its own.
 */
export interface StaffBlocks {
  /**
   * The graded competencies, in the report's order.
   * @minItems 1
   */
  competencies: StaffCompetencyBlock[];
  /** The free-text blocks. */
  open: StaffOpenBlocks;
  /** Id of the confidential comments (kind richText, on the dialog page): stored, never consolidated nor printed. */
  confidential: string;
}

/**
 * A form filled by staff, not by a respondent's link (the 360 interview): every page on one screen in
 * numbered sections with quick-jump links, saved at any time (errors included) by 'Salvar' and, while
 * 'Sincronizar' is on, every `autoSaveSeconds`; a status and other fields of the evaluation around it.
 * The respondent routes refuse such a definition.
 */
export interface StaffMode {
  /**
   * Seconds between automatic saves while 'Sincronizar' is on.
   * @asType integer
   * @minimum 5
   */
  autoSaveSeconds: number;
  /** Heading of each section; {n} is the page number, {title} the page title ('{n}. {title}'). */
  sectionTitle: string;
  /** Id of each section, the target of its jump link; {n} is the page number ('bloco-{n}'). */
  anchor: string;
  /** The quick-jump links' texts. */
  jumpLinks: JumpLinkTexts;
  /**
   * The wire response sent for an unanswered question, by kind (the interview sends "0" for a blank
   * grade and " " for a blank text); unanswered questions of other kinds send nothing.
   */
  blanks?: { [K in QuestionKind]?: string };
  /**
   * The evaluation's status values, in the drop-down's order.
   * @minItems 1
   */
  statuses: StaffStatus[];
  /** The status key that marks the evaluation finished (the only one consolidated). */
  finishedStatus: string;
  /** Label of an evaluation without a status ('Não iniciado'). */
  notStartedLabel: string;
  /** Title of the printed report ('Entrevista 360 graus'). */
  reportTitle: string;
  /**
   * The blocks the report reads (competencies, open blocks, confidential comments). The interview's
   * model needs them (`interviewModel`); only versions published before them lack them.
   */
  blocks?: StaffBlocks;
}

/** A line under the title taken from the evaluation ("Nome completo do avaliado(a): …"). */
export interface DetailLine {
  /** Label before the value. */
  label: string;
  /** Where the value comes from: the evaluated person's name, the evaluator's, or the rated sector's name. */
  source: 'ratedName' | 'evaluatorName' | 'ratedSector';
}

/** Which questions feed a score: every question, or these ids. */
export type QuestionSelector = 'all' | string[];

/** A named score computed from one respondent's answers. */
export interface ScoreDefinition {
  /** Key of the score in results ("total", "culture"); with `perQuestion`, the prefix of "{id}.{question}". */
  id: string;
  /** Label shown in dashboards and reports. */
  label: string;
  /** Colour used by charts (CSS colour). Default: the chart's palette. */
  color?: string;
  /** Questions feeding the score. Default "all". */
  questions?: QuestionSelector;
  /**
   * How answers combine. On choice values (reverse items flipped, unscored options left out): "sum",
   * "mean", or "percent" of the highest possible sum of the answered items. On chosen options
   * carrying `tag` (choices and ticks): "count", or "share", the count as a percentage of `shareOf`.
   */
  aggregate: 'sum' | 'mean' | 'percent' | 'count' | 'share';
  /** The option tag counted by "count" and "share". Default: the score's id. */
  tag?: string;
  /** Denominator of "share": the options carrying the tag ("tagged") or the answered questions ("answered"). Default "tagged". */
  shareOf?: 'tagged' | 'answered';
  /** One score per question of the selector, keyed "{id}.{question id}". Default false. */
  perQuestion?: boolean;
  /**
   * "count" and "share" only: on a `reverse` choice question, count the tags of the option at the
   * mirrored place (value highest + lowest scored − chosen), as the value is scored, so tags written on
   * a shared scale in its own direction ('unfavourable' on 'Frequentemente' and 'Sempre') keep their
   * meaning on the reverse items. Default false: the chosen option's own tags.
   */
  oriented?: boolean;
}

/** An ordered list in the results: chosen option labels in question order, or score labels by value. */
export interface RankingDefinition {
  /** Key of the list in results ("via", "primary"). */
  id: string;
  /** Label shown in dashboards and reports. */
  label: string;
  /** "answers": the labels of the chosen options of `questions`, in order; "scores": the labels of `scores`, highest first. */
  from: 'answers' | 'scores';
  /** Questions read by "answers". Default "all". */
  questions?: QuestionSelector;
  /** Score ids ordered by "scores". */
  scores?: string[];
  /** Keep only the first entries (with ties "group", the first places). Default all. */
  take?: number;
  /**
   * How equal scores rank ("scores" only): "group", tied scores share one place labelled with the catalogue's 'Empate: {labels}' (in the order of `scores`), the next place is the next lower score, a score of 0 or less takes no place (so nothing chosen is no profile); "order", one place per score, equal ones (zeros too) in the order of `scores`. Default "group".
   */
  ties?: 'group' | 'order';
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
  /** Ordered lists (rankings, primary and secondary styles). Default none. */
  rankings?: RankingDefinition[];
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
  /**
   * Named pieces said once (a list of statements two scores share), each copied wherever the file says
   * `{ "$ref": "#/$defs/name" }` (`defs.ts`, as in a dashboard). Followed and removed when the file is
   * read: no reader sees it, and a piece no reference uses is an error.
   */
  $defs?: Record<string, unknown>;
  /** Evaluation type id of the catalogue (13 for the perceived stress scale). */
  type: number;
  /**
   * Major version of the scoring: raise it (2, 3, …) with any change of the scoring (an option removed or
   * re-valued, a reverse flag, a tag, a band, a new required question), so answers of different
   * scorings are never pooled. `npm run definitions:publish` numbers the minor versions. Default 1.
   * @asType integer
   * @minimum 1
   */
  version?: number;
  /** Link slug (`/estresse/{id}`). */
  slug: string;
  /** Title in the yellow header. */
  title: string;
  /**
   * Whether the instrument is a validated one (a published scale, a consultancy's validated instrument).
   * False for an example written for Avalia: every report and results view of its answers says
   * 'Instrumento de exemplo, não validado'. Default true.
   */
  validated?: boolean;
  /** Short paragraph under the title on the first page. */
  intro?: string;
  /** Lines under the title taken from the evaluation (evaluated person, sector). Default none. */
  details?: DetailLine[];
  /** Shared option lists referenced by key from choice and checkbox questions. */
  scales: Record<string, ChoiceOption[]>;
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
  /**
   * Its scores as psychosocial risk factors (NR-1): only a questionnaire with this section reaches the
   * risk views and the inventory (`risk.ts`). Default none.
   */
  risk?: QuestionnaireRisk;
  /** Grade guides referenced by key from grade questions (`guide`). */
  guides?: Record<string, GradeGuide>;
  /** A form filled by staff (the 360 interview) instead of a respondent's link. */
  staff?: StaffMode;
}

/** An answer held by the machine: a chosen option's value or a grade, a text or rich-text HTML, the ticked values, or a yes/no mark. */
export type AnswerValue = number | string | number[] | boolean;

/** Answers keyed by question id. */
export type Answers = Record<string, AnswerValue>;

/** One item of the wire format of `POST /tableresponse/multiple`. */
export interface WireItem {
  /** Question id. */
  question: string;
  /** Response as a string. */
  response: string;
}

/**
 * A definition that takes every top-level field of another definition file (`extends`, its file name
 * without `.json`) and replaces the top-level fields it gives: a variant sharing its base's banks.
 */
export interface QuestionnaireExtension extends Partial<Omit<QuestionnaireDefinition, '$schema'>> {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /** File name (without `.json`) of the base definition in `definitions/questionnaires/`. */
  extends: string;
}

/** What a file of `definitions/questionnaires/` holds: a whole definition or an extension of one. */
export type QuestionnaireFile = QuestionnaireDefinition | QuestionnaireExtension;
