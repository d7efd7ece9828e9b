import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { gradeBand } from '../../../../../engine/interview/definition';
import { parseGrade } from '../../../../../engine/interview/answers';
import type { InterviewDefinition } from '../../../../../engine/interview/types';
import { format, messages } from '../../../../../engine/messages';
import { type CompetencyFields, gradeOutOfRange, sanitizeGradeInput } from './formModel';
import { blockAnchor } from './JumpLinks';

const m = messages.screenInterview;

interface CompetencyBlockProps {
  definition: InterviewDefinition;
  block: number;
  name: string;
  value: CompetencyFields;
  onChange(value: CompetencyFields): void;
}

/** One graded block: grade (digits and comma), positive and improvement notes, reviewed flag. */
export function CompetencyBlock({ definition, block, name, value, onChange }: CompetencyBlockProps) {
  const titleId = `${blockAnchor(block)}-title`;
  const invalid = gradeOutOfRange(definition, value.grade);
  const grade = parseGrade(value.grade);
  const band = !invalid && value.grade.trim() !== '' && grade !== null ? gradeBand(definition, grade) : undefined;
  const set = (patch: Partial<CompetencyFields>) => onChange({ ...value, ...patch });
  return (
    <Paper id={blockAnchor(block)} tabIndex={-1} component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, scrollMarginTop: 16 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: '1.1rem' }}>
          {format(m.blockTitle, { block, name })}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={value.reviewed} onChange={(event) => set({ reviewed: event.target.checked })} />}
          label={m.reviewed}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
        <TextField
          label={m.grade}
          value={value.grade}
          onChange={(event) => set({ grade: sanitizeGradeInput(event.target.value) })}
          error={invalid}
          helperText={invalid ? m.gradeInvalid : (band?.label ?? m.gradeHelp)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${m.grade} ${block}. ${name}` } }}
          sx={{ width: { xs: '100%', md: 180 }, flexShrink: 0 }}
        />
        <TextField
          label={m.positive}
          value={value.positive}
          onChange={(event) => set({ positive: event.target.value })}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': `${m.positive} ${block}. ${name}` } }}
        />
        <TextField
          label={m.better}
          value={value.better}
          onChange={(event) => set({ better: event.target.value })}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': `${m.better} ${block}. ${name}` } }}
        />
      </Stack>
    </Paper>
  );
}

/** One free-text block (11 strengths, 12 weaknesses, 13 final comments). */
export function OpenBlock({ block, name, helper, value, onChange }: { block: number; name: string; helper?: string; value: string; onChange(value: string): void }) {
  const titleId = `${blockAnchor(block)}-title`;
  return (
    <Paper id={blockAnchor(block)} tabIndex={-1} component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, scrollMarginTop: 16 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {format(m.blockTitle, { block, name })}
      </Typography>
      <TextField
        label={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText={helper}
        multiline
        minRows={3}
        fullWidth
      />
    </Paper>
  );
}
