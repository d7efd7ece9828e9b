import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, cycles } from '../db/schema.ts';

/** A cycle with its evaluations counted. */
export interface CycleRow {
  id: number;
  companyId: number | null;
  courseId: number | null;
  name: string;
  types: number[];
  /** `YYYY-MM-DD`. */
  opensOn: string;
  closesOn: string | null;
  closedAt: Date | null;
  target: number;
  createdAt: Date;
  evaluations: number;
  answered: number;
}

/** The fields of a new cycle (the target defaults to 75%). */
export type NewCycle = Pick<CycleRow, 'companyId' | 'courseId' | 'name' | 'types' | 'opensOn' | 'closesOn'> & { target?: number };

/** What an update changes (absent: unchanged). */
export interface CycleChanges {
  name?: string;
  closesOn?: string | null;
  target?: number;
  closedAt?: Date | null;
}

const counted = {
  id: cycles.id,
  companyId: cycles.companyId,
  courseId: cycles.courseId,
  name: cycles.name,
  types: cycles.types,
  opensOn: cycles.opensOn,
  closesOn: cycles.closesOn,
  closedAt: cycles.closedAt,
  target: cycles.target,
  createdAt: cycles.createdAt,
  // Qualified by hand: a one-table select leaves its columns unqualified, and "id" would be the evaluation's.
  evaluations: sql<number>`(select count(*)::integer from "evaluations" "e" where "e"."cycle_id" = "cycles"."id")`,
  answered: sql<number>`(select count(*)::integer from "evaluations" "e" where "e"."cycle_id" = "cycles"."id" and "e"."done")`,
};

/** Who a list is of: a company's cycles (its courses' included), a course's, or every cycle. */
export type CycleOwner = { companyId: number } | { courseId: number } | 'all';

function ownerCondition(owner: CycleOwner): SQL | undefined {
  if (owner === 'all') return undefined;
  return 'companyId' in owner ? eq(cycles.companyId, owner.companyId) : eq(cycles.courseId, owner.courseId);
}

/** The cycles of an owner, newest first, their evaluations counted. */
export async function listCycles(db: Db, owner: CycleOwner): Promise<CycleRow[]> {
  return db
    .select(counted)
    .from(cycles)
    .where(ownerCondition(owner))
    .orderBy(desc(cycles.opensOn), desc(cycles.id));
}

/** The cycle with this id, its evaluations counted, or null. */
export async function findCycle(db: Db | Tx, id: number): Promise<CycleRow | null> {
  const rows = await db.select(counted).from(cycles).where(eq(cycles.id, id));
  return rows[0] ?? null;
}

/** The names of an owner's cycles that start with `prefix` (to number a new automatic one). */
export async function cycleNamesLike(db: Db | Tx, owner: { companyId: number | null; courseId: number | null }, prefix: string): Promise<Set<string>> {
  const sameOwner =
    owner.courseId === null ? and(isNull(cycles.courseId), owner.companyId === null ? isNull(cycles.companyId) : eq(cycles.companyId, owner.companyId)) : eq(cycles.courseId, owner.courseId);
  const rows = await db
    .select({ name: cycles.name })
    .from(cycles)
    .where(and(sameOwner, sql`starts_with(${cycles.name}, ${prefix})`));
  return new Set(rows.map((row) => row.name));
}

/** Inserts a cycle (inside the caller's transaction); resolves to its id. */
export async function insertCycle(db: Db | Tx, cycle: NewCycle): Promise<number> {
  const [row] = await db
    .insert(cycles)
    .values({ ...cycle, types: [...new Set(cycle.types)].sort((a, b) => a - b) })
    .returning({ id: cycles.id });
  return row!.id;
}

/** Adds questionnaire types to a cycle's (inside the caller's transaction). */
export async function addCycleTypes(db: Db | Tx, id: number, types: number[]): Promise<void> {
  await db
    .update(cycles)
    .set({ types: sql`(select coalesce(array_agg(distinct t order by t), '{}') from unnest(${cycles.types} || ${sql.param(types)}::integer[]) as t)` })
    .where(eq(cycles.id, id));
}

/** Changes a cycle (inside the caller's transaction). */
export async function updateCycle(db: Db | Tx, id: number, changes: CycleChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(cycles).set(changes).where(eq(cycles.id, id));
}

/**
 * Locks the cycle's row until the transaction ends (two reminders of one round pressed at once wait for
 * each other), and says when its pending people were last reminded since `since`; null when not.
 */
export async function lockAndLastReminded(tx: Tx, cycleId: number, since: Date): Promise<Date | null> {
  await tx.select({ id: cycles.id }).from(cycles).where(eq(cycles.id, cycleId)).for('update');
  const [last] = await tx
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'cycle.remind'), eq(auditLog.target, `cycle:${cycleId}`), sql`${auditLog.at} > ${since.toISOString()}::timestamptz`))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return last?.at ?? null;
}
