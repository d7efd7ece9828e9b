import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { messages } from '../../../engine/messages.ts';
import { HttpError } from './errors.ts';

/*
 * Brazilian documents and phones as the registry forms send them: formatted or not, stored as digits.
 * Each check throws a 400 with the form's Portuguese message.
 */

/** Only the characters people type around digits (dots, slash, hyphen, parentheses, spaces). */
const FORMATTING = /^[\d.\-/()\s]*$/;

/** The digits of a CNPJ (14) or CPF (11); 400 with the company form's messages otherwise. */
export function cnpjOrCpfDigits(value: string | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') throw new HttpError(400, messages.registry.documentRequired);
  if (!FORMATTING.test(text)) throw new HttpError(400, messages.registry.documentCharacters);
  const digits = text.replace(/\D/g, '');
  if (digits.length > 14) throw new HttpError(400, messages.registry.documentTooLong);
  // The spec accepts 11 digits while its message says 12: the message is the product's text, kept as is.
  if (digits.length < 11) throw new HttpError(400, messages.registry.documentTooShort);
  const valid = digits.length === 11 ? isValidCPF(digits) : digits.length === 14 ? isValidCNPJ(digits) : false;
  if (!valid) throw new HttpError(400, messages.registry.documentInvalid);
  return digits;
}

/** The digits of a phone with area code (10 or 11), null when empty and optional; 400 otherwise. */
export function phoneDigits(value: string | null | undefined, required: boolean): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    if (required) throw new HttpError(400, messages.registry.phoneRequired);
    return null;
  }
  const digits = text.replace(/\D/g, '');
  if (!FORMATTING.test(text.replace(/^\+/, '')) || digits.length < 10 || digits.length > 11) {
    throw new HttpError(400, messages.registry.phoneInvalid);
  }
  return digits;
}
