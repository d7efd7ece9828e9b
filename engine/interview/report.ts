import { CHART_WIDTH, formatDecimalBR } from '../charts/format.ts';
import { barLabel, INTERVIEW_SERIES, type InterviewSeriesNames } from '../charts/interviewBars.ts';
import { finishOption } from '../charts/print.ts';
import { reportChartBuilders } from '../charts/registry.ts';
import type { DataTable } from '../charts/types.ts';
import { format, messages } from '../messages.ts';
import type { ReportBlock } from '../reports/document.ts';
import type { CompetencySeries, InterviewPrintData } from './consolidate.ts';
import type { GradeBand, InterviewDefinition } from './types.ts';

/*
 * The report 'Entrevista 360 graus' as report blocks: the same chart option the screen draws (print
 * mode) with its numbers as a table, the grade guide, then per block what the evaluators wrote. Pure:
 * the server adds the first page's lines and renders the PDF.
 */

const m = messages.screenInterview;

/** The Portuguese names of the chart's four series (the screen and the PDF use the same). */
export const INTERVIEW_SERIES_NAMES: InterviewSeriesNames = { average: m.seriesAverage, self: m.seriesSelf, min: m.seriesMin, max: m.seriesMax };

/** The chart's height in the PDF, in the chart's own pixels (the screen draws it 420 high too). */
export const INTERVIEW_CHART_HEIGHT = 420;

const guideNumber = (value: number) => (Number.isInteger(value) ? String(value) : formatDecimalBR(value, 1));

/** "3,1 a 5", or "0" for a one-value band. */
export function bandRange(band: GradeBand): string {
  return band.from === band.to ? guideNumber(band.from) : format(m.bandRange, { from: guideNumber(band.from), to: guideNumber(band.to) });
}

/** A series value as the chart labels it ("7,5"), or the dash when there is none. */
export function seriesText(value: number | null): string {
  return value === null ? m.noValue : barLabel(value);
}

/** The chart's numbers: one row per competency, the four series in the chart's order. */
export function interviewChartTable(competencies: CompetencySeries[], names: InterviewSeriesNames = INTERVIEW_SERIES_NAMES): DataTable {
  return {
    columns: [m.competency, ...INTERVIEW_SERIES.map((key) => names[key])],
    rows: competencies.map((item) => [item.name, ...INTERVIEW_SERIES.map((key) => seriesText(item[key]))]),
  };
}

/** The first page's lines: who is rated and how many interviews count. */
export function interviewReportSubject(ratedName: string, count: number): string[] {
  return [format(m.printRated, { name: ratedName }), format(m.printCount, { count })];
}

/**
 * The blocks of the report 'Entrevista 360 graus' from the print dataset: the consolidated chart
 * (`buildInterviewBars`, print mode) with its table, the grade guide, each competency's grades and
 * comments, then blocks 11 to 13. Without finished interviews, only the screen's empty text.
 */
export function interviewReportBlocks(definition: InterviewDefinition, print: InterviewPrintData): ReportBlock[] {
  if (print.count === 0) return [{ kind: 'empty', text: m.noConsolidated }];
  const chart: ReportBlock = {
    kind: 'chart',
    title: m.chartTitle,
    option: finishOption(reportChartBuilders.interviewBars(print.competencies, INTERVIEW_SERIES_NAMES), 'print'),
    width: CHART_WIDTH,
    height: INTERVIEW_CHART_HEIGHT,
    table: interviewChartTable(print.competencies),
  };
  // The guide across the page: the ranges over their labels, two lines high.
  const guide: ReportBlock = {
    kind: 'table',
    title: m.gradeGuide,
    header: definition.gradeGuide.map((band) => ({ text: bandRange(band) })),
    rows: [definition.gradeGuide.map((band) => ({ text: band.label }))],
  };
  // Texts blocks: their title, grade line and part titles stay with what follows them across pages.
  const competencies = print.competencies.map(
    (item): ReportBlock => ({
      kind: 'texts',
      title: format(m.blockTitle, { block: item.block, name: item.name }),
      groups: [
        {
          heading: format(m.printGrades, { average: seriesText(item.average), self: seriesText(item.self), min: seriesText(item.min), max: seriesText(item.max) }),
          parts: [
            { heading: m.printPositive, items: item.positive },
            { heading: m.printBetter, items: item.better },
          ],
        },
      ],
    }),
  );
  const open = definition.openBlocks.map(
    ({ block, key, name }): ReportBlock => ({
      kind: 'texts',
      title: format(m.blockTitle, { block, name }),
      groups: [{ heading: m.printAnswers, parts: [{ items: print[key] }] }],
    }),
  );
  return [chart, guide, { kind: 'heading', level: 2, text: m.printComments, pageBreak: true }, ...competencies, ...open];
}
