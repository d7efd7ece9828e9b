import { DIGITS_AS_TYPED, normalizeText } from './text.ts';

/*
 * Brazilian phone numbers, stored as their digits: area code and number, 10 or 11 digits.
 * Forms accept the characters people type around digits; the spreadsheet import and the
 * registration link take whatever a cell holds, keep its digits and drop a +55 country code.
 */

/** Whether phone digits are a Brazilian number with area code (10 or 11 digits). */
export function isPhone(digits: string): boolean {
  return /^\d{10,11}$/.test(digits);
}

/** A phone as a form sends it ('(11) 98765-4321', a leading + allowed): its digits when it is a phone, else null. */
export function phoneDigitsOf(value: string): string | null {
  const text = value.trim();
  const digits = text.replace(/\D/g, '');
  return DIGITS_AS_TYPED.test(text.replace(/^\+/, '')) && isPhone(digits) ? digits : null;
}

/** A phone as a cell holds it: its digits only ('(11) 98765-4321' → '11987654321'); a leading +55 country code is dropped. */
export function normalizePhone(value: string): string {
  const digits = normalizeText(value).replace(/\D/g, '');
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
}
