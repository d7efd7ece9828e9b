import { messages } from '../../../../../engine/messages';
import { documentProblem } from '../../../../../engine/rules/documents';
import type { Company } from '../../../../server/src/contract/companies';
import type { CompanyForm } from '../../api/registry';

/** A field of the company form. */
export type CompanyField = keyof CompanyForm;

/**
 * The first problem of the company form, in the order its fields are shown (administration.md 5
 * "Company form"), or null. The CNPJ/CPF is checked by the server's rule, check digits included.
 */
export function companyProblem(form: CompanyForm): { field: CompanyField; message: string } | null {
  if (form.commercial_name.trim() === '') return { field: 'commercial_name', message: messages.registry.commercialNameRequired };
  if (form.company_name.trim() === '') return { field: 'company_name', message: messages.registry.companyNameRequired };
  const document = documentProblem(form.cnpj);
  return document === null ? null : { field: 'cnpj', message: document };
}

/** The field a server message about the company form belongs to; null for any other message. */
export function companyFieldOf(message: string): CompanyField | null {
  const byMessage: Record<string, CompanyField> = {
    [messages.registry.commercialNameRequired]: 'commercial_name',
    [messages.registry.companyNameRequired]: 'company_name',
    [messages.registry.documentRequired]: 'cnpj',
    [messages.registry.documentTooLong]: 'cnpj',
    [messages.registry.documentTooShort]: 'cnpj',
    [messages.registry.documentInvalid]: 'cnpj',
    [messages.registry.documentCharacters]: 'cnpj',
    [messages.registry.phoneInvalid]: 'phone',
    [messages.registry.phoneRequired]: 'phone',
  };
  return byMessage[message] ?? null;
}

/** Companies whose commercial or company name contains the search, ignoring case and accents. */
export function matchesSearch(company: { commercial_name: string; company_name: string }, search: string): boolean {
  const key = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').trim();
  const wanted = key(search);
  return wanted === '' || key(company.commercial_name).includes(wanted) || key(company.company_name).includes(wanted);
}

/** The most months a retention may be (ten years, as the database allows). */
const RETENTION_MAX_MONTHS = 120;

/** The retention field of a company as typed: its months, or empty (keep the data). */
export function retentionFormOf(company: Pick<Company, 'retention_months'> | null): string {
  const months = company?.retention_months;
  return months === null || months === undefined ? '' : String(months);
}

/** The problem of the typed retention (the server's message), or null: empty, or a whole number of months from 1 to 120. */
export function retentionProblem(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  const months = Number(value);
  return /^\d+$/.test(value) && months >= 1 && months <= RETENTION_MAX_MONTHS ? null : messages.retention.monthsInvalid;
}

/** What the company calls get for a valid typed retention: the months, or null to keep the data. */
export function retentionMonthsOf(typed: string): number | null {
  const value = typed.trim();
  return value === '' ? null : Number(value);
}
