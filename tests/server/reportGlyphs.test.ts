import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { documentDefinition, FALLBACK_FONT_FILE } from '../../apps/server/src/reports/pdf.ts';
import { ROBOTO_FILES } from '../../apps/server/src/reports/fonts.ts';
import { formatNumber } from '../../engine/charts/format.ts';
import type { ReportDocument } from '../../engine/reports/document.ts';

/*
 * Every character of a PDF's texts is drawn by the font its run names: Roboto lacks the arrows of a
 * change ('+0,4 ▲', '-1,3 ▼'), which printed as empty boxes. A run of what Roboto lacks is drawn in the
 * fallback font instead.
 */

interface Face {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const faces: Record<string, Face> = {
  Roboto: fontkit.create(readFileSync(ROBOTO_FILES.normal)) as unknown as Face,
  Fallback: fontkit.create(readFileSync(FALLBACK_FONT_FILE)) as unknown as Face,
};

/** Every (text, font) run of a pdfmake document: strings under `text`, in lists and in table cells. */
function runs(node: unknown, font: string, found: { text: string; font: string }[] = []): { text: string; font: string }[] {
  if (typeof node === 'string') found.push({ text: node, font });
  else if (Array.isArray(node)) for (const item of node) runs(item, font, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    const own = typeof record.font === 'string' ? record.font : font;
    for (const key of ['text', 'ul', 'ol', 'stack', 'columns', 'content', 'table', 'body']) if (key in record) runs(record[key], own, found);
  }
  return found;
}

describe('the characters of a report', () => {
  it('are each drawn by a font that has them: the arrows of a change too', () => {
    const change = [formatNumber(0.4, 'change'), formatNumber(-1.25, 'change'), formatNumber(0, 'change')];
    expect(change).toEqual(['+0,4 ▲', '-1,3 ▼', '0,0 =']);
    const report: ReportDocument = {
      meta: { title: 'Mudança por ciclo', subject: [`Empresa: Padaria ▲`], generated: '28 de NOVEMBRO de 2026', versions: '', supportEmail: 'a@b.c', supportPhone: '1' },
      orientation: 'portrait',
      createdAt: '2026-11-28T00:00:00.000Z',
      blocks: [
        { kind: 'table', title: 'Média por ciclo e mudança', header: [{ text: 'Ciclo' }, { text: 'Mudança' }], rows: change.map((text, index) => [{ text: `Ciclo ${index + 1}` }, { text, numeric: true }]) },
        { kind: 'help', text: 'Um aumento (▲) é mais estresse; uma queda (▼), menos.', meanings: [] },
      ],
    };
    const found = runs(documentDefinition(report), 'Roboto').filter((run) => run.text !== '');
    const fonts = new Map([['Roboto', faces.Roboto!], ['DejaVuSans', faces.Fallback!]]);
    const missing = found.flatMap((run) => [...run.text].filter((char) => !/\s/.test(char) && !fonts.get(run.font)?.hasGlyphForCodePoint(char.codePointAt(0)!)).map((char) => `${char} (${run.font}) in '${run.text}'`));
    expect(missing).toEqual([]);
    // The arrows are there, each in the fallback font.
    expect(found.filter((run) => /[▲▼]/.test(run.text)).map((run) => run.font)).toEqual(['DejaVuSans', 'DejaVuSans', 'DejaVuSans', 'DejaVuSans', 'DejaVuSans']);
  });
});
