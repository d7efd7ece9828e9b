import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { barLabel } from '../../../../../engine/charts/interviewBars';
import { interview360 } from '../../../../../engine/interview/interview360';
import type { InterviewPrint } from '../../api/interview';
import { InterviewChart, InterviewChartTable } from './InterviewChart';

const m = messages.screenInterview;

const PRINT_ROOT = 'interview-print-root';

/** Only the report prints: the page behind it and the buttons are hidden, the dialog flows over pages. */
const printCss = {
  '@media print': {
    [`body > *:not(.${PRINT_ROOT})`]: { display: 'none !important' },
    [`.${PRINT_ROOT}, .${PRINT_ROOT} .MuiDialog-container, .${PRINT_ROOT} .MuiDialog-paper, .${PRINT_ROOT} .MuiDialogContent-root`]: {
      position: 'static !important',
      overflow: 'visible !important',
      height: 'auto !important',
      maxHeight: 'none !important',
      boxShadow: 'none !important',
    },
    [`.${PRINT_ROOT} .MuiBackdrop-root, .${PRINT_ROOT} .no-print`]: { display: 'none !important' },
    [`.${PRINT_ROOT} section`]: { breakInside: 'avoid' },
  },
};

function Comments({ title, items }: { title?: string; items: string[] }) {
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" component="h4">
          {title}
        </Typography>
      )}
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {m.printNone}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.map((item, index) => (
            <Typography component="li" variant="body2" key={index} sx={{ whiteSpace: 'pre-wrap' }}>
              {item}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The printable report 'Entrevista 360 graus' (print CSS + `window.print()`); the server PDF comes later. */
export function PrintReport({ report, onClose }: { report: InterviewPrint; onClose(): void }) {
  const text = (value: number | null) => (value === null ? m.noValue : barLabel(value));
  return (
    <Dialog open fullScreen onClose={onClose} className={PRINT_ROOT} aria-labelledby="print-report-title">
      <GlobalStyles styles={printCss} />
      <DialogTitle id="print-report-title" component="div">
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            {report.title}
          </Typography>
          <Stack direction="row" className="no-print" sx={{ gap: 1 }}>
            <Button variant="contained" onClick={() => window.print()}>
              {m.printPreviewPrint}
            </Button>
            <Button color="inherit" onClick={onClose}>{messages.common.close}</Button>
          </Stack>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, maxWidth: 1000, mx: 'auto' }}>
          <Box>
            <Typography>{format(m.printRated, { name: report.rated_name })}</Typography>
            <Typography>{format(m.printCount, { count: report.count })}</Typography>
          </Box>
          <InterviewChart competencies={report.competencies} ratedName={report.rated_name} />
          <InterviewChartTable competencies={report.competencies} />
          {report.competencies.map((item) => (
            <Box component="section" key={item.block} aria-labelledby={`print-block-${item.block}`}>
              <Typography variant="h6" component="h3" id={`print-block-${item.block}`} sx={{ fontSize: '1.05rem' }}>
                {format(m.blockTitle, { block: item.block, name: item.name })}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {format(m.printGrades, { average: text(item.average), self: text(item.self), min: text(item.min), max: text(item.max) })}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, '& > *': { flex: 1 } }}>
                <Comments title={m.printPositive} items={item.positive} />
                <Comments title={m.printBetter} items={item.better} />
              </Stack>
            </Box>
          ))}
          {interview360.openBlocks.map(({ block, key, name }) => (
            <Box component="section" key={block} aria-labelledby={`print-block-${block}`}>
              <Typography variant="h6" component="h3" id={`print-block-${block}`} sx={{ fontSize: '1.05rem' }}>
                {format(m.blockTitle, { block, name })}
              </Typography>
              <Comments items={report[key]} />
            </Box>
          ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
