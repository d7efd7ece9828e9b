import { describe, expect, it } from 'vitest';
import { jsonFiles } from './load.ts';

/*
 * Issue 25, "a grammar that says things once": a dashboard (and, since issue 27, a questionnaire) writes
 * a piece it uses twice once, in `$defs`, and refers to it (`{ "$ref": "#/$defs/name" }`). No file holds two equal parts of
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

/**
 * Parts of questionnaires written before questionnaires had `$defs` (their scores' shared lists, the
 * 360's 'Não sei avaliar' in each competency's scale). Moving them into `$defs` changes no version (a
 * version is the definition as read), but readers of the raw files (the results reference, some tests)
 * would have to follow the pieces first: left for their own change.
 */
const EARLIER = new Set([
  'questionnaires/desempenhodeequipenew.json /scoring/scores/0/questions /scoring/scores/2/questions',
  'questionnaires/desempenhodeequipenew.json /scoring/scores/1/questions /scoring/scores/3/questions',
  'questionnaires/inqueritovianew.json /scoring/scores/0/questions /scoring/scores/1/questions /scoring/scores/2/questions /scoring/scores/3/questions /scoring/scores/4/questions /scoring/scores/5/questions /scoring/rankings/1/questions',
  'questionnaires/question360new.json /scales/responsabilidade/12 /scales/planejamento/12 /scales/gestaoDeTempo/12 /scales/delegacao/12 /scales/feedback/12 /scales/comunicacao/12 /scales/relacionamento/12 /scales/lideranca/12 /scales/problemas/12 /scales/inovacao/12',
  'questionnaires/question360new.json /scoring/scores/0/questions /scoring/scores/1/questions /scoring/scores/2/questions /scoring/scores/3/questions /scoring/scores/4/questions /scoring/scores/5/questions',
  'questionnaires/segurancapsicologica.json /scoring/scores/0/questions /scoring/scores/1/questions',
]);

describe('every questionnaire', () => {
  it('writes each part of 5+ lines once (a list two scores share is in "$defs")', () => {
    const found = jsonFiles('questionnaires').flatMap(({ file, json }) => copies(json).map((pointers) => `${file} ${pointers.join(' ')}`));
    expect(found.filter((copy) => !EARLIER.has(copy))).toEqual([]);
  });
});

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
