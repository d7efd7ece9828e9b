import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { optionsOf } from '../../engine/definition/questions.ts';
import type { ChoiceOption } from '../../engine/definition/types.ts';
import { messages } from '../../engine/messages.ts';
import { labelProps, legendSx, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** An option's label with its caption or description under it. */
function OptionText({ option }: { option: ChoiceOption }) {
  const note = option.caption ?? option.description;
  if (!note) return <>{option.label}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', py: 0.5 }}>
      <span>{option.label}</span>
      <Box component="span" sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>
        {note}
      </Box>
    </Box>
  );
}

/**
 * One choice among options: radio buttons (a row on wide screens; numeric scales stay a row on phones
 * too), or a native drop-down for long lists and ranked slots, whose options taken elsewhere leave it.
 */
export default function ChoiceWidget({ question, definition, number, value, error, taken, onChange }: WidgetProps<'choice'>) {
  const labelId = `q-${question.id}-label`;
  const errorId = `q-${question.id}-error`;
  const options = optionsOf(definition, question);
  const describedBy = error ? errorId : undefined;

  if (question.display === 'select') {
    const inputId = `q-${question.id}`;
    return (
      <FormControl error={error !== undefined} fullWidth>
        <FormLabel htmlFor={inputId} sx={legendSx}>
          <QuestionLabel {...labelProps(question, number)} />
        </FormLabel>
        <Box
          component="select"
          id={inputId}
          value={value === undefined ? '' : String(value)}
          onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          aria-describedby={describedBy}
          aria-required={question.required}
          aria-invalid={error !== undefined}
          sx={{
            font: 'inherit', p: 1.25, borderRadius: 1, border: 1, bgcolor: 'background.paper', color: 'text.primary',
            borderColor: error ? 'error.main' : 'rgba(0,0,0,0.42)', width: '100%', maxWidth: 420,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
          }}
        >
          <option value="">{messages.form.choose}</option>
          {options
            .filter((option) => option.value === value || !taken.has(option.value))
            .map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
              </option>
            ))}
        </Box>
        {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
      </FormControl>
    );
  }

  // Short labels (0 to 10) fit a wrapping row even on a phone; sentences go one per line there.
  const compact = options.every((option) => option.label.length <= 3);
  return (
    <FormControl component="fieldset" error={error !== undefined} fullWidth>
      <FormLabel component="legend" id={labelId} sx={legendSx}>
        <QuestionLabel {...labelProps(question, number)} />
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-required={question.required}
        aria-invalid={error !== undefined}
        name={`q-${question.id}`}
        value={value === undefined ? '' : String(value)}
        onChange={(_event, next) => onChange(Number(next))}
        sx={{ flexDirection: compact ? 'row' : { xs: 'column', sm: 'row' }, flexWrap: 'wrap', gap: { sm: 1 }, alignItems: 'flex-start' }}
      >
        {options
          .filter((option) => option.value === value || !taken.has(option.value))
          .map((option) => (
            <FormControlLabel
              key={option.value}
              value={String(option.value)}
              control={<Radio />}
              label={<OptionText option={option} />}
              sx={compact && option.caption ? { flexDirection: 'column-reverse', mx: 0.5, textAlign: 'center' } : undefined}
            />
          ))}
      </RadioGroup>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
