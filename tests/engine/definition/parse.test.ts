import { describe, expect, it } from 'vitest';
import { parseQuestionnaire } from '../../../engine/definition/parse.ts';

const base = {
  type: 90,
  slug: 'base',
  title: 'Base',
  scales: { s: [{ value: 1, label: 'Um', tags: ['x'] }, { value: 2, label: 'Dois' }] },
  progress: { kind: 'page', label: '{n}' },
  pages: [{ questions: [{ id: '1', kind: 'choice', scale: 's', text: 'Pergunta' }] }],
};

describe('parseQuestionnaire', () => {
  it('resolves extends: the base fields, replaced by the extension own', () => {
    const parsed = parseQuestionnaire({ extends: 'base', type: 91, title: 'Variante' }, (name) => (name === 'base' ? base : undefined));
    expect(parsed.ok && { type: parsed.value.type, title: parsed.value.title, slug: parsed.value.slug, scales: parsed.value.scales }).toEqual({
      type: 91,
      title: 'Variante',
      slug: 'base',
      scales: base.scales,
    });
  });

  it("copies the file's own $defs pieces where it refers to them, in a base and in an extension, and refuses an unused or unknown piece", () => {
    const scored = { ...base, scoring: { scores: [{ id: 'a', label: 'A', questions: { $ref: '#/$defs/items' }, aggregate: 'mean' }, { id: 'b', label: 'B', questions: { $ref: '#/$defs/items' }, aggregate: 'sum' }] } };
    const withPieces = { $defs: { items: ['1'] }, ...scored };
    const parsed = parseQuestionnaire(withPieces);
    expect(parsed.ok && parsed.value.scoring!.scores.map((score) => score.questions)).toEqual([['1'], ['1']]);
    expect(parsed.ok && '$defs' in parsed.value).toBe(false);
    const lookup = (name: string) => (name === 'comPecas' ? withPieces : undefined);
    const extension = parseQuestionnaire({ extends: 'comPecas', type: 91, $defs: { title: 'Variante' }, title: { $ref: '#/$defs/title' } }, lookup);
    expect(extension.ok && [extension.value.title, extension.value.scoring!.scores[1]!.questions]).toEqual(['Variante', ['1']]);
    const unused = parseQuestionnaire({ ...withPieces, $defs: { items: ['1'], sobra: ['1'] } });
    expect(unused.ok ? [] : unused.errors.map((error) => error.pointer)).toEqual(['/$defs/sobra']);
    const unknown = parseQuestionnaire({ ...scored, $defs: { outros: ['1'] } });
    expect(unknown.ok).toBe(false);
  });

  it('reports a missing base and a circular chain at /extends', () => {
    expect(parseQuestionnaire({ extends: 'nada' })).toEqual({ ok: false, errors: [{ pointer: '/extends', message: 'não existe o questionário "nada" (definitions/questionnaires/nada.json)' }] });
    const files: Record<string, unknown> = { a: { extends: 'b' }, b: { extends: 'a' } };
    const parsed = parseQuestionnaire({ extends: 'a' }, (name) => files[name]);
    expect(parsed.ok ? [] : parsed.errors.map((error) => error.message)).toEqual(['"extends" circular: a → b → a']);
  });

  it('refuses cross-reference mistakes the schema cannot see', () => {
    const broken = {
      ...base,
      pages: [
        {
          questions: [
            { id: '1', kind: 'text', text: 'Por quê?', when: { question: '2', gt: 1 } },
            { id: '2', kind: 'choice', scale: 's', options: [{ value: 1, label: 'a' }], text: 'Dupla fonte' },
            { id: '3', kind: 'checkboxes', scale: 'nenhuma', text: 'Escala inexistente', select: { exactly: 5 } },
          ],
        },
      ],
      scoring: { scores: [{ id: 'y', label: 'Y', aggregate: 'count' }], rankings: [{ id: 'r', label: 'R', from: 'scores', scores: ['z'] }] },
    };
    const parsed = parseQuestionnaire(broken);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { pointer: '/pages/0/questions/0/when/question', message: 'a condição usa a pergunta "2", que não é uma pergunta anterior a esta' },
      { pointer: '/pages/0/questions/1', message: 'informe "scale" ou "options" (um dos dois)' },
      { pointer: '/pages/0/questions/1', message: 'a pergunta precisa de pelo menos duas opções' },
      { pointer: '/pages/0/questions/2/scale', message: 'a escala "nenhuma" não existe em "scales"' },
      { pointer: '/pages/0/questions/2/select/exactly', message: '"exactly" (5) é maior que o número de opções (0)' },
      { pointer: '/scoring/scores/0/id', message: 'nenhuma opção das perguntas desta pontuação tem a tag "y"' },
      { pointer: '/scoring/rankings/0/scores/0', message: 'a pontuação "z" não existe' },
    ]);
  });
});
