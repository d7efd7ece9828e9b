/*
 * Grades typed with a comma, as the 360 interview types them (administration.md 5: digits and one
 * comma; the comma becomes a dot on sending). The questionnaire format's `grade` kind reads, shows
 * and checks its answers with these functions. An empty grade is no answer here; a staff form sends it
 * as its definition's blank ("0" for the interview, `staff.blanks`).
 */

import type { GradeGuide, GuideBand } from '../definition/types.ts';

/** Digits with one comma or dot, optionally signed: '7,5', '7.5', '10', '7,', ',5', '-2'. */
const GRADE = /^-?(\d+([.,]\d*)?|[.,]\d+)$/;

/** A grade as typed or sent ('7,5' or '7.5'); undefined when blank or not such a number. */
export function readGrade(text: string): number | undefined {
  const trimmed = text.trim();
  if (!GRADE.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

/** A grade on the wire, as the interview stores it: the number with a dot ('7.5', '10'). */
export function gradeToWire(value: number): string {
  return String(value);
}

/** A grade as people read and type it, with a comma ('7,5', '10'). */
export function showGrade(value: number): string {
  return String(value).replace('.', ',');
}

/**
 * What a grade field keeps of what is typed: digits and one comma (a dot typed on a phone's keypad
 * becomes the comma), and a leading minus only when negative grades are allowed.
 */
export function typedGrade(text: string, allowNegative: boolean): string {
  const negative = allowNegative && text.trimStart().startsWith('-');
  const kept = text.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = kept.indexOf(',');
  const single = comma === -1 ? kept : `${kept.slice(0, comma + 1)}${kept.slice(comma + 1).replace(/,/g, '')}`;
  return negative ? `-${single}` : single;
}

/** Whether a number has at most `decimals` digits after the decimal separator. */
export function fitsDecimals(value: number, decimals: number): boolean {
  return Number(value.toFixed(decimals)) === value;
}

/** A guide band's grades as printed: '3,1 a 5', or '0' for a single grade. */
export function guideRange(band: GuideBand): string {
  return band.from === band.to ? showGrade(band.from) : `${showGrade(band.from)} a ${showGrade(band.to)}`;
}

/** The band of a guide a grade falls in: the first whose upper bound reaches it (0,5 is 'Muito ruim'). */
export function guideBand(guide: GradeGuide, grade: number): GuideBand | undefined {
  return guide.bands.find((band) => grade <= band.to);
}
