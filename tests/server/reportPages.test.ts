import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../apps/server/src/reports/pdf.ts';
import type { ReportBlock, ReportDocument } from '../../engine/reports/document.ts';

/*
 * A table's title and header never stand alone at a page's foot (the PSS-14's 'Respondentes' did, its
 * rows on the next page): a table that flows over pages starts where its first rows fit too. Checked
 * by placing the same table lower and lower on a page, one line of text at a time.
 */

/** Each page's text, in reading order. */
function pages(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'avalia-pages-'));
  try {
    writeFileSync(join(dir, 'report.pdf'), pdf);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' }).split('\f');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const table: ReportBlock = {
  kind: 'table',
  title: 'Respondentes da rodada',
  header: [{ text: 'Nome' }, { text: 'Total', numeric: true }],
  rows: Array.from({ length: 9 }, (_, index) => [{ text: `Pessoa número ${index + 1}` }, { text: String(20 + index), numeric: true }]),
};

function report(lines: number): ReportDocument {
  return {
    meta: { title: 'Relatório', subject: [], generated: '28 de NOVEMBRO de 2026', versions: '', supportEmail: 'a@b.c', supportPhone: '1' },
    orientation: 'portrait',
    createdAt: '2026-11-28T00:00:00.000Z',
    blocks: [{ kind: 'texts', title: 'Comentários', groups: [{ heading: 'Pergunta', parts: [{ items: Array.from({ length: lines }, (_, index) => `Comentário ${index + 1}`) }] }] }, table],
  };
}

describe('a table flowing over pages', () => {
  it('never leaves its title and header at a page’s foot without its first rows', async () => {
    // From a table well inside the first page to one starting past its foot, a line at a time.
    for (let lines = 30; lines <= 50; lines += 1) {
      const text = pages(await renderPdf(report(lines)));
      const titled = text.findIndex((page) => page.includes('Respondentes da rodada'));
      expect(titled, `${lines} lines`).toBeGreaterThanOrEqual(0);
      expect(text[titled], `${lines} lines: the title's page holds the first rows`).toContain('Pessoa número 2');
    }
  }, 60_000);
});
