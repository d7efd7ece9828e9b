/**
 * The anonymity minimum and complementary suppression of a comparison's groups
 * (engine/scoring/suppression.ts), against an independent brute-force reference.
 *
 * The reference is an attacker who knows, for the whole and for every SHOWN group, how many people it
 * holds and the sum of their values. A set S of people is disclosed when some combination, with
 * coefficients −1, 0 or +1, of the indicator vectors (over individual people) of the whole and the
 * shown groups is exactly S's indicator vector (every person's coefficient 0 or 1), and S holds 1 to
 * minimum − 1 people: S's sum is then known. The atoms are expanded into people and every one of the
 * 3^(shown + 1) combinations is tried, so the instances stay small (at most 6 groups, ~30 people).
 *
 * Deterministic: every fast-check run has a fixed seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disjointFamilies, smallRemainder, suppressGroups, suppressLayers, type GroupAtom, type HiddenReason } from '../../engine/scoring/suppression.ts';

interface Instance {
  keys: string[];
  atoms: GroupAtom[];
  minimum: number;
}

/** A disclosed set: the combination (coefficient per shown key, and the whole's) and its people. */
interface Disclosure {
  whole: number;
  coefficients: Record<string, number>;
  people: string[][];
}

/** Every person, as the list of groups they belong to. */
function expand(atoms: GroupAtom[]): string[][] {
  return atoms.flatMap((atom) => Array.from({ length: atom.people }, () => atom.groups));
}

/**
 * The first disclosed set (see the header) given the shown keys, or undefined when none. With
 * `subtractionsOnly`, only the combinations the doc comment names: one container (the whole or a
 * shown group) at +1, any shown groups at −1, nothing else.
 */
function disclosure(shown: string[], atoms: GroupAtom[], minimum: number, subtractionsOnly = false): Disclosure | undefined {
  const people = expand(atoms);
  const members = shown.map((key) => people.map((groups) => (groups.includes(key) ? 1 : 0)));
  const vectors = [people.map(() => 1), ...members];
  const coefficients = new Array<number>(vectors.length).fill(-1);
  const total = 3 ** vectors.length;
  for (let index = 0; index < total; index++) {
    let rest = index;
    for (let v = 0; v < vectors.length; v++) {
      coefficients[v] = (rest % 3) - 1;
      rest = Math.floor(rest / 3);
    }
    if (subtractionsOnly && coefficients.filter((c) => c === 1).length !== 1) continue;
    let count = 0;
    let valid = true;
    for (let p = 0; p < people.length && valid; p++) {
      let value = 0;
      for (let v = 0; v < vectors.length; v++) value += coefficients[v]! * vectors[v]![p]!;
      if (value === 1) count++;
      else if (value !== 0) valid = false;
    }
    if (valid && count >= 1 && count < minimum) {
      const chosen = people.filter((_, p) => vectors.reduce((value, vector, v) => value + coefficients[v]! * vector[p]!, 0) === 1);
      return {
        whole: coefficients[0]!,
        coefficients: Object.fromEntries(shown.map((key, k) => [key, coefficients[k + 1]!]).filter(([, c]) => c !== 0)),
        people: chosen,
      };
    }
  }
  return undefined;
}

/** The shown keys of a result: not hidden (groups of 0 people count as shown: their vector is zero). */
function shownOf(keys: string[], hidden: Map<string, HiddenReason>): string[] {
  return keys.filter((key) => !hidden.has(key));
}

function sizeOf(key: string, atoms: GroupAtom[]): number {
  return atoms.reduce((total, atom) => total + (atom.groups.includes(key) ? atom.people : 0), 0);
}

/** The whole is the caller's to withhold when under the minimum: the generators keep it at the minimum or more. */
function withWhole(atoms: GroupAtom[], minimum: number): GroupAtom[] {
  const whole = atoms.reduce((total, atom) => total + atom.people, 0);
  return whole >= minimum ? atoms : [...atoms, { groups: [], people: minimum - whole }];
}

const names = ['g0', 'g1', 'g2', 'g3', 'g4', 'g5'];

/** Keys in a shuffled order (the order only breaks ties). */
const keyOrder = (count: number) => fc.shuffledSubarray(names.slice(0, count), { minLength: count, maxLength: count });

/** Each person in at most one group, some possibly in none. */
const partitions: fc.Arbitrary<Instance> = fc
  .record({ sizes: fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 6 }), none: fc.nat({ max: 4 }), minimum: fc.integer({ min: 2, max: 5 }) })
  .chain(({ sizes, none, minimum }) =>
    keyOrder(sizes.length).map((keys) => ({
      keys,
      minimum,
      atoms: withWhole([...sizes.map((people, g) => ({ groups: [names[g]!], people })), { groups: [], people: none }], minimum),
    })),
  );

/**
 * Laminar families: a forest of groups (each group's parent is an earlier group or none), people
 * directly in a group belong to it and to all its ancestors; some people in no group. A group with
 * no direct people and one child has the same people as the child.
 */
const laminars: fc.Arbitrary<Instance> = fc
  .record({
    nodes: fc.array(fc.record({ parent: fc.nat({ max: 5 }), direct: fc.nat({ max: 4 }) }), { minLength: 1, maxLength: 6 }),
    none: fc.nat({ max: 3 }),
    minimum: fc.integer({ min: 2, max: 5 }),
  })
  .chain(({ nodes, none, minimum }) => {
    const parents = nodes.map(({ parent }, i) => (parent % (i + 1) === i ? null : parent % (i + 1)));
    const chain = (i: number): string[] => {
      const parent = parents[i]!;
      return [names[i]!, ...(parent === null ? [] : chain(parent))];
    };
    const atoms = [...nodes.map(({ direct }, i) => ({ groups: chain(i), people: direct })), { groups: [], people: none }];
    return keyOrder(nodes.length).map((keys) => ({ keys, minimum, atoms: withWhole(atoms, minimum) }));
  });

/** Any overlaps: each atom any combination of groups. */
const overlapping: fc.Arbitrary<Instance> = fc.integer({ min: 1, max: 6 }).chain((count) =>
  fc.record({
    keys: keyOrder(count),
    minimum: fc.integer({ min: 2, max: 5 }),
    atoms: fc.array(fc.record({ groups: fc.subarray(names.slice(0, count)), people: fc.nat({ max: 4 }) }), { maxLength: 7 }),
  }).map((instance) => ({ ...instance, atoms: withWhole(instance.atoms, instance.minimum) })),
);

/** Fails with the instance, the hidden groups and what an attacker computes (`keep`: how much each group is worth keeping). */
function expectNoDisclosure({ keys, atoms, minimum }: Instance, subtractionsOnly = false, keep?: Record<string, number>): void {
  const hidden = suppressGroups(keys, atoms, minimum, keep ? { keep: (key) => keep[key] ?? 0, exact: true } : {});
  const found = disclosure(shownOf(keys, hidden), atoms, minimum, subtractionsOnly);
  expect(found, JSON.stringify({ keys, atoms, minimum, keep, hidden: [...hidden] })).toBeUndefined();
}

/** Any overlaps, each group worth keeping 0, 1 or 2 (groupings shown together: sectors kept before the groups made of them). */
const kept = overlapping.chain((instance) => fc.array(fc.nat({ max: 2 }), { minLength: instance.keys.length, maxLength: instance.keys.length }).map((worth) => ({ instance, keep: Object.fromEntries(instance.keys.map((key, i) => [key, worth[i]!])) })));

/** Any overlaps, the groups in 1 to 3 layers (groupings shown together, the most kept first). */
const layered = overlapping.chain((instance) =>
  fc.array(fc.nat({ max: 2 }), { minLength: instance.keys.length, maxLength: instance.keys.length }).map((layerOf) => ({
    instance,
    layers: [0, 1, 2].map((layer) => instance.keys.filter((_key, index) => layerOf[index] === layer)).filter((keys) => keys.length > 0),
  })),
);

const runs = { seed: 42, numRuns: 300 };

describe('the brute-force reference', () => {
  it('finds what is plainly disclosed', () => {
    // A shown group of 2 under minimum 3 is itself disclosed.
    expect(disclosure(['a'], [{ groups: ['a'], people: 2 }, { groups: [], people: 5 }], 3)?.people).toHaveLength(2);
    // The whole less a shown group of 5: the 2 people in none.
    const found = disclosure(['a'], [{ groups: ['a'], people: 5 }, { groups: [], people: 2 }], 3);
    expect(found).toEqual({ whole: 1, coefficients: { a: -1 }, people: [[], []] });
    // a + b − whole is the intersection when everyone is in a or b (not a subtraction of disjoint groups).
    const overlap = [{ groups: ['a'], people: 3 }, { groups: ['a', 'b'], people: 2 }, { groups: ['b'], people: 3 }];
    expect(disclosure(['a', 'b'], overlap, 3)?.people).toEqual([['a', 'b'], ['a', 'b']]);
    expect(disclosure(['a', 'b'], overlap, 3, true)).toBeUndefined();
    // Nothing to disclose when every set computable has 0 or at least the minimum.
    expect(disclosure(['a', 'b'], [{ groups: ['a'], people: 3 }, { groups: ['b'], people: 4 }], 3)).toBeUndefined();
  });
});

describe('suppressGroups: no combination of shown groups and the whole discloses anyone', () => {
  it('on partitions (each person in one group at most)', () => {
    fc.assert(fc.property(partitions, (instance) => expectNoDisclosure(instance)), runs);
  });

  it('on laminar families (sector hierarchies), people possibly in no group', () => {
    fc.assert(fc.property(laminars, (instance) => expectNoDisclosure(instance)), runs);
  });

  it('by subtracting shown groups from the whole or a shown group, on any overlaps', () => {
    fc.assert(fc.property(overlapping, (instance) => expectNoDisclosure(instance, true)), runs);
  });

  it('by any combination, on any overlaps of at most 6 groups (A + B − the whole: the people in both)', () => {
    fc.assert(fc.property(overlapping, (instance) => expectNoDisclosure(instance)), runs);
  });

  it('by the exact check, whatever each group is worth keeping, by any combination', () => {
    fc.assert(fc.property(kept, ({ instance, keep }) => expectNoDisclosure(instance, false, keep)), runs);
  });

  it('in layers (several groupings shown together): by any combination, and the first layer as on its own', () => {
    fc.assert(
      fc.property(layered, ({ instance: { keys, atoms, minimum }, layers }) => {
        const hidden = suppressLayers(layers, atoms, minimum);
        const found = disclosure(shownOf(keys, hidden), atoms, minimum);
        expect(found, JSON.stringify({ layers, atoms, minimum, hidden: [...hidden] })).toBeUndefined();
        // The first layer reads as it would alone, unless a gap its own rules leave needs one of its groups.
        const alone = suppressGroups(layers[0]!, atoms.map((atom) => ({ ...atom, groups: atom.groups.filter((group) => layers[0]!.includes(group)) })), minimum);
        for (const [key, reason] of alone) expect(hidden.get(key)).toBe(reason);
      }),
      runs,
    );
  });
});

describe('suppressGroups: the minimum', () => {
  it("hides every group of 1 to minimum − 1 people as 'minimum', never a group of 0; shown groups hold the minimum", () => {
    fc.assert(
      fc.property(fc.oneof(partitions, laminars, overlapping), ({ keys, atoms, minimum }) => {
        const hidden = suppressGroups(keys, atoms, minimum);
        for (const key of hidden.keys()) expect(keys).toContain(key);
        for (const key of keys) {
          const size = sizeOf(key, atoms);
          if (size === 0) expect(hidden.has(key)).toBe(false);
          else if (size < minimum) expect(hidden.get(key)).toBe('minimum');
          else expect(hidden.get(key)).not.toBe('minimum');
        }
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('hides nothing under a minimum of 1', () => {
    fc.assert(fc.property(overlapping, ({ keys, atoms }) => {
      expect(suppressGroups(keys, atoms, 1).size).toBe(0);
    }), { seed: 11, numRuns: 100 });
  });
});

describe('suppressGroups: determinism', () => {
  it('gives the same result for the same input, and whatever the order of the atoms and of their groups', () => {
    fc.assert(
      fc.property(
        fc.oneof(partitions, laminars, overlapping).chain((instance) =>
          fc.record({
            instance: fc.constant(instance),
            // A permutation of the atoms, each atom's groups permuted too.
            atoms: fc.shuffledSubarray(instance.atoms, { minLength: instance.atoms.length, maxLength: instance.atoms.length }).chain((atoms) =>
              fc.tuple(...atoms.map((atom) => fc.shuffledSubarray(atom.groups, { minLength: atom.groups.length, maxLength: atom.groups.length }).map((groups) => ({ groups, people: atom.people })))),
            ),
          }),
        ),
        ({ instance: { keys, atoms, minimum }, atoms: reordered }) => {
          const first = [...suppressGroups(keys, atoms, minimum)];
          expect([...suppressGroups(keys, atoms, minimum)]).toEqual(first);
          expect([...suppressGroups(keys, reordered, minimum)].sort()).toEqual([...first].sort());
        },
      ),
      { seed: 5, numRuns: 300 },
    );
  });

  it('ignores atoms of 0 people', () => {
    fc.assert(
      fc.property(overlapping, fc.array(fc.subarray(names), { maxLength: 4 }), ({ keys, atoms, minimum }, empty) => {
        const padded = [...atoms, ...empty.map((groups) => ({ groups: groups.filter((key) => keys.includes(key)), people: 0 }))];
        expect([...suppressGroups(keys, padded, minimum)].sort()).toEqual([...suppressGroups(keys, atoms, minimum)].sort());
      }),
      { seed: 9, numRuns: 200 },
    );
  });
});

describe('suppressGroups: hand-computed examples (minimum 3)', () => {
  const hidden = (keys: string[], atoms: GroupAtom[], minimum = 3) => Object.fromEntries(suppressGroups(keys, atoms, minimum));

  it('hides a small sector and the smallest shown one its complement would reveal', () => {
    // Atendimento {Ana, Bia, Caio} 3, Cozinha {Davi, Eva, Fábio, Gil} 4, Entrega {Hugo, Iris} 2; whole 9.
    // Entrega (2) is under 3: hidden 'minimum'. Then whole − Atendimento − Cozinha = 9 − 3 − 4 = 2 =
    // {Hugo, Iris}: Entrega deduced. Of Atendimento (3) and Cozinha (4) the smaller, Atendimento, is hidden
    // 'complement'; then whole − Cozinha = 5 (Atendimento and Entrega together) is safe: Cozinha stays.
    const keys = ['Atendimento', 'Cozinha', 'Entrega'];
    const atoms = [
      { groups: ['Atendimento'], people: 3 },
      { groups: ['Cozinha'], people: 4 },
      { groups: ['Entrega'], people: 2 },
    ];
    expect(hidden(keys, atoms)).toEqual({ Entrega: 'minimum', Atendimento: 'complement' });
    expect(disclosure(['Cozinha'], atoms, 3)).toBeUndefined();
    // Showing both would disclose Hugo and Iris.
    expect(disclosure(['Atendimento', 'Cozinha'], atoms, 3)?.people).toEqual([['Entrega'], ['Entrega']]);
  });

  it('hides a group nested in another when they differ by 1 or 2 people', () => {
    // Loja {Ana, Bia, Caio, Davi, Eva, Fábio, Gil, Hugo} 8 holds Caixa {Ana .. Fábio} 6; Iris, João, Lia,
    // Mel in no group; whole 12. Whole − Loja = 4, whole − Caixa = 6: safe. But Loja − Caixa = 2 = {Gil,
    // Hugo}: Caixa, the smaller, is hidden 'complement'; Loja (8, whole − Loja = 4) stays.
    const atoms = [
      { groups: ['Loja', 'Caixa'], people: 6 },
      { groups: ['Loja'], people: 2 },
      { groups: [], people: 4 },
    ];
    expect(hidden(['Loja', 'Caixa'], atoms)).toEqual({ Caixa: 'complement' });
    expect(hidden(['Caixa', 'Loja'], atoms)).toEqual({ Caixa: 'complement' });
    // A difference of 1 (Loja 7 ⊃ Caixa 6) the same.
    const byOne = [{ groups: ['Loja', 'Caixa'], people: 6 }, { groups: ['Loja'], people: 1 }, { groups: [], people: 4 }];
    expect(hidden(['Loja', 'Caixa'], byOne)).toEqual({ Caixa: 'complement' });
    // A difference of 3 is safe (Loja 9 ⊃ Caixa 6).
    expect(hidden(['Loja', 'Caixa'], [{ groups: ['Loja', 'Caixa'], people: 6 }, { groups: ['Loja'], people: 3 }, { groups: [], people: 4 }])).toEqual({});
    // A group with the same people as its container (Loja = Caixa) reveals nothing: both shown.
    expect(hidden(['Loja', 'Caixa'], [{ groups: ['Loja', 'Caixa'], people: 6 }, { groups: [], people: 4 }])).toEqual({});
  });

  it('hides groups when 2 people are in none', () => {
    // Atendimento 3, Cozinha 4, and Hugo and Iris in no sector; whole 9. Whole − Atendimento − Cozinha =
    // 2 = {Hugo, Iris}: the smaller, Atendimento, is hidden 'complement'.
    expect(hidden(['Atendimento', 'Cozinha'], [{ groups: ['Atendimento'], people: 3 }, { groups: ['Cozinha'], people: 4 }, { groups: [], people: 2 }])).toEqual({ Atendimento: 'complement' });
    // One sector of 5 and 2 in none: whole − sector = 2 with one subtraction: the sector is hidden.
    expect(hidden(['Loja'], [{ groups: ['Loja'], people: 5 }, { groups: [], people: 2 }])).toEqual({ Loja: 'complement' });
    // 3 in none: safe.
    expect(hidden(['Loja'], [{ groups: ['Loja'], people: 5 }, { groups: [], people: 3 }])).toEqual({});
  });

  it('breaks a tie by hiding the group listed last', () => {
    // Norte 3, Sul 3, Leste 1 (hidden 'minimum'); whole − Norte − Sul = 1: Norte and Sul tie at 3, the
    // one listed last goes.
    const atoms = [{ groups: ['Norte'], people: 3 }, { groups: ['Sul'], people: 3 }, { groups: ['Leste'], people: 1 }];
    expect(hidden(['Norte', 'Sul', 'Leste'], atoms)).toEqual({ Leste: 'minimum', Sul: 'complement' });
    expect(hidden(['Sul', 'Norte', 'Leste'], atoms)).toEqual({ Leste: 'minimum', Norte: 'complement' });
  });

  it('keeps groups of 0 people out of the result and counts everyone of a person in two sectors once', () => {
    // Vazio has no one. Ana and Bia are in both Loja and Caixa: Loja 5 = {Ana, Bia, Caio, Davi, Eva},
    // Caixa 5 = {Ana, Bia, Fábio, Gil, Hugo}; whole 8. Whole − Loja = 3, whole − Caixa = 3, but
    // Loja + Caixa − whole = {Ana, Bia}: one of the two is hidden, Caixa (a tie, listed last).
    const atoms = [
      { groups: ['Loja'], people: 3 },
      { groups: ['Loja', 'Caixa'], people: 2 },
      { groups: ['Caixa'], people: 3 },
      { groups: ['Vazio'], people: 0 },
    ];
    expect(hidden(['Loja', 'Caixa', 'Vazio'], atoms)).toEqual({ Caixa: 'complement' });
  });
});

describe('suppressGroups: several groupings shown together (minimum 3)', () => {
  const hidden = (keys: string[], atoms: GroupAtom[], layered = true) => {
    // Sectors are kept before positions, positions before the exposure groups staff make of them.
    const layers = layered ? ['sector:', 'position:', 'exposure:'].map((prefix) => keys.filter((key) => key.startsWith(prefix))).filter((layer) => layer.length > 0) : [keys];
    return Object.fromEntries(layers.length > 1 ? suppressLayers(layers, atoms, 3) : suppressGroups(keys, atoms, 3));
  };

  it('hides the group made of sectors, not the sector it would give away', () => {
    // Produção 6, Logística 5, Manutenção 4, Oficina 2; whole 17. Alone, the sectors hide Oficina
    // ('minimum') and Manutenção, the smallest whose hiding stops whole − the others = 2. Campo =
    // Produção + Oficina = 8: Campo − Produção = 2 = Oficina's people, so one of the two must go. Kept
    // alike, the smaller, Produção, would go; worth less, Campo goes and the sectors stay as they were.
    const atoms = [
      { groups: ['sector:Produção', 'exposure:Campo'], people: 6 },
      { groups: ['sector:Logística'], people: 5 },
      { groups: ['sector:Manutenção'], people: 4 },
      { groups: ['sector:Oficina', 'exposure:Campo'], people: 2 },
    ];
    const sectors = ['sector:Logística', 'sector:Manutenção', 'sector:Oficina', 'sector:Produção'];
    const alone = { 'sector:Oficina': 'minimum', 'sector:Manutenção': 'complement' };
    expect(hidden(sectors, atoms.map((atom) => ({ ...atom, groups: atom.groups.filter((group) => group.startsWith('sector:')) })))).toEqual(alone);
    expect(hidden([...sectors, 'exposure:Campo'], atoms)).toEqual({ ...alone, 'exposure:Campo': 'complement' });
    // One layer of all, kept alike: the smaller of Campo and Produção goes.
    expect(hidden([...sectors, 'exposure:Campo'], atoms, false)).toEqual({ ...alone, 'sector:Produção': 'complement' });
    // Without the suppression across groupings, Campo and Produção give Oficina away.
    expect(disclosure(['sector:Logística', 'sector:Produção', 'exposure:Campo'], atoms, 3)?.people).toHaveLength(2);
    expect(disclosure(['sector:Logística', 'sector:Produção'], atoms, 3)).toBeUndefined();
  });

  it('hides a position that differs from its sector by 1 or 2 people', () => {
    // Operador {6 people}, all in Produção (8); Logística 5; whole 13. Produção − Operador = 2: the
    // position goes (worth less, and smaller); the sectors stay.
    const atoms = [
      { groups: ['sector:Produção', 'position:Operador'], people: 6 },
      { groups: ['sector:Produção'], people: 2 },
      { groups: ['sector:Logística'], people: 5 },
    ];
    expect(hidden(['sector:Logística', 'sector:Produção', 'position:Operador'], atoms)).toEqual({ 'position:Operador': 'complement' });
  });

  it('hides a position that spans two sectors when it and another give two people away (P + Q − S)', () => {
    // S = 4 of P and 6 of Q; T = 2 of P and 8 of R; U1 … U4 5 each, each its own position V1 … V4; whole
    // 46. The sectors alone hide nothing. P + Q − S = the 2 of P in T: of P (6) and Q (6), the later, Q,
    // goes; then T − R = the same 2 (R = T's 8 of R): R goes too. P alone with the sectors gives no one
    // away: S, T and P are three equations over four cells (S∩P, S∩Q, T∩P, T∩R).
    const atoms = [
      { groups: ['sector:S', 'position:P'], people: 4 },
      { groups: ['sector:S', 'position:Q'], people: 6 },
      { groups: ['sector:T', 'position:P'], people: 2 },
      { groups: ['sector:T', 'position:R'], people: 8 },
      ...[1, 2, 3, 4].map((index) => ({ groups: [`sector:U${index}`, `position:V${index}`], people: 5 })),
    ];
    const keys = ['sector:S', 'sector:T', 'sector:U1', 'sector:U2', 'sector:U3', 'sector:U4', 'position:P', 'position:Q', 'position:R', 'position:V1', 'position:V2', 'position:V3', 'position:V4'];
    expect(hidden(keys, atoms)).toEqual({ 'position:Q': 'complement', 'position:R': 'complement' });
    expect(disclosure(['sector:S', 'sector:T', 'position:P'], atoms, 3)).toBeUndefined();
    expect(disclosure(['sector:S', 'sector:T', 'position:P', 'position:Q'], atoms, 3)?.people).toHaveLength(2);
  });

  it('keeps the sectors’ own rule for people in two sectors, past 8 groups (A + B + C − the whole)', () => {
    // A = 4 + the 2 also in B, B = 4 + those 2, C = 21 in P1 … P7 (3 each); whole 31. Alone, the
    // sectors hide B (A + B + C − the whole = the 2 in both). Beside the 7 positions the same, and no
    // position more: each is 3 of C, the others' sum less C's gives no one.
    const atoms = [
      { groups: ['sector:A'], people: 4 },
      { groups: ['sector:A', 'sector:B'], people: 2 },
      { groups: ['sector:B'], people: 4 },
      ...[1, 2, 3, 4, 5, 6, 7].map((index) => ({ groups: ['sector:C', `position:P${index}`], people: 3 })),
    ];
    const keys = ['sector:A', 'sector:B', 'sector:C', ...[1, 2, 3, 4, 5, 6, 7].map((index) => `position:P${index}`)];
    expect(hidden(keys, atoms)).toEqual({ 'sector:B': 'complement' });
  });
});

describe('smallRemainder: the search where families are too many to list', () => {
  const people = (atoms: GroupAtom[], group: string) => atoms.reduce((total, atom) => total + (atom.groups.includes(group) ? atom.people : 0), 0);

  it('finds a family sharing no one that leaves 1 to minimum − 1 people exactly when brute force does', () => {
    fc.assert(
      fc.property(overlapping, ({ keys, atoms, minimum }) => {
        const inside = atoms.filter((atom) => atom.people > 0);
        const whole = inside.reduce((total, atom) => total + atom.people, 0);
        const small = (count: number) => count > 0 && count < minimum;
        // Every subset of the groups: pairwise sharing no one, and what it leaves.
        const subsets = Array.from({ length: 2 ** keys.length }, (_, mask) => keys.filter((_key, index) => mask & (1 << index)));
        const apart = (family: string[]) => inside.every((atom) => family.filter((group) => atom.groups.includes(group)).length <= 1);
        const exists = subsets.some((family) => apart(family) && small(whole - family.reduce((total, group) => total + people(inside, group), 0)));
        const found = smallRemainder(inside, keys, { small });
        expect(found !== undefined, JSON.stringify({ keys, atoms, minimum, found })).toBe(exists);
        if (found) {
          expect(apart(found)).toBe(true);
          expect(small(whole - found.reduce((total, group) => total + people(inside, group), 0))).toBe(true);
        }
      }),
      runs,
    );
  });

  it('is what suppressGroups uses past 16 groups: one small sector of 19, and the one its complement reveals', () => {
    // s0 … s17 of 3 people each, s18 of 2 (hidden 'minimum'); the whole less the 18 others is s18's 2:
    // one of them goes, all tied at 3, the one listed last (s17).
    const keys = Array.from({ length: 19 }, (_, index) => `s${index}`);
    const atoms = keys.map((key, index) => ({ groups: [key], people: index === 18 ? 2 : 3 }));
    expect(Object.fromEntries(suppressGroups(keys, atoms, 3))).toEqual({ s18: 'minimum', s17: 'complement' });
  });
});

describe('disjointFamilies', () => {
  const sorted = (families: string[][] | null) => families?.map((family) => [...family].sort()).sort();
  const overlapOf = (edges: string[]) => (a: string, b: string) => edges.includes(`${a}${b}`) || edges.includes(`${b}${a}`);

  it('lists every largest family of groups that share no one', () => {
    // A path a – b – c – d (a overlaps b, b overlaps c, c overlaps d): the maximal families sharing no
    // one are {a, c}, {a, d} and {b, d}.
    expect(sorted(disjointFamilies(['a', 'b', 'c', 'd'], overlapOf(['ab', 'bc', 'cd'])))).toEqual([['a', 'c'], ['a', 'd'], ['b', 'd']]);
    // No overlaps: one family of all. All overlapping: each alone.
    expect(sorted(disjointFamilies(['a', 'b', 'c'], () => false))).toEqual([['a', 'b', 'c']]);
    expect(sorted(disjointFamilies(['a', 'b', 'c'], () => true))).toEqual([['a'], ['b'], ['c']]);
    // A star: the centre e overlaps a, b, c; a and b overlap too → {e}, {a, c}, {b, c}.
    expect(sorted(disjointFamilies(['a', 'b', 'c', 'e'], overlapOf(['ea', 'eb', 'ec', 'ab'])))).toEqual([['a', 'c'], ['b', 'c'], ['e']]);
    // No groups: the one empty family.
    expect(disjointFamilies([], () => false)).toEqual([[]]);
  });

  it('agrees with every maximal independent set found by brute force', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(fc.boolean(), { minLength: 21, maxLength: 21 }), (count, bits) => {
        const groups = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].slice(0, count);
        const edge = (a: string, b: string) => {
          const [i, j] = [groups.indexOf(a), groups.indexOf(b)].sort((x, y) => x - y) as [number, number];
          return bits[(j * (j - 1)) / 2 + i]!;
        };
        const independent = (set: string[]) => set.every((a) => set.every((b) => a === b || !edge(a, b)));
        const subsets = Array.from({ length: 2 ** count }, (_, mask) => groups.filter((_, g) => mask & (1 << g)));
        const maximal = subsets.filter((set) => independent(set) && groups.every((g) => set.includes(g) || !independent([...set, g])));
        expect(sorted(disjointFamilies(groups, edge))).toEqual(sorted(maximal));
      }),
      { seed: 3, numRuns: 200 },
    );
  });

  it('gives up (null) past 2000 families', () => {
    // 11 pairs, each pair overlapping: one of each pair, 2^11 = 2048 families.
    const groups = Array.from({ length: 22 }, (_, i) => `g${i}`);
    const pair = (a: string, b: string) => Math.floor(Number(a.slice(1)) / 2) === Math.floor(Number(b.slice(1)) / 2);
    expect(disjointFamilies(groups, pair)).toBeNull();
    expect(disjointFamilies(groups.slice(0, 20), pair)).toHaveLength(1024);
  });
});
