import { and, eq } from 'drizzle-orm';
import type { RiskMatrix } from '../../../../engine/definition/risk.ts';
import type { Db, Tx } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';
import { riskMatrices, riskSeverities } from '../db/riskSchema.ts';

/*
 * A company's psychosocial risk settings (issue 27): its own risk matrix, if it has one, and the
 * severity the consultant set for each risk factor, with the reason.
 */

/** A factor's severity at a company: the step (1 = the matrix's lowest), why, and who set it when. */
export interface FactorSeverity {
  severity: number;
  reason: string;
  updatedAt: Date;
  /** The name of who set it (null when that account is gone). */
  updatedBy: string | null;
}

/** The company's own risk matrix, or null when it rates by the default one. */
export async function companyMatrix(db: Db | Tx, companyId: number): Promise<RiskMatrix | null> {
  const [row] = await db.select({ matrix: riskMatrices.matrix }).from(riskMatrices).where(eq(riskMatrices.companyId, companyId));
  return row ? (row.matrix as RiskMatrix) : null;
}

/** The severities set at a company for a questionnaire's risk factors, by factor id. */
export async function severitiesOf(db: Db | Tx, companyId: number, type: number): Promise<Map<string, FactorSeverity>> {
  const rows = await db
    .select({ factor: riskSeverities.factor, severity: riskSeverities.severity, reason: riskSeverities.reason, updatedAt: riskSeverities.updatedAt, updatedBy: users.name })
    .from(riskSeverities)
    .leftJoin(users, eq(users.id, riskSeverities.updatedBy))
    .where(and(eq(riskSeverities.companyId, companyId), eq(riskSeverities.typeEvaluation, type)));
  return new Map(rows.map((row) => [row.factor, { severity: row.severity, reason: row.reason, updatedAt: row.updatedAt, updatedBy: row.updatedBy }]));
}

/** A severity as set: the company, the questionnaire's type, the factor, the step and why, by whom. */
export interface SeverityChange {
  companyId: number;
  type: number;
  factor: string;
  severity: number;
  reason: string;
  updatedBy: number;
}

/** Every severity set at a company, over all questionnaires. */
export async function companySeverities(db: Db | Tx, companyId: number): Promise<{ type: number; factor: string; severity: number }[]> {
  return db
    .select({ type: riskSeverities.typeEvaluation, factor: riskSeverities.factor, severity: riskSeverities.severity })
    .from(riskSeverities)
    .where(eq(riskSeverities.companyId, companyId));
}

/**
 * Locks the company's row until the transaction ends: a severity and the matrix that bounds it are
 * changed one at a time, so no severity outlives a smaller matrix.
 */
export async function lockRiskSettings(tx: Tx, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Sets a factor's severity at a company (a new one or over the last). */
export async function saveSeverity(tx: Tx, change: SeverityChange): Promise<void> {
  const values = { severity: change.severity, reason: change.reason, updatedBy: change.updatedBy, updatedAt: new Date() };
  await tx
    .insert(riskSeverities)
    .values({ companyId: change.companyId, typeEvaluation: change.type, factor: change.factor, ...values })
    .onConflictDoUpdate({ target: [riskSeverities.companyId, riskSeverities.typeEvaluation, riskSeverities.factor], set: values });
}

/** Clears a factor's severity at a company; false when none was set. */
export async function deleteSeverity(tx: Tx, companyId: number, type: number, factor: string): Promise<boolean> {
  const deleted = await tx
    .delete(riskSeverities)
    .where(and(eq(riskSeverities.companyId, companyId), eq(riskSeverities.typeEvaluation, type), eq(riskSeverities.factor, factor)))
    .returning({ factor: riskSeverities.factor });
  return deleted.length > 0;
}

/** Sets the company's own risk matrix (validated by the caller). */
export async function saveCompanyMatrix(tx: Tx, companyId: number, matrix: RiskMatrix, updatedBy: number): Promise<void> {
  const values = { matrix, updatedBy, updatedAt: new Date() };
  await tx.insert(riskMatrices).values({ companyId, ...values }).onConflictDoUpdate({ target: riskMatrices.companyId, set: values });
}

/** Drops the company's own risk matrix (it rates by the default again); false when it had none. */
export async function deleteCompanyMatrix(tx: Tx, companyId: number): Promise<boolean> {
  const deleted = await tx.delete(riskMatrices).where(eq(riskMatrices.companyId, companyId)).returning({ companyId: riskMatrices.companyId });
  return deleted.length > 0;
}
