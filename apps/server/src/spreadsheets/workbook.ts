import type ExcelJS from 'exceljs';
import { excel } from './excel.ts';
import { messages } from '../../../../engine/messages.ts';
import { BLANK_EMPLOYEE_ROWS, BLANK_LIST_ROWS, LIST_LAST_ROW, SHEETS, neutralize } from './layout.ts';

/** A sector or position as the sheets list it. */
export interface ListEntry {
  id: number;
  name: string;
}

/** An employee row of the Colaboradores sheet. */
export interface EmployeeEntry {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  sector: string | null;
  position: string | null;
}

/** What a workbook holds: the template has no employees; the export has all of them. */
export interface WorkbookData {
  sectors: ListEntry[];
  positions: ListEntry[];
  employees: EmployeeEntry[];
}

const BORDER: Partial<ExcelJS.Borders> = { bottom: { style: 'hair', color: { argb: 'FFBFBFBF' } } };

function addSheet(workbook: ExcelJS.Workbook, name: string, headers: readonly string[], widths: number[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header, index) => ({ header, key: header, width: widths[index] ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  // The Id column (last) is hidden: it ties a row to the database and must not be edited.
  sheet.getColumn(headers.length).hidden = true;
  return sheet;
}

/** Blank rows the user fills in (they exist in the file, styled, with no values). */
function addBlankRows(sheet: ExcelJS.Worksheet, count: number, columns: number): void {
  const first = sheet.rowCount + 1;
  for (let row = first; row < first + count; row += 1) {
    for (let column = 1; column <= columns; column += 1) sheet.getCell(row, column).border = BORDER;
  }
}

function listValidation(source: string): ExcelJS.DataValidation {
  return {
    type: 'list',
    allowBlank: true,
    formulae: [`${source}!$A$2:$A$${LIST_LAST_ROW}`],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: messages.spreadsheet.listErrorTitle,
    error: messages.spreadsheet.listError,
  };
}

/** exceljs keeps sheet-level validations by range in `dataValidations`, which its typings omit. */
export interface RangeValidations {
  model: Record<string, ExcelJS.DataValidation | undefined>;
  add(range: string, validation: ExcelJS.DataValidation): void;
}

/** The range validations of a sheet. */
export function rangeValidations(sheet: ExcelJS.Worksheet): RangeValidations {
  return (sheet as unknown as { dataValidations: RangeValidations }).dataValidations;
}

/** Builds the .xlsx of the template (no employees) or of the export; every text is neutralised against formulas. */
export async function buildWorkbook(data: WorkbookData): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'Avalia';
  const employees = addSheet(workbook, SHEETS.employees.name, SHEETS.employees.headers, [36, 36, 18, 26, 26, 10]);
  const sectors = addSheet(workbook, SHEETS.sectors.name, SHEETS.sectors.headers, [36, 10]);
  const positions = addSheet(workbook, SHEETS.positions.name, SHEETS.positions.headers, [36, 10]);

  for (const employee of data.employees) {
    employees.addRow([
      neutralize(employee.name),
      neutralize(employee.email),
      neutralize(employee.phone ?? ''),
      neutralize(employee.sector ?? ''),
      neutralize(employee.position ?? ''),
      employee.id,
    ]);
  }
  for (const sector of data.sectors) sectors.addRow([neutralize(sector.name), sector.id]);
  for (const position of data.positions) positions.addRow([neutralize(position.name), position.id]);
  addBlankRows(employees, BLANK_EMPLOYEE_ROWS, SHEETS.employees.headers.length);
  addBlankRows(sectors, BLANK_LIST_ROWS, SHEETS.sectors.headers.length);
  addBlankRows(positions, BLANK_LIST_ROWS, SHEETS.positions.headers.length);

  // Setor (D) and Cargo (E) offer the names of the Setores and Cargos sheets, down to row 1000.
  rangeValidations(employees).add(`D2:D${LIST_LAST_ROW}`, listValidation(SHEETS.sectors.name));
  rangeValidations(employees).add(`E2:E${LIST_LAST_ROW}`, listValidation(SHEETS.positions.name));
  // Phones stay text, so a leading zero or a long number is never turned into 1.2E+10.
  employees.getColumn(3).numFmt = '@';

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
