/*
 * The text normaliser of staff-entered and public data (forms, registration, spreadsheet import). Rule:
 * Unicode NFC; control and invisible format characters removed (C0/C1 controls, zero-width and bidi
 * marks); every run of whitespace (including no-break spaces, tabs and line breaks) becomes one space;
 * trimmed.
 */

// Cc: C0/C1 controls; Cf: zero-width spaces and joiners, bidi overrides, soft hyphen, BOM.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const SPACES = /[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;

/** NFC, whitespace runs collapsed to one space, controls and invisible characters removed, trimmed. */
export function normalizeText(value: string): string {
  // Whitespace first: tabs and line breaks are controls too, and must separate words, not join them.
  return value.normalize('NFC').replace(SPACES, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** The key two names are compared by: normalised and lower-case ('  Vendas ' and 'VENDAS' are one sector). */
export function nameKey(value: string): string {
  return normalizeText(value).toLocaleLowerCase('pt-BR');
}

/** Digits with only the characters people type around them (dots, slash, hyphen, parentheses, spaces): phones and documents. */
export const DIGITS_AS_TYPED = /^[\d.\-/()\s]*$/;
