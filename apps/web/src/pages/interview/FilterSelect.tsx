import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { messages } from '../../../../../engine/messages';

/** An option of a report filter. */
export interface FilterOption {
  id: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  options: FilterOption[];
  /** Chosen option ids. */
  value: string[];
  onChange(ids: string[]): void;
  loading?: boolean;
  disabled?: boolean;
}

/** A multi-select filter of the report (chips, type to search, keyboard friendly). */
export function FilterSelect({ label, options, value, onChange, loading, disabled }: FilterSelectProps) {
  const byId = new Map(options.map((option) => [option.id, option]));
  const chosen = value.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      loading={loading}
      disabled={disabled}
      disableCloseOnSelect={false}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      noOptionsText={messages.screenInterview.noOptions}
      loadingText={messages.form.loading}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={option.label} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ flex: '1 1 260px', minWidth: 0 }}
    />
  );
}
