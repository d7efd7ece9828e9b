import { isIsoDate } from '../rules/dates.ts';
import { gradeRange, rulesFor } from '../definition/kinds.ts';
import { allQuestions, findQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition, WireItem } from '../definition/types.ts';
import { format, messages } from '../messages.ts';
import { decodeAnswers } from './decoding.ts';

/*
 * The save of a staff form (the 360 interview's `PUT /tableresponse/multiple`): question/response
 * pairs ('3.grade' → '7,5', 'status' → 'finished', 'date' once per date or with a list), read into the
 * document to store and given back in the definition's order, so the browser and the server agree on
 * one encoding. Each answer goes through the questionnaire format's codec (`decodeAnswers`, the kind's
 * `check`); what is the staff form's own is the evaluation's fields around the answers (its status, the
 * attendance dates, the attendees), blank answers sent as the definition's blanks, and messages that
 * name the section ('bloco 3') rather than the question's number.
 */

/** A pair as received: 'date' and 'show' may also carry a list. */
export interface StaffSavePair {
  question: string;
  response: string | string[];
}

/** A saved staff form: the evaluation's fields and the answers as wire strings. */
export interface StaffDocument {
  /** Status key, or null before the first save / when none was sent. */
  status: string | null;
  /** Attendance dates, ISO yyyy-mm-dd, in the order sent. */
  dates: string[];
  /** Attendees ('show'), in the order sent. */
  show: string[];
  /** Answers by question id ('3.grade' → '7.5'); texts kept exactly as sent, rich text sanitised. */
  answers: Record<string, string>;
}

/**
 * The pairs of a save that are fields of the evaluation, not answers (its status, the attendance dates,
 * the attendees): no question of a staff form takes these ids.
 */
export const STAFF_FIELDS = { status: 'status', date: 'date', show: 'show' } as const;

/** Most attendance dates or attendees one staff form keeps. */
export const MAX_LIST_ITEMS = 100;

/** The definition's status keys as a Portuguese list ('open, willCorrect, correcting ou finished'). */
function statusKeys(definition: QuestionnaireDefinition): string {
  const keys = (definition.staff?.statuses ?? []).map((status) => status.key);
  return keys.length < 2 ? keys.join('') : format(messages.interview.listOr, { first: keys.slice(0, -1).join(', '), last: keys.at(-1)! });
}

/** The section number of a page: its position among the pages shown (the form's '{n}.'; a dialog page comes after them). */
function sectionOf(definition: QuestionnaireDefinition, pageIndex: number): number {
  const shown = definition.pages.filter((page) => page.display !== 'dialog');
  const position = shown.indexOf(definition.pages[pageIndex]!);
  return position >= 0 ? position + 1 : shown.length + 1;
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
  const block = sectionOf(definition, located.pageIndex);
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
 * Decodes the pairs of a staff form's save into the document to store, or the Portuguese problems.
 * 'status', 'date' and 'show' are fields of the evaluation (`STAFF_FIELDS`: dates and attendees in
 * order without repeats, blank ones skipped); every other pair is an answer of the form's
 * questionnaire definition, read by its kind and stored as its wire string: grades with a dot ('7,5'
 * → '7.5', empty → '0'), the reviewed mark 'true' or 'false', texts exactly as sent (the form sends ' '
 * for an empty one), the confidential comments sanitised.
 */
export function decodeStaffSave(definition: QuestionnaireDefinition, pairs: StaffSavePair[]): { document: StaffDocument; errors: string[] } {
  const statuses = definition.staff?.statuses ?? [];
  const document: StaffDocument = { status: null, dates: [], show: [], answers: {} };
  const errors: string[] = [];
  const seen = new Set<string>();
  const held: Answers = {};

  for (const { question, response } of pairs) {
    if (question === STAFF_FIELDS.date || question === STAFF_FIELDS.show) {
      for (const item of Array.isArray(response) ? response : [response]) {
        const value = item.trim();
        if (value === '') continue;
        if (question === STAFF_FIELDS.date && !isIsoDate(value)) {
          errors.push(format(messages.interview.invalidDate, { date: value }));
          continue;
        }
        const list = question === STAFF_FIELDS.date ? document.dates : document.show;
        if (!list.includes(value)) list.push(value);
      }
      continue;
    }
    if (question !== STAFF_FIELDS.status && !findQuestion(definition, question)) {
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
    if (question === STAFF_FIELDS.status) {
      if (statuses.some((status) => status.key === response)) document.status = response;
      else errors.push(format(messages.interview.invalidStatus, { status: response, keys: statusKeys(definition) }));
      continue;
    }
    const decoded = decodeOne(definition, question, response, held);
    if ('error' in decoded) errors.push(decoded.error);
    else document.answers[question] = decoded.value;
  }
  for (const [field, list] of [[STAFF_FIELDS.date, document.dates], [STAFF_FIELDS.show, document.show]] as const) {
    if (list.length > MAX_LIST_ITEMS) errors.push(format(messages.interview.tooManyItems, { field, max: MAX_LIST_ITEMS }));
  }
  return { document, errors };
}

/** The stored answers as pairs in the definition's question order (the load call's `answers`); what is not a question is left out. */
export function storedAnswerPairs(definition: QuestionnaireDefinition, answers: Record<string, string>): WireItem[] {
  return allQuestions(definition)
    .map(({ question }) => question.id)
    .filter((id) => typeof answers[id] === 'string')
    .map((id) => ({ question: id, response: answers[id]! }));
}
