/**
 * Text measured without a canvas or a font file (the engine does no I/O): a fixed table of the chart
 * font's (Roboto Regular) glyph widths, each class rounded up, so a text is never measured narrower
 * than it is drawn, in the browser or in the PDF. What the layouts computed in pixels use: the word
 * cloud's places, and the room a chart gives its labels and legend.
 */

/** Advance widths in em of the chart font's (Roboto Regular) glyphs, by character, each class rounded up. */
const GLYPH_WIDTHS: [string, number][] = [
  [" '.,:;!|iIjl", 0.28],
  ['frt()[]{}-"/', 0.36],
  ['cksvxyz?*', 0.52],
  ['abdeghnopquJ0123456789$#_+=<>~', 0.58],
  ['FLTZEPSBKXYR', 0.64],
  ['ACDGHNOQUV&', 0.72],
  ['mwMW%@', 0.9],
];

const WIDTH_OF = new Map(GLYPH_WIDTHS.flatMap(([chars, width]) => [...chars].map((char): [string, number] => [char, width])));

/** Any other character (other scripts, symbols): a full em, so it is never under-measured. */
const OTHER_WIDTH = 1;

/** A line's height in em (Roboto's ascent plus descent is about 1.17 em). */
export const LINE_HEIGHT = 1.2;

/** Width in pixels of a text at a font size; accented letters measure as their base letter ("ç" as "c"). */
export function measureText(text: string, fontSize: number): number {
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '');
  let em = 0;
  for (const char of plain) em += WIDTH_OF.get(char) ?? OTHER_WIDTH;
  return em * fontSize;
}

/**
 * The lines a text breaks into at spaces within `width` pixels (a word longer than the width keeps a
 * line of its own), as ECharts' `overflow: 'break'` lays a label out.
 */
export function wrapLines(text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && measureText(candidate, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** The font size of chart labels, legends and axis labels (ECharts' default). */
export const LABEL_SIZE = 12;

/** The height of a line of a wrapped label. */
export const LABEL_LINE = 14;

/** A legend row: its 14-pixel icon, text and gaps. */
const LEGEND_ROW = 22;

/** The width of the statements beside horizontal bars: a third of the chart, between 110 and 220 pixels (the bars keep the rest). */
export function horizontalLabelWidth(chartWidth: number): number {
  return Math.round(Math.min(220, Math.max(110, chartWidth / 3)));
}

/** How many rows a horizontal legend of these names takes in `width` pixels (ECharts wraps it). */
export function legendRows(names: string[], width: number): number {
  // Each item: a 25-pixel icon, 5 before the text, 10 between items; 5 of padding on both sides.
  const room = width - 10;
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = 25 + 5 + measureText(name, LABEL_SIZE);
    if (used > 0 && used + 10 + item > room) {
      rows += 1;
      used = item;
    } else used += (used > 0 ? 10 : 0) + item;
  }
  return rows;
}

/** The top margin of a chart above its plot: the legend's rows when it has one. */
export function legendTop(names: string[] | undefined, width: number): number {
  return names === undefined ? 24 : legendRows(names, width) * LEGEND_ROW + 18;
}
