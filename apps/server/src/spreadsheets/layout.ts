/*
 * The layout of the employees spreadsheet (spec section 3 "Spreadsheet template sheets" and section 9):
 * three sheets whose first row holds the headers and whose last column is the hidden Id.
 */

/** MIME type of an .xlsx file. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sheet names and their headers, in column order. */
export const SHEETS = {
  employees: { name: 'Colaboradores', headers: ['Nome', 'Email', 'Telefone', 'Setor', 'Cargo', 'Id'] },
  sectors: { name: 'Setores', headers: ['Setor', 'Id'] },
  positions: { name: 'Cargos', headers: ['Cargo', 'Id'] },
} as const;

/** Which sheet a row belongs to. */
export type SheetKey = keyof typeof SHEETS;

/** Blank rows offered after the data: employees, and sectors or positions. */
export const BLANK_EMPLOYEE_ROWS = 300;
export const BLANK_LIST_ROWS = 100;

/** The dropdowns of Setor and Cargo, and the lists they read, go down to this row. */
export const LIST_LAST_ROW = 1000;

/** Upload limits: bytes of the file, data rows of Colaboradores, of Setores or Cargos (their dropdown ends at row 1000). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_EMPLOYEE_ROWS = 20000;
export const MAX_LIST_ROWS = LIST_LAST_ROW - 1;

/**
 * Most bytes an uploaded .xlsx may inflate to, all its entries together (so any one entry too), as its
 * central directory declares them and as they really inflate. 20,000 employees of the six columns with
 * names and e-mails at their longest is about 25 MB of sheet and shared-strings XML (the empty template
 * inflates to 87 KB): 50 MB is twice the real need; a zip bomb declaring more is refused before inflating.
 */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
/** Most entries in an uploaded .xlsx (the template has 18; Excel and LibreOffice write about as many). */
export const MAX_ZIP_ENTRIES = 200;
/**
 * Most `<row>` elements read from one sheet, blank or not: twice the employee limit. Excel keeps styled
 * empty rows, so a sheet may have blank rows beyond the filled ones; past this the reading stops.
 */
export const MAX_SHEET_ROWS = 2 * MAX_EMPLOYEE_ROWS;

/** Longest accepted texts. */
export const MAX_NAME_LENGTH = 200;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;

/**
 * A text a spreadsheet application must show as text: one starting with = + - @ (or a tab or CR), or
 * their full-width (＝ ＋ － ＠) or small (﹦ ﹢ ﹣ ﹫) forms, which some spreadsheet applications read as
 * the ASCII ones, gets a leading single quote, so it is never run as a formula (CSV/formula injection).
 */
export function neutralize(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes `neutralize`, so an exported sheet imports back to the same values. */
export function unneutralize(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** An ASCII file-name part of a company name ('Empresa Demonstração' → 'empresa-demonstracao'). */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'empresa' : slug;
}
