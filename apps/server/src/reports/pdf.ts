import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { ReportDocument } from '../../../../engine/reports/document.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { COLORS, STYLES, styledHeight, textHeight, textWidth, type Content } from './blocks.ts';
import { ROBOTO_FILES, robotoDraws } from './fonts.ts';
import { planContent } from './layout.ts';
import './svgSize.ts';

/** The font of what Roboto cannot draw (the arrows of a change, '▲' and '▼'): DejaVu Sans, which covers most symbols. */
export const FALLBACK_FONT_FILE = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');

const FALLBACK_FILES = { normal: FALLBACK_FONT_FILE, bold: FALLBACK_FONT_FILE.replace('DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'), italics: FALLBACK_FONT_FILE, bolditalics: FALLBACK_FONT_FILE.replace('DejaVuSans.ttf', 'DejaVuSans-Bold.ttf') };

/** The only files pdfmake may read: the embedded fonts. No URL is ever fetched. */
const FONT_FILES = new Set<string>([...Object.values(ROBOTO_FILES), ...Object.values(FALLBACK_FILES)]);
pdfmake.setFonts({ Roboto: { ...ROBOTO_FILES }, DejaVuSans: FALLBACK_FILES });

/** Whether Roboto draws a character (a space always passes), asked once each. */
const drawable = new Map<string, boolean>();
function robotoHas(char: string): boolean {
  let known = drawable.get(char);
  if (known === undefined) {
    known = /\s/.test(char) || robotoDraws(char);
    drawable.set(char, known);
  }
  return known;
}

/** A text as pdfmake runs: as it is when Roboto draws all of it, else what Roboto lacks in the fallback font. */
function withFallback(text: string): string | { text: (string | { text: string; font: string })[] } {
  const chars = [...text];
  if (chars.every(robotoHas)) return text;
  const parts: (string | { text: string; font: string })[] = [];
  let run = '';
  let fallback = false;
  const flush = () => {
    if (run !== '') parts.push(fallback ? { text: run, font: 'DejaVuSans' } : run);
    run = '';
  };
  for (const char of chars) {
    const lacks = !robotoHas(char);
    if (lacks !== fallback) {
      flush();
      fallback = lacks;
    }
    run += char;
  }
  flush();
  return { text: parts };
}

/** Keys whose strings are texts drawn (not styles, widths or SVG). */
const TEXT_HOLDERS = new Set(['text', 'ul', 'ol', 'stack', 'columns', 'body']);

/** The content with every text Roboto cannot fully draw split into runs (`withFallback`); the input is not changed. */
function fallbackGlyphs<T>(node: T, holder = false): T {
  if (typeof node === 'string') {
    return (holder ? withFallback(node) : node) as T;
  }
  if (Array.isArray(node)) return node.map((item) => fallbackGlyphs(item, holder)) as T;
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'text' && typeof value === 'string') {
      const runs = withFallback(value);
      copy.text = typeof runs === 'string' ? runs : runs.text;
    } else if (key === 'table' || TEXT_HOLDERS.has(key)) copy[key] = fallbackGlyphs(value, TEXT_HOLDERS.has(key));
    else copy[key] = key === 'svg' || key === 'canvas' ? value : fallbackGlyphs(value, false);
  }
  return copy as T;
}
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));

const m = messages.reports;

/** Page margins in points: left, top, right, bottom (the footer sits in the bottom one). */
const MARGINS = [40, 48, 40, 56];
/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 };

/** The cover's facts (respondents, period): label and value sizes, the box's padding. */
const FACTS = { label: 9, value: 11, padding: 3, margin: 10 };
/** The summary's sentences. */
const SUMMARY = { size: 10, indent: 12, margin: 12 };

/**
 * The first page's top, the report's cover: the brand's rule, the title, who and what it is about, the
 * facts (how many answered, when), when it was generated and from which versions, and the summary of
 * the main results. Its content and its height (the planner starts the first page under it).
 */
function cover(report: ReportDocument, width: number): { content: Content[]; height: number } {
  const { meta } = report;
  const facts = report.cover?.facts ?? [];
  const summary = report.cover?.summary ?? [];
  const generated = meta.generated ? format(m.generatedOn, { date: meta.generated }) : '';
  const versions = meta.versions ? format(m.versions, { versions: meta.versions }) : '';
  const labelWidth = Math.max(0, ...facts.map((fact) => textWidth(fact.label, FACTS.label))) + 8;
  const content: Content[] = [
    { canvas: [{ type: 'rect', x: 0, y: 0, w: width, h: 6, color: COLORS.brand }], margin: [0, 0, 0, 10] },
    { text: meta.title, style: 'title' },
    ...meta.subject.map((line) => ({ text: line, style: 'subject' })),
    ...(facts.length > 0
      ? [
          {
            table: {
              widths: ['auto', '*'],
              body: facts.map((fact) => [
                { text: fact.label, fontSize: FACTS.label, color: COLORS.muted, margin: [0, 1.5, 0, 0] },
                { text: fact.value, fontSize: FACTS.value, bold: true },
              ]),
            },
            layout: { hLineWidth: () => 0, vLineWidth: () => 0, paddingTop: () => FACTS.padding, paddingBottom: () => FACTS.padding, fillColor: () => COLORS.headerFill },
            margin: [0, 8, 0, FACTS.margin],
          },
        ]
      : []),
    // A document computed from no questionnaire (the LGPD export, a removed file's notice) has no versions line.
    { text: generated, style: 'muted', ...(versions ? {} : { margin: [0, 0, 0, 16] }) },
    ...(versions ? [{ text: versions, style: 'muted', margin: [0, 0, 0, 16] }] : []),
    ...(summary.length > 0 ? [{ text: m.coverSummary, style: 'h3' }, { ul: summary, fontSize: SUMMARY.size, margin: [0, 0, 0, SUMMARY.margin] }] : []),
  ];
  const factHeight = facts.reduce((sum, fact) => sum + textHeight(fact.value, FACTS.value, width - labelWidth - 8, true) + 2 * FACTS.padding, 0);
  const height =
    16 +
    styledHeight(meta.title, 'title', width) +
    meta.subject.reduce((sum, line) => sum + styledHeight(line, 'subject', width), 0) +
    (facts.length > 0 ? 8 + factHeight + FACTS.margin : 0) +
    textHeight(generated || ' ', STYLES.muted.fontSize, width) +
    (versions ? textHeight(versions, STYLES.muted.fontSize, width) : 0) +
    16 +
    (summary.length > 0 ? styledHeight(m.coverSummary, 'h3', width) + summary.reduce((sum, line) => sum + textHeight(line, SUMMARY.size, width - SUMMARY.indent), 0) + SUMMARY.margin : 0);
  return { content, height };
}

/** pdfmake's document for a report: the cover, the planned blocks, a footer on every page. */
export function documentDefinition(report: ReportDocument): object {
  const { meta } = report;
  const landscape = report.orientation === 'landscape';
  const contentWidth = (landscape ? A4.height : A4.width) - MARGINS[0]! - MARGINS[2]!;
  const contentHeight = (landscape ? A4.width : A4.height) - MARGINS[1]! - MARGINS[3]!;
  const created = new Date(report.createdAt);
  const top = cover(report, contentWidth);
  // Each character in a font that has it (the arrows of a change are not Roboto's).
  const content = fallbackGlyphs<Content[]>([...top.content, ...planContent(report.blocks, contentWidth, contentHeight, top.height)]);
  return {
    pageSize: 'A4',
    pageOrientation: report.orientation,
    pageMargins: MARGINS,
    language: 'pt-BR',
    info: { title: meta.title, author: m.author, subject: meta.subject.join(' · '), creator: m.author, producer: m.author, creationDate: created, modDate: created },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: COLORS.text },
    styles: STYLES,
    // A heading or a title never stays alone at the foot of a page: it moves to the next one with its content.
    pageBreakBefore: (node: { headlineLevel?: number }, nodes: { getFollowingNodesOnPage(): unknown[] }) => node.headlineLevel === 1 && nodes.getFollowingNodesOnPage().length === 0,
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
