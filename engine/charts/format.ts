import type { Cell, NumberFormat, Row, TableColumn } from '../definition/dashboard.ts';
import { messages } from '../messages.ts';
import { formatDateBR } from '../rules/dates.ts';

/*
 * How the charts and their tables write cells: one function per concern, shared by every builder
 * and by `tableOf`, so a chart's label and its table cell are always the same text.
 */

/** Colours given to series and slices without a colour of their own, in order. */
export const PALETTE: readonly string[] = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f', '#9e9d24', '#4e342e', '#ad1457', '#37474f'];

/** The palette's colour for the `index`-th series, slice, ring or word (cycling). */
export function paletteColor(index: number): string {
  return PALETTE[index % PALETTE.length] ?? '#1565c0';
}

/** A chart's height in pixels when its widget gives none. */
export const DEFAULT_CHART_HEIGHT = 320;

/** The width the fixed layouts (rings, word cloud) are computed for; the PDFs draw charts this wide. */
export const CHART_WIDTH = 600;

/** The pt-BR number formats by count of decimals (made once: `toLocaleString` builds one per call). */
const numberFormats = new Map<number, Intl.NumberFormat>();

/** pt-BR text of a number with a fixed count of decimals; a value rounding to zero never shows "-0". */
function localeText(value: number, digits: number): string {
  let formatter = numberFormats.get(digits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(digits, formatter);
  }
  const text = formatter.format(value);
  return /^-0(,0+)?$/.test(text) ? text.slice(1) : text;
}

/** Formats a number the Brazilian way (comma decimals) with exactly `digits` decimal places. */
export function formatDecimalBR(value: number, digits = 1): string {
  return localeText(value, digits);
}

/**
 * A number as a widget's `format` writes it: "integer" rounded ("1.234"), "percent" rounded with a
 * percent sign ("42%"), "decimal" with one decimal and a comma ("7,3"), "change" signed with its arrow
 * ("+0,4 ▲"). Without a format, whole
 * numbers are written as integers and others with one decimal.
 */
export function formatNumber(value: number, format?: NumberFormat): string {
  const integer = (number: number) => localeText(number, 0);
  if (format === 'percent') return `${integer(value)}%`;
  if (format === 'change') return changeText(value);
  if (format === 'decimal') return formatDecimalBR(value, 1);
  if (format === 'integer' || Number.isInteger(value)) return integer(value);
  return formatDecimalBR(value, 1);
}

/** A change with its sign and direction, one decimal: '+0,4 ▲', '-1,2 ▼', '0,0 =' (what rounds to zero is no change). */
function changeText(value: number): string {
  const text = formatDecimalBR(Math.abs(value), 1);
  if (text === formatDecimalBR(0, 1)) return `${text} =`;
  return value > 0 ? `+${text} ▲` : `-${text} ▼`;
}

/** A cell as a number: numbers and numeric texts ("7.5"); anything else (empty, text, null) is null. */
export function toNumber(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'string' && cell.trim() !== '') {
    const number = Number(cell);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/**
 * A cell as a name (a category, a series, a label): texts as they are, numbers with a decimal comma
 * and no grouping (a year stays "2024"), booleans as "Sim"/"Não", null empty.
 */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? messages.dashboard.yes : messages.dashboard.no;
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  return cell;
}

/** An instant's day, dd/mm/aaaa, in `timeZone` (the viewer's when undefined); a text that is no instant as it is. */
export function formatDay(cell: Cell | undefined, timeZone?: string): string {
  const instant = typeof cell === 'string' ? new Date(cell) : null;
  if (!instant || Number.isNaN(instant.getTime())) return cellText(cell);
  return formatDateBR(instant, timeZone);
}

/** A table column's cell: a day, a number per its format or a name; `missing` where the row has the field with no value. */
export function columnText(row: Row, column: TableColumn, timeZone?: string): string {
  const cell = row[column.field];
  if (cell === null && column.field in row && column.missing !== undefined) return column.missing;
  return column.format === 'date' ? formatDay(cell, timeZone) : formatCell(cell, column.format);
}

/** Whether a table column holds numbers (right-aligned): a number format, or numbers in its rows. */
export function numericColumn(column: TableColumn, rows: Row[]): boolean {
  return (column.format !== undefined && column.format !== 'date') || rows.some((row) => typeof row[column.field] === 'number');
}

/** A cell as a table shows it: numbers (and numeric texts) through `formatNumber`, others as names. */
export function formatCell(cell: Cell | undefined, format?: NumberFormat): string {
  const number = typeof cell === 'number' || format !== undefined ? toNumber(cell ?? null) : null;
  return number === null ? cellText(cell) : formatNumber(number, format);
}

/** A colour held by a row's field (a band colour), or undefined when the field is absent or empty. */
export function colorOf(row: Row | undefined, field: string | undefined): string | undefined {
  if (!row || field === undefined) return undefined;
  const value = row[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The distinct names of a field over the rows, in first-seen order. */
export function distinctNames(rows: Row[], field: string): string[] {
  return [...new Set(rows.map((row) => cellText(row[field])))];
}

/** Escapes a text for the HTML of a tooltip (names come from people and companies). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
