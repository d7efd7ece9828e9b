import { afterEach, describe, expect, it, vi } from 'vitest';
import { measureText as robotoWidth } from '../../../apps/server/src/reports/fonts.ts';
import { APP_FONT, CHART_FONT } from '../../../engine/charts/print.ts';
import { chartBuilders } from '../../../engine/charts/registry.ts';
import { measureText } from '../../../engine/charts/measure.ts';
import { buildWordCloud, cosSin, layoutWords, type PlacedWord } from '../../../engine/charts/wordCloud.ts';
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
    // All of them, smaller where needed, never one over another.
    expect(words.length).toBe(60);
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

  it('draws each word at its laid-out position in the app font', () => {
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
      placed.map((word) => ['text', word.x, word.y, word.text, word.fontSize, APP_FONT]),
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

/** The text elements of a word cloud option, as drawn: text, font size, family and centre. */
function drawnWords(option: ReturnType<typeof buildWordCloud>): { text: string; fontSize: number; fontFamily: unknown; x: number; y: number }[] {
  const elements = (option.graphic as { elements: { children?: { type: string; x: number; y: number; style: Record<string, unknown> }[] }[] }).elements;
  return elements.flatMap((element) => element.children ?? []).filter((child) => child.type === 'text').map((child) => ({
    text: String(child.style.text),
    fontSize: Number(child.style.fontSize),
    fontFamily: child.style.fontFamily,
    x: child.x,
    y: child.y,
  }));
}

describe('the VIA cloud (issue 22, defect 4): every strength of the top 5 drawn, at any width', () => {
  // As dashboard 4 draws it: 28 to 80 px, 420 px high (results.md 2.9).
  const widget: WordCloudWidget = { kind: 'wordCloud', dataset: 'top5', word: 'optionLabel', value: 'people', minFont: 28, maxFont: 80, height: 420 };
  // 'Amor ao Aprendizado' chosen most, beside other long strengths (accents and capitals, the widest glyphs).
  const chosen: Row[] = [
    { optionLabel: 'Amor ao Aprendizado', people: 7 },
    { optionLabel: 'Apreciação da Beleza', people: 5 },
    { optionLabel: 'Trabalho em Equipe', people: 5 },
    { optionLabel: 'Inteligência Social', people: 4 },
    { optionLabel: 'Perseverança', people: 4 },
    { optionLabel: 'Espiritualidade', people: 3 },
    { optionLabel: 'Generosidade', people: 3 },
    { optionLabel: 'Criatividade', people: 2 },
    { optionLabel: 'Integridade', people: 2 },
    { optionLabel: 'Perspectiva', people: 1 },
    { optionLabel: 'Liderança', people: 1 },
    { optionLabel: 'Gratidão', people: 1 },
  ];
  // Every one of the 24 strengths in someone's top 5 (a large company), 'Amor ao Aprendizado' first.
  const all24 = [
    'Amor ao Aprendizado', 'Apreciação da Beleza', 'Trabalho em Equipe', 'Inteligência Social', 'Perseverança', 'Espiritualidade',
    'Generosidade', 'Criatividade', 'Integridade', 'Perspectiva', 'Liderança', 'Gratidão', 'Amor', 'Autocontrole', 'Bravura', 'Critério',
    'Curiosidade', 'Esperança', 'Humildade', 'Humor', 'Justiça', 'Perdão', 'Prudência', 'Vitalidade',
  ].map((optionLabel, index): Row => ({ optionLabel, people: index === 0 ? 30 : 24 - Math.floor(index / 2) }));

  const cases = [350, 390, 600, 900, 1200].flatMap((width) => [
    { name: `12 strengths, ${width} px wide`, rows: chosen, width },
    { name: `all 24 strengths, ${width} px wide`, rows: all24, width },
  ]);

  it.each(cases)('$name: every word inside the box, none over another, the most chosen the largest', ({ rows, width }) => {
    for (const mode of ['screen', 'print'] as const) {
      const words = drawnWords(buildWordCloud(widget, rows, mode, width));
      expect(words.map((word) => word.text).sort()).toEqual(rows.map((row) => String(row.optionLabel)).sort());
      // Boxes as the layout measures them (never narrower than Roboto draws: see below), 1.2 em high.
      const boxes = words.map((word) => {
        const half = measureText(word.text, word.fontSize) / 2;
        const halfHeight = (word.fontSize * 1.2) / 2;
        return { text: word.text, left: word.x - half, right: word.x + half, top: word.y - halfHeight, bottom: word.y + halfHeight };
      });
      for (const box of boxes) {
        expect(box.left, box.text).toBeGreaterThanOrEqual(0);
        expect(box.right, box.text).toBeLessThanOrEqual(width);
        expect(box.top, box.text).toBeGreaterThanOrEqual(0);
        expect(box.bottom, box.text).toBeLessThanOrEqual(420);
      }
      const overlaps = boxes.flatMap((one, index) =>
        boxes.slice(index + 1).filter((two) => one.left < two.right && two.left < one.right && one.top < two.bottom && two.top < one.bottom).map((two) => `${one.text} × ${two.text}`),
      );
      expect(overlaps).toEqual([]);
      const top = words.find((word) => word.text === 'Amor ao Aprendizado')!;
      for (const word of words) if (word !== top) expect(word.fontSize, word.text).toBeLessThan(top.fontSize);
      // Sizes keep the order of the counts.
      const count = new Map(rows.map((row) => [String(row.optionLabel), Number(row.people)]));
      for (const one of words) for (const two of words) if (count.get(one.text)! > count.get(two.text)!) expect(one.fontSize).toBeGreaterThanOrEqual(two.fontSize);
    }
  });

  it('lays out the same words the same way in the browser and in the PDF at the same width', () => {
    const place = (mode: 'screen' | 'print') => drawnWords(buildWordCloud(widget, chosen, mode, 600)).map(({ text, fontSize, x, y }) => [text, fontSize, x, y]);
    expect(place('screen')).toEqual(place('print'));
  });

  it('keeps 28 to 80 px when the words fit', () => {
    const words = drawnWords(buildWordCloud(widget, [{ optionLabel: 'Amor', people: 3 }, { optionLabel: 'Humor', people: 1 }], 'print', 600));
    expect(words.map((word) => [word.text, word.fontSize])).toEqual([
      ['Amor', 80],
      ['Humor', 28],
    ]);
  });

  it('never measures a strength narrower than Roboto draws it', () => {
    for (const text of all24.map((row) => String(row.optionLabel))) {
      expect(measureText(text, 80), text).toBeGreaterThanOrEqual(robotoWidth(text, '80px Roboto').width);
    }
  });

  it('names the app font on screen (the font the layout measures, with the app’s fallbacks) and the PDF font in print', () => {
    expect(APP_FONT.split(',')[0]!.trim()).toBe(CHART_FONT);
    expect(new Set(drawnWords(buildWordCloud(widget, chosen, 'screen', 600)).map((word) => word.fontFamily))).toEqual(new Set([APP_FONT]));
    expect(new Set(drawnWords(buildWordCloud(widget, chosen, 'print', 600)).map((word) => word.fontFamily))).toEqual(new Set([CHART_FONT]));
  });
});
