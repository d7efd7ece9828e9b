import Box from '../Box.ts';
import { fieldName } from '../../engine/answers/formValues.ts';
import { selectionBounds } from '../../engine/definition/kinds.ts';
import { optionsOf } from '../../engine/definition/questions.ts';
import { format, messages } from '../../engine/messages.ts';
import { Fieldset, optionRowSx, tickSx } from './Fieldset.tsx';
import { labelProps, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/**
 * Any number of ticks, in columns on wide screens. With a maximum, the unticked options are disabled
 * once it is reached, and a live count tells how many are ticked. An option that stands alone
 * (`exclusive`, 'Não sei avaliar') clears the other ticks and disables them while it is ticked; a live
 * note says how to tick them again.
 */
export default function CheckboxesWidget({ question, definition, number, value, error, onChange }: WidgetProps<'checkboxes'>) {
  const inputId = fieldName(question.id);
  const errorId = `${inputId}-error`;
  const countId = `${inputId}-count`;
  const options = optionsOf(definition, question);
  const ticked = Array.isArray(value) ? value : [];
  const { min, max } = selectionBounds(question.select, options.length);
  const limited = max < options.length;
  const full = limited && ticked.length >= max;
  const alone = options.find((option) => option.exclusive && ticked.includes(option.value));
  const toggle = (option: number, checked: boolean) => {
    const exclusive = options.some((candidate) => candidate.value === option && candidate.exclusive);
    const next = checked ? (exclusive ? [option] : [...ticked, option]) : ticked.filter((tick) => tick !== option);
    onChange(next.length === 0 ? undefined : next);
  };
  const columns = question.columns ?? 1;
  const aloneId = `${inputId}-alone`;
  const describedBy = [limited ? countId : '', alone ? aloneId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Fieldset legend={<QuestionLabel {...labelProps(question, number, question.required || min > 0)} />} errorId={errorId} error={error} describedBy={describedBy}>
      {limited && (
        <Box id={countId} aria-live="polite" sx={{ fontSize: '0.875rem', fontWeight: 700, mb: 1 }}>
          {format(messages.form.selectedCount, { count: ticked.length, max })}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`, sm: `repeat(${columns}, minmax(0, 1fr))` },
          columnGap: 1,
        }}
      >
        {options.map((option) => {
          const checked = ticked.includes(option.value);
          const disabled = !checked && (full || alone !== undefined);
          return (
            <Box component="label" key={option.value} sx={{ ...optionRowSx, alignItems: option.description ? 'flex-start' : 'center', opacity: disabled ? 0.55 : 1 }}>
              <Box
                component="input"
                type="checkbox"
                name={inputId}
                value={String(option.value)}
                checked={checked}
                disabled={disabled}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => toggle(option.value, event.target.checked)}
                sx={{ ...tickSx, mt: option.description ? 0.25 : 0 }}
              />
              {option.description ? (
                <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    {option.label}
                  </Box>
                  <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
                    {option.description}
                  </Box>
                </Box>
              ) : (
                <span>{option.label}</span>
              )}
            </Box>
          );
        })}
      </Box>
      <Box id={aloneId} aria-live="polite" sx={{ fontSize: '0.875rem', color: 'text.secondary', mt: alone ? 1 : 0 }}>
        {alone ? format(messages.form.exclusiveHint, { option: alone.label }) : null}
      </Box>
    </Fieldset>
  );
}
