import type ExcelJS from 'exceljs';
import { excel } from './excel.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { MAX_EMPLOYEE_ROWS, MAX_LIST_ROWS, MAX_SHEET_ROWS, MAX_UNZIPPED_BYTES, MAX_ZIP_ENTRIES, SHEETS, unneutralize, type SheetKey } from './layout.ts';
import { inflateEntry, readZipDirectory, storedZipStream, ZipEntryError } from './zip.ts';

const MB = 1024 * 1024;

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

/** The sheet a streamed worksheet is, by its name. */
function sheetKeyOf(name: string | undefined): SheetKey | undefined {
  return (Object.keys(SHEETS) as SheetKey[]).find((key) => SHEETS[key].name === name);
}

/**
 * The data rows of one sheet, read row by row as the XML streams in: the first row must be the header;
 * the reading stops (400) at the first row past `limit` filled rows or past MAX_SHEET_ROWS rows in all.
 */
async function rowsOf(worksheet: AsyncIterable<ExcelJS.Row>, key: SheetKey, limit: number): Promise<SheetRow[]> {
  const layout = SHEETS[key];
  const rows: SheetRow[] = [];
  let read = 0;
  for await (const row of worksheet) {
    read += 1;
    if (read === 1) {
      const header = layout.headers.map((_, index) => (row.number === 1 ? cellText(row.getCell(index + 1).value).trim().toLowerCase() : ''));
      if (header.some((text, index) => text !== layout.headers[index]!.toLowerCase())) {
        throw new HttpError(400, format(messages.spreadsheet.headerMismatch, { sheet: layout.name, headers: layout.headers.join(', ') }));
      }
      continue;
    }
    if (read > MAX_SHEET_ROWS) throw new HttpError(400, format(messages.spreadsheet.tooManyLines, { sheet: layout.name, max: MAX_SHEET_ROWS }));
    const cells = layout.headers.map((_, index) => cellText(row.getCell(index + 1).value));
    // Blank template rows (styled, no values) are ignored.
    if (cells.every((text) => text.trim() === '')) continue;
    rows.push({ line: row.number, cells });
    if (rows.length > limit) throw new HttpError(400, format(messages.spreadsheet.tooManyRows, { sheet: layout.name, max: limit }));
  }
  if (read === 0) throw new HttpError(400, format(messages.spreadsheet.headerMismatch, { sheet: layout.name, headers: layout.headers.join(', ') }));
  return rows;
}

/** The parts the import reads, in the order the streaming reader needs them (the lists before the sheets). */
const READ_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
/** What a workbook without shared strings reads instead (every text inline). */
const EMPTY_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

/**
 * Reads an uploaded .xlsx: a clear 400 when the bytes are not a spreadsheet (wrong magic bytes, a
 * renamed file, a corrupt zip), a missing sheet, wrong headers or too many rows; 413 when it inflates
 * past MAX_UNZIPPED_BYTES or has more than MAX_ZIP_ENTRIES entries. Nothing is inflated before the
 * central directory's declared sizes pass; each entry read is inflated with a ceiling of its declared
 * size; the sheets are parsed row by row (exceljs's streaming reader) and the reading stops at the limit,
 * so a bomb is answered in milliseconds and the memory stays flat.
 */
export async function readUpload(buffer: Buffer): Promise<UploadedSheets> {
  const zip = readZipDirectory(buffer);
  if (!zip || !zip.names.has('xl/workbook.xml')) throw new HttpError(400, messages.spreadsheet.notXlsx);
  if (zip.entries.length > MAX_ZIP_ENTRIES) throw new HttpError(413, format(messages.spreadsheet.tooManyEntries, { count: zip.entries.length, max: MAX_ZIP_ENTRIES }));
  if (zip.uncompressedBytes > MAX_UNZIPPED_BYTES) {
    throw new HttpError(413, format(messages.spreadsheet.tooBigUnzipped, { mb: Math.ceil(zip.uncompressedBytes / MB), max: MAX_UNZIPPED_BYTES / MB }));
  }
  const parts = new Map<string, Buffer>();
  try {
    for (const entry of zip.entries) {
      if (READ_PARTS.includes(entry.name) || WORKSHEET_PART.test(entry.name)) parts.set(entry.name, await inflateEntry(buffer, entry));
    }
  } catch (error) {
    if (error instanceof ZipEntryError) throw new HttpError(error.kind === 'oversized' ? 413 : 400, error.kind === 'oversized' ? messages.spreadsheet.sizeLies : messages.spreadsheet.corrupt);
    throw error;
  }
  const relations = parts.get('xl/_rels/workbook.xml.rels');
  if (!relations) throw new HttpError(400, messages.spreadsheet.corrupt);
  // The streaming reader names a sheet by its relative target ('worksheets/sheet1.xml'); some writers use absolute ones.
  parts.set('xl/_rels/workbook.xml.rels', Buffer.from(relations.toString('utf8').replace(/Target="\/xl\//g, 'Target="')));
  if (!parts.has('xl/sharedStrings.xml')) parts.set('xl/sharedStrings.xml', EMPTY_SHARED_STRINGS);
  const ordered = [...READ_PARTS.filter((name) => parts.has(name)), ...[...parts.keys()].filter((name) => WORKSHEET_PART.test(name))];
  const reader = new (await excel()).stream.xlsx.WorkbookReader(storedZipStream(ordered.map((name) => ({ name, bytes: parts.get(name)! }))), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: Partial<UploadedSheets> = {};
  try {
    for await (const worksheet of reader) {
      const key = sheetKeyOf((worksheet as unknown as { name?: string }).name);
      if (!key || sheets[key]) continue;
      sheets[key] = await rowsOf(worksheet, key, key === 'employees' ? MAX_EMPLOYEE_ROWS : MAX_LIST_ROWS);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, messages.spreadsheet.corrupt);
  }
  for (const key of Object.keys(SHEETS) as SheetKey[]) {
    if (!sheets[key]) throw new HttpError(400, format(messages.spreadsheet.sheetMissing, { sheet: SHEETS[key].name }));
  }
  return sheets as UploadedSheets;
}
