import type { WireItem } from '../../../../engine/definition/types.ts';
import type { Db } from '../db/client.ts';
import { responses } from '../db/schema.ts';

/** Stores the wire items of one evaluation (call inside the submission's transaction). */
export async function insertResponses(db: Db, evaluationId: string, items: WireItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(responses).values(items.map((item) => ({ evaluationId, question: item.question, response: item.response })));
}
