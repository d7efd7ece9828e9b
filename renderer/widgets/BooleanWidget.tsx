import Box from '../Box.ts';
import { fieldName } from '../../engine/answers/formValues.ts';
import { ErrorText } from '../controls.tsx';
import { optionRowSx, tickSx } from './Fieldset.tsx';
import { labelProps, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** A yes/no mark: one native checkbox labelled by the question ('Revisado'), the whole row its touch target. */
export default function BooleanWidget({ question, number, value, error, onChange }: WidgetProps<'boolean'>) {
  const inputId = fieldName(question.id);
  const errorId = `${inputId}-error`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box component="label" htmlFor={inputId} sx={{ ...optionRowSx, display: 'inline-flex' }}>
        <Box
          component="input"
          type="checkbox"
          id={inputId}
          name={inputId}
          value="true"
          checked={value === true}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
          aria-describedby={error ? errorId : undefined}
          aria-required={question.required}
          aria-invalid={error !== undefined}
          sx={tickSx}
        />
        <span>
          <QuestionLabel {...labelProps(question, number)} />
        </span>
      </Box>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Box>
  );
}
