import type { DefinitionError, ParseResult } from '../definition/parse.ts';
import type { GradeBand, InterviewDefinition } from './types.ts';

/*
 * A small hand-written parser (no ajv): the interview form in the browser reads this definition and
 * must not pay for a schema compiler.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Parses `definitions/interview360.json`: a typed definition or every problem with its JSON pointer. */
export function parseInterviewDefinition(json: unknown): ParseResult<InterviewDefinition> {
  const errors: DefinitionError[] = [];
  const fail = (pointer: string, message: string) => errors.push({ pointer, message });
  if (!isRecord(json)) return { ok: false, errors: [{ pointer: '/', message: 'must be an object' }] };
  if (json.typeEvaluation !== 11) fail('/typeEvaluation', 'must be 11');
  if (!isText(json.title)) fail('/title', 'must be a non-empty string');
  if (!isText(json.printTitle)) fail('/printTitle', 'must be a non-empty string');

  const competencies = Array.isArray(json.competencies) ? json.competencies : [];
  if (competencies.length !== 10) fail('/competencies', 'must list the 10 graded competencies');
  competencies.forEach((item: unknown, index) => {
    if (!isRecord(item) || item.block !== index + 1 || !isText(item.name)) fail(`/competencies/${index}`, `must be {block: ${index + 1}, name}`);
  });

  const openKeys = ['forces', 'weakness', 'final'];
  const openBlocks = Array.isArray(json.openBlocks) ? json.openBlocks : [];
  if (openBlocks.length !== 3) fail('/openBlocks', 'must list blocks 11 to 13');
  openBlocks.forEach((item: unknown, index) => {
    if (!isRecord(item) || item.block !== 11 + index || item.key !== openKeys[index] || !isText(item.name)) {
      fail(`/openBlocks/${index}`, `must be {block: ${11 + index}, key: '${openKeys[index]}', name}`);
    }
  });

  const confidential = json.confidential;
  if (!isRecord(confidential) || confidential.block !== 14 || !isText(confidential.key) || !isText(confidential.name)) {
    fail('/confidential', 'must be {block: 14, key, name}');
  }

  const statuses = Array.isArray(json.statuses) ? json.statuses : [];
  if (statuses.length === 0) fail('/statuses', 'must list the status values');
  statuses.forEach((item: unknown, index) => {
    if (!isRecord(item) || !isText(item.key) || !isText(item.label)) fail(`/statuses/${index}`, 'must be {key, label}');
  });
  if (!statuses.some((item: unknown) => isRecord(item) && item.key === json.finishedStatus)) fail('/finishedStatus', 'must be one of the status keys');
  if (!isText(json.notStartedLabel)) fail('/notStartedLabel', 'must be a non-empty string');

  const grade = json.grade;
  if (!isRecord(grade) || !isNumber(grade.min) || !isNumber(grade.max) || grade.min >= grade.max) fail('/grade', 'must be {min, max} with min < max');

  const guide = Array.isArray(json.gradeGuide) ? json.gradeGuide : [];
  if (guide.length === 0) fail('/gradeGuide', 'must list the grade bands');
  let previous = -Infinity;
  guide.forEach((item: unknown, index) => {
    if (!isRecord(item) || !isNumber(item.from) || !isNumber(item.to) || !isText(item.label) || item.from > item.to || item.from <= previous) {
      fail(`/gradeGuide/${index}`, 'must be {from, to, label}, ascending and not overlapping');
      return;
    }
    previous = item.to;
  });

  return errors.length === 0 ? { ok: true, value: json as unknown as InterviewDefinition } : { ok: false, errors };
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
