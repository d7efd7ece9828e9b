import Box from '../Box.ts';
import { fieldName } from '../../engine/answers/formValues.ts';
import { Fieldset } from './Fieldset.tsx';
import { labelProps, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** A free-text answer: a native text area (or line) styled like the theme's inputs. */
export default function TextWidget({ question, number, value, error, onChange }: WidgetProps<'text'>) {
  const inputId = fieldName(question.id);
  const errorId = `${inputId}-error`;
  const multiline = question.multiline ?? true;
  return (
    <Fieldset legend={<QuestionLabel {...labelProps(question, number)} />} labelFor={inputId} errorId={errorId} error={error}>
      <Box
        component={multiline ? 'textarea' : 'input'}
        id={inputId}
        name={inputId}
        rows={multiline ? 3 : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event: React.ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => onChange(event.target.value === '' ? undefined : event.target.value)}
        maxLength={question.maxLength ?? 2000}
        aria-describedby={error ? errorId : undefined}
        aria-required={question.required}
        aria-invalid={error !== undefined}
        sx={{
          font: 'inherit', p: 1.5, borderRadius: 1, border: 1, bgcolor: 'background.paper', color: 'text.primary', width: '100%', resize: 'vertical',
          borderColor: error ? 'error.main' : 'rgba(0,0,0,0.42)',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 0, borderColor: 'secondary.main' },
        }}
      />
    </Fieldset>
  );
}
