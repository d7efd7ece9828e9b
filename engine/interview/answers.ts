import { format, messages } from '../messages.ts';
import { isStatusKey } from './definition.ts';
import { sanitizeRichText } from './richText.ts';
import type { CompetencyAnswer, InterviewDefinition, InterviewDocument, InterviewPair } from './types.ts';

/*
 * The wire format of the interview is a list of question/response pairs ('3.grade' → '7.5',
 * 'status' → 'finished', 'date' repeated once per date). These functions turn it into the stored
 * document and back, so the browser and the server agree on one encoding.
 */

/** A pair as received: 'date' and 'show' may also carry a list. */
export interface IncomingPair {
  question: string;
  response: string | string[];
}

/** Most attendance dates or attendees one interview keeps. */
export const MAX_LIST_ITEMS = 100;

const COMPETENCY_KEY = /^(\d{1,2})\.(grade|positive|better|reviewed)$/;
const GRADE = /^(\d+([.,]\d*)?|[.,]\d+)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A grade as typed: digits with one comma or dot; empty is 0. Null when it is not such a number. */
export function parseGrade(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!GRADE.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/** Whether `text` is a real calendar date written yyyy-mm-dd. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Every answer key the definition allows, in the form's order (status, date and show excluded). */
export function answerKeys(definition: InterviewDefinition): string[] {
  return [
    ...definition.competencies.flatMap(({ block }) => ['grade', 'positive', 'better', 'reviewed'].map((field) => `${block}.${field}`)),
    ...definition.openBlocks.map(({ block, key }) => `${block}.${key}`),
    `${definition.confidential.block}.${definition.confidential.key}`,
  ];
}

/**
 * Decodes the pairs of a save into the document to store, or the Portuguese problems. Grades are kept
 * with a dot ('7,5' → '7.5', empty → '0'); texts exactly as sent (an empty text is ' '); the
 * confidential comments sanitised; dates and attendees in order without repeats, blank ones skipped.
 */
export function decodeInterview(definition: InterviewDefinition, pairs: IncomingPair[]): { document: InterviewDocument; errors: string[] } {
  const allowed = new Set(answerKeys(definition));
  const confidentialKey = `${definition.confidential.block}.${definition.confidential.key}`;
  const document: InterviewDocument = { status: null, dates: [], show: [], answers: {} };
  const errors: string[] = [];
  const seen = new Set<string>();
  const { min, max } = definition.grade;

  for (const { question, response } of pairs) {
    if (question === 'date' || question === 'show') {
      for (const item of Array.isArray(response) ? response : [response]) {
        const value = item.trim();
        if (value === '') continue;
        if (question === 'date' && !isIsoDate(value)) {
          errors.push(format(messages.interview.invalidDate, { date: value }));
          continue;
        }
        const list = question === 'date' ? document.dates : document.show;
        if (!list.includes(value)) list.push(value);
      }
      continue;
    }
    if (question !== 'status' && !allowed.has(question)) {
      errors.push(format(messages.interview.unknownQuestion, { id: question }));
      continue;
    }
    if (seen.has(question)) {
      errors.push(format(messages.interview.duplicateQuestion, { id: question }));
      continue;
    }
    seen.add(question);
    if (Array.isArray(response)) {
      errors.push(format(messages.api.invalidRequest, { detail: format(messages.api.fieldInvalid, { field: question }) }));
      continue;
    }
    if (question === 'status') {
      if (isStatusKey(definition, response)) document.status = response;
      else errors.push(format(messages.interview.invalidStatus, { status: response }));
      continue;
    }
    const competency = COMPETENCY_KEY.exec(question);
    const field = competency?.[2];
    const block = competency?.[1] ?? '';
    if (field === 'grade') {
      const grade = parseGrade(response);
      if (grade === null) errors.push(format(messages.interview.invalidGrade, { block, value: response }));
      else if (grade < min || grade > max) errors.push(format(messages.interview.gradeOutOfRange, { block, min, max, value: response.trim() }));
      else document.answers[question] = String(grade);
    } else if (field === 'reviewed') {
      if (response === 'true' || response === 'false') document.answers[question] = response;
      else errors.push(format(messages.interview.invalidReviewed, { block }));
    } else {
      document.answers[question] = question === confidentialKey ? sanitizeRichText(response) : response;
    }
  }
  for (const [field, list] of [['date', document.dates], ['show', document.show]] as const) {
    if (list.length > MAX_LIST_ITEMS) errors.push(format(messages.interview.tooManyItems, { field, max: MAX_LIST_ITEMS }));
  }
  return { document, errors };
}

/** The stored answers as pairs in the form's order (the load call's `answers`). */
export function encodeInterview(definition: InterviewDefinition, answers: Record<string, string>): InterviewPair[] {
  return answerKeys(definition)
    .filter((key) => typeof answers[key] === 'string')
    .map((key) => ({ question: key, response: answers[key]! }));
}

/** The graded part of one competency block of a stored document (missing grade 0, missing texts ' '). */
export function competencyAnswer(answers: Record<string, string>, block: number): CompetencyAnswer {
  const grade = parseGrade(answers[`${block}.grade`] ?? '');
  return {
    grade: grade ?? 0,
    positive: answers[`${block}.positive`] ?? ' ',
    better: answers[`${block}.better`] ?? ' ',
    reviewed: answers[`${block}.reviewed`] === 'true',
  };
}
