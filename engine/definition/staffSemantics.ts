import { STAFF_FIELDS } from '../answers/staffSave.ts';
import { format, messages } from '../messages.ts';
import type { DefinitionError } from './errors.ts';
import { gradeRange } from './kinds.ts';
import { allQuestions, type LocatedQuestion } from './questions.ts';
import type { QuestionnaireDefinition, StaffBlocks, StaffCompetencyBlock, StaffOpenBlocks } from './types.ts';
import type { QuestionKind } from './questionTypes.ts';

/*
 * The checks of a staff form (`staff`) the schema cannot make: its statuses, its dialog pages, and the
 * blocks its report reads (`staff.blocks`): every id a question of the right kind, every question in
 * exactly one block, each block on a page of its own (its number is the page's), the grades of one
 * scale and one guide. Each error at the JSON path of the offending value, in Portuguese.
 */

const text = messages.definitionCheck;

type Add = (pointer: string, message: string) => void;

/** The kind each field of a competency block must have. */
const COMPETENCY_KINDS: Record<keyof Omit<StaffCompetencyBlock, 'name'>, QuestionKind> = { grade: 'grade', positive: 'text', better: 'text', reviewed: 'boolean' };

/** The open blocks, in the report's order. */
export const OPEN_BLOCK_KEYS: readonly (keyof StaffOpenBlocks)[] = ['forces', 'weakness', 'final'];

/** One question id a block names: where it is named, the kind it needs, and the block it belongs to. */
interface BlockSlot {
  pointer: string;
  id: string;
  kind: QuestionKind;
  /** Which block: 'c0' for the first competency, 'forces', 'confidential'… */
  block: string;
}

/** Every question id of the declaration, in order. */
function blockSlots(blocks: StaffBlocks): BlockSlot[] {
  const slots: BlockSlot[] = [];
  blocks.competencies.forEach((competency, index) => {
    for (const [field, kind] of Object.entries(COMPETENCY_KINDS)) {
      slots.push({ pointer: `/staff/blocks/competencies/${index}/${field}`, id: competency[field as keyof typeof COMPETENCY_KINDS], kind, block: `c${index}` });
    }
  });
  for (const key of OPEN_BLOCK_KEYS) slots.push({ pointer: `/staff/blocks/open/${key}`, id: blocks.open[key], kind: 'text', block: key });
  slots.push({ pointer: '/staff/blocks/confidential', id: blocks.confidential, kind: 'richText', block: 'confidential' });
  return slots;
}

/** The declared blocks' problems (see the file's comment). */
function blockErrors(definition: QuestionnaireDefinition, blocks: StaffBlocks, add: Add): void {
  const located = new Map<string, LocatedQuestion>(allQuestions(definition).map((item) => [item.question.id, item]));
  const questionPointer = (item: LocatedQuestion) => `/pages/${item.pageIndex}/questions/${definition.pages[item.pageIndex]!.questions.indexOf(item.question)}`;
  const blockOfId = new Map<string, string>();
  const blockOfPage = new Map<number, string>();
  const pageOfBlock = new Map<string, number>();

  for (const slot of blockSlots(blocks)) {
    const item = located.get(slot.id);
    if (!item) {
      add(slot.pointer, format(text.unknownQuestion, { id: slot.id }));
      continue;
    }
    if (item.question.kind !== slot.kind) add(slot.pointer, format(text.blockKind, { id: slot.id, kind: item.question.kind, expected: slot.kind }));
    if (blockOfId.has(slot.id)) {
      add(slot.pointer, format(text.blockQuestionTwice, { id: slot.id }));
      continue;
    }
    blockOfId.set(slot.id, slot.block);
    const dialog = definition.pages[item.pageIndex]!.display === 'dialog';
    if (slot.block === 'confidential' ? !dialog : dialog) add(slot.pointer, format(slot.block === 'confidential' ? text.blockConfidentialPage : text.blockOnDialog, { id: slot.id }));
    const page = item.pageIndex + 1;
    const first = pageOfBlock.get(slot.block);
    if (first === undefined) pageOfBlock.set(slot.block, item.pageIndex);
    else if (first !== item.pageIndex) add(slot.pointer, format(text.blockSplit, { id: slot.id, page, first: first + 1 }));
    const owner = blockOfPage.get(item.pageIndex);
    if (owner === undefined) blockOfPage.set(item.pageIndex, slot.block);
    else if (owner !== slot.block) add(slot.pointer, format(text.blockPageShared, { id: slot.id, page }));
  }
  for (const item of located.values()) {
    if (!blockOfId.has(item.question.id)) add(questionPointer(item), format(text.blockMissingQuestion, { id: item.question.id }));
  }

  // One grade scale and one guide for every competency: the report draws them on one axis, under one legend.
  const grades = blocks.competencies.map((competency, index) => ({ index, question: located.get(competency.grade)?.question })).filter((item) => item.question?.kind === 'grade');
  const first = grades[0];
  if (!first || first.question?.kind !== 'grade') return;
  const bounds = gradeRange(first.question);
  const guide = grades.find((item) => item.question?.kind === 'grade' && item.question.guide !== undefined)?.question;
  const guideKey = guide?.kind === 'grade' ? guide.guide : undefined;
  for (const { index, question } of grades) {
    if (question?.kind !== 'grade') continue;
    const pointer = `/staff/blocks/competencies/${index}/grade`;
    const range = gradeRange(question);
    if (range.min !== bounds.min || range.max !== bounds.max) {
      add(pointer, format(text.blockGradeBounds, { id: question.id, min: range.min, max: range.max, first: first.question.id, firstMin: bounds.min, firstMax: bounds.max }));
    }
    if (question.guide === undefined || question.guide !== guideKey) add(pointer, format(text.blockGradeGuide, { id: question.id }));
  }
}

/** The problems of a definition's blocks alone (`staff.blocks`): what `interviewModel` needs to hold. */
export function staffBlockErrors(definition: QuestionnaireDefinition): DefinitionError[] {
  const errors: DefinitionError[] = [];
  if (definition.staff?.blocks) blockErrors(definition, definition.staff.blocks, (pointer, message) => errors.push({ pointer, message }));
  return errors;
}

/** Staff forms: dialog pages need one, the finished status is a status, some page is not a dialog, and the blocks hold. */
export function staffErrors(definition: QuestionnaireDefinition, add: Add): void {
  const { staff } = definition;
  definition.pages.forEach((page, index) => {
    if (page.display === 'dialog' && !staff) add(`/pages/${index}/display`, text.dialogPageNeedsStaff);
  });
  if (!staff) return;
  if (!staff.statuses.some((status) => status.key === staff.finishedStatus)) add('/staff/finishedStatus', format(text.unknownStatus, { status: staff.finishedStatus }));
  staff.statuses.forEach((status, index) => {
    if (staff.statuses.findIndex((other) => other.key === status.key) !== index) add(`/staff/statuses/${index}/key`, format(text.duplicateStatus, { id: status.key }));
  });
  if (definition.pages.every((page) => page.display === 'dialog')) add('/pages', text.onlyDialogPages);
  // The save sends these beside the answers, and they are rows of `responses` beside them.
  definition.pages.forEach((page, pageIndex) =>
    page.questions.forEach((question, index) => {
      if ((Object.values(STAFF_FIELDS) as string[]).includes(question.id)) {
        add(`/pages/${pageIndex}/questions/${index}/id`, format(text.staffFieldId, { id: question.id, fields: Object.values(STAFF_FIELDS).join(', ') }));
      }
    }),
  );
  if (staff.blocks) blockErrors(definition, staff.blocks, add);
}
