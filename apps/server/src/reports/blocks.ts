import type { ReportBlock, ReportCell } from '../../../../engine/reports/document.ts';
import { messages } from '../../../../engine/messages.ts';
import { chartSvg } from './charts.ts';
import { measureText } from './fonts.ts';

/*
 * Each report block as pdfmake content, and how tall that content will be: the page planner
 * (`layout.ts`) places the blocks by these heights, so each kind's drawing and its height sit side by
 * side and read the same styles. Heights are measured with the PDF's font (Roboto's advance widths and
 * line height), the way pdfmake breaks lines.
 */

const m = messages.reports;

export const COLORS = { text: '#1f2a44', muted: '#5f6368', rule: '#d0d4dc', headerFill: '#f1f3f6', brand: '#f6c400' };

export type Content = Record<string, unknown> | string;

/** The named text styles: size, weight and margins (left, top, right, bottom). */
export const STYLES = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
  subject: { fontSize: 11, margin: [0, 0, 0, 2] },
  h1: { fontSize: 16, bold: true, margin: [0, 8, 0, 8] },
  h2: { fontSize: 14, bold: true, margin: [0, 8, 0, 6] },
  h3: { fontSize: 12, bold: true, margin: [0, 6, 0, 4] },
  widgetTitle: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] },
  groupTitle: { fontSize: 10, bold: true, margin: [0, 4, 0, 2] },
  partTitle: { fontSize: 9, bold: true, color: COLORS.muted, margin: [0, 2, 0, 2] },
  muted: { fontSize: 9, color: COLORS.muted },
} as const;

type StyleName = keyof typeof STYLES;

/** Roboto's line height per point of font size: (ascender 1900 − descender −500) / 2048 units. */
const LINE = 2400 / 2048;

/** The width in points of a text at a size. */
export function textWidth(text: string, size: number, bold = false): number {
  return measureText(text, `${bold ? 'bold ' : ''}${size}px Roboto`).width;
}

/** How many lines a text takes in a width, broken at spaces as pdfmake breaks it. */
function textLines(text: string, size: number, width: number, bold = false): number {
  let lines = 0;
  const space = textWidth(' ', size, bold);
  for (const paragraph of text.split('\n')) {
    lines += 1;
    let used = 0;
    for (const word of paragraph.split(' ')) {
      const wide = textWidth(word, size, bold);
      if (used > 0 && used + wide > width) {
        lines += Math.max(1, Math.ceil(wide / width));
        used = wide + space;
      } else used += wide + space;
    }
  }
  return lines;
}

/** The height of a text in a width (its lines at the font's line height). */
export function textHeight(text: string, size: number, width: number, bold = false): number {
  return textLines(text, size, width, bold) * size * LINE;
}

/** The height of a text in a named style, margins included. */
export function styledHeight(text: string, style: StyleName, width: number): number {
  const { fontSize, margin } = STYLES[style] as { fontSize: number; bold?: boolean; margin?: readonly number[] };
  const bold = 'bold' in STYLES[style];
  return textHeight(text, fontSize, width, bold) + (margin ? margin[1]! + margin[3]! : 0);
}

/** A table's shape for its height: its cells' texts (bold header row first), its column widths, its font and padding. */
interface TableShape {
  rows: { text: string; bold?: boolean }[][];
  /** pdfmake's kinds, or 'fit': every column as `fittedColumns` sizes it. */
  widths: ('*' | 'auto')[] | 'fit';
  size: number;
  padding: number;
  /** Border width of each line (0: no borders). */
  line: number;
  /** Horizontal padding of a cell, each side. */
  side: number;
}

/** A table's height in a width: column widths as pdfmake gives them ('auto' its widest text, '*' the rest), each row its tallest cell. */
function tableHeight(shape: TableShape, width: number, given?: number[]): number {
  const { rows, widths, size, padding, line, side } = shape;
  if (rows.length === 0) return 0;
  const columns = given ?? (widths === 'fit' ? fittedColumns(rows, shape, width) : pdfmakeColumns(rows, widths, shape, width));
  const heights = rows.map((row) => Math.max(...row.map((cell, column) => textHeight(cell.text, size, Math.max(8, columns[column]! - 2 * side), cell.bold))) + 2 * padding);
  return heights.reduce((sum, value) => sum + value, 0) + line * (rows.length + 1);
}

/** Column widths (padding included) as pdfmake gives them: 'auto' its widest text, '*' the rest. */
function pdfmakeColumns(rows: TableShape['rows'], widths: ('*' | 'auto')[], { size, line, side }: TableShape, width: number): number[] {
  const room = width - line * (widths.length + 1);
  const natural = widths.map((kind, column) => (kind === 'auto' ? Math.max(...rows.map((row) => textWidth(row[column]?.text ?? '', size, row[column]?.bold) + 2 * side)) : 0));
  const stars = widths.filter((kind) => kind === '*').length;
  const autos = natural.reduce((sum, value) => sum + value, 0);
  // Auto columns shrink when they would leave the star columns less than a third of the table.
  const squeeze = stars > 0 && autos > room * 0.66 ? (room * 0.66) / autos : 1;
  const starWidth = stars > 0 ? (room - autos * squeeze) / stars : 0;
  return widths.map((kind, column) => (kind === 'auto' ? natural[column]! * squeeze : starWidth));
}

/**
 * Column widths (padding included) that fill a width as a browser lays out a table: every column at
 * its widest text when they all fit (the first taking what is left); else each at least its longest
 * word, never broken, the rest of the room shared in proportion to what each needs to stand on one
 * line; only when even the longest words do not fit are they all narrowed alike. (pdfmake's own
 * layout gave a column of short values all its texts' width and left the first column narrower than
 * its header's word: 'Temperament' / 'o'.)
 */
function fittedColumns(rows: TableShape['rows'], { size, line, side }: TableShape, width: number): number[] {
  const count = Math.max(...rows.map((row) => row.length));
  const room = width - line * (count + 1);
  const cells = (column: number) => rows.map((row) => row[column] ?? { text: '' });
  // (Half a point more than measured: pdfmake must not wrap a word measured to fit exactly.)
  const least = Array.from({ length: count }, (_, column) => Math.max(...cells(column).flatMap(({ text, bold }) => text.split(/\s+/).map((word) => textWidth(word, size, bold)))) + 2 * side + 0.5);
  // (A cell's widest line: a quadrant's cell is several lines.)
  const most = Array.from({ length: count }, (_, column) =>
    Math.max(least[column]!, ...cells(column).flatMap(({ text, bold }) => text.split('\n').map((part) => textWidth(part, size, bold) + 2 * side + 0.5))),
  );
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  if (sum(most) <= room) return most.map((value, column) => (column === 0 ? value + room - sum(most) : value));
  if (sum(least) > room) return least.map((value) => (value * room) / sum(least));
  const share = (room - sum(least)) / (sum(most) - sum(least));
  return least.map((value, column) => value + (most[column]! - value) * share);
}

function cellContent(cell: ReportCell, header: boolean): Content {
  return {
    text: cell.text,
    alignment: cell.numeric ? 'right' : 'left',
    ...(cell.fill ? { fillColor: cell.fill } : header ? { fillColor: COLORS.headerFill } : {}),
    ...(cell.color ? { color: cell.color } : {}),
    ...(header ? { bold: true } : {}),
  };
}

/** A chart's numbers: the first column is the item, the others its values. */
const NUMBERS = { size: 8, padding: 1, line: 1, side: 4, margin: 12 };

function numbersShape(columns: string[], rows: string[][]): TableShape {
  return {
    rows: [columns.map((text) => ({ text, bold: true })), ...rows.map((row) => row.map((text) => ({ text })))],
    widths: 'fit',
    ...NUMBERS,
  };
}

/** A column's width at its widest text on one line, a prose column's (a heatmap's note) at most this wide: it wraps. */
const PROSE_WIDTH = 150;

/**
 * A chart's numbers as tables that fit a width: one, unless its columns cannot all stand side by side
 * even at their longest words (ten competencies of a 360 across dates); then cut into tables of the
 * columns that fit at their natural width, each repeating the first column (the item), in order.
 */
function numbersParts(columns: string[], rows: string[][], width: number): { columns: string[]; rows: string[][] }[] {
  const { size, side, line } = NUMBERS;
  const texts = (column: number) => [{ text: columns[column]!, bold: true }, ...rows.map((row) => ({ text: row[column] ?? '', bold: false }))];
  const longestWord = (column: number) => Math.max(...texts(column).flatMap(({ text, bold }) => text.split(/\s+/).map((word) => textWidth(word, size, bold)))) + 2 * side + line;
  const natural = (column: number) => Math.min(PROSE_WIDTH, Math.max(...texts(column).map(({ text, bold }) => textWidth(text, size, bold)))) + 2 * side + line;
  const rest = columns.map((_column, index) => index).slice(1);
  if (rest.reduce((sum, column) => sum + longestWord(column), longestWord(0)) <= width) return [{ columns, rows }];
  const room = width - natural(0);
  const parts: number[][] = [];
  let used = 0;
  for (const column of rest) {
    const wide = natural(column);
    if (parts.length === 0 || (parts.at(-1)!.length > 0 && used + wide > room)) {
      parts.push([]);
      used = 0;
    }
    parts.at(-1)!.push(column);
    used += wide;
  }
  if (parts.length === 0) return [{ columns, rows }];
  return parts.map((part) => ({ columns: [columns[0]!, ...part.map((column) => columns[column]!)], rows: rows.map((row) => [row[0]!, ...part.map((column) => row[column] ?? '')]) }));
}

/** A compact table of a chart's numbers (several, each with the first column, when its columns do not fit the width). */
export function numbersTable(columns: string[], rows: string[][], width: number): Content {
  const tables = numbersParts(columns, rows, width).map(
    (part): Content => ({
      table: {
        headerRows: 1,
        keepWithHeaderRows: 1,
        // Each column at least its longest word (`numbersParts` cut the table where they would not fit).
        widths: fittedColumns(numbersShape(part.columns, part.rows).rows, numbersShape([], []), width).map((column) => Math.max(1, column - 2 * NUMBERS.side)),
        body: [part.columns.map((text) => ({ text, bold: true, fillColor: COLORS.headerFill })), ...part.rows.map((row) => row.map((text, index) => ({ text, alignment: index === 0 ? 'left' : 'right' })))],
        dontBreakRows: true,
      },
      layout: { hLineColor: COLORS.rule, vLineColor: COLORS.rule, paddingTop: () => NUMBERS.padding, paddingBottom: () => NUMBERS.padding },
      fontSize: NUMBERS.size,
      margin: [0, 0, 0, NUMBERS.margin],
    }),
  );
  return tables.length === 1 ? tables[0]! : { stack: tables };
}

/**
 * The height of a chart's numbers table in a width (none when it has no rows); with `first`, of what
 * must fit where it starts: its first table's header and first rows.
 */
export function numbersHeight(columns: string[], rows: string[][], width: number, first?: number): number {
  if (rows.length === 0) return 0;
  const parts = numbersParts(columns, rows, width);
  // Each part's columns sized from all its rows, as drawn (its first rows measured in them).
  const measured = (first === undefined ? parts : parts.slice(0, 1)).map((part) => ({
    shape: numbersShape(part.columns, first === undefined ? part.rows : part.rows.slice(0, first)),
    columns: fittedColumns(numbersShape(part.columns, part.rows).rows, numbersShape([], []), width),
  }));
  return measured.reduce((sum, { shape, columns }) => sum + tableHeight(shape, width, columns) + NUMBERS.margin, 0);
}

/**
 * A widget's title above its content. A title that is not kept with its content otherwise (`kept`: in
 * one unbreakable block) is a headline: it never stays alone at a page's foot.
 */
export function titled(title: string | undefined, body: Content[], kept = false): Content[] {
  return title ? [{ text: title, style: 'widgetTitle', ...(kept ? {} : { headlineLevel: 1 }) }, ...body] : body;
}

export function titleHeight(title: string | undefined, width: number): number {
  return title ? styledHeight(title, 'widgetTitle', width) : 0;
}

/** A chart drawn `width` points wide at most and its drawing `height` points tall at most (its proportions kept). */
export function chartDrawing(block: Extract<ReportBlock, { kind: 'chart' }>, width: number, height: number): Content {
  const scale = Math.min(width / block.width, height / block.height);
  return { svg: chartSvg(block.option, block.width, block.height), width: block.width * scale, height: block.height * scale, margin: [0, 0, 0, 4] };
}

/** A report table's font, padding and borders. */
const TABLE = { size: 8.5, padding: 1.5, line: 1, side: 4, margin: 12 };

type TableBlock = Extract<ReportBlock, { kind: 'table' }>;

/** A report table's rows as measured (the bold header first). */
function measuredRows(block: TableBlock): TableShape['rows'] {
  return [...(block.header.length > 0 ? [block.header.map((cell) => ({ text: cell.text, bold: true }))] : []), ...block.rows.map((row) => row.map((cell) => ({ text: cell.text })))];
}

/**
 * A report table's columns (padding included), from all its rows: fitted to their texts (`fittedColumns`)
 * when it has a header; a grid without one (the quadrants) in equal columns.
 */
function tableColumns(block: TableBlock, width: number): number[] {
  const rows = measuredRows(block);
  if (block.header.length > 0) return fittedColumns(rows, { rows: [], widths: 'fit', ...TABLE }, width);
  const count = Math.max(1, ...rows.map((row) => row.length));
  return Array.from({ length: count }, () => (width - TABLE.line * (count + 1)) / count);
}

/** A report table's column widths for pdfmake (content widths: its cells' padding is added to them). */
function tableWidths(block: TableBlock, width: number): number[] {
  return tableColumns(block, width).map((column) => Math.max(1, column - 2 * TABLE.side));
}

/** The height of a report table's title, header and first `rows` rows, its columns sized from all its rows (as drawn): where a long table starts. */
export function tableStartHeight(block: TableBlock, width: number, rows: number): number {
  const shown = { ...block, rows: block.rows.slice(0, rows) };
  return titleHeight(block.title, width) + tableHeight({ rows: measuredRows(shown), widths: 'fit', ...TABLE }, width, tableColumns(block, width)) + TABLE.margin;
}

/** A widget's explanation: how to read it, then each name in bold with its meaning (9 pt, muted). */
const HELP = { size: 9, margin: 12, pull: 6, gap: 1 };

/** A block's drawing and its height, in a width. */
interface BlockKind<B> {
  draw(block: B, width: number): Content[];
  height(block: B, width: number): number;
}

type Kinds = { [K in Exclude<ReportBlock['kind'], 'chart' | 'pageBreak'>]: BlockKind<Extract<ReportBlock, { kind: K }>> };

/** Every block kind but charts (which the planner sizes) and page breaks, drawn and measured. */
export const BLOCKS: Kinds = {
  heading: {
    // The planner breaks the page before a heading that starts one.
    draw: (block) => [{ text: block.text, style: `h${block.level}`, headlineLevel: 1 }],
    height: (block, width) => styledHeight(block.text, `h${block.level}`, width),
  },
  table: {
    draw: (block, width) => {
      if (block.rows.length === 0) return titled(block.title, [{ text: m.noRows, style: 'muted' }]);
      const body = [...(block.header.length > 0 ? [block.header.map((cell) => cellContent(cell, true))] : []), ...block.rows.map((row) => row.map((cell) => cellContent(cell, false)))];
      return titled(block.title, [
        {
          // A header never stays alone at a page's foot: it goes on with the first row (and repeats on every page).
          table: { headerRows: block.header.length > 0 ? 1 : 0, ...(block.header.length > 0 ? { keepWithHeaderRows: 1 } : {}), widths: tableWidths(block, width), body, dontBreakRows: true },
          layout: { hLineColor: COLORS.rule, vLineColor: COLORS.rule, paddingTop: () => TABLE.padding, paddingBottom: () => TABLE.padding },
          fontSize: TABLE.size,
          margin: [0, 0, 0, TABLE.margin],
        },
      ]);
    },
    height: (block, width) => {
      if (block.rows.length === 0) return titleHeight(block.title, width) + textHeight(m.noRows, 9, width);
      return titleHeight(block.title, width) + tableHeight({ rows: measuredRows(block), widths: 'fit', ...TABLE }, width, tableColumns(block, width)) + TABLE.margin;
    },
  },
  texts: {
    draw: (block) =>
      titled(
        block.title,
        block.groups.flatMap((group) => [
          { text: group.heading, style: 'groupTitle', headlineLevel: 1 },
          ...group.parts.flatMap((part): Content[] => [
            ...(part.heading ? [{ text: part.heading, style: 'partTitle', headlineLevel: 1 }] : []),
            part.items.length > 0 ? { ul: part.items, margin: [0, 0, 0, 8] } : { text: m.noRows, style: 'muted', margin: [0, 0, 0, 8] },
          ]),
        ]),
      ),
    height: (block, width) =>
      titleHeight(block.title, width) +
      block.groups.reduce(
        (sum, group) =>
          sum +
          styledHeight(group.heading, 'groupTitle', width) +
          group.parts.reduce(
            (partSum, part) =>
              partSum +
              (part.heading ? styledHeight(part.heading, 'partTitle', width) : 0) +
              (part.items.length > 0 ? part.items.reduce((itemSum, item) => itemSum + textHeight(item, 10, width - 12), 0) : textHeight(m.noRows, 9, width)) +
              8,
            0,
          ),
        0,
      ),
  },
  stat: {
    draw: (block) => [{ text: [{ text: `${block.value} `, fontSize: 22, bold: true }, { text: block.label, color: COLORS.muted }], margin: [0, 0, 0, 12] }],
    height: (block, width) => Math.max(22 * LINE, textHeight(`${block.value} ${block.label}`, 10, width - 22 * block.value.length * 0.3)) + 12,
  },
  columns: {
    draw: (block) =>
      titled(block.title, [
        {
          columns: block.columns.map((column) => ({
            width: '*',
            stack: [{ text: column.heading, style: 'groupTitle' }, column.items.length > 0 ? { ul: column.items } : { text: column.empty ?? m.noRows, style: 'muted' }],
          })),
          columnGap: 12,
          margin: [0, 0, 0, 12],
        },
      ]),
    height: (block, width) => {
      const columnWidth = (width - 12 * (block.columns.length - 1)) / Math.max(1, block.columns.length);
      const tallest = Math.max(
        0,
        ...block.columns.map(
          (column) =>
            styledHeight(column.heading, 'groupTitle', columnWidth) +
            (column.items.length > 0 ? column.items.reduce((sum, item) => sum + textHeight(item, 10, columnWidth - 12), 0) : textHeight(column.empty ?? m.noRows, 9, columnWidth)),
        ),
      );
      return titleHeight(block.title, width) + tallest + 12;
    },
  },
  legend: {
    draw: (block) =>
      titled(block.title, [
        {
          table: { widths: ['auto', '*'], body: block.items.map((item) => [{ text: item.label, fillColor: item.color, color: item.textColor, bold: true }, { text: item.text }]) },
          layout: 'noBorders',
          fontSize: 9,
          margin: [0, 0, 0, 12],
        },
      ]),
    height: (block, width) =>
      titleHeight(block.title, width) + tableHeight({ rows: block.items.map((item) => [{ text: item.label, bold: true }, { text: item.text }]), widths: ['auto', '*'], size: 9, padding: 2, line: 0, side: 4 }, width) + 12,
  },
  empty: {
    draw: (block) => titled(block.title, [{ text: block.text, style: 'muted', margin: [0, 0, 0, 12] }]),
    height: (block, width) => titleHeight(block.title, width) + textHeight(block.text, 9, width) + 12,
  },
  help: {
    // Pulled up against the widget above it, never split across pages.
    draw: (block) => [
      {
        stack: [
          ...(block.text ? [{ text: block.text }] : []),
          ...block.meanings.map((meaning) => ({ text: [{ text: `${meaning.name}: `, bold: true }, { text: meaning.text }], margin: [0, HELP.gap, 0, 0] })),
        ],
        unbreakable: true,
        fontSize: HELP.size,
        color: COLORS.muted,
        margin: [0, -HELP.pull, 0, HELP.margin],
      },
    ],
    height: (block, width) =>
      (block.text ? textHeight(block.text, HELP.size, width) : 0) +
      block.meanings.reduce((sum, meaning) => sum + HELP.gap + textHeight(`${meaning.name}: ${meaning.text}`, HELP.size, width), 0) +
      HELP.margin -
      HELP.pull,
  },
};
