import { decodeAnswers } from '../answers/decoding.ts';
import { gradeRange, rulesFor } from '../definition/kinds.ts';
import { allQuestions, findQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition } from '../definition/types.ts';
import { format, messages } from '../messages.ts';
import { interviewModel, isStatusKey } from './definition.ts';
import type { CompetencyAnswer, InterviewCompetency, InterviewDefinition, InterviewDocument, InterviewPair } from './types.ts';

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

/** The definition's status keys as a Portuguese list ('open, willCorrect, correcting ou finished'). */
function statusKeys(model: InterviewDefinition): string {
  const keys = model.statuses.map((status) => status.key);
  return keys.length < 2 ? keys.join('') : format(messages.interview.listOr, { first: keys.slice(0, -1).join(', '), last: keys.at(-1)! });
}

/** The block number of each question id, as the model declares them ('3.grade' → 3). */
const blockNumbers = new WeakMap<InterviewDefinition, Map<string, number>>();

/** The block number of an answer id; every question of the definition is in a block (`staffBlockErrors`). */
function blockOf(model: InterviewDefinition, id: string): number {
  let numbers = blockNumbers.get(model);
  if (!numbers) {
    numbers = new Map<string, number>([
      ...model.competencies.flatMap(({ block, questions }) => Object.values(questions).map((question): [string, number] => [question, block])),
      ...model.openBlocks.map(({ block, question }): [string, number] => [question, block]),
      [model.confidential.question, model.confidential.block],
    ]);
    blockNumbers.set(model, numbers);
  }
  return numbers.get(id) ?? 0;
}

/**
 * Decodes one answer through the questionnaire format's codec (`decodeAnswers`, then the kind's `check`
 * for bounds and decimals; required questions are not checked: staff save partial forms). The stored
 * value is the kind's wire string; a grade and the reviewed mark keep the interview's own messages,
 * which name the block rather than the question's number.
 */
function decodeOne(definition: QuestionnaireDefinition, id: string, response: string, held: Answers): { value: string } | { error: string } {
  const located = findQuestion(definition, id)!;
  const { question } = located;
  const block = blockOf(interviewModel(definition), id);
  // A blank grade is the staff blank ("0"), as the form sends an empty field.
  const blank = definition.staff?.blanks?.grade;
  const sent = question.kind === 'grade' && response.trim() === '' && blank !== undefined ? blank : response;
  const decoded = decodeAnswers(definition, [{ question: id, response: sent }]);
  const value = decoded.answers[id];
  if (value === undefined) {
    if (question.kind === 'grade') return { error: format(messages.interview.invalidGrade, { block, value: response }) };
    if (question.kind === 'boolean') return { error: format(messages.interview.invalidReviewed, { block }) };
    return { error: decoded.errors[0] ?? format(messages.form.invalidOption, { n: located.number }) };
  }
  const rules = rulesFor(question);
  const problem = rules.check(definition, question, value, located.number, held);
  if (problem !== null && question.kind === 'grade') {
    const { min, max, decimals } = gradeRange(question);
    const grade = value as number;
    const shown = response.trim();
    if (grade < min || grade > max) return { error: format(messages.interview.gradeOutOfRange, { block, min, max, value: shown }) };
    return { error: format(messages.interview.gradeDecimals, { block, decimals, value: shown }) };
  }
  if (problem !== null) return { error: problem };
  held[id] = value;
  return { value: rules.encode(question, value)[0] ?? '' };
}

/**
 * Decodes the pairs of a save into the document to store, or the Portuguese problems. 'status', 'date'
 * and 'show' are fields of the evaluation (dates and attendees in order without repeats, blank ones
 * skipped); every other pair is an answer of the interview's questionnaire definition, read by its
 * kind and stored as its wire string: grades with a dot ('7,5' → '7.5', empty → '0'), the reviewed
 * mark 'true' or 'false', texts exactly as sent (the form sends ' ' for an empty one), the confidential
 * comments sanitised.
 */
export function decodeInterview(definition: QuestionnaireDefinition, pairs: IncomingPair[]): { document: InterviewDocument; errors: string[] } {
  const model = interviewModel(definition);
  const document: InterviewDocument = { status: null, dates: [], show: [], answers: {} };
  const errors: string[] = [];
  const seen = new Set<string>();
  const held: Answers = {};

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
    if (question !== 'status' && !findQuestion(definition, question)) {
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
      if (isStatusKey(model, response)) document.status = response;
      else errors.push(format(messages.interview.invalidStatus, { status: response, keys: statusKeys(model) }));
      continue;
    }
    const decoded = decodeOne(definition, question, response, held);
    if ('error' in decoded) errors.push(decoded.error);
    else document.answers[question] = decoded.value;
  }
  for (const [field, list] of [['date', document.dates], ['show', document.show]] as const) {
    if (list.length > MAX_LIST_ITEMS) errors.push(format(messages.interview.tooManyItems, { field, max: MAX_LIST_ITEMS }));
  }
  return { document, errors };
}

/** The stored answers as pairs in the definition's question order (the load call's `answers`). */
export function encodeInterview(definition: QuestionnaireDefinition, answers: Record<string, string>): InterviewPair[] {
  return allQuestions(definition)
    .map(({ question }) => question.id)
    .filter((id) => typeof answers[id] === 'string')
    .map((id) => ({ question: id, response: answers[id]! }));
}

/**
 * The graded part of one competency of a stored document (missing grade 0, missing texts ' '): the
 * competency of the model, or a block number read by the spec's keys (`{n}.grade`…).
 */
export function competencyAnswer(answers: Record<string, string>, competency: InterviewCompetency | number): CompetencyAnswer {
  const ids =
    typeof competency === 'number'
      ? { grade: `${competency}.grade`, positive: `${competency}.positive`, better: `${competency}.better`, reviewed: `${competency}.reviewed` }
      : competency.questions;
  const grade = parseGrade(answers[ids.grade] ?? '');
  return {
    grade: grade ?? 0,
    positive: answers[ids.positive] ?? ' ',
    better: answers[ids.better] ?? ' ',
    reviewed: answers[ids.reviewed] === 'true',
  };
}
