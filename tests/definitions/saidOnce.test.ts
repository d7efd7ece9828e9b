import { describe, expect, it } from 'vitest';
import { jsonFiles } from './load.ts';

/*
 * Issue 25, "a grammar that says things once": a dashboard writes a piece it uses twice once, in
 * `$defs`, and refers to it (`{ "$ref": "#/$defs/name" }`). No dashboard file holds two equal parts of
 * 5 lines or more (as the files are written: `JSON.stringify(…, null, 2)`), but where two texts only
 * happen to be equal.
 */

/** Equal parts that are not one piece: a `keepWhen` whose rows to look at and rows to keep are, here, the same answers. */
const COINCIDENCES = new Set(['dashboards/14.json /datasets/gaps/transforms/0/when /datasets/gaps/transforms/0/keep']);

const MIN_LINES = 5;

/** The pointers of every part of 5+ lines written more than once, grouped by the part. */
function copies(json: unknown): string[][] {
  const byText = new Map<string, string[]>();
  const walk = (value: unknown, pointer: string) => {
    if (value === null || typeof value !== 'object') return;
    const text = JSON.stringify(value, null, 2);
    if (pointer !== '' && text.split('\n').length >= MIN_LINES) byText.set(text, [...(byText.get(text) ?? []), pointer]);
    for (const [key, item] of Object.entries(value)) walk(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(json, '');
  const repeated = [...byText.values()].filter((pointers) => pointers.length > 1);
  // Only the largest: the parts inside a copied part are copies too.
  return repeated.filter((pointers) => !repeated.some((outer) => outer !== pointers && pointers.every((pointer) => outer.some((at) => pointer.startsWith(`${at}/`)))));
}

describe('every dashboard', () => {
  it('writes each part of 5+ lines once (a piece used twice is in "$defs")', () => {
    const found = jsonFiles('dashboards').flatMap(({ file, json }) => copies(json).map((pointers) => `${file} ${pointers.join(' ')}`));
    expect(found.filter((copy) => !COINCIDENCES.has(copy))).toEqual([]);
  });

  it('finds a copy (the check above can fail)', () => {
    const table = { kind: 'table', title: 'Tabela', dataset: 'rows', columns: [{ field: 'name', label: 'Nome' }] };
    expect(copies({ layout: [table, { kind: 'section', content: [table] }], report: { layout: [{ $ref: '#/$defs/a' }] } })).toEqual([['/layout/0', '/layout/1/content/0']]);
  });
});
