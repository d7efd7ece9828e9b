/**
 * The reports' pages as a reader turns them, measured on the PDFs (`pdftoppm`, `pdftotext`): the
 * first page says how many answered and when; no page but the last of a section is less than a third
 * full; every person of the consolidated scanner is on at most two pages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../apps/server/src/reports/reports.ts';
import { reportDocument } from '../../engine/reports/document.ts';
import { bodyOf, fixtures, reportCalls, storeFixtures } from './goldenFixtures.ts';
import { pageFills, pageLines } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, setUpWorld, t } from './world.ts';

setUpWorld();
beforeAll(storeFixtures, 60000);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

async function reportOf(id: number, body: object): Promise<Buffer> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/report`, payload: body, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe.each(reportCalls())('the pages of the report of view %s', (id, fixture, call) => {
  let pdf: Buffer;
  let lines: string[][];
  let headings: string[];
  let headerWords: string[];

  beforeAll(async () => {
    const body = bodyOf(fixture, call.filters);
    pdf = await reportOf(id, body);
    lines = pageLines(pdf);
    const { source } = await buildReport(t.app, { view: t.app.definitions.dashboards.get(id)!, filters: body });
    const blocks = reportDocument(source).blocks;
    headings = blocks.flatMap((block) => (block.kind === 'heading' ? [oneLine(block.text)] : []));
    headerWords = [...new Set(blocks.flatMap((block) => (block.kind === 'table' && block.rows.length > 0 ? block.header.flatMap((cell) => cell.text.split(/\s+/)) : [])))].filter((word) => word !== '');
  }, 60000);

  it('says on the first page how many answered and when', () => {
    const first = lines[0]!.join(' ');
    // The people who answered; the answered evaluations too when some answered several questionnaires.
    const people = Number(/Respondentes (\d+)/.exec(first)?.[1]);
    const evaluations = Number(/Avaliações respondidas (\d+)/.exec(first)?.[1] ?? people);
    expect(evaluations).toBe(call.respondents);
    expect(people).toBeGreaterThan(0);
    expect(people).toBeLessThanOrEqual(evaluations);
    expect(first).toMatch(/Período das respostas (de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}|\d\d\/\d\d\/\d{4})/);
  });

  it('never breaks a word of a table’s header across lines (each column at least its longest word)', () => {
    const words = new Set(lines.flat().flatMap((line) => line.split(/\s+/)));
    expect(headerWords.filter((word) => !words.has(word))).toEqual([]);
  });

  it('fills every page to a third or more, but the last page of a section', () => {
    const fills = pageFills(pdf);
    expect(fills.length).toBe(lines.length);
    // A section ends where the next page opens with a heading (a tab, a person, a part of the view).
    const opensSection = (page: number) => headings.some((heading) => heading.startsWith(lines[page]?.[0] ?? '\u0000'));
    const thin = fills.flatMap((fill, page) => (page < fills.length - 1 && fill < 1 / 3 && !opensSection(page + 1) ? [`página ${page + 1} de ${fills.length}: ${Math.round(fill * 100)}%`] : []));
    expect(thin).toEqual([]);
  });
});

describe('the consolidated scanner', () => {
  it('puts each person on at most two pages', async () => {
    const fixture = fixtures.find((one) => one.dashboard === -2)!;
    const pdf = await reportOf(-2, bodyOf(fixture, { sector: true }));
    const lines = pageLines(pdf);
    // Each person's section opens with their name alone on a line (the last such line: the consolidated
    // part may list the names before); a person without answers has none.
    const starts = fixture.people.map((name) => lines.findLastIndex((page) => page.includes(name))).filter((page) => page >= 0);
    expect(starts.length).toBeGreaterThanOrEqual(2);
    // A person's pages run to the next person's first page, that one included when the next starts below its top.
    const spans = starts.map((start, index) => {
      const next = starts[index + 1];
      if (next === undefined) return lines.length - start;
      return next - start + (lines[next]![0] === fixture.people.find((name) => lines[next]!.includes(name)) ? 0 : 1);
    });
    expect(Math.max(...spans)).toBeLessThanOrEqual(2);
  });
});
