/**
 * The dashboards' transforms on small hand-written tables, with expected values worked out by hand
 * from results.md (the 360 percent rule of section 5, the gap rule, the bands of section 9).
 */
import { describe, expect, it } from 'vitest';
import type { Row, Transform } from '../../../engine/definition/dashboard.ts';
import { applyTransforms, matches } from '../../../engine/scoring/transforms.ts';

const run = (rows: Row[], ...transforms: Transform[]) => applyTransforms(rows, transforms);

describe('the 360 percent rule (results.md 5)', () => {
  // One question, 5 evaluators, 2 of them ticked 'Não sei avaliar': divisor 5 − 2 = 3 for the
  // statements, 5 for the neutral option; percentages truncated.
  const rows: Row[] = [
    { question: '1', tag: 'positive', option: 1, count: 2, respondents: 5 },
    { question: '1', tag: 'negative', option: 2, count: 1, respondents: 5 },
    { question: '1', tag: 'neutral', option: 13, count: 2, respondents: 5 },
  ];
  const rule: Transform = {
    op: 'percent',
    field: 'count',
    as: 'percent',
    groupBy: ['question'],
    rules: [
      { where: { field: 'tag', in: ['neutral'] }, base: { of: { field: 'respondents' } } },
      { base: { of: { field: 'respondents' }, minus: { field: 'tag', in: ['neutral'] }, atLeast: 1 } },
    ],
    round: 'trunc',
  };

  it('divides a statement by respondents minus neutrals and the neutral by all respondents, truncated', () => {
    // 2/3 = 66.6… → 66; 1/3 → 33; 2/5 → 40.
    expect(run(rows, rule).map((row) => row.percent)).toEqual([66, 33, 40]);
  });

  it('uses a divisor of at least 1 when every respondent was neutral', () => {
    const allNeutral = rows.map((row) => ({ ...row, respondents: 2 }));
    // 2 respondents − 2 neutrals = 0 → 1: the statement counts are their own percentages × 100.
    expect(run(allNeutral, rule).map((row) => row.percent)).toEqual([200, 100, 100]);
  });

  it('multiplies the divisor for the per-type totals (6 statements of each type)', () => {
    const totals: Row[] = [
      { question: '1', tag: 'positive', count: 9, respondents: 5 },
      { question: '1', tag: 'neutral', count: 2, respondents: 5 },
    ];
    const times: Transform = { ...rule, rules: [rule.rules[0]!, { base: { of: { field: 'respondents' }, minus: { field: 'tag', in: ['neutral'] }, times: 6, atLeast: 1 } }] } as Transform;
    // 9 / (6 × 3) = 50%; neutral 2/5 = 40%.
    expect(run(totals, times).map((row) => row.percent)).toEqual([50, 40]);
  });
});

describe('grouping and ranking', () => {
  const people: Row[] = [
    { name: 'Ana', primary: 'Comandante' },
    { name: 'Bruno', primary: 'Executor' },
    { name: 'Carla', primary: 'Comandante' },
  ];

  it('counts rows per value, listing every expected value in its order, zero included', () => {
    expect(run(people, { op: 'count', groupBy: ['primary'], as: 'n', values: ['Comandante', 'Visionário', 'Executor'] })).toEqual([
      { primary: 'Comandante', n: 2 },
      { primary: 'Visionário', n: 0 },
      { primary: 'Executor', n: 1 },
    ]);
  });

  it('counts rows per group of several fields, as total groups them, groups in first-seen order', () => {
    const rows: Row[] = [...people, { name: 'Diego', primary: 'Comandante', sector: 'RH' }].map((row) => ({ sector: 'TI', ...row }));
    expect(run(rows, { op: 'count', groupBy: ['sector', 'primary'], as: 'n' })).toEqual([
      { sector: 'TI', primary: 'Comandante', n: 2 },
      { sector: 'TI', primary: 'Executor', n: 1 },
      { sector: 'RH', primary: 'Comandante', n: 1 },
    ]);
  });

  it('counts the shared places of a ranking under the ties category, and people without a profile nowhere', () => {
    const places: Row[] = [
      { name: 'Ana', 'primary.1': 'Comandante', 'primary.1.tie': false },
      { name: 'Bruno', 'primary.1': 'Empate: Comandante, Executor', 'primary.1.tie': true },
      { name: 'Carla', 'primary.1': 'Empate: Visionário, Executor', 'primary.1.tie': true },
      { name: 'Diego', 'primary.1': null, 'primary.1.tie': null },
      { name: 'Elis', 'primary.1': 'Executor', 'primary.1.tie': false },
    ];
    // 4 people with a profile: 1 Comandante, 1 Executor, 2 ties; Diego answered nothing.
    expect(run(places, { op: 'count', groupBy: ['primary.1'], as: 'n', values: ['Comandante', 'Visionário', 'Executor'], ties: 'Empate' })).toEqual([
      { 'primary.1': 'Comandante', n: 1 },
      { 'primary.1': 'Visionário', n: 0 },
      { 'primary.1': 'Executor', n: 1 },
      { 'primary.1': 'Empate', n: 2 },
    ]);
  });

  it('sums per group, sorts, keeps the top n and numbers them', () => {
    const counts: Row[] = [
      { strength: 'Amor', count: 1 },
      { strength: 'Humor', count: 3 },
      { strength: 'Amor', count: 2 },
      { strength: 'Zelo', count: 1 },
    ];
    const out = run(
      counts,
      { op: 'total', field: 'count', as: 'people', groupBy: ['strength'] },
      { op: 'sort', by: [{ field: 'people', order: 'desc' }, { field: 'strength' }] },
      { op: 'top', n: 2, rank: 'rank' },
    );
    expect(out).toEqual([
      { strength: 'Amor', people: 3, rank: 1 },
      { strength: 'Humor', people: 3, rank: 2 },
    ]);
  });

  it('turns score columns into labelled rows and splits their ids', () => {
    const out = applyTransforms(
      [{ name: 'Ana', 'alpha.forca': 60, 'alpha.risco': 20 }],
      [
        { op: 'unpivot', fields: ['alpha.forca', 'alpha.risco'], keep: ['name'] },
        { op: 'split', field: 'score', separator: '.', into: ['style', 'measure'] },
      ],
      { scores: [{ id: 'alpha.forca', label: 'Alpha (força)', aggregate: 'share' }], bands: [] },
    );
    expect(out.map((row) => [row.name, row.label, row.style, row.measure, row.value])).toEqual([
      ['Ana', 'Alpha (força)', 'alpha', 'forca', 60],
      ['Ana', 'alpha.risco', 'alpha', 'risco', 20],
    ]);
  });

  it('pivots rows into columns and scales them (0–10 notes on 0–100)', () => {
    const out = run(
      [
        { theme: 'Clareza', side: 'Equipe', value: 7.5 },
        { theme: 'Clareza', side: 'Liderança', value: 6 },
      ],
      { op: 'pivot', key: ['theme'], column: 'side', value: 'value' },
      { op: 'scale', field: 'Equipe', as: 'team', factor: 10 },
    );
    expect(out).toEqual([{ theme: 'Clareza', Equipe: 7.5, Liderança: 6, team: 75 }]);
  });
});

describe('bands and flags', () => {
  // The 360 strengths reading of results.md 9: 0-20 Ruim, 21-40 Mediano, 41-60 Bom, 61-80 Muito Bom, above Excelente.
  const strengths: Transform = {
    op: 'band',
    field: 'positive',
    as: 'reading',
    bands: [
      { label: 'Ruim', below: 21, color: 'r' },
      { label: 'Mediano', below: 41, color: 'm' },
      { label: 'Bom', below: 61, color: 'b' },
      { label: 'Muito Bom', below: 81, color: 'mb' },
      { label: 'Excelente', color: 'e' },
    ],
  };

  it('puts each boundary value in the band the spec gives it', () => {
    const out = run([20, 21, 40, 41, 60, 61, 80, 81, 100].map((positive) => ({ positive })), strengths);
    expect(out.map((row) => row.reading)).toEqual(['Ruim', 'Mediano', 'Mediano', 'Bom', 'Bom', 'Muito Bom', 'Muito Bom', 'Excelente', 'Excelente']);
    expect(out[0]!.readingColor).toBe('r');
    expect(out[8]!.readingIndex).toBe(4);
  });

  it('flags alpha when force or risk reaches 50%', () => {
    const out = run(
      [
        { forca: 50, risco: 0 },
        { forca: 49.9, risco: 49.9 },
        { forca: 0, risco: 62.5 },
      ],
      { op: 'greatest', fields: ['forca', 'risco'], as: 'top' },
      { op: 'band', field: 'top', as: 'alpha', bands: [{ label: 'Não alpha', below: 50, color: 'g' }, { label: 'Alpha', color: 'b' }] },
    );
    expect(out.map((row) => row.alpha)).toEqual(['Alpha', 'Não alpha', 'Alpha']);
  });
});

describe('the consolidated gap rule (results.md 5)', () => {
  const likert = (question: string, percents: number[]): Row[] => percents.map((percent, index) => ({ question, scoreValue: index + 1, percent }));
  const gap: Transform = {
    op: 'keepWhen',
    groupBy: ['question'],
    field: 'percent',
    when: { field: 'scoreValue', in: [1, 2] },
    atLeast: 50,
    keep: { field: 'scoreValue', in: [1, 2, 3] },
  };

  it('keeps only disagreeing and neutral answers once disagreement sums to 50%, and everything below', () => {
    const out = run([...likert('a', [30, 20, 10, 20, 20]), ...likert('b', [30, 19, 11, 20, 20])], gap);
    expect(out.map((row) => `${row.question}${row.scoreValue}`)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'b4', 'b5']);
  });
});

describe('values and needs (set difference)', () => {
  it('splits the items into only the participant, shared and only the company, per question', () => {
    const out = run(
      [
        { question: '1', side: 'participant', label: 'Honestidade' },
        { question: '1', side: 'participant', label: 'Família' },
        { question: '1', side: 'company', label: 'Honestidade' },
        { question: '1', side: 'company', label: 'Inovação' },
        { question: '4', side: 'company', label: 'Família' },
      ],
      { op: 'compare', groupBy: ['question'], item: 'label', by: 'side', left: 'participant', right: 'company', as: 'column' },
    );
    expect(out).toEqual([
      { question: '1', label: 'Honestidade', column: 'both' },
      { question: '1', label: 'Família', column: 'left' },
      { question: '1', label: 'Inovação', column: 'right' },
      { question: '4', label: 'Família', column: 'right' },
    ]);
  });
});

describe('conditions', () => {
  it('compare option values as numbers or their text, and ranges as numbers', () => {
    expect(matches({ option: 3 }, { field: 'option', in: ['3'] })).toBe(true);
    expect(matches({ option: '3' }, { field: 'option', in: [3] })).toBe(true);
    expect(matches({ value: 4 }, { field: 'value', gte: 4, lt: 5 })).toBe(true);
    expect(matches({ value: 5 }, { field: 'value', gte: 4, lt: 5 })).toBe(false);
    expect(matches({ value: null }, { field: 'value', gte: 0 })).toBe(false);
    expect(matches({ question: null }, { field: 'question', notIn: [null] })).toBe(false);
  });
});

describe('change (a score from one round to the next)', () => {
  it('subtracts the previous row of the same group, in order; null first or without two numbers', () => {
    const rows = [
      { score: 'total', cycle: 'A', value: 29 },
      { score: 'stress', cycle: 'A', value: 1.5 },
      { score: 'total', cycle: 'B', value: 28 },
      { score: 'stress', cycle: 'B', value: null },
      { score: 'total', cycle: 'C', value: 30.5 },
      { score: 'stress', cycle: 'C', value: 2 },
    ];
    const changed = applyTransforms(rows, [{ op: 'change', field: 'value', as: 'change', groupBy: ['score'] }]);
    // total: 29 → 28 (−1) → 30.5 (+2.5); stress: 1.5 → (none) → 2: no two numbers in a row.
    expect(changed.map((row) => [row.score, row.cycle, row.change])).toEqual([
      ['total', 'A', null],
      ['stress', 'A', null],
      ['total', 'B', -1],
      ['stress', 'B', null],
      ['total', 'C', 2.5],
      ['stress', 'C', null],
    ]);
    // Without groups, every row follows the one before.
    expect(applyTransforms(rows.slice(0, 3), [{ op: 'change', field: 'value', as: 'd' }]).map((row) => row.d)).toEqual([null, -27.5, 26.5]);
  });
});

describe('a percent of a hidden value', () => {
  it('is hidden too (null), never 0%: a group withheld by the anonymity rules stays without numbers', () => {
    const rows: Row[] = [
      { group: 'Cozinha', band: 'low', value: 1, respondents: 4 },
      { group: 'Entrega', band: 'low', value: null, respondents: 2 },
    ];
    const shares = run(rows, { op: 'percent', field: 'value', as: 'share', rules: [{ base: { of: { field: 'respondents' } } }], round: 'round' }).map((row) => row.share);
    expect(shares).toEqual([25, null]);
  });
});
