import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { labelProps, legendSx, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** A free-text answer (a plain input rather than TextField, which would pull Select into the respondent bundle). */
export default function TextWidget({ question, number, value, error, onChange }: WidgetProps<'text'>) {
  const inputId = `q-${question.id}`;
  const errorId = `q-${question.id}-error`;
  const multiline = question.multiline ?? true;
  return (
    <FormControl error={error !== undefined} fullWidth>
      <FormLabel htmlFor={inputId} sx={legendSx}>
        <QuestionLabel {...labelProps(question, number)} />
      </FormLabel>
      <OutlinedInput
        id={inputId}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        inputProps={{ maxLength: question.maxLength ?? 2000, 'aria-describedby': error ? errorId : undefined, 'aria-required': question.required }}
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
