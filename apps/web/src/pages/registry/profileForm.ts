import { messages } from '../../../../../engine/messages';
import { isEmail, normalizeEmail } from '../../../../../engine/rules/email';
import { phoneDigitsOf } from '../../../../../engine/rules/phone';

/** The Edit Profile form as typed. */
export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
}

/** A problem of the form: the field to mark and the spec's message. */
export interface FieldProblem<Field extends string> {
  field: Field;
  message: string;
}

const MIN_PASSWORD = 8;

/**
 * The first problem of the profile form (administration.md 5 "Profile"), checked before calling the
 * server, or null: name and e-mail, the phone when shown, then "all three password fields or none".
 */
export function profileProblem(values: ProfileValues, phoneShown: boolean): FieldProblem<keyof ProfileValues> | null {
  if (values.name.trim() === '') return { field: 'name', message: messages.registry.userNameRequired };
  // The server's rules: the address as it will be stored, the phone as the server reads it.
  const email = normalizeEmail(values.email);
  if (email === '') return { field: 'email', message: messages.registry.emailRequired };
  if (!isEmail(email)) return { field: 'email', message: messages.registry.emailInvalid };
  if (phoneShown && values.phone.trim() !== '' && phoneDigitsOf(values.phone) === null) return { field: 'phone', message: messages.registry.phoneInvalid };
  const passwords = [values.password, values.newPassword, values.confirmPassword];
  if (passwords.every((value) => value === '')) return null;
  const missing = (['password', 'newPassword', 'confirmPassword'] as const).find((field) => values[field] === '');
  if (missing) return { field: missing, message: messages.registry.passwordFieldsRequired };
  if (values.newPassword !== values.confirmPassword) return { field: 'confirmPassword', message: messages.registry.passwordMismatch };
  if (values.newPassword.length < MIN_PASSWORD) return { field: 'newPassword', message: messages.registry.passwordTooShort };
  return null;
}

/** The field a server message belongs to, so the form can mark it; null for a general message. */
export function profileFieldOf(message: string): keyof ProfileValues | null {
  const byMessage: Record<string, keyof ProfileValues> = {
    [messages.registry.emailTaken]: 'email',
    [messages.registry.emailInvalid]: 'email',
    [messages.registry.emailRequired]: 'email',
    [messages.registry.userNameRequired]: 'name',
    [messages.registry.phoneInvalid]: 'phone',
    [messages.registry.wrongPassword]: 'password',
    [messages.registry.passwordMismatch]: 'confirmPassword',
    [messages.registry.passwordTooShort]: 'newPassword',
    [messages.registry.passwordFieldsRequired]: 'password',
  };
  return byMessage[message] ?? null;
}
