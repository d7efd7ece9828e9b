import { computes, disclosedAtoms, groupsUsed } from './spanCheck.ts';
/*
 * Which groups of a comparison (a heatmap's sectors) may show their numbers: the anonymity minimum
 * per group, and complementary suppression, so that no group under the minimum can be recovered by
 * subtracting shown groups from a shown total or from a larger shown group.
 *
 * The people are given as atoms: how many people belong to exactly one combination of groups (a
 * person in two sectors is in the atom of both; a person in none in the atom of none). Any group's,
 * union's or difference's size is a sum of atoms, so the rules see every overlap without a list of
 * people.
 */

/** People who belong to exactly these groups (keys), and to no other of the comparison. */
export interface GroupAtom {
  groups: string[];
  people: number;
}

/** Why a group is hidden: under the minimum itself, or hidden so that a small one cannot be deduced. */
export type HiddenReason = 'minimum' | 'complement';

/**
 * The hidden groups of a comparison, each with its reason; the others may be shown. The whole (every
 * atom's people) is taken as shown elsewhere on the view (the overall result); a whole under the
 * minimum is the caller's to withhold.
 *
 * 1. A group of 1 to `minimum` − 1 people is hidden ('minimum').
 * 2. Then, until nothing changes, a shown group is hidden ('complement') when, for a container C (the
 *    whole, or a shown group holding every person of it):
 *    - C less the group holds 1 to `minimum` − 1 people (one subtraction would reveal them), or
 *    - C less the union of some of its shown sub-groups that share no one holds 1 to `minimum` − 1
 *      people (the smallest of them is hidden: the rest's numbers are C's less theirs). Up to
 *      `LISTED_FAMILY_GROUPS` sub-groups every largest such family is listed; beyond (several
 *      groupings of many groups), one is searched for (`smallRemainder`), and only past its step
 *      limit is the smallest sub-group hidden outright.
 * 3. Where people belong to several groups and at most `EXHAUSTIVE_GROUPS` are shown, every sum and
 *    difference of the shown groups and the whole (each taken once, added or subtracted: A + B − the
 *    whole is the people in both when everyone is in one of them) is tried: one that singles out 1 to
 *    `minimum` − 1 people hides the smallest group in it ('complement'), and the search starts again.
 *    With more groups, the rules of 2 hold (they cover partitions and nested groups, sectors as
 *    they are kept); overlaps beyond them are not searched.
 * Ties hide the group listed last in `keys`, so the same data always hide the same groups.
 *
 * Where several groupings are shown together (sectors, positions and groups made of them: their keys
 * all in `keys`), `keep` says how much each group is worth keeping: of the groups whose hiding closes a
 * gap, the least kept is hidden first, the larger container included (a group of sectors is hidden
 * rather than the sector it would give away). Without it every group is kept alike and the smallest
 * group of the gap is hidden.
 */
export function suppressGroups(keys: string[], atoms: GroupAtom[], minimum: number, { keep = () => 0, exact = false, initial, eligible = () => true }: SuppressionOptions = {}): Map<string, HiddenReason> {
  const hidden = new Map<string, HiddenReason>(initial ?? []);
  const size = (key: string) => sum(atoms, (atom) => atom.groups.includes(key));
  const sizes = new Map(keys.map((key) => [key, size(key)]));
  const small = (people: number) => people > 0 && people < minimum;
  for (const key of keys) if (small(sizes.get(key)!) && !hidden.has(key)) hidden.set(key, 'minimum');
  const whole = sum(atoms, () => true);
  // Whether every person of `inner` is in `outer` (the whole holds everyone).
  const within = (inner: string, outer: string | null) => outer === null || atoms.every((atom) => atom.people === 0 || !atom.groups.includes(inner) || atom.groups.includes(outer));
  const sizeOf = (key: string | null) => (key === null ? whole : sizes.get(key)!);
  const measures = { sizeOf, within, small, order: keys, keep };
  for (;;) {
    const shown = keys.filter((key) => !hidden.has(key) && sizes.get(key)! > 0);
    const victim = exact ? spanVictim(shown, atoms, measures, minimum, eligible) : (complementVictim(shown, atoms, measures) ?? combinationVictim(shown, atoms, measures));
    if (victim === undefined) return hidden;
    hidden.set(victim, 'complement');
  }
}

/** How `suppressGroups` chooses. */
export interface SuppressionOptions {
  /** How much each group is worth keeping (several groupings shown together); default all alike. */
  keep?: (key: string) => number;
  /**
   * Instead of rules 2 and 3, the exact check (`spanCheck.ts`): no set of 1 to `minimum` − 1 people
   * is any linear combination of the whole and the shown groups, however many are shown. For several
   * groupings at once, where the rules' families and ±1 combinations do not reach.
   */
  exact?: boolean;
  /** Groups hidden already (an earlier layer's, `suppressLayers`), with their reasons. */
  initial?: ReadonlyMap<string, HiddenReason>;
  /** With `exact`: the groups to hide where hiding them closes a gap (the others only where nothing else does). */
  eligible?: (key: string) => boolean;
}

/**
 * Several groupings shown together (sectors, then positions, then groups made of them), each a layer,
 * the most kept first: the first is suppressed on its own, as it would be alone (so a sector heatmap
 * reads the same beside positions as without them); each later layer joins those before it, by the
 * exact check, hiding its own groups where they would give anyone away with the shown groups before
 * (and, only for a gap the earlier layers' rules left, an earlier group). Adding a layer never shows
 * what the layers before it hid.
 */
export function suppressLayers(layers: string[][], atoms: GroupAtom[], minimum: number): Map<string, HiddenReason> {
  let hidden = new Map<string, HiddenReason>();
  layers.forEach((layer, index) => {
    const keys = layers.slice(0, index + 1).flat();
    const inScope = new Set(keys);
    // The people as the groups so far see them: an atom per combination of these groups.
    const merged = new Map<string, GroupAtom>();
    for (const atom of atoms) {
      const groups = atom.groups.filter((group) => inScope.has(group)).sort();
      const key = groups.join('\u0000');
      merged.set(key, { groups, people: (merged.get(key)?.people ?? 0) + atom.people });
    }
    const projected = [...merged.values()];
    const own = new Set(layer);
    hidden = index === 0 ? suppressGroups(layer, projected, minimum) : suppressGroups(keys, projected, minimum, { exact: true, initial: hidden, eligible: (key) => own.has(key) });
  });
  return hidden;
}

/**
 * The next shown group to hide by the exact check, or undefined when nothing can be computed. Groups of
 * exactly the same people (a sector that is all one position) say the same: they are one term, kept as
 * much as its most kept group, and hidden together (one a pass). Of the terms one computation of a
 * disclosed set uses (the least kept, smallest tried first as its terms), the least kept, smallest,
 * later one goes, its least kept group first. Past the check's limit, the least kept, smallest group.
 */
function spanVictim(shown: string[], atoms: GroupAtom[], measures: Measures, minimum: number, eligible: (key: string) => boolean): string | undefined {
  const peopled = atoms.filter((atom) => atom.people > 0);
  if (shown.length === 0) return undefined;
  const members = (group: string) => peopled.flatMap((atom, index) => (atom.groups.includes(group) ? [index] : [])).join(',');
  const alike = new Map<string, string[]>();
  for (const group of shown) alike.set(members(group), [...(alike.get(members(group)) ?? []), group]);
  const classOf = (group: string) => alike.get(members(group))!;
  const terms = [...alike.values()].map((groups) => groups[0]!);
  const target = disclosedAtoms(peopled, terms, minimum);
  if (target === undefined) return undefined;
  // A term is open when hiding its groups is allowed (all of them eligible); worth as its most kept group.
  const open = (term: string) => classOf(term).every(eligible);
  const worth = (term: string) => Math.max(...classOf(term).map(measures.keep));
  const byClass = { ...measures, keep: worth };
  let chosen: string;
  if (target === null) chosen = victimAmong(terms.filter(open).length > 0 ? terms.filter(open) : terms, byClass);
  else {
    const preferred = [...terms].sort((a, b) => Number(open(b)) - Number(open(a)) || worth(a) - worth(b) || measures.sizeOf(a) - measures.sizeOf(b));
    const used = groupsUsed(peopled, preferred, target);
    // (None: the set is the whole's own, under the minimum: the caller withholds the whole.)
    if (used.length === 0) return undefined;
    const pool = used.filter(open).length > 0 ? used.filter(open) : used;
    // A term every computation needs, if there is one: hiding it stops this one; else the computation's.
    const needed = pool.filter((term) => !computes(peopled, terms.filter((other) => other !== term), target));
    chosen = victimAmong(needed.length > 0 ? needed : pool, byClass);
  }
  return victimAmong(classOf(chosen), measures);
}

/** The sum of the people of the atoms matching. */
function sum(atoms: GroupAtom[], matches: (atom: GroupAtom) => boolean): number {
  return atoms.reduce((total, atom) => total + (matches(atom) ? atom.people : 0), 0);
}

interface Measures {
  sizeOf: (key: string | null) => number;
  within: (inner: string, outer: string | null) => boolean;
  small: (people: number) => boolean;
  order: string[];
  keep: (key: string) => number;
}

/** Of groups whose hiding would close a gap: the least kept, then the smallest, then the later one. */
function victimAmong(groups: string[], { sizeOf, order, keep }: Measures): string {
  return [...groups].sort((a, b) => keep(a) - keep(b) || sizeOf(a) - sizeOf(b) || order.indexOf(b) - order.indexOf(a))[0]!;
}

/** The next shown group to hide so that no small difference can be computed, or undefined when none. */
function complementVictim(shown: string[], atoms: GroupAtom[], measures: Measures): string | undefined {
  const { sizeOf, within, small } = measures;
  // The gap's groups that may be hidden: its sub-groups, and the container when it is a group (not the whole).
  const victim = (groups: string[], container: string | null) => victimAmong(container === null ? groups : [...groups, container], measures);
  for (const container of [null, ...shown]) {
    const subs = shown.filter((key) => key !== container && within(key, container) && !(container !== null && within(container, key)));
    // One subtraction: the container less one of its groups.
    const single = subs.filter((key) => small(sizeOf(container) - sizeOf(key)));
    if (single.length > 0) return victim(single, container);
    // Several subtractions: the container less groups that share no one (every such family, the
    // largest ones: a smaller family leaves at least a shown group more, never too few).
    const families = subs.length > LISTED_FAMILY_GROUPS ? null : disjointFamilies(subs, (a, b) => atoms.some((atom) => atom.people > 0 && atom.groups.includes(a) && atom.groups.includes(b)));
    if (families === null) {
      // Too many groups or families to list (several groupings of many groups): search for one leaving too few.
      const inside = atoms.filter((atom) => atom.people > 0 && (container === null || atom.groups.includes(container)));
      const found = smallRemainder(inside, subs, measures);
      if (found === null) return victim(subs, container);
      if (found !== undefined) return victim(found, container);
      continue;
    }
    for (const family of families) {
      if (family.length > 1 && small(sizeOf(container) - family.reduce((total, key) => total + sizeOf(key), 0))) return victim(family, container);
    }
  }
  return undefined;
}

/** Up to this many groups in a container, its families are listed (`disjointFamilies`); beyond, searched (`smallRemainder`). */
const LISTED_FAMILY_GROUPS = 16;

/** The most steps `smallRemainder` takes before it gives up (null). */
const MAX_SEARCH_STEPS = 200_000;

/**
 * Some groups of `groups` (each holding only people of `inside`, the container's atoms) that share no
 * one and leave 1 to `minimum` − 1 of those people out, or undefined when there are none; null past
 * `MAX_SEARCH_STEPS`. A search over the atoms in turn: each is covered by one group holding it that
 * shares no one with those chosen, or left out while fewer than `minimum` people are. The budget of
 * people left out, not the number of families, bounds it: a family covers all but one or two people.
 */
export function smallRemainder(inside: GroupAtom[], groups: string[], { small }: Pick<Measures, 'small'>): string[] | undefined | null {
  const holders = inside.map((atom) => groups.filter((group) => atom.groups.includes(group)));
  const members = new Map(groups.map((group) => [group, inside.flatMap((atom, index) => (atom.groups.includes(group) ? [index] : []))]));
  // 0: not decided yet, 1: covered by a chosen group, 2: left out.
  const state = new Array<number>(inside.length).fill(0);
  const chosen: string[] = [];
  let steps = 0;
  const search = (from: number, left: number): boolean | null => {
    if ((steps += 1) > MAX_SEARCH_STEPS) return null;
    let index = from;
    while (index < inside.length && state[index] !== 0) index += 1;
    if (index === inside.length) return small(left);
    for (const group of holders[index]!) {
      const covers = members.get(group)!;
      if (covers.some((member) => state[member] !== 0)) continue;
      for (const member of covers) state[member] = 1;
      chosen.push(group);
      const found = search(index + 1, left);
      if (found !== false) return found;
      for (const member of covers) state[member] = 0;
      chosen.pop();
    }
    const people = inside[index]!.people;
    if (small(left + people)) {
      state[index] = 2;
      const found = search(index + 1, left + people);
      if (found !== false) return found;
      state[index] = 0;
    }
    return false;
  };
  const found = search(0, 0);
  if (found === null) return null;
  return found ? [...chosen] : undefined;
}

/** Up to this many shown groups, every combination of them is tried where groups overlap (3^(n+1) at most). */
export const EXHAUSTIVE_GROUPS = 8;

/**
 * Where people belong to several groups and few are shown: the smallest group of a combination of the
 * shown groups and the whole (each coefficient −1, 0 or +1) that counts every person 0 or 1 times and
 * 1 to `minimum` − 1 people once, or undefined when none does.
 */
function combinationVictim(shown: string[], atoms: GroupAtom[], measures: Measures): string | undefined {
  const { small } = measures;
  const peopled = atoms.filter((atom) => atom.people > 0);
  if (shown.length === 0 || shown.length > EXHAUSTIVE_GROUPS || peopled.every((atom) => atom.groups.filter((group) => shown.includes(group)).length <= 1)) return undefined;
  // Each atom's membership of the whole (index 0) and of each shown group.
  const member = peopled.map((atom) => [1, ...shown.map((group) => (atom.groups.includes(group) ? 1 : 0))]);
  const coefficients = new Array<number>(shown.length + 1).fill(-1);
  const total = 3 ** coefficients.length;
  let best: string | undefined;
  for (let step = 0; step < total; step += 1) {
    // The next combination (a base-3 counter over −1, 0, +1).
    if (step > 0) {
      for (let index = 0; index < coefficients.length; index += 1) {
        if (coefficients[index]! < 1) {
          coefficients[index]! += 1;
          break;
        }
        coefficients[index] = -1;
      }
    }
    let singled = 0;
    let exact = true;
    for (const [index, row] of member.entries()) {
      const weight = row.reduce((acc, inside, group) => acc + inside * coefficients[group]!, 0);
      if (weight !== 0 && weight !== 1) {
        exact = false;
        break;
      }
      singled += weight * peopled[index]!.people;
    }
    if (!exact || !small(singled)) continue;
    const used = shown.filter((_group, index) => coefficients[index + 1] !== 0);
    best = victimAmong(best === undefined ? used : [best, ...used], measures);
  }
  return best;
}

/** Beyond this many families the groups overlap too much to check: the smallest is hidden instead. */
const MAX_FAMILIES = 2000;

/**
 * Every largest family of groups no two of which share anyone (maximal independent sets of the
 * overlap graph, by Bron–Kerbosch with a pivot), or null past `MAX_FAMILIES`.
 */
export function disjointFamilies(groups: string[], overlap: (a: string, b: string) => boolean): string[][] | null {
  const apart = new Map(groups.map((group) => [group, new Set(groups.filter((other) => other !== group && !overlap(group, other)))]));
  const families: string[][] = [];
  const grow = (chosen: string[], candidates: Set<string>, excluded: Set<string>): boolean => {
    if (candidates.size === 0 && excluded.size === 0) {
      families.push(chosen);
      return families.length <= MAX_FAMILIES;
    }
    const pivot = [...candidates, ...excluded][0]!;
    for (const group of [...candidates].filter((candidate) => !apart.get(pivot)!.has(candidate))) {
      const near = apart.get(group)!;
      if (!grow([...chosen, group], new Set([...candidates].filter((other) => near.has(other))), new Set([...excluded].filter((other) => near.has(other))))) return false;
      candidates.delete(group);
      excluded.add(group);
    }
    return true;
  };
  return grow([], new Set(groups), new Set()) ? families : null;
}
