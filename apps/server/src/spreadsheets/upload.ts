import ExcelJS from 'exceljs';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { MAX_EMPLOYEE_ROWS, MAX_LIST_ROWS, MAX_UNZIPPED_BYTES, MAX_ZIP_ENTRIES, SHEETS, unneutralize, type SheetKey } from './layout.ts';
import { readZipDirectory } from './zip.ts';

/** A non-blank data row of a sheet: its line number in the sheet and its cell texts, by column. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The data rows of the three sheets. */
export type UploadedSheets = Record<SheetKey, SheetRow[]>;

/** The text of a cell whatever Excel stored: plain, number, rich text, hyperlink (e-mails), formula result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return unneutralize(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return unneutralize(value.richText.map((part) => part.text ?? '').join(''));
    if ('hyperlink' in value && 'text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('sharedFormula' in value || 'formula' in value) return '';
  }
  // Error values (#N/A) and anything unforeseen count as empty.
  return '';
}

function rowsOf(workbook: ExcelJS.Workbook, key: SheetKey, limit: number): SheetRow[] {
  const layout = SHEETS[key];
  const sheet = workbook.getWorksheet(layout.name);
  if (!sheet) throw new HttpError(400, format(messages.spreadsheet.sheetMissing, { sheet: layout.name }));
  const header = layout.headers.map((_, index) => cellText(sheet.getCell(1, index + 1).value).trim().toLowerCase());
  if (header.some((text, index) => text !== layout.headers[index]!.toLowerCase())) {
    throw new HttpError(400, format(messages.spreadsheet.headerMismatch, { sheet: layout.name, headers: layout.headers.join(', ') }));
  }
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (line === 1 || tooMany) return;
    const cells = layout.headers.map((_, index) => cellText(row.getCell(index + 1).value));
    // Blank template rows (styled, no values) are ignored.
    if (cells.every((text) => text.trim() === '')) return;
    rows.push({ line, cells });
    if (rows.length > limit) tooMany = true;
  });
  if (tooMany) throw new HttpError(400, format(messages.spreadsheet.tooManyRows, { sheet: layout.name, max: limit }));
  return rows;
}

/**
 * Reads an uploaded .xlsx: a clear 400 when the bytes are not a spreadsheet (wrong magic bytes, a
 * renamed file, a corrupt or oversized zip), a missing sheet, wrong headers or too many rows.
 */
export async function readUpload(buffer: Buffer): Promise<UploadedSheets> {
  const zip = readZipDirectory(buffer);
  if (!zip || !zip.names.has('xl/workbook.xml')) throw new HttpError(400, messages.spreadsheet.notXlsx);
  if (zip.entries > MAX_ZIP_ENTRIES || zip.uncompressedBytes > MAX_UNZIPPED_BYTES) throw new HttpError(400, messages.spreadsheet.tooBigUnzipped);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, messages.spreadsheet.corrupt);
  }
  return {
    sectors: rowsOf(workbook, 'sectors', MAX_LIST_ROWS),
    positions: rowsOf(workbook, 'positions', MAX_LIST_ROWS),
    employees: rowsOf(workbook, 'employees', MAX_EMPLOYEE_ROWS),
  };
}
