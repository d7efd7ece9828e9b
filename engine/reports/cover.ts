import type { DashboardData, Row, SummaryLine } from '../definition/dashboard.ts';
import { cellText, formatCell, formatDay, toNumber } from '../charts/format.ts';
import { matchesAll } from '../scoring/transforms.ts';
import { format, messages } from '../messages.ts';

/*
 * A report's first page: who and what it is about (the meta's lines), then the facts a reader looks
 * for first (how many answered, when) and the summary the view's definition asks for, each line
 * filled from the same rows the charts draw.
 */

const m = messages.reports;

/** What a report's first page says besides its title and subject. */
export interface ReportCover {
  /** Label and value pairs: the respondents, the period of the answers. */
  facts: { label: string; value: string }[];
  /** The summary's sentences, in the definition's order (a line whose dataset has no rows is left out). */
  summary: string[];
}

/** The rows a summary line picks from: highest or lowest value (every row tied on it), or the first. */
function picked(rows: Row[], line: SummaryLine): Row[] {
  const valued = rows.filter((row) => toNumber(row[line.value]) !== null);
  if (valued.length === 0) return [];
  if ((line.pick ?? 'highest') === 'first') return [valued[0]!];
  const values = valued.map((row) => toNumber(row[line.value])!);
  const best = line.pick === 'lowest' ? Math.min(...values) : Math.max(...values);
  return valued.filter((_row, index) => values[index] === best);
}

/** A summary line's sentence, or undefined when its rows are empty (a withheld group, no answers). */
export function summarySentence(line: SummaryLine, data: DashboardData): string | undefined {
  const rows = (data.datasets[line.dataset]?.rows ?? []).filter((row) => matchesAll(row, line.where));
  const chosen = picked(rows, line);
  if (chosen.length === 0) return undefined;
  const names = [...new Set(chosen.map((row) => cellText(row[line.name])))];
  // 'Clareza e Relacionamento'; names that hold an 'e' themselves are set apart by semicolons
  // ('Sabedoria e Conhecimento; Transcendência').
  const name = names.some((one) => / e /.test(one)) ? names.join('; ') : names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')}${m.summaryJoin}${names.at(-1)}`;
  return format(line.text, { name, value: formatCell(chosen[0]![line.value], line.format) });
}

/** The first page's facts and summary for a view's data. */
export function reportCover(summary: SummaryLine[] | undefined, data: DashboardData, timeZone: string | undefined): ReportCover {
  const facts: ReportCover['facts'] = [];
  // The people who answered and, when some answered several of the view's questionnaires (the
  // scanner's five tests), the answered evaluations the screen counts.
  const people = data.period?.people ?? data.respondents;
  if (data.respondents > 0) facts.push({ label: m.coverRespondents, value: String(people) });
  if (data.respondents > 0 && people !== data.respondents) facts.push({ label: m.coverEvaluations, value: String(data.respondents) });
  if (data.period) {
    const first = formatDay(data.period.first, timeZone);
    const last = formatDay(data.period.last, timeZone);
    facts.push({ label: m.coverPeriod, value: first === last ? format(m.coverPeriodOneDay, { first }) : format(m.coverPeriodValue, { first, last }) });
  }
  return { facts, summary: (summary ?? []).flatMap((line) => summarySentence(line, data) ?? []) };
}
