import type { ReportBlock } from '../../../../engine/reports/document.ts';
import { BLOCKS, chartDrawing, numbersHeight, numbersTable, tableStartHeight, titled, titleHeight, type Content } from './blocks.ts';

/*
 * The page planner: report blocks become units (a heading, a chart with its numbers, two half-width
 * widgets side by side, a table, a list), and the units are placed down the pages by their heights
 * (`blocks.ts` measures them with the PDF's font). A unit that does not fit the rest of a page is
 * first shrunk to fit (a chart down to 85% of its size, or to 55% when the page would otherwise stay
 * less than a third full), else its long numbers table is parted from it, else it starts the next
 * page. pdfmake still breaks the pages; the plan only sizes what it breaks.
 */

/** A chart's numbers move with it when they have at most this many rows; longer ones flow after it. */
const KEEP_TABLE_ROWS = 12;
/** The rows a flowing table brings to the page it starts on, at least. */
const START_ROWS = 2;
/** The gap between two half-width columns, in points. */
const GAP = 14;
/** The room a chart's title (up to three lines) takes above it: no chart is drawn taller than a page less this. */
const TITLE_ROOM = 100;
/** How small a chart may be drawn to stay on a page: on a page a third full or more, and on one less full. */
const SHRINK = { full: 0.85, filling: 0.55 };
/** Points kept spare at a page's foot (the heights are estimates). */
const SPARE = 8;
/** Points a table flowing onto a new page takes there besides its rows (its header again, a row moved whole). */
const FLOW_DRIFT = 24;

/** One thing placed on a page. */
interface Unit {
  /** The content, its charts drawn at a shrink (1: their natural size). */
  draw(shrink: number): Content[];
  /** Its height at a shrink, in points. */
  height(shrink: number): number;
  /** It holds a chart (shrinking changes its height). */
  shrinks: boolean;
  /** It flows over pages (a long table, lists of answers): placed where it starts. */
  flows: boolean;
  /** A flowing table's start (its title, header and first rows): it begins on a page with room for that. */
  start?: number;
  /** A heading: it stays with the unit after it. */
  heading: boolean;
  /** It starts a new page. */
  breakBefore: boolean;
  /** The unit parted in two (a chart and its long numbers after it), when that fills a page better. */
  split?: () => Unit[];
}

type ChartBlock = Extract<ReportBlock, { kind: 'chart' }>;
type HelpBlock = Extract<ReportBlock, { kind: 'help' }>;

/** A widget's block with the explanation that follows it. */
interface Item {
  block: ReportBlock;
  help?: HelpBlock;
}

/** What a column of a page holds: a block (and its help) drawn and measured in a width, its chart at a shrink. */
function piece(item: Item, width: number, maxChart: number, numbers: boolean) {
  const help = item.help;
  const helpDraw = () => (help ? BLOCKS.help.draw(help, width) : []);
  const helpHeight = help ? BLOCKS.help.height(help, width) : 0;
  const block = item.block;
  if (block.kind !== 'chart') {
    const kind = BLOCKS[block.kind as keyof typeof BLOCKS] as { draw(block: ReportBlock, width: number): Content[]; height(block: ReportBlock, width: number): number };
    return { draw: () => [...kind.draw(block, width), ...helpDraw()], height: () => kind.height(block, width) + helpHeight, shrinks: false };
  }
  const natural = Math.min(block.height * Math.min(1, width / block.width), maxChart);
  const table = numbers && block.table.rows.length > 0;
  return {
    draw: (shrink: number) => [
      { stack: titled(block.title, [chartDrawing(block, width, natural * shrink), ...(table ? [numbersTable(block.table.columns, block.table.rows, width)] : [])], true), unbreakable: true },
      ...helpDraw(),
    ],
    height: (shrink: number) => titleHeight(block.title, width) + natural * shrink + 4 + (table ? numbersHeight(block.table.columns, block.table.rows, width) : 0) + helpHeight,
    shrinks: true,
  };
}

function unit(parts: Pick<Unit, 'draw' | 'height' | 'shrinks'> & Partial<Unit>): Unit {
  // Heights are asked for again and again while a page is planned: measured once per shrink.
  const heights = new Map<number, number>();
  const height = (shrink: number) => {
    const key = parts.shrinks ? shrink : 1;
    let known = heights.get(key);
    if (known === undefined) {
      known = parts.height(key);
      heights.set(key, known);
    }
    return known;
  };
  return { flows: false, heading: false, breakBefore: false, ...parts, height };
}

/** A full-width chart: with its numbers when they are short, else followed by them (which may flow over pages). */
function chartUnits(item: Item & { block: ChartBlock }, width: number, maxChart: number): Unit[] {
  const block = item.block;
  const rows = block.table.rows;
  if (rows.length > KEEP_TABLE_ROWS) {
    const chart = piece({ block }, width, maxChart, false);
    return [unit(chart), numbersUnit(block, width, item.help)];
  }
  const whole = piece(item, width, maxChart, true);
  return [
    unit({
      ...whole,
      split: rows.length > 0 ? () => [unit(piece({ block }, width, maxChart, false)), numbersUnit(block, width, item.help)] : undefined,
    }),
  ];
}

/** A chart's numbers on their own, flowing over pages, with the chart's explanation after them. */
function numbersUnit(block: ChartBlock, width: number, help: HelpBlock | undefined): Unit {
  const helpHeight = help ? BLOCKS.help.height(help, width) : 0;
  return unit({
    draw: () => [numbersTable(block.table.columns, block.table.rows, width), ...(help ? BLOCKS.help.draw(help, width) : [])],
    height: () => numbersHeight(block.table.columns, block.table.rows, width) + helpHeight,
    shrinks: false,
    flows: true,
    start: numbersHeight(block.table.columns, block.table.rows, width, START_ROWS),
  });
}

/** Two half-width widgets side by side, never parted. */
function pairUnit(left: Item, right: Item, width: number, maxChart: number): Unit {
  const column = (width - GAP) / 2;
  const pieces = [piece(left, column, maxChart, true), piece(right, column, maxChart, true)];
  return unit({
    draw: (shrink) => [{ columns: pieces.map((one) => ({ width: '*', stack: one.draw(shrink) })), columnGap: GAP, unbreakable: true }],
    height: (shrink) => Math.max(...pieces.map((one) => one.height(shrink))),
    shrinks: pieces.some((one) => one.shrinks),
  });
}

/** A half-width chart alone: its numbers beside it, under its title. */
function besideUnit(item: Item & { block: ChartBlock }, width: number, maxChart: number): Unit {
  const block = item.block;
  const column = (width - GAP) / 2;
  const chart = piece({ block: { ...block, title: undefined } }, column, maxChart, false);
  const numbersOf = () => (block.table.rows.length > 0 ? [numbersTable(block.table.columns, block.table.rows, column)] : []);
  const help = item.help;
  return unit({
    draw: (shrink) => [
      { stack: titled(block.title, [{ columns: [{ width: '*', stack: chart.draw(shrink) }, { width: '*', stack: numbersOf() }], columnGap: GAP }], true), unbreakable: true },
      ...(help ? BLOCKS.help.draw(help, width) : []),
    ],
    height: (shrink) =>
      titleHeight(block.title, width) + Math.max(chart.height(shrink), numbersHeight(block.table.columns, block.table.rows, column)) + (help ? BLOCKS.help.height(help, width) : 0),
    shrinks: true,
  });
}

/** A widget's explanation on its own, at the page's width. */
function helpUnit(help: HelpBlock, width: number): Unit {
  return unit({ draw: () => BLOCKS.help.draw(help, width), height: () => BLOCKS.help.height(help, width), shrinks: false });
}

/** Whether a block is drawn at half a page's width. */
function half(block: ReportBlock): boolean {
  return (block.kind === 'chart' || block.kind === 'table') && block.half === true;
}

/** The units of a report's blocks, in a content width; no chart taller than `maxChart`. */
function unitsOf(blocks: ReportBlock[], width: number, maxChart: number): Unit[] {
  const items: Item[] = [];
  for (const block of blocks) {
    const previous = items.at(-1);
    if (block.kind === 'help' && previous && !previous.help && previous.block.kind !== 'heading' && previous.block.kind !== 'pageBreak') previous.help = block;
    else items.push({ block });
  }
  const units: Unit[] = [];
  let breakNext = false;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index]!;
    const { block } = item;
    if (block.kind === 'pageBreak') {
      breakNext = true;
      continue;
    }
    const next = items[index + 1];
    let made: Unit[];
    if (block.kind === 'heading') made = [unit({ draw: () => BLOCKS.heading.draw(block, width), height: () => BLOCKS.heading.height(block, width), shrinks: false, heading: true, breakBefore: block.pageBreak === true })];
    else if (half(block) && next && half(next.block)) {
      // The pair's explanations under it, at the page's width (shorter, and free to go to the next page).
      made = [pairUnit({ block }, { block: next.block }, width, maxChart), ...[item.help, next.help].flatMap((help) => (help ? [helpUnit(help, width)] : []))];
      index += 1;
    } else if (block.kind === 'chart' && block.half) made = [besideUnit({ ...item, block }, width, maxChart)];
    else if (block.kind === 'chart') made = chartUnits({ ...item, block }, width, maxChart);
    else {
      const one = piece(item, width, maxChart, true);
      const flowingTable = block.kind === 'table' && block.rows.length > 6;
      made = [
        unit({
          ...one,
          flows: block.kind === 'texts' || block.kind === 'columns' || flowingTable,
          ...(flowingTable ? { start: tableStartHeight(block, width, START_ROWS) } : {}),
        }),
      ];
    }
    if (breakNext) made[0] = { ...made[0]!, breakBefore: true };
    breakNext = false;
    units.push(...made);
  }
  return units;
}

/** The largest shrink from 1 down to `limit` at which a unit fits a height, or undefined. */
function shrinkToFit(target: Unit, room: number, limit: number): number | undefined {
  if (target.height(limit) > room) return undefined;
  let [low, high] = [limit, 1];
  for (let step = 0; step < 12; step += 1) {
    const middle = (low + high) / 2;
    if (target.height(middle) <= room) low = middle;
    else high = middle;
  }
  return low;
}

/** The height of the units from `from` up to the next page break (the rest of a section). */
function restHeight(queue: Unit[], from: number): number {
  let height = 0;
  for (let index = from; index < queue.length && !queue[index]!.breakBefore; index += 1) height += queue[index]!.height(1);
  return height;
}

/** The first content of a unit, starting a new page (no empty line is added for the break). */
function breaking(content: Content[]): Content[] {
  const [first, ...rest] = content;
  return typeof first === 'object' ? [{ ...first, pageBreak: 'before' }, ...rest] : [{ text: first ?? '', pageBreak: 'before' }, ...rest];
}

/**
 * The report's content for pages `pageHeight` points tall, `width` wide, the first of which already
 * holds `startY` points (its cover): every unit in order, charts shrunk where that keeps them on a page
 * (with a section's last short lines, so that they do not stand alone on a page).
 */
export function planContent(blocks: ReportBlock[], width: number, pageHeight: number, startY: number): Content[] {
  const queue = unitsOf(blocks, width, pageHeight - TITLE_ROOM);
  const content: Content[] = [];
  const bottom = pageHeight - SPARE;
  let y = startY;
  let fresh = false;
  while (queue.length > 0) {
    // A heading goes with what follows it.
    let count = 1;
    while (count < queue.length && queue[count - 1]!.heading) count += 1;
    const group = queue.slice(0, count);
    const last = group.at(-1)!;
    const before = group.slice(0, -1).reduce((sum, one) => sum + one.height(1), 0);
    // A section starts a new page, unless the page holds less than a third yet (it goes on there).
    const sectionBreak = group[0]!.breakBefore && content.length > 0 && y >= pageHeight / 3;
    const newPage = sectionBreak || (fresh && y === 0);
    if (sectionBreak) y = 0;
    const room = bottom - y - before;
    // The rest of the section, when shrinking this a little keeps it all on this page.
    const rest = restHeight(queue, count);
    // A page under a third full, or holding only the report's cover, is filled before any other.
    const filling = y < pageHeight / 3 || content.length === 0;
    let shrink = 1;
    const tail = last.shrinks && last.height(1) + rest > room && shrinkToFit(last, room - rest, SHRINK.full) !== undefined ? rest : 0;
    if (tail > 0) shrink = shrinkToFit(last, room - tail, SHRINK.full)!;
    else if (last.flows && last.start !== undefined && last.start > room && y > 0) {
      // A table's title and header never stand alone at a page's foot: it starts on the next page.
      y = 0;
      fresh = true;
      continue;
    } else if (!last.flows && last.height(1) > room) {
      // Shrunk a little (with the section's last lines, else alone); else parted from its numbers; else
      // shrunk more to fill a page less than a third full; else on the next page.
      const fitted = last.shrinks ? shrinkToFit(last, room, SHRINK.full) : undefined;
      const filled = last.shrinks && filling ? shrinkToFit(last, room, SHRINK.filling) : undefined;
      if (fitted !== undefined) shrink = fitted;
      else if (last.split && (filling || last.height(1) > bottom)) {
        queue.splice(count - 1, 1, ...last.split());
        continue;
      } else if (filled !== undefined) shrink = filled;
      else if (y > 0) {
        // The next page, where it is placed again (and shrunk or parted there if a page cannot hold it).
        y = 0;
        fresh = true;
        continue;
      } else if (last.shrinks) shrink = SHRINK.filling;
    }
    const drawn = group.flatMap((one) => one.draw(one === last ? shrink : 1));
    content.push(...(newPage ? breaking(drawn) : drawn));
    fresh = false;
    y += before + last.height(shrink);
    // What flows over pages ends somewhere on a later page, a little lower than measured (a table's
    // header row is drawn again at the top of each page, rows are never split).
    while (y > pageHeight) y -= pageHeight - FLOW_DRIFT;
    queue.splice(0, count);
  }
  return content;
}
