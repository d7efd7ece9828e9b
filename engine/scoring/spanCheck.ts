import type { GroupAtom } from './suppression.ts';

/*
 * The exact check of a comparison shown by several groupings at once (sectors, positions, groups made
 * of them): an attacker who knows, for the whole and for every shown group, its people and the sum of
 * their values can compute the sum of any set of people whose indicator is a linear combination (any
 * coefficients) of those groups' indicators. People in exactly the same groups (an atom) are alike to
 * every group, so the sets that matter are sets of atoms T, and T's sum is computable exactly when
 * 1_T lies in the span of the groups' indicators over the atoms: when Σ_{a ∈ T} y_a = 0 for every y of
 * the groups' null space (y with Σ_a y_a = 0 over every group's atoms), that is when the atoms'
 * signatures (their entries in a basis of that null space) add up to zero. A disclosure is such a T of
 * 1 to minimum − 1 people; it holds at most minimum − 1 atoms, of fewer than minimum people each.
 *
 * The arithmetic is modulo a prime under 2^26 (products stay exact in doubles): a combination over the
 * rationals is one modulo the prime unless the prime divides its denominator (a minor of a 0/1 matrix:
 * about one chance in 67 million); a set that is not computable may look computable modulo the prime,
 * which hides a group more, never fewer.
 */

const P = 67108859; // 2^26 − 5, prime

const mod = (value: number) => ((value % P) + P) % P;

/** a^(P − 2): the inverse modulo P of a non-zero a. */
function inverse(a: number): number {
  let result = 1;
  let base = mod(a);
  for (let exponent = P - 2; exponent > 0; exponent = Math.floor(exponent / 2)) {
    if (exponent % 2 === 1) result = (result * base) % P;
    base = (base * base) % P;
  }
  return result;
}

/** Reduced row echelon form of `rows` (each a vector modulo P, changed in place): the pivot column of each kept row. */
function echelon(rows: number[][], width: number): { rows: number[][]; pivots: number[] } {
  const kept: number[][] = [];
  const pivots: number[] = [];
  let remaining = rows;
  for (let column = 0; column < width && remaining.length > 0; column += 1) {
    const at = remaining.findIndex((row) => row[column] !== 0);
    if (at < 0) continue;
    const pivot = remaining[at]!;
    const scale = inverse(pivot[column]!);
    for (let index = column; index < width; index += 1) pivot[index] = (pivot[index]! * scale) % P;
    remaining = remaining.filter((_row, index) => index !== at);
    for (const row of [...remaining, ...kept]) {
      const factor = row[column]!;
      if (factor === 0) continue;
      for (let index = column; index < width; index += 1) row[index] = mod(row[index]! - factor * pivot[index]!);
    }
    kept.push(pivot);
    pivots.push(column);
  }
  return { rows: kept, pivots };
}

/** For each atom, its signature: its entries in a basis of the null space of `vectors` (each a 0/1 vector over the atoms). */
function signatures(vectors: number[][], atoms: number): string[] {
  const { rows, pivots } = echelon(
    vectors.map((vector) => [...vector]),
    atoms,
  );
  const free = Array.from({ length: atoms }, (_, column) => column).filter((column) => !pivots.includes(column));
  // Null-space vector of free column f: 1 at f, −row[f] at each pivot.
  const entries: number[][] = Array.from({ length: atoms }, () => []);
  for (const column of free) {
    for (let atom = 0; atom < atoms; atom += 1) entries[atom]!.push(atom === column ? 1 : 0);
    rows.forEach((row, index) => {
      entries[pivots[index]!]![entries[pivots[index]!]!.length - 1] = mod(-row[column]!);
    });
  }
  return entries.map((entry) => entry.join(','));
}

/** Adds two signatures. */
const add = (a: string, b: string) => {
  if (a === '') return b;
  const right = b.split(',').map(Number);
  return a
    .split(',')
    .map((value, index) => (Number(value) + right[index]!) % P)
    .join(',');
};

/** The most candidate sets tried before the check gives up (null: the caller hides conservatively). */
const MAX_CANDIDATES = 500_000;

/**
 * A set of atoms (indices into `atoms`) of 1 to `minimum` − 1 people whose sum the whole and the
 * `shown` groups give away, or undefined when there is none; null past `MAX_CANDIDATES`.
 */
export function disclosedAtoms(atoms: GroupAtom[], shown: string[], minimum: number): number[] | undefined | null {
  const vectors = [atoms.map(() => 1), ...shown.map((group) => atoms.map((atom) => (atom.groups.includes(group) ? 1 : 0)))];
  const signature = signatures(vectors, atoms.length);
  const zero = signature[0]!.replace(/[^,]+/g, '0');
  const isZero = (value: string) => value === zero || value === '';
  const small = atoms.map((atom, index) => ({ index, people: atom.people })).filter((atom) => atom.people > 0 && atom.people < minimum);
  let tried = 0;
  // Sets of small atoms in index order, under the people budget, their signatures summed as they grow.
  const grow = (from: number, chosen: number[], people: number, sum: string): number[] | undefined | null => {
    for (let at = from; at < small.length; at += 1) {
      const atom = small[at]!;
      if (people + atom.people >= minimum) continue;
      if ((tried += 1) > MAX_CANDIDATES) return null;
      const total = add(sum, signature[atom.index]!);
      const set = [...chosen, atom.index];
      if (isZero(total)) return set;
      const found = grow(at + 1, set, people + atom.people, total);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return grow(0, [], 0, '');
}

/** The system "a combination of the whole and `groups` equals the target's indicator", reduced: one row per atom. */
function solved(atoms: GroupAtom[], groups: string[], target: number[]) {
  const vectors = [atoms.map(() => 1), ...groups.map((group) => atoms.map((atom) => (atom.groups.includes(group) ? 1 : 0)))];
  const rows = atoms.map((_atom, index) => [...vectors.map((vector) => vector[index]!), target.includes(index) ? 1 : 0]);
  return { ...echelon(rows, vectors.length + 1), last: vectors.length };
}

/** Whether the whole and `groups` give away the sum of the atoms `target`. */
export function computes(atoms: GroupAtom[], groups: string[], target: number[]): boolean {
  const { pivots, last } = solved(atoms, groups, target);
  return !pivots.includes(last);
}

/**
 * The groups a computation of the atoms `target` uses: the groups with a non-zero coefficient in one
 * combination of the whole and `groups` equal to the target's indicator (the earlier groups preferred).
 */
export function groupsUsed(atoms: GroupAtom[], groups: string[], target: number[]): string[] {
  const { rows, pivots, last } = solved(atoms, groups, target);
  const used: string[] = [];
  rows.forEach((row, index) => {
    const column = pivots[index]!;
    if (column > 0 && column < last && row[last] !== 0) used.push(groups[column - 1]!);
  });
  return used;
}
