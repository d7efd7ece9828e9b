import { messages } from '../../../../../engine/messages';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;

/**
 * The first problem of the profile form (administration.md 5 "Profile"), checked before calling the
 * server, or null: name and e-mail, the phone when shown, then "all three password fields or none".
 */
export function profileProblem(values: ProfileValues, phoneShown: boolean): FieldProblem<keyof ProfileValues> | null {
  if (values.name.trim() === '') return { field: 'name', message: messages.registry.userNameRequired };
  if (values.email.trim() === '') return { field: 'email', message: messages.registry.emailRequired };
  if (!EMAIL.test(values.email.trim())) return { field: 'email', message: messages.registry.emailInvalid };
  if (phoneShown && values.phone.trim() !== '') {
    const digits = values.phone.replace(/\D/g, '');
    if (digits.length < 10 || digits.length > 11) return { field: 'phone', message: messages.registry.phoneInvalid };
  }
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
