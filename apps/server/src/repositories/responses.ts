import { asc, inArray } from 'drizzle-orm';
import type { WireItem } from '../../../../engine/definition/types.ts';
import type { Db } from '../db/client.ts';
import { responses } from '../db/schema.ts';

/** Stores the wire items of one evaluation (call inside the submission's transaction). */
export async function insertResponses(db: Db, evaluationId: string, items: WireItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(responses).values(items.map((item) => ({ evaluationId, question: item.question, response: item.response })));
}

/** The stored items of these evaluations, grouped by evaluation id. */
export async function responsesByEvaluation(db: Db, evaluationIds: string[]): Promise<Map<string, WireItem[]>> {
  const grouped = new Map<string, WireItem[]>();
  if (evaluationIds.length === 0) return grouped;
  const rows = await db
    .select({ evaluationId: responses.evaluationId, question: responses.question, response: responses.response })
    .from(responses)
    .where(inArray(responses.evaluationId, evaluationIds))
    .orderBy(asc(responses.id));
  for (const row of rows) {
    const items = grouped.get(row.evaluationId) ?? [];
    items.push({ question: row.question, response: row.response });
    grouped.set(row.evaluationId, items);
  }
  return grouped;
}
