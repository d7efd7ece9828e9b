import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The report font: Roboto, the TTF files pdfmake ships. The PDF embeds them, and the charts' text is
 * measured with the same files (`measureText`), so a label's box on the page is the box ECharts laid
 * out (RESULTS.md, pitfall 3: accented capitals are wider than zrender's ASCII table assumes).
 */
const ROBOTO_DIR = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'build', 'fonts', 'Roboto');

/** The four faces pdfmake needs, as files. */
export const ROBOTO_FILES = {
  normal: join(ROBOTO_DIR, 'Roboto-Regular.ttf'),
  bold: join(ROBOTO_DIR, 'Roboto-Medium.ttf'),
  italics: join(ROBOTO_DIR, 'Roboto-Italic.ttf'),
  bolditalics: join(ROBOTO_DIR, 'Roboto-MediumItalic.ttf'),
} as const;

interface Face {
  unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { glyphs: { id: number; advanceWidth: number }[] };
}

let faces: { normal: Face; bold: Face } | undefined;

function loadFaces() {
  faces ??= {
    normal: fontkit.create(readFileSync(ROBOTO_FILES.normal)) as unknown as Face,
    bold: fontkit.create(readFileSync(ROBOTO_FILES.bold)) as unknown as Face,
  };
  return faces;
}

/** Whether Roboto draws a character (what it lacks, the arrows of a change, the PDF draws in its fallback font). */
export function robotoDraws(char: string): boolean {
  return loadFaces().normal.hasGlyphForCodePoint(char.codePointAt(0)!);
}

/** Widths already measured, by font and text (chart labels repeat a lot). */
const cache = new Map<string, number>();
const CACHE_LIMIT = 20000;

/**
 * The width in pixels of a text in a CSS font shorthand as zrender writes it ("bold 14px Roboto",
 * "12px sans-serif"): measured with Roboto's own advance widths, whatever family is named (every
 * printed chart is in Roboto).
 */
export function measureText(text: string, font = '12px sans-serif'): { width: number } {
  const key = `${font}\u0000${text}`;
  const known = cache.get(key);
  if (known !== undefined) return { width: known };
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
  const bold = /\b(bold|bolder|[5-9]00)\b/.test(font);
  const face = bold ? loadFaces().bold : loadFaces().normal;
  // A character Roboto lacks counts a full em, as a browser's fallback font would draw it: zrender
  // measures '国' for a text's line height, and the font's blank glyph would make lines overlap.
  const units = face.layout(text).glyphs.reduce((sum, glyph) => sum + (glyph.id === 0 ? face.unitsPerEm : glyph.advanceWidth), 0);
  const width = (units / face.unitsPerEm) * size;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, width);
  return { width };
}
