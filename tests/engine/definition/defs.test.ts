import { describe, expect, it } from 'vitest';
import { resolveDashboard } from '../../../engine/definition/dashboardSource.ts';
import { MAX_REFERENCES, resolveLocalReferences } from '../../../engine/definition/defs.ts';
import { parseDashboard } from '../../../engine/definition/parse.ts';

/*
 * A piece said once (`engine/definition/defs.ts`): a dashboard file's `$defs` and the local references
 * `{ "$ref": "#/$defs/name" }` to it. The copies hand-checked on small files, the mistakes refused with
 * their JSON pointers in the file, and where an error found in a copied piece is reported.
 */

const dashboard = (layout: unknown[], more: Record<string, unknown> = {}) => ({
  id: 99,
  title: 'Teste',
  menu: { group: 'G', label: 'Teste', order: 1 },
  filters: ['company'],
  empty: 'Sem respostas',
  datasets: { rows: { types: [1], query: 'summary' } },
  layout,
  ...more,
});

const bar = { kind: 'bar', dataset: 'rows', category: 'label', value: 'value' };

describe('resolveLocalReferences', () => {
  it('puts a copy of the piece at each reference, follows the references of a piece, and removes $defs', () => {
    const file = {
      layout: [{ $ref: '#/$defs/card' }, { kind: 'section', content: [{ $ref: '#/$defs/card' }] }],
      report: { layout: [{ $ref: '#/$defs/card/help' }] },
      $defs: { card: { kind: 'legend', help: { $ref: '#/$defs/help' } }, help: { text: 'Como ler.' } },
    };
    const resolved = resolveLocalReferences(file);
    expect(resolved.ok && resolved.value).toEqual({
      layout: [
        { kind: 'legend', help: { text: 'Como ler.' } },
        { kind: 'section', content: [{ kind: 'legend', help: { text: 'Como ler.' } }] },
      ],
      report: { layout: [{ text: 'Como ler.' }] },
    });
    // Copies, not the same object: changing one leaves the others.
    if (resolved.ok) {
      const value = resolved.value as { layout: { help: object }[] };
      expect(value.layout[0]!.help).not.toBe((value.layout[1] as unknown as { content: { help: object }[] }).content[0]!.help);
    }
  });

  it('leaves a file without $defs as it is, and the references to other files for later', () => {
    const file = { layout: [{ kind: 'legend' }], filters: { $ref: '../interview360.json#/competencies' } };
    expect(resolveLocalReferences(file)).toEqual({ ok: true, value: file, origins: [] });
  });

  it('refuses a piece that does not exist, a local reference outside $defs, and $defs that is not an object', () => {
    expect(resolveLocalReferences({ layout: [{ $ref: '#/$defs/nada' }] })).toEqual({
      ok: false,
      errors: [{ pointer: '/layout/0/$ref', message: 'A referência "#/$defs/nada" aponta para uma peça que não existe em "$defs".' }],
    });
    expect(resolveLocalReferences({ layout: [{ $ref: '#/$defs/card/titulo' }], $defs: { card: { kind: 'legend' } } })).toEqual({
      ok: false,
      errors: [{ pointer: '/layout/0/$ref', message: 'A referência "#/$defs/card/titulo" aponta para uma peça que não existe em "$defs".' }],
    });
    expect(resolveLocalReferences({ layout: [{ $ref: '#/layout/1' }, { kind: 'legend' }] })).toEqual({
      ok: false,
      errors: [{ pointer: '/layout/0/$ref', message: 'Referência local inválida: "#/layout/1". Use "#/$defs/nome", com a peça em "$defs" no topo do arquivo.' }],
    });
    expect(resolveLocalReferences({ layout: [], $defs: [] })).toEqual({ ok: false, errors: [{ pointer: '/$defs', message: '"$defs" deve ser um objeto de peças com nome.' }] });
  });

  it('refuses pieces that refer to each other in a cycle, at the reference that closes it', () => {
    const file = { layout: [{ $ref: '#/$defs/a' }], $defs: { a: { kind: 'section', content: [{ $ref: '#/$defs/b' }] }, b: { kind: 'section', content: [{ $ref: '#/$defs/a' }] } } };
    expect(resolveLocalReferences(file)).toEqual({
      ok: false,
      errors: [{ pointer: '/$defs/b/content/0/$ref', message: 'As peças de "$defs" se referem em círculo: a → b → a.' }],
    });
    expect(resolveLocalReferences({ layout: [{ $ref: '#/$defs/a' }], $defs: { a: { help: { $ref: '#/$defs/a' } } } })).toEqual({
      ok: false,
      errors: [{ pointer: '/$defs/a/help/$ref', message: 'As peças de "$defs" se referem em círculo: a → a.' }],
    });
  });

  it('refuses a piece no reference uses (nor a piece only an unused one uses)', () => {
    const file = { layout: [{ $ref: '#/$defs/used' }], $defs: { used: { kind: 'legend' }, old: { help: { $ref: '#/$defs/oldHelp' } }, oldHelp: { text: 'x' } } };
    expect(resolveLocalReferences(file)).toEqual({
      ok: false,
      errors: [
        { pointer: '/$defs/old', message: 'a peça "old" de "$defs" não é usada por nenhuma referência ("$ref": "#/$defs/old"): use-a ou apague-a' },
        { pointer: '/$defs/oldHelp', message: 'a peça "oldHelp" de "$defs" não é usada por nenhuma referência ("$ref": "#/$defs/oldHelp"): use-a ou apague-a' },
      ],
    });
  });

  it(`refuses more than ${MAX_REFERENCES} copies, so nested pieces cannot expand a small file to gigabytes`, () => {
    // Each level copies the one below ten times: 10 + 100 + 1000 … copies.
    const ten = (name: string) => Array.from({ length: 10 }, () => ({ $ref: `#/$defs/${name}` }));
    const file = { layout: ten('a'), $defs: { a: ten('b'), b: ten('c'), c: ten('d'), d: { kind: 'legend' } } };
    const resolved = resolveLocalReferences(file);
    expect(resolved.ok ? [] : resolved.errors).toEqual([{ pointer: '', message: `A definição copia mais de ${MAX_REFERENCES} peças de "$defs" ($ref); o limite é ${MAX_REFERENCES}.` }]);
    // Exactly the limit is fine: 10 references to a piece holding 9 references (10 + 90 copies).
    const fine = { layout: ten('a'), $defs: { a: ten('b').slice(0, 9), b: { kind: 'legend' } } };
    expect(resolveLocalReferences(fine).ok).toBe(true);
  });
});

describe('a dashboard with $defs', () => {
  it('is resolved for every reader: pieces, then other files, then repeats and palette names', () => {
    const file = dashboard([{ repeat: [{ q: '1' }, { q: '2' }], each: { $ref: '#/$defs/questionBar' } }], {
      $defs: { questionBar: { ...bar, title: 'Pergunta {{q}}', seriesColors: { $ref: '#/$defs/colours' } }, colours: { Sim: 'favourable', Não: { $ref: '../palette.json#/no' } } },
    });
    const lookup = (name: string) => (name === '../palette' ? { no: 'unfavourable' } : undefined);
    const copy = (q: string) => ({ ...bar, title: `Pergunta ${q}`, seriesColors: { Sim: '#2e7d32', Não: '#c62828' } });
    const expected = { ...dashboard([copy('1'), copy('2')]) };
    expect(resolveDashboard(file, lookup)).toEqual({ ok: true, value: expected });
    expect(parseDashboard(file, undefined, lookup)).toEqual({ ok: true, value: expected });
  });

  it('reports an error inside a copied piece at the piece in $defs, once however many copies', () => {
    const file = dashboard([{ $ref: '#/$defs/chart' }, { kind: 'section', content: [{ $ref: '#/$defs/chart' }] }], { $defs: { chart: { ...bar, height: 'alto' } } });
    expect(parseDashboard(file)).toEqual({ ok: false, errors: [{ pointer: '/$defs/chart/height', message: 'deve ser um número' }] });
    // A colour inside a piece copied by a repeat: the piece, and the copy.
    const coloured = dashboard([{ repeat: [{ c: 'verde' }], each: { kind: 'legend', items: [{ $ref: '#/$defs/item' }] } }], { $defs: { item: { label: 'a', text: 't', color: '{{c}}' } } });
    const result = parseDashboard(coloured);
    expect(result.ok ? [] : result.errors).toEqual([{ pointer: '/$defs/item/color', message: expect.stringMatching(/^não existe a cor "verde" na paleta: .* \(na cópia c = verde\)$/) }]);
  });

  it('reports a piece that does not fit where it is used at the reference, and a missing file of a piece at the piece', () => {
    const file = dashboard([{ ...bar, height: { $ref: '#/$defs/tall' } }], { $defs: { tall: { value: 400 } } });
    expect(parseDashboard(file)).toEqual({ ok: false, errors: [{ pointer: '/layout/0/height', message: 'deve ser um número' }] });
    const missing = dashboard([{ $ref: '#/$defs/chart' }, { $ref: '#/$defs/chart' }], { $defs: { chart: { ...bar, title: { $ref: '../nada.json#/title' } } } });
    expect(parseDashboard(missing)).toEqual({ ok: false, errors: [{ pointer: '/$defs/chart/title/$ref', message: 'A referência "../nada.json#/title" aponta para um arquivo que não existe.' }] });
  });
});

describe('a reference with parameters ("with")', () => {
  const chart = { ...bar, title: '{{title}}', height: '{{height}}', where: [{ field: 'label', in: '{{names}}' }] };

  it('copies the piece with each variable replaced; a whole "{{variable}}" takes a number or a list as it is', () => {
    const file = {
      layout: [
        { $ref: '#/$defs/chart', with: { title: 'Competências 1 a 5', height: 300, names: ['A', 'B'] } },
        { $ref: '#/$defs/chart', with: { title: 'Competências 6 a 10', height: 320, names: ['C'] } },
      ],
      $defs: { chart },
    };
    const resolved = resolveLocalReferences(file);
    expect(resolved.ok && resolved.value).toEqual({
      layout: [
        { ...bar, title: 'Competências 1 a 5', height: 300, where: [{ field: 'label', in: ['A', 'B'] }] },
        { ...bar, title: 'Competências 6 a 10', height: 320, where: [{ field: 'label', in: ['C'] }] },
      ],
    });
  });

  it('writes a number inside a longer text, fills the pieces a piece refers to, and passes a value on to a piece with parameters', () => {
    const file = {
      layout: [{ $ref: '#/$defs/section', with: { n: 2, title: 'Resumo' } }],
      $defs: {
        section: { kind: 'section', title: 'Parte {{n}}: {{title}}', content: [{ $ref: '#/$defs/help' }, { $ref: '#/$defs/titled', with: { label: '{{title}} ({{n}})' } }] },
        help: { text: 'Ajuda da parte {{n}}' },
        titled: { kind: 'legend', title: '{{label}}' },
      },
    };
    const resolved = resolveLocalReferences(file);
    expect(resolved.ok && resolved.value).toEqual({
      layout: [{ kind: 'section', title: 'Parte 2: Resumo', content: [{ text: 'Ajuda da parte 2' }, { kind: 'legend', title: 'Resumo (2)' }] }],
    });
  });

  it('leaves the variables of a repeat inside the piece to the repeat, and takes a repeat around only as a passed value', () => {
    const file = dashboard(
      [
        {
          repeat: [{ q: '1' }, { q: '2' }],
          each: { $ref: '#/$defs/section', with: { title: 'Pergunta {{q}}', q: '{{q}}' } },
        },
      ],
      { $defs: { section: { kind: 'section', title: '{{title}}', content: [{ repeat: [{ part: 'a' }, { part: 'b' }], each: { ...bar, title: '{{q}}{{part}}' } }] } } },
    );
    const section = (q: string) => ({ kind: 'section', title: `Pergunta ${q}`, content: [{ ...bar, title: `${q}a` }, { ...bar, title: `${q}b` }] });
    expect(resolveDashboard(file, () => undefined)).toEqual({ ok: true, value: dashboard([section('1'), section('2')]) });
  });

  it("leaves to a repeat inside the piece whose entries are another file's every variable it does not give", () => {
    const file = dashboard([{ $ref: '#/$defs/section', with: { title: 'Blocos' } }], {
      $defs: { section: { kind: 'section', title: '{{title}}', content: [{ repeat: { $ref: '../blocks.json#/list' }, each: { ...bar, title: '{{title}}: {{block}}' } }] } },
    });
    const lookup = (name: string) => (name === '../blocks' ? { list: [{ block: 'A' }, { block: 'B' }] } : undefined);
    expect(resolveDashboard(file, lookup)).toEqual({
      ok: true,
      value: dashboard([{ kind: 'section', title: 'Blocos', content: [{ ...bar, title: 'Blocos: A' }, { ...bar, title: 'Blocos: B' }] }]),
    });
  });

  it('refuses a variable the reference does not give, a name the piece does not use, a list inside a text and a "with" that is no object, each at its pointer', () => {
    const file = {
      layout: [
        { $ref: '#/$defs/chart', with: { title: 'A', height: 300 } },
        { kind: 'section', content: [{ $ref: '#/$defs/chart', with: { title: 'B', height: 300, names: ['x'], colour: 'verde' } }] },
        { $ref: '#/$defs/label', with: { names: ['x', 'y'] } },
        { $ref: '#/$defs/label', with: 'A' },
        { $ref: '#/$defs/label', with: { 'o nome': 'A', names: 'B' } },
      ],
      $defs: { chart, label: { kind: 'legend', title: 'Nomes: {{names}}' } },
    };
    expect(resolveLocalReferences(file)).toEqual({
      ok: false,
      errors: [
        { pointer: '/layout/0/with', message: 'a peça "chart" usa a variável "{{names}}", que este "with" não dá (dá: title, height)' },
        { pointer: '/layout/1/content/0/with/colour', message: 'a peça "chart" não usa a variável "colour": use "{{colour}}" na peça ou apague-a de "with"' },
        { pointer: '/layout/2/with/names', message: 'o valor de "names" não é um texto nem um número: só pode ser o texto inteiro ("{{names}}"), não parte de um texto' },
        { pointer: '/layout/3/with', message: '"with" dá valores às variáveis da peça: um objeto como { "title": "Competências 1 a 5" }' },
        { pointer: '/layout/4/with/o nome', message: '"o nome" não serve como nome de variável: use letras, números e _, começando por uma letra' },
      ],
    });
  });

  it('reports an error in a value "with" gave at that value in the reference, and an error of the piece once, at the piece', () => {
    const file = dashboard(
      [
        { $ref: '#/$defs/chart', with: { height: 'alto', title: 'A' } },
        { kind: 'section', content: [{ $ref: '#/$defs/chart', with: { height: 200, title: 5 } }] },
      ],
      { $defs: { chart: { ...bar, title: '{{title}}', height: '{{height}}', min: 'zero' } } },
    );
    expect(parseDashboard(file)).toEqual({
      ok: false,
      errors: [
        { pointer: '/layout/0/with/height', message: 'deve ser um número' },
        { pointer: '/$defs/chart/min', message: 'deve ser um número' },
        { pointer: '/layout/1/content/0/with/title', message: 'deve ser um texto' },
      ],
    });
    const fine = dashboard([{ $ref: '#/$defs/chart', with: { height: 200 } }], { $defs: { chart: { ...bar, height: '{{height}}' } } });
    expect(parseDashboard(fine)).toEqual({ ok: true, value: dashboard([{ ...bar, height: 200 }]) });
  });
});
