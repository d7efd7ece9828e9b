import { answersOf, peopleEvaluations } from '../../repositories/results/datasetRows.ts';
import type { Query } from './context.ts';

/** The answer key of an evaluation's staff status (the 360 by interview's 'status'). */
const STATUS_KEY = 'status';

/**
 * `people`: every evaluation (done or pending) of the people in scope, with whether all are done and,
 * with `status`, the label of each evaluation's staff status (`staff.statuses` of its questionnaire).
 */
export const peopleQuery: Query<'people'> = async (context, dataset, scope) => {
  const [found, statuses] = await Promise.all([peopleEvaluations(context.db, scope), dataset.status ? answersOf(context.db, scope, STATUS_KEY) : undefined]);
  const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
  return found.map((row) => {
    const staff = statuses ? context.questionnaires.get(Number(row.type))?.staff : undefined;
    const key = statuses?.get(String(row.evaluation));
    return {
      evaluation: String(row.evaluation),
      person: Number(row.person),
      name: row.name,
      position: row.position,
      type: Number(row.type),
      typeName: context.types.get(Number(row.type))?.name ?? String(row.type),
      createdAt: iso(row.created_at),
      expireAt: iso(row.expire_at),
      done: row.done,
      respondedAt: iso(row.responded_at),
      allDone: row.all_done,
      ...(staff ? { status: staff.statuses.find((status) => status.key === key)?.label ?? staff.notStartedLabel } : {}),
    };
  });
};
