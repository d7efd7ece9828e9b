import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHART_FONT } from '../../../engine/charts/print.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import { buildWordCloud, cosSin, layoutWords, measureText, type PlacedWord } from '../../../engine/charts/wordCloud.ts';
import type { Row, WordCloudWidget } from '../../../engine/definition/dashboard.ts';

const area = { width: 600, height: 320, minFont: 12, maxFont: 40 };

/** Sixty words with weights 60 down to 1: more than fit, in mixed lengths and accents. */
const many = Array.from({ length: 60 }, (_, index) => ({
  text: ['comunicação', 'equipe', 'liderança', 'confiança', 'ação', 'respeito', 'MUDANÇA', 'foco'][index % 8]! + (index >= 8 ? ` ${index}` : ''),
  value: 60 - index,
}));

const intersect = (a: PlacedWord, b: PlacedWord) =>
  a.x - a.width / 2 < b.x + b.width / 2 && b.x - b.width / 2 < a.x + a.width / 2 && a.y - a.height / 2 < b.y + b.height / 2 && b.y - b.height / 2 < a.y + a.height / 2;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('layoutWords', () => {
  it('sizes fonts linearly between the smallest and the largest value', () => {
    const words = layoutWords(
      [
        { text: 'b', value: 5.5 },
        { text: 'a', value: 10 },
        { text: 'c', value: 1 },
      ],
      { ...area, maxFont: 30 },
    );
    // Largest first; 1 → 12, 5.5 → 21, 10 → 30.
    expect(words.map((word) => [word.text, word.fontSize])).toEqual([
      ['a', 30],
      ['b', 21],
      ['c', 12],
    ]);
  });

  it('puts the largest word in the middle of the area', () => {
    const [first] = layoutWords(many, area);
    expect([first!.x, first!.y]).toEqual([300, 160]);
  });

  it('is deterministic and never draws a random number', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random called');
    });
    expect(JSON.stringify(layoutWords(many, area))).toBe(JSON.stringify(layoutWords(many, area)));
  });

  it('places no two boxes over each other, all inside the area', () => {
    const words = layoutWords(many, { ...area, minFont: 10, maxFont: 28 });
    // Most of them fit; what does not is left out whole, never drawn over another word.
    expect(words.length).toBeGreaterThanOrEqual(50);
    const clashes = words.flatMap((one, index) => words.slice(index + 1).filter((two) => intersect(one, two)).map((two) => `${one.text} × ${two.text}`));
    expect(clashes).toEqual([]);
    for (const word of words) {
      expect(word.x - word.width / 2).toBeGreaterThanOrEqual(0);
      expect(word.x + word.width / 2).toBeLessThanOrEqual(600);
      expect(word.y - word.height / 2).toBeGreaterThanOrEqual(0);
      expect(word.y + word.height / 2).toBeLessThanOrEqual(320);
    }
  });

  it('turns with its own cosine and sine, as exact as the platform ones to 1e-9', () => {
    for (const angle of [0, 0.5, Math.PI / 2, 3, -2, 10.25, 123.456, 452]) {
      const [cos, sin] = cosSin(angle);
      expect(Math.abs(cos - Math.cos(angle))).toBeLessThan(1e-9);
      expect(Math.abs(sin - Math.sin(angle))).toBeLessThan(1e-9);
    }
  });

  it('measures accented letters like their base letter and wide letters wider', () => {
    expect(measureText('Ação', 20)).toBe(measureText('Acao', 20));
    expect(measureText('coração', 20)).toBe(measureText('coracao', 20));
    expect(measureText('mm', 10)).toBeGreaterThan(measureText('ii', 10));
    expect(measureText('ab', 20)).toBe(2 * measureText('ab', 10));
  });
});

describe('buildWordCloud', () => {
  const widget: WordCloudWidget = { kind: 'wordCloud', dataset: 'words', word: 'word', value: 'count', minFont: 12, maxFont: 40 };
  const rows: Row[] = [
    { word: 'equipe', count: 3 },
    { word: 'confiança', count: 9 },
    { word: '', count: 5 },
  ];

  it('draws each word at its laid-out position in the chart font', () => {
    const option = buildWordCloud(widget, rows, 'screen');
    const group = (option.graphic as { elements: { type: string; children: { type: string; x: number; y: number; style: Record<string, unknown> }[] }[] }).elements[0]!;
    expect(group.type).toBe('group');
    const placed = layoutWords(
      [
        { text: 'equipe', value: 3 },
        { text: 'confiança', value: 9 },
      ],
      { width: 600, height: 320, minFont: 12, maxFont: 40 },
    );
    expect(group.children.map((child) => [child.type, child.x, child.y, child.style.text, child.style.fontSize, child.style.fontFamily])).toEqual(
      placed.map((word) => ['text', word.x, word.y, word.text, word.fontSize, CHART_FONT]),
    );
    expect(placed.map((word) => [word.text, word.fontSize])).toEqual([
      ['confiança', 40],
      ['equipe', 12],
    ]);
  });

  it('gives the same option every time', () => {
    expect(JSON.stringify(buildWordCloud(widget, rows, 'print'))).toBe(JSON.stringify(buildWordCloud(widget, [...rows], 'print')));
  });

  it('is registered under its kind', () => {
    expect(chartBuilders.wordCloud).toBe(buildWordCloud);
  });
});
