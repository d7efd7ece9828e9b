import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router-dom';
import type { Company } from '../../../server/src/contract/companies';
import type { ApiData } from '../api/useApiData';
import { LoadError } from './PageStates';

/** The company chosen by an administrator, kept in the address (`?company=3`) so a reload keeps it. */
export function useChosenCompany(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('company');
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const choose = (next: number | null) => setParams(next === null ? {} : { company: String(next) }, { replace: true });
  return [id, choose];
}

/** The texts of a company picker (each screen's own). */
export interface CompanyPickerText {
  company: string;
  noOptions: string;
  companiesError: string;
}

/** An administrator's choice of company (Ciclos, Matriz de risco): a searchable list, and the list's load error with a retry. */
export function CompanyPicker({ companies, chosenId, onChoose, text, gap = 2 }: { companies: ApiData<Company[]>; chosenId: number | null; onChoose: (id: number | null) => void; text: CompanyPickerText; gap?: number }) {
  const company = (companies.data ?? []).find((item) => Number(item.id) === chosenId) ?? null;
  return (
    <Stack sx={{ mb: gap, maxWidth: { md: 420 } }}>
      <Autocomplete
        options={companies.data ?? []}
        loading={companies.loading}
        value={company}
        noOptionsText={text.noOptions}
        getOptionLabel={(option) => option.commercial_name}
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        onChange={(_, next) => onChoose(next ? Number(next.id) : null)}
        renderInput={(params) => <TextField {...params} label={text.company} />}
      />
      {companies.error && <LoadError message={`${text.companiesError} ${companies.error}`} onRetry={companies.reload} />}
    </Stack>
  );
}
