import { format, messages } from '../../../engine/messages.ts';
import { formatDateBR, localDay } from '../../../engine/rules/dates.ts';
import { canSeeCompany } from './access.ts';
import type { Db, Tx } from './db/client.ts';
import { HttpError } from './errors.ts';
import { addCycleTypes, cycleNamesLike, findCycle, insertCycle, type CycleRow } from './repositories/cycles.ts';
import type { Account } from './types.ts';

/*
 * Which round (cycle) the evaluations one call creates join. A cycle is one company's, or one course's:
 * an evaluation made from a course belongs to the course's rounds, any other to its evaluator's
 * company's. The call names an existing open cycle, or the name of a new one; naming neither, each
 * questionnaire of each owner gets a new cycle named by the questionnaire and the day, as migration
 * 0012 named the rounds made before cycles existed (one cycle per owner, questionnaire and call).
 */

/** Whose round an evaluation belongs to: a course's (with the course's company), or a company's. */
export interface CycleOwnerOf {
  companyId: number | null;
  courseId: number | null;
}

/** An evaluation about to be created, as the cycle choice sees it. */
export interface CycleItem {
  owner: CycleOwnerOf;
  /** The type the call asked for (a bundle's, for its members: one round for the whole scanner). */
  requestedType: number;
  typeEvaluation: number;
  expireAt: Date | null;
}

/** What the call chose: an existing cycle, a new one's name, or neither. */
export interface CycleChoice {
  cycleId?: number;
  cycleName?: string;
}

/** What naming and dating a new cycle needs: the day it opens and the questionnaires' names. */
export interface CycleDating {
  now: Date;
  timeZone: string;
  typeName(type: number): string;
}

/** What choosing a cycle needs: the account (which cycles it may join) and the dating of new ones. */
export interface CycleContext extends CycleDating {
  account: Account;
}

const ownerKey = (owner: CycleOwnerOf) => (owner.courseId !== null ? `course:${owner.courseId}` : owner.companyId !== null ? `company:${owner.companyId}` : null);

/** Whether the account may see the cycle: a company user sees its own company's (its courses' included). */
export function canSeeCycle(account: Account, cycle: Pick<CycleRow, 'companyId'>): boolean {
  return canSeeCompany(account, cycle.companyId);
}

function lastDay(items: CycleItem[], timeZone: string): string | null {
  const days = items.flatMap((item) => (item.expireAt ? [localDay(item.expireAt, timeZone)] : []));
  return days.length === 0 ? null : days.sort().at(-1)!;
}

/**
 * The cycle of each item (in their order; null for an evaluation with neither a company nor a course
 * when the call chose no cycle), creating the new ones in `tx`. 404 for a cycle the account cannot see,
 * 409 for a closed one, 400 for items of another owner than the cycle's.
 */
export async function cyclesForBatch(tx: Tx, choice: CycleChoice, items: CycleItem[], context: CycleContext): Promise<(number | null)[]> {
  if (choice.cycleId !== undefined && choice.cycleName !== undefined) throw new HttpError(400, messages.cycles.bothGiven);
  const types = [...new Set(items.map((item) => item.typeEvaluation))];
  if (choice.cycleId !== undefined) {
    const cycle = await findCycle(tx, choice.cycleId);
    if (!cycle || !canSeeCycle(context.account, cycle)) throw new HttpError(404, format(messages.cycles.notFound, { id: choice.cycleId }));
    if (cycle.closedAt) throw new HttpError(409, format(messages.cycles.closed, { name: cycle.name }));
    const own = ownerKey(cycle);
    if (items.some((item) => ownerKey(item.owner) !== own)) throw new HttpError(400, format(messages.cycles.otherOwner, { name: cycle.name }));
    await addCycleTypes(tx, cycle.id, types);
    return items.map(() => cycle.id);
  }
  const opensOn = localDay(context.now, context.timeZone);
  if (choice.cycleName !== undefined) {
    const name = choice.cycleName.trim();
    if (name === '') throw new HttpError(400, messages.cycles.nameRequired);
    const owners = new Set(items.map((item) => ownerKey(item.owner)));
    if (owners.size > 1) throw new HttpError(400, messages.cycles.manyOwners);
    if (owners.has(null)) throw new HttpError(400, messages.cycles.ownerRequired);
    const id = await insertCycle(tx, { ...items[0]!.owner, name, types, opensOn, closesOn: lastDay(items, context.timeZone) });
    return items.map(() => id);
  }
  return automaticCycles(tx, items, context);
}

/**
 * New cycles for evaluations made with no cycle chosen: one per owner and questionnaire asked for,
 * named by the questionnaire and the day (numbered when the owner already has that name), opening that
 * day and closing on the last expiry day of its links; the cycle of each item, in their order (null for
 * an evaluation with neither a company nor a course). The seed and the demo answers use it too.
 */
export async function automaticCycles(tx: Tx | Db, items: CycleItem[], dating: CycleDating): Promise<(number | null)[]> {
  const groups = new Map<string, CycleItem[]>();
  for (const item of items) {
    const key = ownerKey(item.owner);
    if (key === null) continue;
    const group = `${key}|${item.requestedType}`;
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  const opensOn = localDay(dating.now, dating.timeZone);
  const ids = new Map<string, number>();
  for (const [group, members] of groups) {
    const first = members[0]!;
    const base = format(messages.cycles.automaticName, { type: dating.typeName(first.requestedType), date: formatDateBR(dating.now, dating.timeZone) });
    const taken = await cycleNamesLike(tx, first.owner, base);
    let name = base;
    for (let nth = 2; taken.has(name); nth += 1) name = `${base} (${nth})`;
    const memberTypes = [...new Set(members.map((item) => item.typeEvaluation))];
    ids.set(group, await insertCycle(tx, { ...first.owner, name, types: memberTypes, opensOn, closesOn: lastDay(members, dating.timeZone) }));
  }
  return items.map((item) => {
    const key = ownerKey(item.owner);
    return key === null ? null : ids.get(`${key}|${item.requestedType}`)!;
  });
}
