import { gradeRange } from '../definition/kinds.ts';
import type { GradeQuestion, Page, Question, QuestionnaireDefinition } from '../definition/types.ts';
import { format, messages } from '../messages.ts';
import type { GradeBand, InterviewCompetency, InterviewDefinition, InterviewOpenBlock, OpenBlockKey } from './types.ts';

/*
 * The interview's model (blocks, statuses, grade guide) is not written anywhere: it is read off its
 * questionnaire definition (`definitions/questionnaires/interview360.json`, a staff form of the common
 * format), so the form, the codec, the consolidation and the report all follow the one file. Free of
 * Ajv and of the file system: the browser derives it too.
 */

const m = messages.interview;

/** The open blocks the consolidation and the report know, in their order (their answers are fields of the API). */
const OPEN_KEYS: readonly OpenBlockKey[] = ['forces', 'weakness', 'final'];

/** The fields of a competency page: `{block}.{field}` of these kinds. */
const COMPETENCY_FIELDS = { grade: 'grade', positive: 'text', better: 'text', reviewed: 'boolean' } as const;

/** "{block}.{key}" read back: the block number and the key, or null when the id is not of that form. */
function splitId(id: string): { block: number; key: string } | null {
  const match = /^(\d{1,3})\.([A-Za-z][\w-]*)$/.exec(id);
  return match ? { block: Number(match[1]), key: match[2]! } : null;
}

/** Whether a page is a competency of block `block`: exactly the four fields, each of its kind. */
function isCompetencyPage(page: Page, block: number): boolean {
  const fields = Object.entries(COMPETENCY_FIELDS);
  return (
    page.questions.length === fields.length &&
    fields.every(([field, kind]) => page.questions.some((question) => question.id === `${block}.${field}` && question.kind === kind))
  );
}

const cache = new WeakMap<QuestionnaireDefinition, InterviewDefinition>();

/**
 * The interview's model read off its questionnaire definition: the pages shown (not dialogs), in order,
 * are blocks 1 to N; a page with a grade is a competency (its title the name; questions `{n}.grade`,
 * `{n}.positive`, `{n}.better`, `{n}.reviewed`); a page with one text question is an open block (key
 * after the dot: forces, weakness, final, in this order); the one dialog page's rich-text question is
 * the confidential comments. Statuses and titles come from `staff`, the bounds from the grade
 * questions, the guide from `guides`. Throws, naming every problem, when the definition has no `staff`
 * or another shape. Computed once per definition object.
 */
export function interviewModel(definition: QuestionnaireDefinition): InterviewDefinition {
  const cached = cache.get(definition);
  if (cached) return cached;
  const problems: string[] = [];
  const { staff } = definition;
  if (!staff) problems.push(m.modelNoStaff);

  const competencies: InterviewCompetency[] = [];
  const openBlocks: InterviewOpenBlock[] = [];
  const grades: { block: number; question: GradeQuestion }[] = [];
  const shown = definition.pages.filter((page) => page.display !== 'dialog');
  shown.forEach((page, index) => {
    const block = index + 1;
    const only: Question | undefined = page.questions.length === 1 ? page.questions[0] : undefined;
    const open = only?.kind === 'text' ? splitId(only.id) : null;
    if (isCompetencyPage(page, block)) {
      if (page.title === undefined || page.title.trim() === '') problems.push(format(m.modelNoTitle, { page: block }));
      competencies.push({ block, name: page.title ?? '' });
      grades.push({ block, question: page.questions.find((question) => question.kind === 'grade') as GradeQuestion });
    } else if (only && open?.block === block) {
      openBlocks.push({ block, key: open.key as OpenBlockKey, name: page.title ?? only.text });
    } else {
      problems.push(format(m.modelPage, { page: block, block }));
    }
  });
  if (competencies.length === 0) problems.push(m.modelNoCompetency);
  const openKeys = openBlocks.map((item) => item.key);
  if (openKeys.join() !== OPEN_KEYS.join()) problems.push(format(m.modelOpenBlocks, { expected: OPEN_KEYS.join(', '), found: openKeys.join(', ') || '—' }));

  // The grade bounds and the guide: the same for every competency.
  const first = grades[0];
  const bounds = first ? gradeRange(first.question) : { min: 0, max: 10 };
  const guideKey = first?.question.guide;
  for (const { block, question } of grades) {
    const range = gradeRange(question);
    if (range.min !== bounds.min || range.max !== bounds.max) {
      problems.push(format(m.modelGradeBounds, { block, min: range.min, max: range.max, first: first!.block, firstMin: bounds.min, firstMax: bounds.max }));
    }
    if (question.guide === undefined || question.guide !== guideKey || !definition.guides?.[question.guide]) problems.push(format(m.modelGuide, { block }));
  }

  // The confidential comments: the one dialog page, one rich-text question '{n}.{key}'.
  const dialogs = definition.pages.filter((page) => page.display === 'dialog');
  const secret = dialogs.length === 1 && dialogs[0]!.questions.length === 1 ? dialogs[0]!.questions[0]! : undefined;
  const secretId = secret?.kind === 'richText' ? splitId(secret.id) : null;
  if (!secretId) problems.push(m.modelConfidential);

  if (problems.length > 0 || !staff || !secretId) throw new Error(format(m.modelInvalid, { type: definition.type, problems: problems.join('; ') }));
  const model: InterviewDefinition = {
    typeEvaluation: definition.type,
    title: definition.title,
    printTitle: staff.reportTitle,
    competencies,
    openBlocks,
    confidential: { block: secretId.block, key: secretId.key, name: dialogs[0]!.title ?? secret!.text },
    statuses: staff.statuses.map(({ key, label }) => ({ key, label })),
    finishedStatus: staff.finishedStatus,
    notStartedLabel: staff.notStartedLabel,
    grade: { min: bounds.min, max: bounds.max },
    gradeGuide: definition.guides![guideKey!]!.bands.map(({ from, to, label }): GradeBand => ({ from, to, label })),
  };
  cache.set(definition, model);
  return model;
}

/** The status label of the evaluator table: the lookup of the key, or 'Não iniciado' when unknown or missing. */
export function statusLabel(definition: InterviewDefinition, status: string | null | undefined): string {
  return definition.statuses.find((item) => item.key === status)?.label ?? definition.notStartedLabel;
}

/** Whether `status` is one of the definition's status keys. */
export function isStatusKey(definition: InterviewDefinition, status: string): boolean {
  return definition.statuses.some((item) => item.key === status);
}

/** The grade-guide band of a grade: the first band whose upper bound reaches it (so 0.5 is 'Muito ruim'). */
export function gradeBand(definition: InterviewDefinition, grade: number): GradeBand | undefined {
  return definition.gradeGuide.find((band) => grade <= band.to);
}
