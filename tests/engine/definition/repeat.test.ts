import { describe, expect, it } from 'vitest';
import { resolveDashboard } from '../../../engine/definition/dashboardSource.ts';
import { expandRepeats, locateError } from '../../../engine/definition/repeat.ts';

/*
 * A repeat is a template written once with the values it is copied for (`engine/definition/repeat.ts`):
 * the copies hand-checked on small examples, the mistakes it refuses, and where an error found in a
 * copy is reported in the file as written.
 */

const bar = (question: string, name: string) => ({
  kind: 'bar',
  title: `${question}. ${name}: resumo`,
  dataset: 'byType',
  where: [{ field: 'question', in: [question] }],
  category: 'typeLabel',
  value: 'percent',
});

describe('expandRepeats', () => {
  it('copies a template once per entry, in order, in place of the repeat, each variable replaced', () => {
    const toggle = {
      kind: 'toggle',
      style: 'buttons',
      options: [
        { label: 'Início', content: [] },
        {
          repeat: [
            { q: '1', name: 'Responsabilidade' },
            { q: 2, name: 'Planejamento' },
          ],
          each: {
            label: '{{q}}',
            content: [{ kind: 'bar', title: '{{q}}. {{name}}: resumo', dataset: 'byType', where: [{ field: 'question', in: ['{{q}}'] }], category: 'typeLabel', value: 'percent' }],
          },
        },
        { label: 'Fim', content: [] },
      ],
    };
    const expansion = expandRepeats({ layout: [toggle] });
    expect(expansion.errors).toEqual([]);
    expect(expansion.value).toEqual({
      layout: [
        {
          kind: 'toggle',
          style: 'buttons',
          options: [
            { label: 'Início', content: [] },
            { label: '1', content: [bar('1', 'Responsabilidade')] },
            { label: '2', content: [bar('2', 'Planejamento')] },
            { label: 'Fim', content: [] },
          ],
        },
      ],
    });
  });

  it('copies nested repeats, the inner one seeing the outer variables', () => {
    const json = [{ repeat: [{ tab: 'A' }, { tab: 'B' }], each: { label: 'Aba {{tab}}', content: [{ repeat: [{ n: 1 }, { n: 2 }], each: { title: '{{tab}}{{n}}' } }] } }];
    expect(expandRepeats(json).value).toEqual([
      { label: 'Aba A', content: [{ title: 'A1' }, { title: 'A2' }] },
      { label: 'Aba B', content: [{ title: 'B1' }, { title: 'B2' }] },
    ]);
  });

  it('refuses an empty list, entries naming other variables, a variable no entry gives and one the template never uses', () => {
    const errors = (json: unknown) => expandRepeats(json).errors;
    expect(errors({ layout: [{ repeat: [], each: { title: 'x' } }] })).toEqual([{ pointer: '/layout/0/repeat', message: expect.stringContaining('pelo menos uma entrada') }]);
    expect(errors({ layout: [{ repeat: [{ q: '1' }, { n: '2' }], each: { title: '{{q}}' } }] })).toEqual([{ pointer: '/layout/0/repeat/1', message: 'todas as entradas de "repeat" dão valores às mesmas variáveis: q' }]);
    expect(errors({ layout: [{ repeat: [{ q: '1' }], each: { title: '{{q}}. {{nome}}' } }] })).toEqual([
      { pointer: '/layout/0/each/title', message: 'a variável "{{nome}}" não recebe valor de nenhum "repeat" em volta (variáveis: q)' },
    ]);
    expect(errors({ layout: [{ repeat: [{ q: '1', name: 'A' }], each: { title: '{{q}}' } }] })).toEqual([
      { pointer: '/layout/0/repeat/0/name', message: 'a variável "name" não aparece no modelo ("each"): as cópias seriam iguais' },
    ]);
    expect(errors({ title: 'Pergunta {{q}}' })).toEqual([{ pointer: '/title', message: 'a variável "{{q}}" não recebe valor de nenhum "repeat" em volta (variáveis: nenhuma)' }]);
  });

  it('places an error found in a copy at the template it came from, naming the copy', () => {
    const expansion = expandRepeats({ layout: [{ kind: 'stat' }, { repeat: [{ q: '1' }, { q: '2' }], each: { title: '{{q}}', content: [{ dataset: 'x' }] } }, { kind: 'legend' }] });
    // The second copy is /layout/2; the legend after the repeat moved from /layout/2 to /layout/3.
    expect(locateError({ pointer: '/layout/2/content/0/dataset', message: 'não existe' }, expansion.origins)).toEqual({ pointer: '/layout/1/each/content/0/dataset', message: 'não existe (na cópia q = 2)' });
    expect(locateError({ pointer: '/layout/3/items', message: 'm' }, expansion.origins)).toEqual({ pointer: '/layout/2/items', message: 'm' });
    expect(locateError({ pointer: '/layout/0/value', message: 'm' }, expansion.origins)).toEqual({ pointer: '/layout/0/value', message: 'm' });
  });
});

describe('resolveDashboard', () => {
  const dashboard = (layout: unknown[], datasets: Record<string, unknown> = {}) => ({
    id: 99,
    title: 'Teste',
    menu: { group: 'G', label: 'Teste', order: 1 },
    filters: ['company'],
    empty: 'Sem respostas',
    datasets,
    layout,
  });

  it('makes palette names colours, keeps a colour of the view its own, and refuses unknown names and named hex colours', () => {
    const legend = (colours: string[]) => ({ kind: 'legend', items: colours.map((color, index) => ({ label: `${index}`, text: 't', color })) });
    const datasets = { rows: { types: [1], query: 'summary', transforms: [{ op: 'map', field: 'label', as: 'rowColor', values: { Sim: 'favourable', Não: '#fff9c4' }, otherwise: 'neutral' }] } };
    const resolved = resolveDashboard(dashboard([legend(['favourable', 'unfavourable', '#7e57c2'])], datasets), () => undefined);
    expect(resolved).toEqual({
      ok: true,
      value: dashboard([legend(['#2e7d32', '#c62828', '#7e57c2'])], { rows: { ...datasets.rows, transforms: [{ op: 'map', field: 'label', as: 'rowColor', values: { Sim: '#2e7d32', Não: '#fff9c4' }, otherwise: '#9e9e9e' }] } }),
    });
    const broken = resolveDashboard(dashboard([{ repeat: [{ c: 'verde' }, { c: 'favourable' }], each: legend(['{{c}}', '#C62828']) }]), () => undefined);
    expect(broken).toEqual({
      ok: false,
      errors: [
        { pointer: '/layout/0/each/items/0/color', message: expect.stringMatching(/^não existe a cor "verde" na paleta: use um nome da paleta \(favourable, .*\) ou uma cor #rrggbb \(na cópia c = verde\)$/) },
        { pointer: '/layout/0/each/items/1/color', message: 'a cor #C62828 está na paleta como "unfavourable": use o nome (na cópia c = verde)' },
        { pointer: '/layout/0/each/items/1/color', message: 'a cor #C62828 está na paleta como "unfavourable": use o nome (na cópia c = favourable)' },
      ],
    });
  });

  it('leaves a field name where a widget names its colour field ("color": "color")', () => {
    const widget = { kind: 'bar', dataset: 'rows', category: 'label', value: 'value', color: 'color' };
    expect(resolveDashboard(dashboard([widget]), () => undefined)).toEqual({ ok: true, value: dashboard([widget]) });
  });
});
