import { and, eq } from 'drizzle-orm';
import type { RiskMatrix } from '../../../../engine/definition/risk.ts';
import type { Db } from '../db/client.ts';
import { riskMatrices, riskSeverities, users } from '../db/schema.ts';

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
export async function companyMatrix(db: Db, companyId: number): Promise<RiskMatrix | null> {
  const [row] = await db.select({ matrix: riskMatrices.matrix }).from(riskMatrices).where(eq(riskMatrices.companyId, companyId));
  return row ? (row.matrix as RiskMatrix) : null;
}

/** The severities set at a company for a questionnaire's risk factors, by factor id. */
export async function severitiesOf(db: Db, companyId: number, type: number): Promise<Map<string, FactorSeverity>> {
  const rows = await db
    .select({ factor: riskSeverities.factor, severity: riskSeverities.severity, reason: riskSeverities.reason, updatedAt: riskSeverities.updatedAt, updatedBy: users.name })
    .from(riskSeverities)
    .leftJoin(users, eq(users.id, riskSeverities.updatedBy))
    .where(and(eq(riskSeverities.companyId, companyId), eq(riskSeverities.typeEvaluation, type)));
  return new Map(rows.map((row) => [row.factor, { severity: row.severity, reason: row.reason, updatedAt: row.updatedAt, updatedBy: row.updatedBy }]));
}
