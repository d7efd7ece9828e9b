import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { messages } from '../messages.ts';
import { DIGITS_AS_TYPED } from './text.ts';

/*
 * A company's document: a CNPJ (14 digits) or a CPF (11), typed formatted or not, stored as digits,
 * its check digits verified. The same rule on the company form and on the server.
 */

/** The first problem of a typed CNPJ/CPF, as the company form's Portuguese message, or null when it is valid. */
export function documentProblem(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return messages.registry.documentRequired;
  if (!DIGITS_AS_TYPED.test(text)) return messages.registry.documentCharacters;
  const digits = text.replace(/\D/g, '');
  if (digits.length > 14) return messages.registry.documentTooLong;
  // The spec accepts 11 digits while its message says 12: the message is the product's text, kept as is.
  if (digits.length < 11) return messages.registry.documentTooShort;
  const valid = digits.length === 11 ? isValidCPF(digits) : digits.length === 14 ? isValidCNPJ(digits) : false;
  return valid ? null : messages.registry.documentInvalid;
}

/** The digits of a typed CNPJ/CPF (meaningful once `documentProblem` found none). */
export function documentDigits(value: string): string {
  return value.replace(/\D/g, '');
}
