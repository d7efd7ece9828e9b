import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GradeBand } from '../../../../../engine/interview/types';
import { formatDecimalBR } from '../../../../../engine/charts/format';
import { format, messages } from '../../../../../engine/messages';

const m = messages.screenInterview;

const number = (value: number) => (Number.isInteger(value) ? String(value) : formatDecimalBR(value, 1));

/** "3,1 a 5" or "0" for a band. */
export function bandRange(band: GradeBand): string {
  return band.from === band.to ? number(band.from) : `${number(band.from)} a ${number(band.to)}`;
}

/** The grade guide (0 … 10) of the definition, always visible on the form. */
export function GradeGuide({ bands }: { bands: GradeBand[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="grade-guide-title" sx={{ p: 1.5 }}>
      <Typography id="grade-guide-title" variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {m.gradeGuide}
      </Typography>
      <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5, columnGap: 3, columns: { xs: 1, sm: 2, md: 4 } }}>
        {bands.map((band) => (
          <li key={band.from}>{format(m.gradeBand, { range: bandRange(band), label: band.label })}</li>
        ))}
      </Typography>
    </Paper>
  );
}
