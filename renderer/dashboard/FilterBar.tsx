import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { DashboardFilters, FilterName } from '../../engine/definition/dashboard';
import { messages } from '../../engine/messages';
import { choose, higherFilters, pick, shownParents, toDashboardFilters, type ChosenFilters } from './filters';
import type { DashboardSource, FilterField, FilterOption } from './types';
import { useFilterOptions } from './useFilterOptions';

const m = messages.dashboard;

/** The label of each filter: the dashboard message named after it ('Empresa', 'Setor'…). */
const LABELS: Record<FilterField, string> = m;

type CompanyMode = 'company' | 'course';

interface FilterBarProps {
  dashboardId: number;
  /** The view's filters, in order. */
  filters: FilterName[];
  source: DashboardSource;
  /** The chosen filters (a company user's own company included). */
  chosen: ChosenFilters;
  /** The company is the user's own and not shown (company users). */
  companyLocked: boolean;
  onChange(chosen: ChosenFilters): void;
  /** Called when a filter's choices fail to load. */
  onFailure(error: unknown): void;
  /** Why the server refused the chosen filters (a sector that would single people out), shown under them. */
  refusal?: string;
}

interface FilterSelectProps {
  dashboardId: number;
  field: FilterField;
  source: DashboardSource;
  value: FilterOption | null;
  /** The higher filters chosen, or null when the filter waits for one (disabled, nothing asked). */
  higher: DashboardFilters | null;
  onChange(option: FilterOption | null): void;
  onFailure(error: unknown): void;
}

const sameOption = (a: FilterOption, b: FilterOption) => String(a.value) === String(b.value);

/** One single-pick filter: its choices load when the dialog opens and when a higher choice changes. */
function FilterSelect({ dashboardId, field, source, value, higher, onChange, onFailure }: FilterSelectProps) {
  const options = useFilterOptions(source, dashboardId, field, higher, onFailure);
  const list = options ?? [];
  const shown = value && !list.some((option) => sameOption(option, value)) ? [value, ...list] : list;
  return (
    <Autocomplete
      id={`dashboard-filter-${field}`}
      options={shown}
      value={value}
      loading={options === null}
      loadingText={m.loadingOptions}
      noOptionsText={m.noOptions}
      disabled={higher === null}
      onChange={(_event, option) => onChange(option)}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => String(option.value)}
      isOptionEqualToValue={sameOption}
      fullWidth
      renderInput={(params) => <TextField {...params} label={LABELS[field]} />}
    />
  );
}

/**
 * The view's 'Filtros' button, the chosen filters as chips, and the dialog with one single-pick select
 * per filter in the view's order. Staff switch the company filter between a company and a course;
 * company users never see it.
 */
export function FilterBar({ dashboardId, filters, source, chosen, companyLocked, onChange, onFailure, refusal }: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<CompanyMode>(chosen.course ? 'course' : 'company');
  const titleId = useId();
  const fields = filters.flatMap((name): FilterField[] => {
    if (name !== 'company') return [name];
    return companyLocked ? [] : [mode];
  });

  function higherOf(field: FilterField): DashboardFilters | null {
    const parents = shownParents(field, filters);
    if (parents.length > 0 && !parents.some((parent) => chosen[parent])) return null;
    return toDashboardFilters(pick(chosen, higherFilters(field)));
  }

  const chips = fields.flatMap((field) => {
    const option = chosen[field];
    return option ? [{ field, option }] : [];
  });

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      {fields.length > 0 && (
        <Button variant="contained" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {m.filters}
        </Button>
      )}
      {chips.length > 0 && (
        <Box component="ul" aria-label={m.chosenFilters} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, maxWidth: '100%' }}>
          {chips.map(({ field, option }) => (
            <Box component="li" key={field} sx={{ maxWidth: '100%' }}>
              {/* A long name (a round's) wraps within a phone's width instead of leaving it. */}
              <Chip
                label={`${LABELS[field]}: ${option.label}`}
                onDelete={() => onChange(choose(chosen, field, null))}
                sx={{ maxWidth: '100%', height: 'auto', minHeight: 32, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
              />
            </Box>
          ))}
        </Box>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{m.filters}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            {fields.map((field) => (
              // The company and course selects share a place, so the switch keeps its focus.
              <Box key={field === 'course' ? 'company' : field}>
                {(field === 'company' || field === 'course') && (
                  <FormControl>
                    <FormLabel id={`${titleId}-mode`}>{m.filterBy}</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby={`${titleId}-mode`}
                      value={mode}
                      onChange={(_event, value) => {
                        setMode(value as CompanyMode);
                        onChange(choose(chosen, 'company', null));
                      }}
                    >
                      <FormControlLabel value="company" control={<Radio />} label={m.company} />
                      <FormControlLabel value="course" control={<Radio />} label={m.course} />
                    </RadioGroup>
                  </FormControl>
                )}
                <FilterSelect
                  key={field}
                  dashboardId={dashboardId}
                  field={field}
                  source={source}
                  value={chosen[field] ?? null}
                  higher={higherOf(field)}
                  onChange={(option) => onChange(choose(chosen, field, option))}
                  onFailure={onFailure}
                />
              </Box>
            ))}
            {refusal && (
              <Alert severity="warning" role="alert">
                {refusal}
              </Alert>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button color="secondary" onClick={() => setOpen(false)}>{messages.common.close}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
