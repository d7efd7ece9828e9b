import { excel } from '../spreadsheets/excel.ts';
import type { ReportBlock, ReportCell, ReportDocument } from '../../../../engine/reports/document.ts';
import { neutralize } from '../spreadsheets/layout.ts';

/** A table of a report: its title and cells (a chart gives its table of numbers). */
interface SheetTable {
  title: string;
  header: string[];
  rows: ReportCell[][];
}

/** The tables of a report's blocks, in order. */
function tablesOf(blocks: ReportBlock[], fallbackTitle: string): SheetTable[] {
  return blocks.flatMap((block): SheetTable[] => {
    if (block.kind === 'table') return [{ title: block.title ?? fallbackTitle, header: block.header.map((cell) => cell.text), rows: block.rows }];
    if (block.kind === 'chart') {
      return [{ title: block.title ?? fallbackTitle, header: block.table.columns, rows: block.table.rows.map((row) => row.map((text, index) => ({ text, numeric: index > 0 }))) }];
    }
    return [];
  });
}

/** A pt-BR number as written in a report ("1.234,5", "42%") as a number, or null. */
function numberOf(text: string): { value: number; percent: boolean } | null {
  const match = /^(-?[\d.]+(?:,\d+)?)(%?)$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]!.replace(/\./g, '').replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return match[2] ? { value: value / 100, percent: true } : { value, percent: false };
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ], unique. */
function sheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[:\\/?*[\]]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 28) || 'Tabela';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 26)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * A report's tables as a workbook: a sheet per table, the report's title and subject on top, then the
 * header and the rows; numbers (and percentages) as numbers, texts neutralised against formulas, band
 * colours kept as fills.
 */
export async function renderXlsx(report: ReportDocument): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'Avalia';
  const created = new Date(report.createdAt);
  workbook.created = created;
  workbook.modified = created;
  const taken = new Set<string>();
  const tables = tablesOf(report.blocks, report.meta.title);
  for (const table of tables.length > 0 ? tables : [{ title: report.meta.title, header: [], rows: [] }]) {
    const sheet = workbook.addWorksheet(sheetName(table.title, taken));
    sheet.addRow([neutralize(report.meta.title)]).font = { bold: true, size: 14 };
    for (const line of report.meta.subject) sheet.addRow([neutralize(line)]);
    sheet.addRow([neutralize(table.title)]).font = { bold: true };
    const header = sheet.addRow(table.header.map(neutralize));
    header.font = { bold: true };
    for (const cells of table.rows) {
      const row = sheet.addRow(
        cells.map((cell) => {
          const number = cell.numeric ? numberOf(cell.text) : null;
          return number ? number.value : neutralize(cell.text);
        }),
      );
      cells.forEach((cell, index) => {
        const target = row.getCell(index + 1);
        if (cell.numeric && numberOf(cell.text)?.percent) target.numFmt = '0%';
        if (cell.fill) target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${cell.fill.replace('#', '').toUpperCase()}` } };
      });
    }
    table.header.forEach((_text, index) => {
      sheet.getColumn(index + 1).width = index === 0 ? 40 : 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
