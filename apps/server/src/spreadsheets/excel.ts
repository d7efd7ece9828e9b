/**
 * exceljs, loaded the first time a spreadsheet is read or written rather than at the server's start:
 * with the archive libraries under it, it is about a quarter of a second of every start, and most
 * starts (and most API test files) never touch a spreadsheet.
 */
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/** The exceljs module (its CommonJS exports), imported once. */
export function excel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  // A failed import is not kept: the next call tries again.
  loading.catch(() => (loading = undefined));
  return loading;
}
