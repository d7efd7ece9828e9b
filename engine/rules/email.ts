import { normalizeText } from './text.ts';

/** The longest address there can be (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An e-mail address as the product stores it (forms, registration, spreadsheet import): normalised
 * text (NFC, no invisible characters), without any space, lower-case.
 */
export function normalizeEmail(value: string): string {
  return normalizeText(value).replace(/ /g, '').toLowerCase();
}

/** Whether an address looks like one (something@domain.tld, no spaces) and is at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}
