import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { scaleOptions } from '../../engine/definition/questions.ts';
import { QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** A single choice on a shared scale, drawn as a radio group (a row on wide screens, a column on phones). */
export default function ScaleWidget({ question, definition, number, value, error, onChange }: WidgetProps<'scale'>) {
  const labelId = `q-${question.id}-label`;
  const errorId = `q-${question.id}-error`;
  return (
    <FormControl component="fieldset" error={error !== undefined} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ color: 'text.primary', '&.Mui-focused, &.Mui-error': { color: 'text.primary' }, mb: 1 }}>
        <QuestionLabel number={number} text={question.text} required={question.required} />
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-required={question.required}
        aria-invalid={error !== undefined}
        name={`q-${question.id}`}
        value={value === undefined ? '' : String(value)}
        onChange={(_event, next) => onChange(Number(next))}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, gap: { sm: 1 } }}
      >
        {scaleOptions(definition, question).map((option) => (
          <FormControlLabel key={option.value} value={String(option.value)} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
