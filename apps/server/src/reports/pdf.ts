import pdfmake from 'pdfmake';
import type { ReportBlock, ReportCell, ReportDocument } from '../../../../engine/reports/document.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { chartSvg } from './charts.ts';
import { ROBOTO_FILES } from './fonts.ts';

/** The only files pdfmake may read: the embedded fonts. No URL is ever fetched. */
const FONT_FILES = new Set<string>(Object.values(ROBOTO_FILES));
pdfmake.setFonts({ Roboto: { ...ROBOTO_FILES } });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));

const m = messages.reports;

/** Page margins in points: left, top, right, bottom (the footer sits in the bottom one). */
const MARGINS = [40, 48, 40, 56];
/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 };

const COLORS = { text: '#1f2a44', muted: '#5f6368', rule: '#d0d4dc', headerFill: '#f1f3f6', brand: '#f6c400' };

type Content = Record<string, unknown> | string;

/** The room a chart's title (up to three lines) takes above it, in points. */
const TITLE_ROOM = 100;

/** A chart's table of at most this many rows moves with the chart to the next page rather than split from it. */
const KEEP_TABLE_ROWS = 12;

function cellContent(cell: ReportCell, header: boolean): Content {
  return {
    text: cell.text,
    alignment: cell.numeric ? 'right' : 'left',
    ...(cell.fill ? { fillColor: cell.fill } : header ? { fillColor: COLORS.headerFill } : {}),
    ...(cell.color ? { color: cell.color } : {}),
    ...(header ? { bold: true } : {}),
  };
}

/** A compact table of a chart's numbers: the first column is the item, the others its values. */
function dataTable(columns: string[], rows: string[][]): Content {
  return {
    table: {
      headerRows: 1,
      widths: columns.map((_column, index) => (index === 0 ? '*' : 'auto')),
      body: [columns.map((text) => ({ text, bold: true, fillColor: COLORS.headerFill })), ...rows.map((row) => row.map((text, index) => ({ text, alignment: index === 0 ? 'left' : 'right' })))],
      dontBreakRows: true,
    },
    layout: { hLineColor: COLORS.rule, vLineColor: COLORS.rule, paddingTop: () => 1, paddingBottom: () => 1 },
    fontSize: 8,
    margin: [0, 0, 0, 12],
  };
}

function titled(title: string | undefined, body: Content[]): Content[] {
  return title ? [{ text: title, style: 'widgetTitle', headlineLevel: 1 }, ...body] : body;
}

/**
 * A widget's explanation under it, compact and muted: how to read it, then each name in bold with its
 * meaning. Never split across pages, and pulled up against the widget above it.
 */
function helpContent(block: Extract<ReportBlock, { kind: 'help' }>): Content[] {
  const lines: Content[] = [
    ...(block.text ? [{ text: block.text }] : []),
    ...block.meanings.map((meaning) => ({ text: [{ text: `${meaning.name}: `, bold: true }, { text: meaning.text }], margin: [0, 1, 0, 0] })),
  ];
  return [{ stack: lines, unbreakable: true, fontSize: 9, color: COLORS.muted, margin: [0, -6, 0, 12] }];
}

/** Content of a block, by kind (the chart's SVG scaled to the page's width). */
const blockContent: { [K in ReportBlock['kind']]: (block: Extract<ReportBlock, { kind: K }>, width: number, height: number) => Content[] } = {
  heading: (block) => [{ text: block.text, style: `h${block.level}`, headlineLevel: 1, ...(block.pageBreak ? { pageBreak: 'before' } : {}) }],
  pageBreak: () => [{ text: '', pageBreak: 'before' }],
  chart: (block, width, height) => {
    // The page's width, and never taller than a page under its title (a chart a page cannot hold is dropped).
    const scale = Math.min(1, width / block.width, (height - TITLE_ROOM) / block.height);
    // The chart's numbers under it, as the screen's table gives them: readable and selectable.
    const numbers = block.table.rows.length === 0 ? [] : [dataTable(block.table.columns, block.table.rows)];
    const drawn = { svg: chartSvg(block.option, block.width, block.height), width: block.width * scale, height: block.height * scale, margin: [0, 0, 0, 4] };
    // The title never stays at the foot of a page without its chart, nor a short table without it.
    if (block.table.rows.length <= KEEP_TABLE_ROWS) return [{ stack: titled(block.title, [drawn, ...numbers]), unbreakable: true }];
    return [{ stack: titled(block.title, [drawn]), unbreakable: true }, ...numbers];
  },
  table: (block) => {
    if (block.rows.length === 0) return titled(block.title, [{ text: m.noRows, style: 'muted' }]);
    const columns = block.header.length || block.rows[0]!.length;
    const body = [...(block.header.length > 0 ? [block.header.map((cell) => cellContent(cell, true))] : []), ...block.rows.map((row) => row.map((cell) => cellContent(cell, false)))];
    return titled(block.title, [
      {
        table: { headerRows: block.header.length > 0 ? 1 : 0, widths: block.header.length > 0 ? Array.from({ length: columns }, (_column, index) => (index === 0 ? '*' : 'auto')) : Array.from({ length: columns }, () => '*'), body, dontBreakRows: true },
        layout: { hLineColor: COLORS.rule, vLineColor: COLORS.rule, paddingTop: () => 1.5, paddingBottom: () => 1.5 },
        fontSize: 8.5,
        margin: [0, 0, 0, 12],
      },
    ]);
  },
  texts: (block) =>
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
  stat: (block) => [{ text: [{ text: `${block.value} `, fontSize: 22, bold: true }, { text: block.label, color: COLORS.muted }], margin: [0, 0, 0, 12] }],
  columns: (block) =>
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
  legend: (block) =>
    titled(block.title, [
      {
        table: {
          widths: ['auto', '*'],
          body: block.items.map((item) => [
            { text: item.label, fillColor: item.color, color: item.textColor, bold: true },
            { text: item.text },
          ]),
        },
        layout: 'noBorders',
        fontSize: 9,
        margin: [0, 0, 0, 12],
      },
    ]),
  empty: (block) => titled(block.title, [{ text: block.text, style: 'muted', margin: [0, 0, 0, 12] }]),
  help: helpContent,
};

/** pdfmake's document for a report: the first page's title block, the blocks, a footer on every page. */
export function documentDefinition(report: ReportDocument): object {
  const { meta } = report;
  const landscape = report.orientation === 'landscape';
  const contentWidth = (landscape ? A4.height : A4.width) - MARGINS[0]! - MARGINS[2]!;
  const contentHeight = (landscape ? A4.width : A4.height) - MARGINS[1]! - MARGINS[3]!;
  const created = new Date(report.createdAt);
  const content: Content[] = [
    { canvas: [{ type: 'rect', x: 0, y: 0, w: contentWidth, h: 6, color: COLORS.brand }], margin: [0, 0, 0, 10] },
    { text: meta.title, style: 'title' },
    ...meta.subject.map((line) => ({ text: line, style: 'subject' })),
    // A document computed from no questionnaire (the LGPD export, a removed file's notice) has no versions line.
    { text: meta.generated ? format(m.generatedOn, { date: meta.generated }) : '', style: 'muted', ...(meta.versions ? {} : { margin: [0, 0, 0, 16] }) },
    ...(meta.versions ? [{ text: format(m.versions, { versions: meta.versions }), style: 'muted', margin: [0, 0, 0, 16] }] : []),
    ...report.blocks.flatMap((block) => (blockContent[block.kind] as (block: ReportBlock, width: number, height: number) => Content[])(block, contentWidth, contentHeight)),
  ];
  return {
    pageSize: 'A4',
    pageOrientation: report.orientation,
    pageMargins: MARGINS,
    language: 'pt-BR',
    info: { title: meta.title, author: m.author, subject: meta.subject.join(' · '), creator: m.author, producer: m.author, creationDate: created, modDate: created },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: COLORS.text },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      subject: { fontSize: 11, margin: [0, 0, 0, 2] },
      h1: { fontSize: 16, bold: true, margin: [0, 8, 0, 8] },
      h2: { fontSize: 14, bold: true, margin: [0, 8, 0, 6] },
      h3: { fontSize: 12, bold: true, margin: [0, 6, 0, 4] },
      widgetTitle: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] },
      groupTitle: { fontSize: 10, bold: true, margin: [0, 4, 0, 2] },
      partTitle: { fontSize: 9, bold: true, color: COLORS.muted, margin: [0, 2, 0, 2] },
      muted: { fontSize: 9, color: COLORS.muted },
    },
    // A heading or a title never stays alone at the foot of a page: it moves to the next one with its content.
    pageBreakBefore: (node: { headlineLevel?: number }, following: unknown[]) => node.headlineLevel === 1 && following.length === 0,
    footer: (page: number, pages: number) => ({
      margin: [MARGINS[0], 14, MARGINS[2], 0],
      fontSize: 8,
      color: COLORS.muted,
      columns: [
        { text: format(m.footerSupport, { email: meta.supportEmail, phone: meta.supportPhone }) },
        { text: format(m.footerPage, { page, pages }), alignment: 'right', width: 'auto' },
      ],
    }),
    content,
  };
}

/** The report as PDF bytes: vector charts, selectable text, Roboto embedded; the same report gives the same bytes. */
export async function renderPdf(report: ReportDocument): Promise<Buffer> {
  return pdfmake.createPdf(documentDefinition(report)).getBuffer();
}
