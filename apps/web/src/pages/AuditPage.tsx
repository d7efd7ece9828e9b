import { useMemo, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { messages } from '../../../../engine/messages';
import type { AuditItem, AuditPage as AuditPageData } from '../../../server/src/contract/audit';
import type { Company } from '../../../server/src/contract/companies';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDateTime } from '../format';

const a = messages.audit;
const ACTION_LABELS: Record<string, string> = a.actions;

/** The filters of the screen, as typed. */
interface Filters {
  user: string;
  company: string;
  action: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { user: '', company: '', action: '', from: '', to: '' };

/** The query of `GET /api/audit` for the filters and the grid's page. */
export function auditPath(filters: Filters, page: number, pageSize: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [keyof Filters, string][]) {
    if (value.trim() !== '') query.set(key, value.trim());
  }
  query.set('limit', String(pageSize));
  query.set('offset', String(page * pageSize));
  return `/audit?${query.toString()}`;
}

/** The details of a record in one line: "type_evaluation: 13, user_id: 42". */
function detailText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** Auditoria (/audit, administrators): who did what, when and from where; read-only. */
export default function AuditPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 25 });
  const { data, loading, error, reload } = useApiData<AuditPageData>(auditPath(applied, pageModel.page, pageModel.pageSize));
  const companies = useApiData<Company[]>('/companies');
  const rows = useMemo(() => data?.items ?? [], [data]);
  const columns = useMemo<GridColDef<AuditItem>[]>(
    () => [
      { field: 'at', headerName: a.colAt, width: 150, sortable: false, valueFormatter: (value: string) => formatDateTime(value) },
      {
        field: 'actor_email',
        headerName: a.colActor,
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => (row.actor_name ? `${row.actor_name} (${row.actor_email ?? ''})` : (row.actor_email ?? a.systemActor)),
      },
      { field: 'action', headerName: a.colAction, flex: 1, minWidth: 200, sortable: false, valueFormatter: (value: string) => ACTION_LABELS[value] ?? value },
      { field: 'company_name', headerName: a.colCompany, flex: 1, minWidth: 160, sortable: false, valueGetter: (_value, row) => row.company_name ?? (row.company_id === null ? '' : String(row.company_id)) },
      { field: 'target', headerName: a.colTarget, width: 200, sortable: false },
      { field: 'details', headerName: a.colDetails, flex: 1, minWidth: 200, sortable: false, valueGetter: (_value, row) => detailText(row.details) },
      { field: 'ip', headerName: a.colIp, width: 140, sortable: false },
    ],
    [],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setPageModel((model) => ({ ...model, page: 0 }));
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setPageModel((model) => ({ ...model, page: 0 }));
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
    size: 'small' as const,
  });
  return (
    <PageBody>
      <PageHeader title={a.title}>
        <Button variant="outlined" color="inherit" onClick={reload} disabled={loading}>
          {a.refresh}
        </Button>
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {a.about}
      </Typography>
      <Stack component="form" onSubmit={submit} direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField label={a.filterUser} {...field('user')} sx={{ minWidth: 200 }} />
        <TextField select label={a.filterCompany} {...field('company')} sx={{ minWidth: 200 }}>
          <MenuItem value="">{a.filterAllCompanies}</MenuItem>
          {(companies.data ?? []).map((company) => (
            <MenuItem key={company.id} value={String(company.id)}>
              {company.commercial_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={a.filterAction} {...field('action')} sx={{ minWidth: 220 }}>
          <MenuItem value="">{a.filterAllActions}</MenuItem>
          {Object.entries(ACTION_LABELS).map(([key, label]) => (
            <MenuItem key={key} value={key}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField type="date" label={a.filterFrom} {...field('from')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" label={a.filterTo} {...field('to')} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="contained" disabled={loading}>
          {a.apply}
        </Button>
        <Button type="button" variant="text" color="inherit" onClick={clear}>
          {a.clear}
        </Button>
      </Stack>
      {error && <LoadError message={`${a.loadError} ${error}`} onRetry={reload} />}
      <DataTable<AuditItem>
        label={a.label}
        emptyText={a.empty}
        rows={rows}
        columns={columns}
        loading={loading}
        paginationMode="server"
        paginationModel={pageModel}
        onPaginationModelChange={setPageModel}
        rowCount={data?.total ?? 0}
        disableColumnFilter
      />
    </PageBody>
  );
}
