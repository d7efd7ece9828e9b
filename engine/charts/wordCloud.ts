import type { EChartsOption } from 'echarts';
import type { Row, WordCloudWidget } from '../definition/dashboard.ts';
import { cellText, CHART_WIDTH, DEFAULT_CHART_HEIGHT, paletteColor, toNumber } from './format.ts';
import { APP_FONT, CHART_FONT, finishOption } from './print.ts';
import { LINE_HEIGHT, measureText } from './measure.ts';
import type { ChartMode } from './types.ts';

/*
 * A word cloud laid out once, without randomness or a canvas: words measured with a fixed table of
 * glyph widths, placed largest first along an Archimedean spiral from the centre, each at the first
 * spot where its box overlaps no other; all of them, smaller when they do not fit. The same words on
 * the same box always get the same positions, in the browser and in the PDF.
 */

/** Pixels kept free around every word. */
const PADDING = 2;

/** A word to place and its weight. */
export interface WordInput {
  text: string;
  value: number;
}

/** A placed word: its font size, centre (x, y) and box size in pixels, inside the layout's area. */
export interface PlacedWord extends WordInput {
  fontSize: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The area and the font sizes of a layout. */
export interface WordLayoutOptions {
  width: number;
  height: number;
  minFont: number;
  maxFont: number;
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/** The golden angle, π(3 − √5): each word's spiral starts turned this much from the previous one's. */
const GOLDEN_ANGLE = 2.399963229728653;

const TWO_PI = 2 * Math.PI;

/**
 * Cosine and sine by their series after reducing the angle to [−π, π] (error under 1e-10). Only
 * + − × ÷ and `Math.floor`, which every JavaScript engine computes bit for bit alike; `Math.cos`
 * may differ in the last bit between engines, and the browser must place words as the server does.
 */
export function cosSin(angle: number): [number, number] {
  const a = angle - TWO_PI * Math.floor(angle / TWO_PI + 0.5);
  const square = a * a;
  let cos = 1;
  let sin = 1;
  for (let n = 22; n >= 2; n -= 2) {
    cos = 1 - (square / (n * (n - 1))) * cos;
    sin = 1 - (square / ((n + 1) * n)) * sin;
  }
  return [cos, a * sin];
}

/** Pixels the spiral's radius grows per radian; radians between two tries, at most; pixels between two tries, at most. */
const SPIRAL_GROWTH = 0.5;
const SPIRAL_STEP = 0.1;
const SPIRAL_ARC = 5;

/** Each new try of a layout that left a word out draws every font this much smaller. */
const SHRINK = 0.9;

/** Below this, a font is not tried any smaller (a 24-word cloud fits a phone well above it). */
const SMALLEST_FONT = 4;

/**
 * Places every word: largest first (ties in input order), each sized linearly between `minFont` (the
 * smallest value) and `maxFont` (the largest; all words get `maxFont` when the values are equal), at
 * the first point of a spiral from the centre where its box, padded, stays inside the area and
 * overlaps no placed box. When a word fits nowhere, the whole cloud is laid out again with every font
 * size 10% smaller (sizes keep their order), until every word fits: a long first word on a phone is
 * drawn smaller, never left out. Only if even fonts under `SMALLEST_FONT` px cannot hold them all
 * (an area far too small) are the words that fit nowhere left out (the chart's table still lists them).
 * Deterministic: the same words and area always give the same layout.
 */
export function layoutWords(words: WordInput[], options: WordLayoutOptions): PlacedWord[] {
  const { minFont, maxFont } = options;
  let best: PlacedWord[] = [];
  for (let scale = 1; maxFont * scale >= SMALLEST_FONT || scale === 1; scale *= SHRINK) {
    const placed = placeWords(words, { ...options, minFont: minFont * scale, maxFont: maxFont * scale });
    if (placed.length === words.length) return placed;
    if (placed.length > best.length) best = placed;
  }
  return best;
}

/**
 * One try of `layoutWords` at these font sizes: the words placed in order, stopping at the first that
 * fits nowhere (the caller then tries smaller fonts); what was placed until then.
 */
function placeWords(words: WordInput[], options: WordLayoutOptions): PlacedWord[] {
  const { width, height, minFont, maxFont } = options;
  const values = words.map((word) => word.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const sizeOf = (value: number) => tenth(high === low ? maxFont : minFont + ((value - low) / (high - low)) * (maxFont - minFont));
  const order = words.map((word, index) => ({ word, index })).sort((a, b) => b.word.value - a.word.value || a.index - b.index);
  const placed: PlacedWord[] = [];
  for (const [rank, { word }] of order.entries()) {
    const fontSize = sizeOf(word.value);
    const box = { width: tenth(measureText(word.text, fontSize)), height: tenth(fontSize * LINE_HEIGHT) };
    const spot = freeSpot(box, rank * GOLDEN_ANGLE, placed, width, height);
    if (!spot) break;
    placed.push({ ...word, fontSize, x: spot.x, y: spot.y, ...box });
  }
  return placed;
}

/**
 * The first point of the spiral (from the area's centre, turned `start`, stretched to the area's
 * shape) where a box of this size, padded, stays inside the area and clear of the placed words.
 */
function freeSpot(box: { width: number; height: number }, start: number, placed: PlacedWord[], width: number, height: number): { x: number; y: number } | null {
  // Half sizes with the padding: a centre is free this far from the edges and from the others' halves.
  const halfWidth = box.width / 2 + PADDING;
  const halfHeight = box.height / 2 + PADDING;
  if (2 * halfWidth > width || 2 * halfHeight > height) return null;
  const stretchX = Math.max(width / height, 1);
  const stretchY = Math.max(height / width, 1);
  // Past this radius every point of the stretched spiral lies outside the area.
  const across = width / stretchX;
  const down = height / stretchY;
  const limit = Math.sqrt(across * across + down * down) / 2;
  // The word that blocked the last try most likely blocks the next one too.
  let blocker: PlacedWord | undefined;
  for (let angle = 0; angle * SPIRAL_GROWTH <= limit; angle += Math.min(SPIRAL_STEP, SPIRAL_ARC / (angle * SPIRAL_GROWTH * stretchX))) {
    const radius = angle * SPIRAL_GROWTH;
    const [cos, sin] = cosSin(start + angle);
    const x = tenth(width / 2 + radius * cos * stretchX);
    const y = tenth(height / 2 + radius * sin * stretchY);
    if (x < halfWidth || x > width - halfWidth || y < halfHeight || y > height - halfHeight) continue;
    if (blocker && clashes(x, y, halfWidth, halfHeight, blocker)) continue;
    blocker = undefined;
    for (const other of placed) {
      if (clashes(x, y, halfWidth, halfHeight, other)) {
        blocker = other;
        break;
      }
    }
    if (!blocker) return { x, y };
  }
  return null;
}

/** Whether a box centred at (x, y) with these padded half sizes overlaps a placed word. */
function clashes(x: number, y: number, halfWidth: number, halfHeight: number, other: PlacedWord): boolean {
  return Math.abs(x - other.x) < halfWidth + other.width / 2 && Math.abs(y - other.y) < halfHeight + other.height / 2;
}

/** The words of a word cloud widget: rows with a word and a number, in row order. */
export function cloudWords(widget: WordCloudWidget, rows: Row[]): WordInput[] {
  return rows.flatMap((row) => {
    const text = cellText(row[widget.word]).trim();
    const value = toNumber(row[widget.value]);
    return text === '' || value === null ? [] : [{ text, value }];
  });
}

/**
 * ECharts option of a word cloud widget: the words laid out by `layoutWords` on the chart's own box
 * (`width`, default `CHART_WIDTH`, the PDFs' width; the screen passes the width it draws in) and the
 * widget's height, drawn as texts at those positions, in the app's font on screen and the PDF's in
 * print (the same Roboto: the layout measures its widths).
 */
export function buildWordCloud(widget: WordCloudWidget, rows: Row[], mode: ChartMode, width: number = CHART_WIDTH): EChartsOption {
  const height = widget.height ?? DEFAULT_CHART_HEIGHT;
  const words = layoutWords(cloudWords(widget, rows), { width, height, minFont: widget.minFont, maxFont: widget.maxFont });
  const option = {
    graphic: {
      elements: [
        {
          type: 'group',
          children: words.map((word, index) => ({
            type: 'text',
            x: word.x,
            y: word.y,
            silent: true,
            style: {
              text: word.text,
              fontSize: word.fontSize,
              fontFamily: mode === 'screen' ? APP_FONT : CHART_FONT,
              fill: paletteColor(index),
              align: 'center',
              verticalAlign: 'middle',
            },
          })),
        },
      ],
    },
  };
  return finishOption(option as EChartsOption, mode);
}
