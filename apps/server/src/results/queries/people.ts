import { peopleEvaluations } from '../../repositories/results/datasetRows.ts';
import type { Query } from './context.ts';

/** `people`: every evaluation (done or pending) of the people in scope, with whether all are done. */
export const peopleQuery: Query<'people'> = async (context, _dataset, scope) => {
  const found = await peopleEvaluations(context.db, scope);
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return found.map((row) => ({
    evaluation: String(row.evaluation),
    person: Number(row.person),
    name: row.name,
    type: Number(row.type),
    typeName: context.types.get(Number(row.type))?.name ?? String(row.type),
    createdAt: iso(row.created_at),
    expireAt: iso(row.expire_at),
    done: row.done,
    respondedAt: iso(row.responded_at),
    allDone: row.all_done,
  }));
};
