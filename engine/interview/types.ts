import type { StaffDocument } from '../answers/staffSave.ts';

/** Types of the 360-by-interview evaluation (type 11): its model and its answers. */

/** One graded competency block (1 to 10). */
export interface InterviewCompetency {
  /** Block number: the position of its page among the pages shown (1 to 10). */
  block: number;
  /** Portuguese competency name, as `staff.blocks` declares it (the shared list of `definitions/interview360.json`). */
  name: string;
  /** The ids of its questions ('3.grade', '3.positive', '3.better', '3.reviewed'): the wire keys and the `responses` rows. */
  questions: { grade: string; positive: string; better: string; reviewed: string };
}

/** Keys of the free-text blocks 11 to 13 (their answers are fields of the consolidated data and the print dataset). */
export type OpenBlockKey = 'forces' | 'weakness' | 'final';

/** One free-text block (11 strengths, 12 weaknesses, 13 final comments). */
export interface InterviewOpenBlock {
  /** Block number, 11 to 13. */
  block: number;
  /** Answer key suffix: '{block}.{key}'. */
  key: OpenBlockKey;
  /** Portuguese block title. */
  name: string;
  /** Id of its text question ('11.forces'). */
  question: string;
}

/** An interview status value and its Portuguese label. */
export interface InterviewStatus {
  /** Key sent and stored (open, willCorrect, correcting, finished). */
  key: string;
  /** Label shown in the evaluator table. */
  label: string;
}

/** One band of the grade guide shown on the interview form. */
export interface GradeBand {
  /** Lowest grade of the band, as printed in the guide. */
  from: number;
  /** Highest grade of the band (inclusive). */
  to: number;
  /** Portuguese label ('Bom'). */
  label: string;
}

/**
 * The interview's structure, read off its questionnaire definition (`interviewModel`,
 * engine/interview/definition.ts; `definitions/questionnaires/interview360.json`, its blocks declared
 * in `staff.blocks`).
 */
export interface InterviewDefinition {
  /** Evaluation type id (11). */
  typeEvaluation: number;
  /** Portuguese title of the report screen. */
  title: string;
  /** Portuguese title of the printed report. */
  printTitle: string;
  /** The 10 graded competencies, blocks 1 to 10 in order. */
  competencies: InterviewCompetency[];
  /** Blocks 11 to 13. */
  openBlocks: InterviewOpenBlock[];
  /** The 14th entry: confidential comments (rich text), never consolidated nor printed. */
  confidential: { block: number; key: string; name: string; question: string };
  /** Every status value, in the dropdown's order. */
  statuses: InterviewStatus[];
  /** The status key that marks the evaluation done. */
  finishedStatus: string;
  /** Label of an unknown or missing status. */
  notStartedLabel: string;
  /** Grade bounds (inclusive). */
  grade: { min: number; max: number };
  /** The grade guide, lowest band first. */
  gradeGuide: GradeBand[];
}

/** A saved interview: the staff form's document (`engine/answers/staffSave.ts`), kept as rows of `responses` (`repositories/interviews.ts`). */
export type InterviewDocument = StaffDocument;

/** A question/response pair as the wire carries it. */
export interface InterviewPair {
  question: string;
  response: string;
}
