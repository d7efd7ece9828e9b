import { gradeRange } from '../definition/kinds.ts';
import { findQuestion } from '../definition/questions.ts';
import { OPEN_BLOCK_KEYS, staffBlockErrors } from '../definition/staffSemantics.ts';
import type { GradeQuestion, QuestionnaireDefinition } from '../definition/types.ts';
import { format, messages } from '../messages.ts';
import type { GradeBand, InterviewCompetency, InterviewDefinition, InterviewOpenBlock } from './types.ts';

/*
 * The interview's model (blocks, statuses, grade guide) is read off its questionnaire definition
 * (`definitions/questionnaires/interview360.json`, a staff form of the common format), whose
 * `staff.blocks` declares the competencies, the open blocks and the confidential comments; so the
 * form, the codec, the consolidation and the report all follow the one file. Free of Ajv and of the
 * file system: the browser derives it too.
 */

const m = messages.interview;

const cache = new WeakMap<QuestionnaireDefinition, InterviewDefinition>();

/**
 * The interview's model read off its questionnaire definition: the blocks `staff.blocks` declares,
 * each numbered by its page among the pages shown (the form's section number; the confidential
 * comments, on the dialog page, come after them), a competency named by its `name`, an open block by
 * its page's title; statuses and titles from `staff`, the grade bounds and guide from the first
 * competency's grade (the definition checks hold them equal: `staffBlockErrors`). Throws, naming
 * every problem, when the definition has no `staff` or its blocks do not hold. Computed once per
 * definition object.
 */
export function interviewModel(definition: QuestionnaireDefinition): InterviewDefinition {
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
    ({ name, grade, positive, better, reviewed }): InterviewCompetency => ({ block: blockOf(grade), name, questions: { grade, positive, better, reviewed } }),
  );
  const openBlocks = OPEN_BLOCK_KEYS.map((key): InterviewOpenBlock => {
    const located = findQuestion(definition, blocks.open[key])!;
    return { block: blockOf(located.question.id), key, name: definition.pages[located.pageIndex]!.title ?? located.question.text, question: located.question.id };
  });
  const secret = findQuestion(definition, blocks.confidential)!;
  const grade = findQuestion(definition, blocks.competencies[0]!.grade)!.question as GradeQuestion;
  const bounds = gradeRange(grade);

  const model: InterviewDefinition = {
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

/** The status label of the evaluator table: the lookup of the key, or 'Não iniciado' when unknown or missing. */
export function statusLabel(definition: InterviewDefinition, status: string | null | undefined): string {
  return definition.statuses.find((item) => item.key === status)?.label ?? definition.notStartedLabel;
}
