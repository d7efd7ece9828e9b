import type { ChartInstance } from '../Chart';

const PIXEL_RATIO = 2;
const BACKGROUND = '#fff';

/** Reads a data URL's bytes. */
async function dataUrlBlob(url: string): Promise<Blob> {
  return (await fetch(url)).blob();
}

/**
 * A drawn chart as a PNG at twice its size on white. The SVG renderer's `getDataURL` gives an SVG
 * whatever the type asked, so that SVG is drawn on a canvas; if the browser cannot (no canvas), the
 * SVG itself is given.
 */
export async function chartImage(chart: ChartInstance): Promise<{ blob: Blob; extension: 'png' | 'svg' }> {
  const url = chart.getDataURL({ type: 'png', pixelRatio: PIXEL_RATIO, backgroundColor: BACKGROUND });
  if (url.startsWith('data:image/png')) return { blob: await dataUrlBlob(url), extension: 'png' };
  const width = chart.getWidth() * PIXEL_RATIO;
  const height = chart.getHeight() * PIXEL_RATIO;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context || width === 0 || height === 0) return { blob: await dataUrlBlob(url), extension: 'svg' };
  const image = new Image();
  image.src = url;
  await image.decode();
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
