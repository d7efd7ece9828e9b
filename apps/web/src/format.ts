/** Brazilian display formats of the staff screens. */
import { formatDateBR, formatDateTimeBR, formatDay, PRODUCT_TIME_ZONE } from '../../../engine/rules/dates';

/** "11987654321" → "(11) 98765-4321"; "1133334444" → "(11) 3333-4444"; anything else as given. */
export function formatPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return value ?? '';
}

/** An ISO instant as dd/mm/aaaa in São Paulo (the product's time zone); '' for null. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDateBR(date, PRODUCT_TIME_ZONE);
}

/** A calendar day 'aaaa-mm-dd' (a cycle's opening or closing day) as dd/mm/aaaa, with no time zone to shift it; '' for null. */
export { formatDay };

/** An ISO instant as 'dd/mm/aaaa, hh:mm' in São Paulo; '' for null. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatDateTimeBR(date, PRODUCT_TIME_ZONE);
}

/** A CNPJ (14 digits) or CPF (11 digits) with its punctuation; anything else as given. */
export function formatDocument(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return value ?? '';
}

/** A number with one decimal and a comma: 7.25 → "7,3". */
export function formatGrade(value: number | null | undefined): string {
  return value == null ? '' : value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
