import type { EChartsOption } from 'echarts';
import type { ChosenPeople, Condition, DashboardData, DashboardDefinition, LayoutNode, Row, Widget } from '../definition/dashboard.ts';
import { textColorOn } from '../charts/contrast.ts';
import { cellText, CHART_WIDTH, colorOf, columnText, distinctNames, formatCell, numericColumn, toNumber } from '../charts/format.ts';
import { categoryGrid } from '../charts/bar.ts';
import { buildChart, isChartWidget, type ChartWidget } from '../charts/registry.ts';
import { chartHeight } from '../charts/size.ts';
import { tableOf } from '../charts/table.ts';
import { heatmapRange } from '../charts/heatmap.ts';
import type { DataTable } from '../charts/types.ts';
import { groupRows, repeatBlocks, sectionTitle, widgetRows } from '../charts/rows.ts';
import { format, messages } from '../messages.ts';
import { reportCover, type ReportCover } from './cover.ts';

/*
 * A report is a document of blocks, built from a view's definition and its computed data by the same
 * row selection and chart builders as the screen (print mode). The server turns the blocks into a PDF;
 * nothing here knows about PDFs, fonts or I/O.
 */

/** A table cell: its text and, for band colours, its background and readable text colour. */
export interface ReportCell {
  text: string;
  fill?: string;
  color?: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

/** One block of a report, top to bottom. */
export type ReportBlock =
  | { kind: 'heading'; text: string; level: 1 | 2 | 3; pageBreak?: boolean }
  | { kind: 'chart'; title?: string; option: EChartsOption; width: number; height: number; table: DataTable; half?: boolean }
  | { kind: 'table'; title?: string; header: ReportCell[]; rows: ReportCell[][]; half?: boolean }
  | { kind: 'texts'; title?: string; groups: { heading: string; parts: { heading?: string; items: string[] }[] }[] }
  | { kind: 'stat'; value: string; label: string }
  | { kind: 'columns'; title?: string; columns: { heading: string; items: string[]; empty?: string }[] }
  | { kind: 'legend'; title?: string; items: { label: string; text: string; color: string; textColor: string }[] }
  | { kind: 'empty'; title?: string; text: string }
  /** How to read the widget just before it, and what each band, profile or quadrant it shows means (its `help`). */
  | { kind: 'help'; text?: string; meanings: { name: string; text: string }[] }
  | { kind: 'pageBreak' };

/** What a report says about itself on every page. */
export interface ReportMeta {
  /** The report's title (first page, PDF metadata). */
  title: string;
  /** Lines under the title: who and what it is about ("Empresa: …", "Colaborador: …"). */
  subject: string[];
  /** When it was generated, written in Portuguese ("23 de NOVEMBRO de 2026, 14:05"). */
  generated: string;
  /** The definition versions whose scoring keys produced the numbers ("Estresse v3"). */
  versions: string;
  /** Support lines of the footer. */
  supportEmail: string;
  supportPhone: string;
}

/** A report ready to be drawn: A4 pages, its blocks and its metadata. */
export interface ReportDocument {
  meta: ReportMeta;
  orientation: 'portrait' | 'landscape';
  /** Fixed creation date of the PDF (so the same data gives the same bytes). */
  createdAt: string;
  /** The first page's facts and summary. Default none (a document that is not a view's report). */
  cover?: ReportCover;
  blocks: ReportBlock[];
}

/**
 * What a report is made from: the view and its computed data, with the metadata. The blocks are built
 * where the PDF is drawn (a report thread), off the server's main thread.
 */
export interface ReportSource {
  view: DashboardDefinition;
  data: DashboardData;
  /** The chosen people, named in sections' titles. Default none. */
  people?: ChosenPeople;
  /** The time zone days are written in (the app's). */
  timeZone?: string;
  meta: ReportMeta;
  orientation: 'portrait' | 'landscape';
  createdAt: string;
}

/** The document of a report source: its blocks built from the view and the data. */
export function reportDocument(source: ReportSource): ReportDocument {
  return {
    meta: source.meta,
    orientation: source.orientation,
    createdAt: source.createdAt,
    cover: reportCover(source.view.report?.summary, source.data, source.timeZone),
    blocks: reportBlocks(source.view, source.data, source.people, source.timeZone),
  };
}

/**
 * The tallest chart (in chart pixels, `CHART_WIDTH` wide) a page holds under its title: A4 less its
 * margins, scaled as the PDF scales the chart to the page's width (portrait 515 pt for 600 px).
 */
export const REPORT_CHART_MAX_HEIGHT = { portrait: 740, landscape: 390 } as const;

/** Conditions every widget inside a repeated block meets, and that block's title. */
interface Scope {
  data: DashboardData;
  /** The pages' orientation (how tall a chart may be). */
  orientation: 'portrait' | 'landscape';
  /** The time zone days are written in (the app's). Default the process's. */
  timeZone?: string;
  /** The chosen people, named in sections' titles. */
  people?: ChosenPeople;
  narrow: Condition[];
  block?: string;
  empty: string;
  /** Each tab and toggle option starts a new page. */
  breakAlternatives: boolean;
}

/**
 * The width (in chart pixels) a half-page chart is laid out at: a phone's, where the label test
 * (`tests/server/chartLabels.test.ts`) proves that no two texts of any builder collide.
 */
export const HALF_CHART_WIDTH = 342;

/** Most bars (categories × unstacked series) and line points a half-page chart holds. */
const HALF_BARS = 12;
const HALF_POINTS = 6;

/**
 * Whether a chart takes half a page's width (beside another, or beside its numbers): the widget's
 * `printWidth`, else a pie, ring or gauge, vertical bars of at most 12 bars, a line of at most 6 points.
 */
function halfChart(widget: ChartWidget, rows: Row[]): boolean {
  if (widget.printWidth) return widget.printWidth === 'half';
  if (widget.kind === 'pie' || widget.kind === 'ring' || widget.kind === 'gauge') return true;
  if (widget.kind === 'line') return distinctNames(rows, widget.category).length <= HALF_POINTS;
  if (widget.kind !== 'bar' || widget.horizontal) return false;
  const grid = categoryGrid(rows, widget);
  return grid.categories.length * (widget.stack ? 1 : Math.max(1, grid.series.length)) <= HALF_BARS;
}

/** Most columns and characters a cell of a half-page table holds. */
const HALF_COLUMNS = 3;
const HALF_CELL = 40;

/** Most rows of a half-page table (it is never parted from the widget beside it). */
const HALF_ROWS = 15;

/** Whether a table takes half a page's width: the widget's `printWidth`, else at most 15 rows of at most 3 short columns. */
function halfTable(printWidth: 'half' | 'full' | undefined, header: ReportCell[], rows: ReportCell[][]): boolean {
  if (printWidth) return printWidth === 'half';
  if (rows.length > HALF_ROWS) return false;
  const cells = [header, ...rows];
  return cells.every((row) => row.length <= HALF_COLUMNS && row.every((cell) => cell.text.length <= HALF_CELL));
}

/**
 * A chart, the same option as the screen's in print mode, as tall as its content needs at the chart
 * width of a page or of half a page, with its numbers as the screen's table gives them.
 */
function chartBlock(widget: ChartWidget, rows: Row[], title?: string, half = false): Extract<ReportBlock, { kind: 'chart' }> {
  const width = half ? HALF_CHART_WIDTH : CHART_WIDTH;
  return { kind: 'chart', title, option: buildChart(widget, rows, 'print', width), width, height: chartHeight(widget, rows, width), table: tableOf(widget, rows), ...(half ? { half } : {}) };
}

/**
 * A chart's blocks on pages of an orientation: one, or, for horizontal bars or a heatmap taller than a
 * page, one per run of categories (groups) that fits a page (each with its axis and its numbers, titled '… (2 de 3)'). A chart
 * of another kind is never taller than a page: the PDF scales it to fit.
 */
function chartBlocks(widget: ChartWidget, rows: Row[], title: string | undefined, orientation: 'portrait' | 'landscape'): ReportBlock[] {
  const max = REPORT_CHART_MAX_HEIGHT[orientation];
  if (halfChart(widget, rows)) return [chartBlock(widget, rows, title, true)];
  // What a long chart is cut along: the statements of horizontal bars, the groups of a heatmap.
  const along = widget.kind === 'bar' && widget.horizontal ? widget.category : widget.kind === 'heatmap' ? widget.row : undefined;
  if (along === undefined || chartHeight(widget, rows, CHART_WIDTH) <= max) return [chartBlock(widget, rows, title)];
  // Each part as tall as its own statements need (a height set for the whole list on screen is not the part's).
  // (A heatmap's parts keep the whole's scale.)
  const part = { ...widget, height: undefined, ...(widget.kind === 'heatmap' ? heatmapRange(widget, rows) : {}) };
  const categories = distinctNames(rows, along);
  const parts: string[][] = [];
  for (const category of categories) {
    const current = parts.at(-1);
    const rowsOf = (names: string[]) => rows.filter((row) => names.includes(cellText(row[along])));
    if (current && chartHeight(part, rowsOf([...current, category]), CHART_WIDTH) <= max) current.push(category);
    else parts.push([category]);
  }
  // The parts follow one another, a page each; the numbers of every part come once, after the last.
  const table = tableOf(widget, rows);
  return parts.map((names, index) => {
    const block = chartBlock(
      part,
      rows.filter((row) => names.includes(cellText(row[along]))),
      format(messages.reports.chartPart, { title: title ?? '', part: index + 1, parts: parts.length }).trim(),
    );
    return { ...block, table: index === parts.length - 1 ? table : { ...table, rows: [] } };
  });
}

/** Per-kind blocks of the widgets that are not charts. */
const otherBlocks: {
  [K in Exclude<Widget['kind'], 'bar' | 'line' | 'scatter' | 'pie' | 'gauge' | 'ring' | 'wordCloud' | 'heatmap'>]: (widget: Extract<Widget, { kind: K }>, rows: Row[], title: string | undefined, timeZone: string | undefined) => ReportBlock;
} = {
  table: (full, rows, title, timeZone) => {
    // A link is a button of the screen: a file has none.
    const widget = { ...full, columns: full.columns.filter((column) => column.link === undefined) };
    const numeric = widget.columns.map((column) => numericColumn(column, rows));
    const paint = (color: string | undefined) => (color ? { fill: color, color: textColorOn(color) } : {});
    const header = widget.columns.map((column, index) => ({ text: column.label, numeric: numeric[index] }));
    const cells = rows.map((row) => {
      const rowPaint = paint(colorOf(row, widget.rowColor));
      return widget.columns.map((column, index) => ({
        text: columnText(row, column, timeZone),
        numeric: numeric[index] && toNumber(row[column.field]) !== null,
        ...rowPaint,
        ...paint(colorOf(row, column.color)),
      }));
    });
    return { kind: 'table', title, header, rows: cells, ...(halfTable(widget.printWidth, header, cells) ? { half: true } : {}) };
  },
  columns: (widget, rows, title) => ({
    kind: 'columns',
    title,
    columns: widget.columns.map((column) => ({
      heading: column.label,
      items: rows.filter((row) => cellText(row[widget.by]) === cellText(column.value)).map((row) => cellText(row[widget.item])),
      empty: widget.emptyColumn ?? messages.dashboard.emptyColumn,
    })),
  }),
  quadrants: (widget, rows, title) => {
    const cell = (name: string): ReportCell => {
      const row = rows.find((candidate) => cellText(candidate[widget.category]) === name);
      const fill = (row && colorOf(row, widget.color)) ?? '#eeeeee';
      const best = widget.best === name ? `\n${messages.dashboard.bestQuadrant}` : '';
      return { text: `${name}\n${row ? formatCell(row[widget.value], widget.format) : '–'}${best}`, fill, color: textColorOn(fill) };
    };
    const [a, b, c, d] = widget.cells;
    return { kind: 'table', title, header: [], rows: [[cell(a), cell(b)], [cell(c), cell(d)]] };
  },
  texts: (widget, rows, title) => ({
    kind: 'texts',
    title,
    groups: groupRows(rows, widget.group).map(([heading, answers]) => ({
      heading,
      parts:
        widget.by === undefined
          ? [{ items: answerTexts(answers, widget.text) }]
          : groupRows(answers, widget.by).map(([author, written]) => ({ heading: widget.byLabels?.[author] ?? author, items: answerTexts(written, widget.text) })),
    })),
  }),
  stat: (widget, rows) => ({ kind: 'stat', value: formatCell(rows[0]?.[widget.value], widget.format), label: widget.label }),
  names: (widget, rows, title) => ({
    kind: 'columns',
    title,
    columns: [{ heading: format(widget.label, { n: rows.length }), items: rows.map((row) => cellText(row[widget.name])) }],
  }),
  legend: (widget) => ({
    kind: 'legend',
    title: widget.title,
    items: widget.items.map((item) => ({ ...item, textColor: textColorOn(item.color) })),
  }),
};

/** Free-text answers, blank ones left out. */
function answerTexts(rows: Row[], field: string): string[] {
  return rows.map((row) => cellText(row[field]).trim()).filter((text) => text !== '');
}

/** A widget's block: its rows as the screen selects them, its empty text when none is left; its `help` after it. */
function widgetBlocks(widget: Widget, scope: Scope): ReportBlock[] {
  const rows = widgetRows(widget, scope.data, scope.narrow);
  const own = widget.title;
  const title = own && scope.block ? `${own} – ${scope.block}` : own;
  if (widget.kind !== 'legend' && rows.length === 0) return [{ kind: 'empty', title, text: widget.empty ?? scope.empty }];
  const help: ReportBlock[] = widget.help ? [{ kind: 'help', ...(widget.help.text ? { text: widget.help.text } : {}), meanings: Object.entries(widget.help.meanings ?? {}).map(([name, text]) => ({ name, text })) }] : [];
  if (isChartWidget(widget)) return [...chartBlocks(widget, rows, title, scope.orientation), ...help];
  const build = otherBlocks[widget.kind as keyof typeof otherBlocks] as (widget: Widget, rows: Row[], title: string | undefined, timeZone: string | undefined) => ReportBlock;
  return [build(widget, rows, title, scope.timeZone), ...help];
}

/** The blocks of layout nodes: every tab and every toggle option in turn. */
function nodeBlocks(nodes: LayoutNode[], scope: Scope, level: 1 | 2 | 3): ReportBlock[] {
  const inner = (level < 3 ? level + 1 : 3) as 1 | 2 | 3;
  return nodes.flatMap((node): ReportBlock[] => {
    switch (node.kind) {
      case 'tabs':
      case 'toggle': {
        const alternatives = node.kind === 'tabs' ? node.tabs : node.options;
        return alternatives.flatMap((alternative, index) => [
          { kind: 'heading' as const, text: alternative.label, level, pageBreak: scope.breakAlternatives && (node.kind === 'tabs' || index > 0) },
          ...nodeBlocks(alternative.content, scope, inner),
        ]);
      }
      case 'section':
        return [
          ...(node.pageBreak ? [{ kind: 'pageBreak' as const }] : []),
          ...(node.title ? [{ kind: 'heading' as const, text: sectionTitle(node.title, node.subject, scope.people), level }] : []),
          ...nodeBlocks(node.content, scope, node.title ? inner : level),
        ];
      case 'repeat': {
        const rows = scope.data.datasets[node.dataset]?.rows ?? [];
        return repeatBlocks(rows, node.key, node.title).flatMap(({ title, narrow }, index) => [
          ...(index > 0 || scope.breakAlternatives ? [{ kind: 'pageBreak' as const }] : []),
          ...(title ? [{ kind: 'heading' as const, text: title, level }] : []),
          ...nodeBlocks(node.content, { ...scope, narrow: [...scope.narrow, narrow], block: title || undefined }, title ? inner : level),
        ]);
      }
      default:
        return widgetBlocks(node, scope);
    }
  });
}

/** Drops page breaks that would leave an empty page (at the start, or one after another). */
function tidyBreaks(blocks: ReportBlock[]): ReportBlock[] {
  const out: ReportBlock[] = [];
  let pending = false;
  for (const block of blocks) {
    if (block.kind === 'pageBreak') {
      pending = out.length > 0;
      continue;
    }
    if (block.kind === 'heading' && block.pageBreak) {
      out.push({ ...block, pageBreak: out.length > 0 });
      pending = false;
      continue;
    }
    if (pending) out.push({ kind: 'pageBreak' });
    pending = false;
    out.push(block);
  }
  return out;
}

/**
 * The blocks of a view's report: its `report.layout`, else its screen layout; the whole view's empty
 * text when its `emptyWhen` dataset has no rows (as the screen shows).
 */
export function reportBlocks(view: DashboardDefinition, data: DashboardData, people?: ChosenPeople, timeZone?: string): ReportBlock[] {
  const empty = view.emptyWhen !== undefined && (data.datasets[view.emptyWhen]?.rows.length ?? 0) === 0;
  if (empty || data.respondents === 0) return [{ kind: 'empty', text: view.empty }];
  const layout = view.report?.layout ?? view.layout;
  return onceEach(tidyBreaks(nodeBlocks(layout, { data, people, timeZone, orientation: view.report?.orientation ?? 'portrait', narrow: [], empty: view.empty, breakAlternatives: true }, 2)));
}

/**
 * Each explanation written once in a report: a help block leaves out its text and each meaning (same
 * name, same sentence) already given before (the PSS-14's gauge, bars and table explain the same bands;
 * the consolidated scanner's people repeat the same charts), and is dropped when nothing of it is left.
 */
function onceEach(blocks: ReportBlock[]): ReportBlock[] {
  const given = new Set<string>();
  return blocks.flatMap((block): ReportBlock[] => {
    if (block.kind !== 'help') return [block];
    const text = block.text !== undefined && !given.has(block.text) ? block.text : undefined;
    if (text !== undefined) given.add(text);
    const meanings = block.meanings.filter((meaning) => !given.has(`${meaning.name}\u0000${meaning.text}`));
    for (const meaning of meanings) given.add(`${meaning.name}\u0000${meaning.text}`);
    return text || meanings.length > 0 ? [{ kind: 'help', ...(text ? { text } : {}), meanings }] : [];
  });
}

/** What fills a file name's placeholders. */
export interface FileNameParts {
  title: string;
  name: string;
  company: string;
  evaluation: string;
}

/** Characters a file name cannot hold on common systems, replaced by a hyphen. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]/g;

/** The report's file name from its pattern ('{title} - {name}.pdf' by default), safe for any disk, ending in `.{extension}`. */
export function reportFileName(pattern: string | undefined, parts: FileNameParts, extension: 'pdf' | 'xlsx' = 'pdf'): string {
  const filled = format(pattern ?? `{title} - {name}.${extension}`, { ...parts });
  const safe = filled.replace(UNSAFE, '-').replace(/\s+/g, ' ').trim();
  return safe.toLowerCase().endsWith(`.${extension}`) ? safe : `${safe}.${extension}`;
}
