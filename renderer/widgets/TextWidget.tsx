import TextField from '@mui/material/TextField';
import { QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** A free-text answer. */
export function TextWidget({ question, number, value, error, onChange }: WidgetProps<'text'>) {
  return (
    <TextField
      id={`q-${question.id}`}
      label={<QuestionLabel number={number} text={question.text} required={question.required} />}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      error={error !== undefined}
      helperText={error}
      multiline={question.multiline ?? true}
      minRows={question.multiline === false ? undefined : 3}
      slotProps={{ htmlInput: { maxLength: question.maxLength ?? 2000 }, inputLabel: { shrink: true, required: false } }}
      fullWidth
    />
  );
}
