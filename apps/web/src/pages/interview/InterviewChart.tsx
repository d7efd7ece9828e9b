import { forwardRef } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { INTERVIEW_SERIES } from '../../../../../engine/charts/interviewBars';
import { reportChartBuilders } from '../../../../../engine/charts/registry';
import type { CompetencySeries } from '../../../../../engine/interview/consolidate';
import { INTERVIEW_CHART_HEIGHT, INTERVIEW_SERIES_NAMES, seriesText } from '../../../../../engine/interview/report';
import { format, messages } from '../../../../../engine/messages';
import Chart from '../../../../../renderer/Chart';
import { cardTableSx, LABEL_ATTRIBUTE, useCardsWhenNarrow } from '../../../../../renderer/dashboard/widgets/cardTable';

const m = messages.screenInterview;

/** The Portuguese names of the four series (the same as the PDF's). */
export const SERIES_NAMES = INTERVIEW_SERIES_NAMES;

/** The bar chart of the four series over the competencies (scrolls sideways on a phone). */
export const InterviewChart = forwardRef<HTMLDivElement, { competencies: CompetencySeries[]; ratedName: string }>(function InterviewChart(
  { competencies, ratedName },
  ref,
) {
  const option = reportChartBuilders.interviewBars(competencies, SERIES_NAMES);
  return (
    // Focusable so the sideways scroll on a phone works by keyboard too.
    <Box tabIndex={0} role="region" aria-label={m.chartTitle} sx={{ overflowX: 'auto' }}>
      <Box ref={ref} sx={{ minWidth: 720 }}>
        <Chart option={option} ariaLabel={format(m.chartAlt, { name: ratedName })} height={INTERVIEW_CHART_HEIGHT} />
      </Box>
    </Box>
  );
});

/**
 * The chart's numbers as a table (one decimal, comma), for screen readers (the PDF prints the same).
 * On a phone, where its five columns do not fit, each competency is a card of the four numbers, still
 * a table for screen readers (`useCardsWhenNarrow`).
 */
export function InterviewChartTable({ competencies }: { competencies: CompetencySeries[] }) {
  const { box, cards } = useCardsWhenNarrow<HTMLDivElement>(INTERVIEW_SERIES.length + 1, competencies);
  // Laid out as blocks, a table keeps its semantics only through explicit roles.
  const role = (kind: string) => (cards ? { role: kind } : {});
  return (
    <TableContainer ref={box} tabIndex={0} role="region" aria-label={m.chartTable} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby="interview-chart-table-title" data-layout={cards ? 'cards' : 'table'} {...role('table')} sx={cards ? cardTableSx : undefined}>
        <caption id="interview-chart-table-title" style={{ captionSide: 'top', textAlign: 'left', padding: '8px 0' }}>
          <Typography variant="subtitle2" component="span">
            {m.chartTable}
          </Typography>
        </caption>
        <TableHead {...role('rowgroup')}>
          <TableRow {...role('row')}>
            <TableCell component="th" scope="col" {...role('columnheader')}>
              {m.competency}
            </TableCell>
            {INTERVIEW_SERIES.map((key) => (
              <TableCell key={key} component="th" scope="col" align="right" {...role('columnheader')}>
                {SERIES_NAMES[key]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody {...role('rowgroup')}>
          {competencies.map((item) => (
            <TableRow key={item.block} {...role('row')}>
              <TableCell component="th" scope="row" {...role('rowheader')}>
                {item.name}
              </TableCell>
              {INTERVIEW_SERIES.map((key) => (
                <TableCell key={key} align="right" {...{ [LABEL_ATTRIBUTE]: SERIES_NAMES[key] }} {...role('cell')}>
                  {seriesText(item[key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
