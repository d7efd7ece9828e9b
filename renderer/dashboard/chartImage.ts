import type { ChartInstance } from '../Chart';

const PIXEL_RATIO = 2;
const BACKGROUND = '#fff';

/** Reads a data URL's bytes. */
async function dataUrlBlob(url: string): Promise<Blob> {
  return (await fetch(url)).blob();
}

/** A file as a data URL. */
async function fileDataUrl(url: string): Promise<string> {
  const blob = await (await fetch(url)).blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(url));
    reader.readAsDataURL(blob);
  });
}

/**
 * The document's upright `@font-face` rules of the families an SVG names, with their files inlined.
 * An SVG drawn as an image loads nothing, not even the page's fonts: without them its texts fall
 * back to another font, wider than the one the chart was laid out in (the word cloud's words would
 * touch). Empty when the page declares none or a file cannot be read.
 */
async function inlinedFonts(svg: string): Promise<string> {
  const rules = [...document.styleSheets]
    .flatMap((sheet) => {
      try {
        return [...sheet.cssRules];
      } catch {
        return [];
      }
    })
    .filter((rule): rule is CSSFontFaceRule => typeof CSSFontFaceRule !== 'undefined' && rule instanceof CSSFontFaceRule);
  const used = rules.filter((rule) => {
    const family = rule.style.getPropertyValue('font-family').replace(/["']/g, '').trim();
    return family !== '' && svg.includes(family) && rule.style.getPropertyValue('font-style') !== 'italic';
  });
  try {
    const inlined = await Promise.all(
      used.map(async (rule) => {
        const file = /url\(["']?([^"')]+)["']?\)/.exec(rule.style.getPropertyValue('src'))?.[1];
        return file ? rule.cssText.replace(file, await fileDataUrl(file)) : '';
      }),
    );
    return inlined.join('\n');
  } catch {
    return '';
  }
}

/** An SVG data URL's document with the fonts it names inlined (see `inlinedFonts`). */
async function withFonts(url: string): Promise<string> {
  const comma = url.indexOf(',');
  const head = url.slice(0, comma);
  const body = url.slice(comma + 1);
  const svg = head.endsWith(';base64') ? atob(body) : decodeURIComponent(body);
  const fonts = await inlinedFonts(svg);
  return fonts === '' ? svg : svg.replace(/<svg\b[^>]*>/, (open) => `${open}<defs><style>${fonts}</style></defs>`);
}

/**
 * A drawn chart as an image file on white: a PNG at twice its size (the default), or the SVG itself
 * (a standalone file with the page's fonts it names inlined). The SVG renderer's `getDataURL` gives
 * an SVG whatever the type asked, so for a PNG that SVG is drawn on a canvas; if the browser cannot
 * (no canvas), the SVG is given.
 */
export async function chartImage(chart: ChartInstance, type: 'png' | 'svg' = 'png'): Promise<{ blob: Blob; extension: 'png' | 'svg' }> {
  const url = chart.getDataURL({ type, pixelRatio: PIXEL_RATIO, backgroundColor: BACKGROUND });
  if (url.startsWith('data:image/png')) return { blob: await dataUrlBlob(url), extension: 'png' };
  if (type === 'svg') return { blob: new Blob([await withFonts(url)], { type: 'image/svg+xml' }), extension: 'svg' };
  const width = chart.getWidth() * PIXEL_RATIO;
  const height = chart.getHeight() * PIXEL_RATIO;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context || width === 0 || height === 0) return { blob: await dataUrlBlob(url), extension: 'svg' };
  const image = new Image();
  const source = URL.createObjectURL(new Blob([await withFonts(url)], { type: 'image/svg+xml' }));
  image.src = source;
  try {
    await image.decode();
  } finally {
    URL.revokeObjectURL(source);
  }
  canvas.width = width;
  canvas.height = height;
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? { blob, extension: 'png' } : { blob: await dataUrlBlob(url), extension: 'svg' };
}

/** A file name from a title: no accents, words joined by hyphens ("Média por tema" → "media-por-tema"). */
export function fileNameOf(title: string, extension: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'grafico'}.${extension}`;
}
