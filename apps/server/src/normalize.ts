/*
 * The text normaliser of staff-entered and public data (registration form, spreadsheet import). Rule:
 * Unicode NFC; control and invisible format characters removed (C0/C1 controls, zero-width and bidi
 * marks); every run of whitespace (including no-break spaces, tabs and line breaks) becomes one space;
 * trimmed. E-mails additionally lose every space and are lower-cased; phones keep digits only.
 */

// Cc: C0/C1 controls; Cf: zero-width spaces and joiners, bidi overrides, soft hyphen, BOM.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const SPACES = /[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;

/** NFC, whitespace runs collapsed to one space, controls and invisible characters removed, trimmed. */
export function normalizeText(value: string): string {
  // Whitespace first: tabs and line breaks are controls too, and must separate words, not join them.
  return value.normalize('NFC').replace(SPACES, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** An e-mail address: normalised text without any space, lower-case. */
export function normalizeEmail(value: string): string {
  return normalizeText(value).replace(/ /g, '').toLowerCase();
}

/** A phone number: its digits only ('(11) 98765-4321' → '11987654321'); a leading +55 country code is dropped. */
export function normalizePhone(value: string): string {
  const digits = normalizeText(value).replace(/\D/g, '');
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** The key two names are compared by: normalised and lower-case ('  Vendas ' and 'VENDAS' are one sector). */
export function nameKey(value: string): string {
  return normalizeText(value).toLocaleLowerCase('pt-BR');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a normalised e-mail looks like an address (something@domain.tld). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Whether normalised phone digits are a Brazilian number with area code (10 or 11 digits). */
export function isPhone(digits: string): boolean {
  return /^\d{10,11}$/.test(digits);
}
