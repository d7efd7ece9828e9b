import type { StaffDocument } from '../answers/staffSave.ts';

/** Types of a staff form (a questionnaire definition with a `staff` section): its model and its answers. */

/** One graded competency block of a staff form's report. */
export interface StaffCompetency {
  /** Block number: the position of its page among the pages shown. */
  block: number;
  /** Portuguese competency name, as `staff.blocks` declares it. */
  name: string;
  /** The ids of its questions ('3.grade', '3.positive', '3.better', '3.reviewed'): the wire keys and the `responses` rows. */
  questions: { grade: string; positive: string; better: string; reviewed: string };
}

/** Keys of the free-text blocks (their answers are fields of the consolidated data and the print dataset). */
export type OpenBlockKey = 'forces' | 'weakness' | 'final';

/** One free-text block (strengths, weaknesses, final comments). */
export interface StaffOpenBlock {
  /** Block number: the position of its page among the pages shown. */
  block: number;
  /** Answer key suffix: '{block}.{key}'. */
  key: OpenBlockKey;
  /** Portuguese block title. */
  name: string;
  /** Id of its text question ('11.forces'). */
  question: string;
}

/** A status value of a staff form and its Portuguese label. */
export interface StaffFormStatus {
  /** Key sent and stored ('finished'). */
  key: string;
  /** Label shown in the evaluator table. */
  label: string;
}

/** One band of the grade guide shown on the form. */
export interface GradeBand {
  /** Lowest grade of the band, as printed in the guide. */
  from: number;
  /** Highest grade of the band (inclusive). */
  to: number;
  /** Portuguese label ('Bom'). */
  label: string;
}

/** A staff form's structure, read off its questionnaire definition's `staff` section (`staffFormModel`, engine/staffForm/model.ts). */
export interface StaffFormModel {
  /** Evaluation type id of the form's definition. */
  typeEvaluation: number;
  /** Portuguese title of the report screen. */
  title: string;
  /** Portuguese title of the printed report. */
  printTitle: string;
  /** The graded competencies, in `staff.blocks` order. */
  competencies: StaffCompetency[];
  /** The free-text blocks. */
  openBlocks: StaffOpenBlock[];
  /** The entry after the blocks: confidential comments (rich text), never consolidated nor printed. */
  confidential: { block: number; key: string; name: string; question: string };
  /** Every status value, in the drop-down's order. */
  statuses: StaffFormStatus[];
  /** The status key that marks the evaluation done. */
  finishedStatus: string;
  /** Label of an unknown or missing status. */
  notStartedLabel: string;
  /** Grade bounds (inclusive). */
  grade: { min: number; max: number };
  /** The grade guide, lowest band first. */
  gradeGuide: GradeBand[];
}

/** A saved staff form: the document of `engine/answers/staffSave.ts`, kept as rows of `responses` (`repositories/staffForms.ts`). */
export type StaffFormDocument = StaffDocument;
