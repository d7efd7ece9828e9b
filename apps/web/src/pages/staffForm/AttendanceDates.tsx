import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { messages } from '../../../../../engine/messages';
import { formatIsoDate, parseBrDate } from './formModel';

const m = messages.screenInterview;

interface AttendanceDatesProps {
  /** Every date created (ISO): the options. */
  dates: string[];
  /** The dates chosen (ISO). */
  value: string[];
  onChange(next: { dates: string[]; show: string[] }): void;
}

/**
 * The attendance multi-select: pick among the dates already created, or type a new one (dd/mm/aaaa)
 * and press Enter to create it; dates are shown dd/mm/aaaa and kept ISO. A malformed date is refused with
 * a message, its text kept in the field until it is edited or cleared.
 */
export function AttendanceDates({ dates, value, onChange }: AttendanceDatesProps) {
  const [error, setError] = useState(false);
  const [text, setText] = useState('');
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect={false}
      options={dates}
      value={value}
      getOptionLabel={(option) => formatIsoDate(option)}
      noOptionsText={m.noOptions}
      // The refusal concerns the text typed: editing or clearing it takes the message away.
      inputValue={text}
      onInputChange={(_event, typed, reason) => {
        setText(typed);
        if (reason !== 'reset') setError(false);
      }}
      onChange={(_event, chosen) => {
        const show: string[] = [];
        let created = [...dates];
        for (const item of chosen) {
          const iso = dates.includes(item) ? item : parseBrDate(item);
          if (iso === null) {
            // Refused: the text stays in the field to be corrected (the autocomplete has just emptied it).
            setError(true);
            setText(item);
            return;
          }
          if (!created.includes(iso)) created = [...created, iso].sort();
          if (!show.includes(iso)) show.push(iso);
        }
        setError(false);
        onChange({ dates: created, show });
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={formatIsoDate(option)} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={m.dates}
          placeholder="dd/mm/aaaa"
          error={error}
          helperText={error ? m.invalidDate : m.datesHelp}
        />
      )}
      sx={{ minWidth: { xs: '100%', sm: 320 }, flexGrow: 1 }}
    />
  );
}
