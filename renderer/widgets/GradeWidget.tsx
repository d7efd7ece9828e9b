import { useState } from 'react';
import Box from '../Box.ts';
import { fieldName } from '../../engine/answers/formValues.ts';
import { guideBand, readGrade, showGrade, typedGrade } from '../../engine/answers/grade.ts';
import { gradeRange } from '../../engine/definition/kinds.ts';
import { format, messages } from '../../engine/messages.ts';
import { Fieldset } from './Fieldset.tsx';
import { labelProps, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/**
 * A decimal grade typed with a comma ("7,5"), as the 360 interview types its grades: the field keeps
 * digits and one comma (a dot becomes the comma), a phone shows its decimal keypad, and the range is
 * spelled out under the field. The held answer is the number; bounds and decimals are checked by the
 * kind's rules (the error appears under the field once the page is refused, then updates live).
 */
export default function GradeWidget({ question, definition, number, value, error, onChange }: WidgetProps<'grade'>) {
  const inputId = fieldName(question.id);
  const errorId = `${inputId}-error`;
  const helpId = `${inputId}-help`;
  const { min, max, decimals } = gradeRange(question);
  const held = typeof value === 'number' ? value : undefined;
  // What is typed ("7," on the way to "7,5") is kept while it still reads as the held answer; an
  // answer set from outside (restored, cleared) replaces it.
  const [draft, setDraft] = useState('');
  const shown = readGrade(draft) === held ? draft : held === undefined ? '' : showGrade(held);
  const guide = question.guide === undefined ? undefined : definition.guides?.[question.guide];
  // With a guide, a grade in range reads as its band ('Bom'); otherwise the range is spelled out.
  const band = guide && held !== undefined && held >= min && held <= max ? guideBand(guide, held) : undefined;
  const help = band?.label ?? format(decimals === 0 ? messages.form.gradeHelpInteger : messages.form.gradeHelp, { min: showGrade(min), max: showGrade(max) });
  return (
    <Fieldset legend={<QuestionLabel {...labelProps(question, number)} />} labelFor={inputId} errorId={errorId} error={error}>
      <Box
        component="input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        id={inputId}
        name={inputId}
        value={shown}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          const typed = typedGrade(event.target.value, min < 0);
          setDraft(typed);
          onChange(readGrade(typed));
        }}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        aria-required={question.required}
        aria-invalid={error !== undefined}
        sx={{
          font: 'inherit', p: 1.25, borderRadius: 1, border: 1, bgcolor: 'background.paper', color: 'text.primary', width: '100%', maxWidth: 160,
          borderColor: error ? 'error.main' : 'rgba(0,0,0,0.42)',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 0, borderColor: 'secondary.main' },
        }}
      />
      <Box component="p" id={helpId} aria-live={guide ? 'polite' : undefined} sx={{ m: 0, mt: 0.5, fontSize: '0.8rem', color: 'text.secondary' }}>
        {help}
      </Box>
    </Fieldset>
  );
}
