import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A PDF as a reader sees it, through Debian's poppler tools (installed by scripts/prepareTestEnv.sh):
 * its text (`pdftotext`), its pages (`pdfinfo`), its fonts (`pdffonts`) and its first page as pixels
 * (`pdftoppm`).
 */

function withFile<T>(pdf: Buffer, run: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'avalia-pdf-'));
  try {
    const path = join(dir, 'report.pdf');
    writeFileSync(path, pdf);
    return run(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text in reading order, every run of whitespace made one space. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (path) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' })).replace(/\s+/g, ' ');
}

/** The number of pages. */
export function pdfPages(pdf: Buffer): number {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', [path], { encoding: 'utf8' }));
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? NaN);
}

/** The fonts' lines of `pdffonts` (name, type, embedded…). */
export function pdfFonts(pdf: Buffer): string[] {
  return withFile(pdf, (path) => execFileSync('pdffonts', [path], { encoding: 'utf8' })).split('\n').slice(2).filter((line) => line.trim() !== '');
}

/**
 * The share of the first page's pixels that are not white, rendered at 20 dpi in grey (a blank page is
 * 0; a page of text and charts is a few percent or more).
 */
export function inkOnFirstPage(pdf: Buffer, pngPath?: string): number {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-r', '20', '-gray', '-f', '1', '-l', '1', '-singlefile', path, join(dir, 'page')]);
    if (pngPath) execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', '-singlefile', path, pngPath]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PGM');
    const pixels = pgm.subarray(header[0].length);
    let ink = 0;
    for (const value of pixels) if (value < 240) ink += 1;
    return ink / pixels.length;
  });
}

/** The file name a Content-Disposition header gives (its UTF-8 `filename*`, else `filename`). */
export function dispositionName(header: string | undefined): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? '';
}

/** Page margins of the reports (top, bottom) in points: the footer sits in the bottom one. */
const MARGIN = { top: 48, bottom: 56 };

/**
 * How full each page is: the lowest inked row of its content area (margins left out, so not the
 * footer) as a share of the content area's height, from the page rendered at 18 dpi in grey.
 */
export function pageFills(pdf: Buffer): number[] {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-r', '18', '-gray', path, join(dir, 'page')]);
    const pages = readdirSync(dir).filter((name) => name.endsWith('.pgm')).sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]));
    return pages.map((name) => {
      const pgm = readFileSync(join(dir, name));
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
      if (!header) throw new Error('pdftoppm did not write a PGM');
      const [width, height] = [Number(header[1]), Number(header[2])];
      const pixels = pgm.subarray(header[0].length);
      // Points per pixel row: the page is 841.89 pt tall (portrait) or 595.28 (landscape).
      const points = (width < height ? 841.89 : 595.28) / height;
      const top = Math.round(MARGIN.top / points);
      const bottom = Math.round(height - MARGIN.bottom / points);
      let lowest = top;
      for (let row = top; row < bottom; row += 1) {
        for (let column = 0; column < width; column += 1) {
          if (pixels[row * width + column]! < 200) {
            lowest = row;
            break;
          }
        }
      }
      return (lowest - top) / (bottom - top);
    });
  });
}

/** The lines of text of each page (pdftotext, reading order), trimmed, blank ones left out. */
export function pageLines(pdf: Buffer): string[][] {
  const text = withFile(pdf, (path) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }));
  // pdftotext ends every page with a form feed.
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) => page.split('\n').map((line) => line.trim()).filter((line) => line !== ''));
}
