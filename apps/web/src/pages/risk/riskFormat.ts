import { format, messages } from '../../../../../engine/messages';
import { formatDate } from '../../format';
import type { RiskFactorView, RiskMatrixView } from './riskTypes';

const text = messages.screenRisk;

/** A scale's step as '3 – Grave' (1-based). */
export function stepText(number: number, label: string): string {
  return format(text.step, { number, label });
}

/** A factor's severity as its matrix step ('3 – Grave'), 'Não definida' when unset, the bare number for a step the matrix lacks. */
export function severityText(matrix: RiskMatrixView, severity: number | null): string {
  if (severity === null) return text.notSet;
  const step = matrix.severity[severity - 1];
  return step ? stepText(severity, step.label) : String(severity);
}

/** 'Definida por Ana em 03/04/2026' (or without the name when the account is gone); '' when unset. */
export function setByText(factor: Pick<RiskFactorView, 'updated_at' | 'updated_by' | 'severity'>): string {
  if (factor.severity === null || !factor.updated_at) return '';
  const date = formatDate(factor.updated_at);
  return factor.updated_by ? format(text.setBy, { name: factor.updated_by, date }) : format(text.setOn, { date });
}

/** The shortest and longest reason the server takes (trimmed). */
export const REASON_MIN = 10;
export const REASON_MAX = 1000;

/** The inline error of a reason, or null when it is fine. */
export function reasonError(reason: string): string | null {
  const length = reason.trim().length;
  if (length < REASON_MIN) return format(text.reasonShort, { min: REASON_MIN });
  if (length > REASON_MAX) return format(text.reasonLong, { max: REASON_MAX });
  return null;
}
