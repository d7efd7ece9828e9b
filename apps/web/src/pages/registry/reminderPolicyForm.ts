import { messages } from '../../../../../engine/messages';
import type { Company } from '../../../../server/src/contract/companies';
import type { ReminderPolicyBody } from '../../api/registry';

/** The 'Lembretes automáticos' group of the company form: a switch and three numbers as typed. */
export interface ReminderForm {
  enabled: boolean;
  reminder_days_before: string;
  reminder_max: string;
  reminder_min_gap_days: string;
}

/** A number field of the group. */
export type ReminderField = Exclude<keyof ReminderForm, 'enabled'>;

/** Suggested values when the policy is switched on for the first time. */
const DEFAULTS = { reminder_days_before: '3', reminder_max: '2', reminder_min_gap_days: '2' };

/** The group of a company (its policy, or off with the suggested values). */
export function reminderFormOf(company: Company | null): ReminderForm {
  const days = company?.reminder_days_before ?? null;
  const max = company?.reminder_max ?? null;
  const gap = company?.reminder_min_gap_days ?? null;
  if (days === null || max === null || gap === null) return { enabled: false, ...DEFAULTS };
  return { enabled: true, reminder_days_before: String(days), reminder_max: String(max), reminder_min_gap_days: String(gap) };
}

const LIMITS: [ReminderField, number, string][] = [
  ['reminder_days_before', 365, messages.registry.reminderDaysBeforeInvalid],
  ['reminder_max', 30, messages.registry.reminderMaxInvalid],
  ['reminder_min_gap_days', 365, messages.registry.reminderMinGapInvalid],
];

/** The first problem of the group when it is on (the server's messages), or null. */
export function reminderProblem(form: ReminderForm): { field: ReminderField; message: string } | null {
  if (!form.enabled) return null;
  for (const [field, maximum, message] of LIMITS) {
    const typed = form[field].trim();
    const value = Number(typed);
    if (!/^\d+$/.test(typed) || value < 1 || value > maximum) return { field, message };
  }
  return null;
}

/** What the company calls get: three numbers, or three nulls when switched off. */
export function reminderPolicyBody(form: ReminderForm): ReminderPolicyBody {
  if (!form.enabled) return { reminder_days_before: null, reminder_max: null, reminder_min_gap_days: null };
  return {
    reminder_days_before: Number(form.reminder_days_before.trim()),
    reminder_max: Number(form.reminder_max.trim()),
    reminder_min_gap_days: Number(form.reminder_min_gap_days.trim()),
  };
}

/** The field a server message about the policy belongs to; null for any other message. */
export function reminderFieldOf(message: string): ReminderField | null {
  const found = LIMITS.find(([, , text]) => text === message);
  if (found) return found[0];
  return message === messages.registry.reminderPolicyIncomplete ? 'reminder_days_before' : null;
}
