import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { messages } from '../../../../../engine/messages';
import type { UserOption } from '../../api/data';
import type { Company } from '../../../../server/src/contract/companies';
import type { Course } from '../../../../server/src/contract/courses';
import { useApiData } from '../../api/useApiData';
import { catalog } from '../../catalog';
import type { CatalogEntry } from '../../../../../engine/definition/catalog';

/** What the filters hold: the company or (administrators) the course, and a user or a product depending on `mode`. */
export interface FilterState {
  /** Administrators filter by company or by course (administration.md 6). */
  scope: 'company' | 'course';
  companyId: number | null;
  courseId: number | null;
  mode: 'user' | 'product';
  userId: number | null;
  type: number | null;
}

const m = messages.screenData;

const products: CatalogEntry[] = catalog.types;

/**
 * The filters of data management: Empresa (administrators only; a company user's is fixed), then
 * either Usuário or Produto (the evaluation type), chosen by a toggle.
 */
export function EvaluationFilters({ value, onChange, isAdmin }: { value: FilterState; onChange(next: FilterState): void; isAdmin: boolean }) {
  const companies = useApiData<Company[]>(isAdmin ? '/companies' : null);
  const courses = useApiData<Course[]>(isAdmin && value.scope === 'course' ? '/courses' : null);
  const course = (courses.data ?? []).find((item) => item.id === value.courseId) ?? null;
  const usersPath = value.companyId !== null ? `/users/list/${value.companyId}` : isAdmin ? '/users/all' : null;
  const users = useApiData<UserOption[]>(usersPath);
  const companyOptions = companies.data ?? [];
  const userOptions = users.data ?? [];
  const company = companyOptions.find((item) => Number(item.id) === value.companyId) ?? null;
  const user = userOptions.find((item) => item.id === value.userId) ?? null;
  const product = products.find((item) => item.type === value.type) ?? null;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, mb: 2, alignItems: { md: 'center' } }}>
      {isAdmin && (
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={m.filterScope}
          value={value.scope}
          onChange={(_, scope: FilterState['scope'] | null) => scope && onChange({ ...value, scope, companyId: null, courseId: null, userId: null })}
        >
          <ToggleButton value="company">{m.byCompany}</ToggleButton>
          <ToggleButton value="course">{m.byCourse}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {isAdmin && value.scope === 'course' && (
        <Autocomplete
          sx={{ minWidth: 240, flex: 1 }}
          options={courses.data ?? []}
          loading={courses.loading}
          value={course}
          noOptionsText={m.noOptions}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.id}
          isOptionEqualToValue={(option, selected) => option.id === selected.id}
          onChange={(_, next) => onChange({ ...value, courseId: next ? next.id : null })}
          renderInput={(params) => <TextField {...params} label={m.course} />}
        />
      )}
      {isAdmin && value.scope === 'company' && (
        <Autocomplete
          sx={{ minWidth: 240, flex: 1 }}
          options={companyOptions}
          loading={companies.loading}
          value={company}
          noOptionsText={m.noOptions}
          getOptionLabel={(option) => option.commercial_name}
          isOptionEqualToValue={(option, selected) => option.id === selected.id}
          onChange={(_, next) => onChange({ ...value, companyId: next ? Number(next.id) : null, userId: null })}
          renderInput={(params) => <TextField {...params} label={m.company} placeholder={m.allCompanies} />}
        />
      )}
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label={m.filterBy}
        value={value.mode}
        onChange={(_, mode: FilterState['mode'] | null) => mode && onChange({ ...value, mode, userId: null, type: null })}
      >
        <ToggleButton value="user">{m.byUser}</ToggleButton>
        <ToggleButton value="product">{m.byProduct}</ToggleButton>
      </ToggleButtonGroup>
      {value.mode === 'user' ? (
        <Autocomplete
          sx={{ minWidth: 240, flex: 1 }}
          options={userOptions}
          loading={users.loading}
          value={user}
          noOptionsText={m.noOptions}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.id}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                {option.name} ({option.email})
              </li>
            );
          }}
          isOptionEqualToValue={(option, selected) => option.id === selected.id}
          onChange={(_, next) => onChange({ ...value, userId: next ? next.id : null })}
          renderInput={(params) => <TextField {...params} label={m.user} />}
        />
      ) : (
        <Autocomplete
          sx={{ minWidth: 240, flex: 1 }}
          options={products}
          value={product}
          noOptionsText={m.noOptions}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.type}
          isOptionEqualToValue={(option, selected) => option.type === selected.type}
          onChange={(_, next) => onChange({ ...value, type: next ? next.type : null })}
          renderInput={(params) => <TextField {...params} label={m.product} />}
        />
      )}
    </Stack>
  );
}

/** The API filter of a filter state. */
export function toApiFilter(state: FilterState): { company_id?: number; course_id?: number; user_id?: number; type_evaluation?: number } {
  return {
    ...(state.companyId !== null ? { company_id: state.companyId } : {}),
    ...(state.scope === 'course' && state.courseId !== null ? { course_id: state.courseId } : {}),
    ...(state.mode === 'user' && state.userId !== null ? { user_id: state.userId } : {}),
    ...(state.mode === 'product' && state.type !== null ? { type_evaluation: state.type } : {}),
  };
}
