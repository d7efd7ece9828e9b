import { isIsoDate, parseGrade } from '../../../../../engine/interview/answers';
import type { InterviewDefinition, InterviewPair, OpenBlockKey } from '../../../../../engine/interview/types';
import type { OutgoingPair, SavedInterview } from '../../api/interview';

/*
 * The interview form's state and its wire encoding, kept apart from the screen so the rules of
 * administration.md 5 (grade digits and comma, comma → dot, empty grade → 0, empty text → ' ') are
 * tested without a browser.
 */

/** What is typed in one graded block. */
export interface CompetencyFields {
  /** The grade as typed (digits and one comma). */
  grade: string;
  positive: string;
  better: string;
  reviewed: boolean;
}

/** Everything the interview form holds. */
export interface InterviewForm {
  /** Graded blocks by block number. */
  competencies: Record<number, CompetencyFields>;
  /** Blocks 11 to 13 by key. */
  open: Record<OpenBlockKey, string>;
  /** Confidential comments (HTML from the rich-text editor). */
  confidential: string;
  /** Status key; '' when none was chosen. */
  status: string;
  /** Every attendance date created (ISO yyyy-mm-dd): the options of the multi-select. */
  dates: string[];
  /** The dates ticked in the multi-select (ISO): sent as 'show'. */
  show: string[];
}

/** An empty form for the definition. */
export function emptyForm(definition: InterviewDefinition): InterviewForm {
  return {
    competencies: Object.fromEntries(definition.competencies.map(({ block }) => [block, { grade: '', positive: '', better: '', reviewed: false }])),
    open: { forces: '', weakness: '', final: '' },
    confidential: '',
    status: '',
    dates: [],
    show: [],
  };
}

/** A stored text as shown: the single space that stands for "empty" becomes empty again. */
const shownText = (text: string | undefined) => (text === undefined || text.trim() === '' ? '' : text);

/** A stored grade as typed: '7.5' → '7,5'. */
export function shownGrade(stored: string | undefined): string {
  return stored === undefined ? '' : stored.replace('.', ',');
}

/** The form filled with a saved interview. */
export function formFromSaved(definition: InterviewDefinition, saved: SavedInterview): InterviewForm {
  const answers = new Map(saved.answers.map((pair: InterviewPair) => [pair.question, pair.response]));
  const form = emptyForm(definition);
  for (const { block } of definition.competencies) {
    form.competencies[block] = {
      grade: shownGrade(answers.get(`${block}.grade`)),
      positive: shownText(answers.get(`${block}.positive`)),
      better: shownText(answers.get(`${block}.better`)),
      reviewed: answers.get(`${block}.reviewed`) === 'true',
    };
  }
  for (const { block, key } of definition.openBlocks) form.open[key] = shownText(answers.get(`${block}.${key}`));
  const { block, key } = definition.confidential;
  form.confidential = isBlankHtml(answers.get(`${block}.${key}`) ?? '') ? '' : (answers.get(`${block}.${key}`) ?? '');
  form.status = saved.status ?? '';
  form.show = [...saved.show];
  form.dates = [...saved.dates, ...saved.show.filter((date) => !saved.dates.includes(date))];
  return form;
}

/** A grade as the user types it: only digits and one comma are kept. */
export function sanitizeGradeInput(text: string): string {
  const kept = text.replace(/[^\d,]/g, '');
  const comma = kept.indexOf(',');
  return comma === -1 ? kept : `${kept.slice(0, comma + 1)}${kept.slice(comma + 1).replace(/,/g, '')}`;
}

/** The grade sent: the comma becomes a dot; empty is '0'. */
export function gradeToWire(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' ? '0' : trimmed.replace(',', '.');
}

/** Whether the typed grade is outside the definition's range (empty is fine: it is sent as 0). */
export function gradeOutOfRange(definition: InterviewDefinition, text: string): boolean {
  const value = parseGrade(text);
  return value === null || value < definition.grade.min || value > definition.grade.max;
}

/** Whether rich-text HTML holds no visible text ('<p></p>'). */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** A text as sent: empty becomes a single space (administration.md 5). */
const wireText = (text: string) => (text.trim() === '' ? ' ' : text);

/** The pairs of `PUT /tableresponse/multiple` for the form. */
export function formToPairs(definition: InterviewDefinition, form: InterviewForm): OutgoingPair[] {
  const pairs: OutgoingPair[] = [];
  for (const { block } of definition.competencies) {
    const fields = form.competencies[block]!;
    pairs.push(
      { question: `${block}.grade`, response: gradeToWire(fields.grade) },
      { question: `${block}.positive`, response: wireText(fields.positive) },
      { question: `${block}.better`, response: wireText(fields.better) },
      { question: `${block}.reviewed`, response: String(fields.reviewed) },
    );
  }
  for (const { block, key } of definition.openBlocks) pairs.push({ question: `${block}.${key}`, response: wireText(form.open[key]) });
  const { block, key } = definition.confidential;
  pairs.push({ question: `${block}.${key}`, response: isBlankHtml(form.confidential) ? ' ' : form.confidential });
  // Without a chosen status none is sent: the server keeps "no status" ('Não iniciado').
  if (form.status !== '') pairs.push({ question: 'status', response: form.status });
  pairs.push({ question: 'date', response: form.dates }, { question: 'show', response: form.show });
  return pairs;
}

/** Whether a block counts as done for its quick-jump link: 1–10 ticked as reviewed, 11–13 written. */
export function blockDone(definition: InterviewDefinition, form: InterviewForm, block: number): boolean {
  const open = definition.openBlocks.find((item) => item.block === block);
  if (open) return form.open[open.key].trim() !== '';
  return form.competencies[block]?.reviewed ?? false;
}

/** 'dd/mm/aaaa' → 'aaaa-mm-dd', or null when it is not a real date. */
export function parseBrDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** 'aaaa-mm-dd' → 'dd/mm/aaaa' (a calendar date: no time zone involved). */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
