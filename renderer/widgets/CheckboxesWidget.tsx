import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { selectionBounds } from '../../engine/definition/kinds.ts';
import { optionsOf } from '../../engine/definition/questions.ts';
import { format, messages } from '../../engine/messages.ts';
import { labelProps, legendSx, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/**
 * Any number of ticks, in columns on wide screens. With a maximum, the unticked options are disabled
 * once it is reached, and a live count tells how many are ticked.
 */
export default function CheckboxesWidget({ question, definition, number, value, error, onChange }: WidgetProps<'checkboxes'>) {
  const labelId = `q-${question.id}-label`;
  const errorId = `q-${question.id}-error`;
  const countId = `q-${question.id}-count`;
  const options = optionsOf(definition, question);
  const ticked = Array.isArray(value) ? value : [];
  const { min, max } = selectionBounds(question.select, options.length);
  const limited = max < options.length;
  const full = limited && ticked.length >= max;
  const toggle = (option: number, checked: boolean) => {
    const next = checked ? [...ticked, option] : ticked.filter((tick) => tick !== option);
    onChange(next.length === 0 ? undefined : next);
  };
  const describedBy = [limited ? countId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <FormControl component="fieldset" error={error !== undefined} fullWidth aria-describedby={describedBy}>
      <FormLabel component="legend" id={labelId} sx={legendSx}>
        <QuestionLabel {...labelProps(question, number, question.required || min > 0)} />
      </FormLabel>
      {limited && (
        <Box id={countId} aria-live="polite" sx={{ fontSize: '0.875rem', fontWeight: 700, mb: 1 }}>
          {format(messages.form.selectedCount, { count: ticked.length, max })}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: `repeat(${Math.min(question.columns ?? 1, 2)}, minmax(0, 1fr))`, sm: `repeat(${question.columns ?? 1}, minmax(0, 1fr))` },
          columnGap: 1,
        }}
      >
        {options.map((option) => {
          const checked = ticked.includes(option.value);
          return (
            <FormControlLabel
              key={option.value}
              sx={{ alignItems: option.description ? 'flex-start' : 'center', mr: 0 }}
              control={<Checkbox checked={checked} disabled={full && !checked} onChange={(_event, next) => toggle(option.value, next)} />}
              label={
                option.description ? (
                  <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', py: 1 }}>
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      {option.label}
                    </Box>
                    <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
                      {option.description}
                    </Box>
                  </Box>
                ) : (
                  option.label
                )
              }
            />
          );
        })}
      </Box>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
