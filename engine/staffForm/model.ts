import { gradeRange } from '../definition/kinds.ts';
import { findQuestion } from '../definition/questions.ts';
import { OPEN_BLOCK_KEYS, staffBlockErrors } from '../definition/staffSemantics.ts';
import type { QuestionnaireDefinition } from '../definition/types.ts';
import type { GradeQuestion } from '../definition/questionTypes.ts';
import { format, messages } from '../messages.ts';
import type { GradeBand, StaffCompetency, StaffFormModel, StaffOpenBlock } from './types.ts';

/*
 * A staff form is any questionnaire definition with a `staff` section (the 360 interview is one). Its
 * model (blocks, statuses, grade guide) is read off that section, whose `staff.blocks` declares the
 * competencies, the open blocks and the confidential comments; so the form, the codec, the
 * consolidation and the report all follow the one file. Free of Ajv and of the file system: the
 * browser derives it too.
 */

const m = messages.interview;

const cache = new WeakMap<QuestionnaireDefinition, StaffFormModel>();

/**
 * A staff form's model read off its questionnaire definition: the blocks `staff.blocks` declares,
 * each numbered by its page among the pages shown (the form's section number; the confidential
 * comments, on the dialog page, come after them), a competency named by its `name`, an open block by
 * its page's title; statuses and titles from `staff`, the grade bounds and guide from the first
 * competency's grade (the definition checks hold them equal: `staffBlockErrors`). Throws, naming
 * every problem, when the definition has no `staff` or its blocks do not hold. Computed once per
 * definition object.
 */
export function staffFormModel(definition: QuestionnaireDefinition): StaffFormModel {
  const cached = cache.get(definition);
  if (cached) return cached;
  const { staff } = definition;
  const problems = !staff ? [m.modelNoStaff] : !staff.blocks ? [m.modelNoBlocks] : staffBlockErrors(definition).map((error) => `${error.pointer}: ${error.message}`);
  if (!staff?.blocks || problems.length > 0) throw new Error(format(m.modelInvalid, { type: definition.type, problems: problems.join('; ') }));

  const shown = definition.pages.filter((page) => page.display !== 'dialog');
  /** The block number of a question: its page's position among the pages shown. */
  const blockOf = (id: string) => shown.indexOf(definition.pages[findQuestion(definition, id)!.pageIndex]!) + 1;
  const { blocks } = staff;
  const competencies = blocks.competencies.map(
    ({ name, grade, positive, better, reviewed }): StaffCompetency => ({ block: blockOf(grade), name, questions: { grade, positive, better, reviewed } }),
  );
  const openBlocks = OPEN_BLOCK_KEYS.map((key): StaffOpenBlock => {
    const located = findQuestion(definition, blocks.open[key])!;
    return { block: blockOf(located.question.id), key, name: definition.pages[located.pageIndex]!.title ?? located.question.text, question: located.question.id };
  });
  const secret = findQuestion(definition, blocks.confidential)!;
  const grade = findQuestion(definition, blocks.competencies[0]!.grade)!.question as GradeQuestion;
  const bounds = gradeRange(grade);

  const model: StaffFormModel = {
    typeEvaluation: definition.type,
    title: definition.title,
    printTitle: staff.reportTitle,
    competencies,
    openBlocks,
    confidential: {
      block: shown.length + 1,
      key: secret.question.id.slice(secret.question.id.indexOf('.') + 1),
      name: definition.pages[secret.pageIndex]!.title ?? secret.question.text,
      question: secret.question.id,
    },
    statuses: staff.statuses.map(({ key, label }) => ({ key, label })),
    finishedStatus: staff.finishedStatus,
    notStartedLabel: staff.notStartedLabel,
    grade: { min: bounds.min, max: bounds.max },
    gradeGuide: (grade.guide === undefined ? [] : (definition.guides?.[grade.guide]?.bands ?? [])).map(({ from, to, label }): GradeBand => ({ from, to, label })),
  };
  cache.set(definition, model);
  return model;
}

/** Whether a questionnaire definition is a staff form (it has a `staff` section: filled by staff, not by a respondent's link). */
export function isStaffForm(definition: QuestionnaireDefinition): boolean {
  return definition.staff !== undefined;
}

/** The status label of the evaluator table: the lookup of the key, or 'Não iniciado' when unknown or missing. */
export function statusLabel(definition: StaffFormModel, status: string | null | undefined): string {
  return definition.statuses.find((item) => item.key === status)?.label ?? definition.notStartedLabel;
}
