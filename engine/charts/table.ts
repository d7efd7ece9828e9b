import type { DataWidget, Row } from '../definition/dashboard.ts';
import { format, messages } from '../messages.ts';
import { categoryGrid, chartValue, referenceValue, withDetail } from './bar.ts';
import { cellText, columnText, formatCell, formatNumber } from './format.ts';
import { gaugeReading } from './gauge.ts';
import { heatmapGrid } from './heatmap.ts';
import { slices } from './pie.ts';
import { scatterPoints } from './scatter.ts';
import type { DataTable } from './types.ts';
import { cloudWords } from './wordCloud.ts';

/** Headers of the tables under the charts (the widgets' own texts name the rest). */
export const TABLE_HEADERS = {
  category: messages.dashboard.tableItem,
  value: messages.dashboard.tableValue,
  band: messages.dashboard.tableBand,
  word: messages.dashboard.tableWord,
  question: messages.dashboard.tableQuestion,
  author: messages.dashboard.tableAuthor,
  answer: messages.dashboard.tableAnswer,
  name: messages.dashboard.tableName,
  group: messages.dashboard.tableGroup,
  note: messages.dashboard.tableNote,
} as const;

type Tabulator<W extends DataWidget> = (widget: W, rows: Row[]) => DataTable;

/**
 * Bars and lines: a row per category; a column per series, or one value column; a bar's `detail` after
 * each value; a reference line's name and value in a last row.
 */
function categoryTable(widget: Extract<DataWidget, { kind: 'bar' | 'line' }>, rows: Row[]): DataTable {
  const grid = categoryGrid(rows, widget);
  const detail = widget.kind === 'bar' ? widget.detail : undefined;
  const cell = (row: Row | undefined) => {
    const value = chartValue(row, widget.value);
    return value === '-' ? '' : withDetail(formatNumber(value, widget.format), row, detail);
  };
  const reference = referenceValue(widget.reference, rows, widget.format);
  return {
    columns: [TABLE_HEADERS.category, ...(widget.series === undefined ? [TABLE_HEADERS.value] : grid.series.map((series) => series.name))],
    rows: [
      ...grid.categories.map((category, index) => [category, ...grid.series.map((series) => cell(series.rows[index]))]),
      // The reference line's value, last, under the category column ('Meta | 75%'): every output's table says it.
      ...(reference ? [[widget.reference!.label, formatNumber(reference.value, widget.format), ...grid.series.slice(1).map(() => '')]] : []),
    ],
  };
}

/**
 * A heatmap: a row per group, a column per score, each cell its number with its respondents ('3,2 (n =
 * 12)'), a hidden one '—'; when a group has hidden cells, a last column says why.
 */
function heatmapTable(widget: Extract<DataWidget, { kind: 'heatmap' }>, rows: Row[]): DataTable {
  const grid = heatmapGrid(widget, rows);
  const notes = grid.cells.map((line) => [...new Set(line.flatMap((cell) => (cell.withheld === null ? [] : [cell.withheld])))].join(' '));
  const noted = notes.some((note) => note !== '');
  return {
    columns: [widget.rowName ?? TABLE_HEADERS.group, ...grid.columns, ...(noted ? [TABLE_HEADERS.note] : [])],
    rows: grid.cells.map((line, index) => [
      grid.rows[index]!,
      ...line.map((cell) => (cell.value === null || cell.count === '' ? cell.text : `${cell.text} (${format(messages.dashboard.heatmapCount, { n: cell.count })})`)),
      ...(noted ? [notes[index]!] : []),
    ]),
  };
}

const tabulators: { [K in DataWidget['kind']]: Tabulator<Extract<DataWidget, { kind: K }>> } = {
  bar: categoryTable,
  line: categoryTable,
  scatter: (widget, rows) => ({
    columns: [TABLE_HEADERS.category, widget.xName, widget.yName],
    rows: scatterPoints(widget, rows).map((point) => [point.label, formatNumber(point.x), formatNumber(point.y)]),
  }),
  pie: (widget, rows) => ({
    columns: [TABLE_HEADERS.category, TABLE_HEADERS.value],
    rows: slices(rows, widget).map((slice) => [slice.name, slice.text]),
  }),
  ring: (widget, rows) => ({
    columns: [TABLE_HEADERS.category, TABLE_HEADERS.value],
    rows: slices(rows, { ...widget, format: 'percent' }).map((slice) => [slice.name, slice.text]),
  }),
  gauge: (widget, rows) => {
    const reading = gaugeReading(widget, rows);
    const withBand = widget.label !== undefined;
    return {
      columns: withBand ? [TABLE_HEADERS.value, TABLE_HEADERS.band] : [TABLE_HEADERS.value],
      rows: reading.value === null ? [] : [withBand ? [reading.text, reading.label] : [reading.text]],
    };
  },
  heatmap: heatmapTable,
  wordCloud: (widget, rows) => ({
    columns: [TABLE_HEADERS.word, TABLE_HEADERS.value],
    rows: cloudWords(widget, rows).map((word) => [word.text, formatNumber(word.value)]),
  }),
  stat: (widget, rows) => {
    const row = rows[0];
    return { columns: [widget.label], rows: row ? [[formatCell(row[widget.value], widget.format)]] : [] };
  },
  quadrants: (widget, rows) => ({
    columns: [TABLE_HEADERS.category, TABLE_HEADERS.value],
    rows: widget.cells.map((cell) => {
      const row = rows.find((candidate) => cellText(candidate[widget.category]) === cell);
      return [cell, row ? formatCell(row[widget.value], widget.format) : ''];
    }),
  }),
  names: (widget, rows) => ({
    columns: [TABLE_HEADERS.name],
    rows: rows.map((row) => [cellText(row[widget.name])]),
  }),
  table: (widget, rows) => ({
    columns: widget.columns.map((column) => column.label),
    rows: rows.map((row) => widget.columns.map((column) => columnText(row, column))),
  }),
  columns: (widget, rows) => {
    const lists = widget.columns.map((column) => rows.filter((row) => cellText(row[widget.by]) === cellText(column.value)).map((row) => cellText(row[widget.item])));
    const length = Math.max(0, ...lists.map((list) => list.length));
    return {
      columns: widget.columns.map((column) => column.label),
      rows: Array.from({ length }, (_, index) => lists.map((list) => list[index] ?? '')),
    };
  },
  texts: (widget, rows) => {
    const by = widget.by;
    const author = (row: Row) => {
      const value = cellText(row[by ?? '']);
      return widget.byLabels?.[value] ?? value;
    };
    return {
      columns: by === undefined ? [TABLE_HEADERS.question, TABLE_HEADERS.answer] : [TABLE_HEADERS.question, TABLE_HEADERS.author, TABLE_HEADERS.answer],
      rows: rows.map((row) => {
        const group = cellText(row[widget.group]);
        const text = cellText(row[widget.text]);
        return by === undefined ? [group, text] : [group, author(row), text];
      }),
    };
  },
};

/**
 * The numbers of a data widget as a table, written exactly as its chart writes them: what screen
 * readers read under each chart and what the end-to-end tests check. Bars and lines: a row per
 * category, a column per series ('Item' and 'Valor' without series), a bar's `detail` in brackets after each value. Scatter: label, x, y. Pie and
 * ring: 'Item', 'Valor'. Gauge: the value (and 'Faixa'). Word cloud: 'Palavra', 'Valor'. Heatmap: 'Grupo', a column per score ('3,2 (n = 12)'), 'Observação' when a cell is hidden. Stat: the
 * value under its label. Names: 'Nome', a row each. Table: its columns. Columns: a row per position. Texts: question, (author),
 * answer. `rows` are the widget's rows (after its `where`).
 */
export function tableOf(widget: DataWidget, rows: Row[]): DataTable {
  return (tabulators[widget.kind] as Tabulator<DataWidget>)(widget, rows);
}
