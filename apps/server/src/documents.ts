import { messages } from '../../../engine/messages.ts';
import { documentDigits, documentProblem } from '../../../engine/rules/documents.ts';
import { phoneDigitsOf } from '../../../engine/rules/phone.ts';
import { HttpError } from './errors.ts';

/*
 * Brazilian documents and phones as the registry forms send them: formatted or not, stored as digits.
 * The rules are the engine's (the company and profile forms check the same); each check here throws
 * a 400 with the form's Portuguese message.
 */

/** The digits of a CNPJ (14) or CPF (11); 400 with the company form's messages otherwise. */
export function cnpjOrCpfDigits(value: string | undefined): string {
  const problem = documentProblem(value);
  if (problem !== null) throw new HttpError(400, problem);
  return documentDigits(value ?? '');
}

/** The digits of a phone with area code (10 or 11), null when empty and optional; 400 otherwise. */
export function phoneDigits(value: string | null | undefined, required: boolean): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    if (required) throw new HttpError(400, messages.registry.phoneRequired);
    return null;
  }
  const digits = phoneDigitsOf(text);
  if (digits === null) throw new HttpError(400, messages.registry.phoneInvalid);
  return digits;
}
