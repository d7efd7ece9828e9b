import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { isAdministrator } from '../../../../engine/accounts';
import type { Company } from '../../../server/src/contract/companies';
import { useApiData, type ApiData } from '../api/useApiData';
import { getUser } from '../auth/session';
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

/** The company a screen of one company shows (the NR-1 screens): an administrator's choice, a company user's own. */
export interface ScreenCompany {
  isAdmin: boolean;
  /** null until an administrator chooses one, or for a company user without a company. */
  companyId: number | null;
  picker: { companies: ApiData<Company[]>; chosenId: number | null; onChoose: (id: number | null) => void };
}

/** The signed-in account's company on a screen of one company: an administrator picks it (kept in the address), a company user has its own. */
export function useScreenCompany(): ScreenCompany {
  const user = getUser();
  const isAdmin = isAdministrator(user?.type_account);
  const [chosenId, onChoose] = useChosenCompany();
  const companies = useApiData<Company[]>(isAdmin ? '/companies' : null);
  return { isAdmin, companyId: isAdmin ? chosenId : (user?.company_id ?? null), picker: { companies, chosenId, onChoose } };
}

/** An administrator's picker and the prompt before a choice; a company user without a company, the reason. */
export function ScreenCompanyChoice({ screen, text }: { screen: ScreenCompany; text: CompanyPickerText & { chooseCompany: string; noCompany: string } }) {
  const chosen = screen.companyId !== null;
  return (
    <>
      {screen.isAdmin && <CompanyPicker {...screen.picker} text={text} gap={3} />}
      {screen.isAdmin && !chosen && <Typography sx={{ my: 3 }}>{text.chooseCompany}</Typography>}
      {!screen.isAdmin && !chosen && <LoadError message={text.noCompany} />}
    </>
  );
}
