import type { RiskMatrix } from '../../../../../engine/definition/risk';

/*
 * The answers of the risk routes (`apps/server/src/routes/risk.ts`, issue 27) as the screen reads them:
 * a company's risk matrix and the severity the consultant set for each psychosocial risk factor.
 */

/** The matrix as the server sends it (no `$schema`). */
export type RiskMatrixView = Omit<RiskMatrix, '$schema'>;

/** A risk factor of a questionnaire at a company, with the severity set for it (all null when none). */
export interface RiskFactorView {
  id: string;
  label: string;
  hazard: string;
  harms: string;
  /** The matrix's severity step, 1-based (1 = the lowest), or null when not set. */
  severity: number | null;
  reason: string | null;
  /** ISO instant of the last change. */
  updated_at: string | null;
  /** Name of who set it (null when not set, or that account is gone). */
  updated_by: string | null;
}

/** A questionnaire with risk factors. */
export interface RiskQuestionnaireView {
  type: number;
  title: string;
  factors: RiskFactorView[];
}

/** `GET /api/risk/{companyId}`. */
export interface RiskView {
  matrix: RiskMatrixView;
  /** Whether the company rates by its own matrix (else the default one). */
  own: boolean;
  questionnaires: RiskQuestionnaireView[];
}

/** `PUT /api/risk/{companyId}/severities/{type}/{factor}`'s body. */
export interface SeverityInput {
  severity: number;
  reason: string;
}

/** What a severity's save or clear answers: the message, and the factor as it is now (when sent). */
export interface SeveritySaved {
  message?: string;
  factor?: RiskFactorView;
}
