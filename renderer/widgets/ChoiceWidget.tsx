import Box from '../Box.ts';
import { fieldName } from '../../engine/answers/formValues.ts';
import { optionsOf } from '../../engine/definition/questions.ts';
import type { ChoiceOption } from '../../engine/definition/questionTypes.ts';
import { messages } from '../../engine/messages.ts';
import { Fieldset, optionRowSx, TAP_TARGET, tickSx } from './Fieldset.tsx';
import { labelProps, QuestionLabel } from './QuestionLabel.tsx';
import type { WidgetProps } from './types.ts';

/** An option's label with its caption or description under it. */
function OptionText({ option }: { option: ChoiceOption }) {
  const note = option.caption ?? option.description;
  if (!note) return <span>{option.label}</span>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{option.label}</span>
      <Box component="span" sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>
        {note}
      </Box>
    </Box>
  );
}

/**
 * Columns of a compact (numeric) scale: every option in one row where 44 px targets fit, and on a
 * phone (about 340 px for the options) up to six a row, the rest wrapped evenly below (0–5, 6–10).
 * Pure CSS by breakpoint, so the widget renders the same on the server.
 */
function compactRowSx(count: number) {
  const phoneColumns = count <= 6 ? count : Math.ceil(count / 2);
  return {
    display: 'grid',
    gridTemplateColumns: { xs: `repeat(${phoneColumns}, minmax(${TAP_TARGET}px, 1fr))`, sm: `repeat(${count}, minmax(${TAP_TARGET}px, max-content))` },
    justifyContent: { xs: 'stretch', sm: 'space-between' },
    rowGap: 0.5,
    maxWidth: 560,
  } as const;
}

/** A compact option: its radio above its number, the whole box (at least 44 by 44 px) the target. */
const compactOptionSx = { ...optionRowSx, flexDirection: 'column', justifyContent: 'center', gap: 0.25, px: 0.25, pr: 0.25, minWidth: TAP_TARGET } as const;

/**
 * One choice among options: radio buttons (sentences one per line on phones, in a row on wide
 * screens; numeric scales in a row, wrapped on phones, with their anchors spelled out below), or a native drop-down for
 * long lists and ranked slots, whose options taken by another question of the group leave the list.
 */
export default function ChoiceWidget({ question, definition, number, value, error, taken, onChange }: WidgetProps<'choice'>) {
  const inputId = fieldName(question.id);
  const errorId = `${inputId}-error`;
  const options = optionsOf(definition, question).filter((option) => option.value === value || !taken.has(option.value));
  const legend = <QuestionLabel {...labelProps(question, number)} />;

  if (question.display === 'select') {
    return (
      <Fieldset legend={legend} labelFor={inputId} errorId={errorId} error={error}>
        <Box
          component="select"
          id={inputId}
          name={inputId}
          value={value === undefined ? '' : String(value)}
          onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          aria-describedby={error ? errorId : undefined}
          aria-required={question.required}
          aria-invalid={error !== undefined}
          sx={{
            font: 'inherit', p: 1.25, borderRadius: 1, border: 1, bgcolor: 'background.paper', color: 'text.primary', width: '100%', maxWidth: 420,
            borderColor: error ? 'error.main' : 'rgba(0,0,0,0.42)',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 1 },
          }}
        >
          <option value="">{messages.form.choose}</option>
          {options.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </Box>
      </Fieldset>
    );
  }

  const compact = options.every((option) => option.label.length <= 3);
  const anchors = compact ? options.filter((option) => option.caption) : [];
  const anchorsId = `${inputId}-anchors`;
  const describedBy = [anchors.length > 0 ? anchorsId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Fieldset legend={legend} legendId={`${inputId}-label`} errorId={errorId} error={error} describedBy={describedBy}>
      <Box
        role="radiogroup"
        aria-labelledby={`${inputId}-label`}
        aria-describedby={describedBy}
        aria-required={question.required}
        aria-invalid={error !== undefined}
        sx={compact ? compactRowSx(options.length) : { display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexWrap: 'wrap', columnGap: 2 }}
      >
        {options.map((option) => (
          <Box
            component="label"
            key={option.value}
            sx={compact ? compactOptionSx : optionRowSx}
          >
            <Box
              component="input"
              type="radio"
              name={inputId}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              sx={tickSx}
            />
            {compact ? option.label : <OptionText option={option} />}
          </Box>
        ))}
      </Box>
      {anchors.length > 0 && (
        <Box id={anchorsId} component="p" sx={{ m: 0, mt: 0.5, fontSize: '0.8rem', color: 'text.secondary' }}>
          {anchors.map((option) => `${option.label} = ${option.caption}`).join(' · ')}
        </Box>
      )}
    </Fieldset>
  );
}
