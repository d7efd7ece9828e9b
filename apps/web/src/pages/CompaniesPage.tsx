import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import type { Company } from '../../../server/src/contract/companies';
import type { CompanyForm, NameRow } from '../api/registry';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDocument, formatPhone } from '../format';
import { useToast } from '../toast';
import { CompanyDialog, companyFormOf } from './registry/CompanyDialog';
import { matchesSearch } from './registry/companyForm';
import { NameListDialog, type NameListKind } from './registry/NameListDialog';
import { AddIcon, MoreVertIcon, SearchIcon } from './registry/registryIcons';
import { useDebounced } from './registry/useDebounced';

const text = messages.screenRegistry;
const SEARCH_DELAY_MS = 500;

/** The dialog open on the page, if any. */
type OpenDialog = { kind: 'company'; company: Company | null } | { kind: NameListKind; company: Company } | null;

/** Company registry (/company, administrators): search, count, create, and each company's menu. */
export default function CompaniesPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { data, loading, error, reload } = useApiData<Company[]>('/companies');
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search, SEARCH_DELAY_MS);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; company: Company } | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Values typed in a dialog that closed on a server failure, offered again when it is reopened.
  const [companyDrafts, setCompanyDrafts] = useState<Record<string, CompanyForm>>({});
  const [nameDrafts, setNameDrafts] = useState<Record<string, NameRow[]>>({});

  useEffect(() => {
    if (error) toast.error(text.companiesLoadError);
  }, [error, toast]);

  const companies = useMemo(
    () =>
      (data ?? [])
        .filter((company) => company.status && matchesSearch(company, settledSearch))
        .sort((a, b) => a.commercial_name.localeCompare(b.commercial_name, 'pt-BR', { sensitivity: 'base' })),
    [data, settledSearch],
  );

  // On a phone the menu column comes first, so it is reachable without scrolling the table sideways.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = useMemo<GridColDef<Company>[]>(() => {
    const actions: GridColDef<Company> = {
      field: 'actions',
      headerName: text.columnActions,
      width: phone ? 70 : 90,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <IconButton
          aria-label={format(text.rowMenu, { name: row.commercial_name })}
          aria-haspopup="menu"
          onClick={(event: MouseEvent<HTMLElement>) => setMenu({ anchor: event.currentTarget, company: row })}
        >
          <MoreVertIcon />
        </IconButton>
      ),
    };
    const data: GridColDef<Company>[] = [
      { field: 'commercial_name', headerName: text.columnCommercialName, flex: 1, minWidth: 180 },
      { field: 'company_name', headerName: text.columnCompanyName, flex: 1, minWidth: 180 },
      { field: 'cnpj', headerName: text.columnDocument, width: 180, valueFormatter: (value: string | null) => formatDocument(value) },
      { field: 'phone', headerName: text.columnPhone, width: 160, valueFormatter: (value: string | null) => formatPhone(value) },
    ];
    return phone ? [actions, ...data] : [...data, actions];
  }, [phone]);

  function openFromMenu(next: OpenDialog) {
    setMenu(null);
    setDialog(next);
  }

  const draftKey = (kind: string, company: Company | null) => `${kind}:${company?.id ?? 'new'}`;

  return (
    <PageBody>
      <PageHeader title={text.companiesTitle}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'company', company: null })}>
          {text.companiesCreate}
        </Button>
      </PageHeader>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          id="company-search"
          label={text.companiesSearch}
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 260px', maxWidth: 480 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography role="status" sx={{ fontWeight: 600 }}>
          {format(text.companiesCount, { count: companies.length })}
        </Typography>
      </Box>
      {error && <LoadError message={text.companiesLoadError} onRetry={reload} />}
      <DataTable<Company>
        label={text.companiesTable}
        emptyText={text.companiesEmpty}
        rows={companies}
        columns={columns}
        loading={loading}
      />
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => menu && navigate(`/users/${menu.company.id}`)}>{text.menuUsers}</MenuItem>
        <MenuItem onClick={() => menu && openFromMenu({ kind: 'company', company: menu.company })}>{text.menuEditData}</MenuItem>
        <MenuItem onClick={() => menu && openFromMenu({ kind: 'sectors', company: menu.company })}>{text.menuEditSectors}</MenuItem>
        <MenuItem onClick={() => menu && openFromMenu({ kind: 'positions', company: menu.company })}>{text.menuEditPositions}</MenuItem>
      </Menu>
      {dialog?.kind === 'company' && (
        <CompanyDialog
          company={dialog.company}
          initial={companyDrafts[draftKey('company', dialog.company)] ?? companyFormOf(dialog.company)}
          onClose={() => setDialog(null)}
          onSaved={() => {
            const key = draftKey('company', dialog.company);
            setCompanyDrafts(({ [key]: _saved, ...rest }) => rest);
            setDialog(null);
            reload();
          }}
          onServerFailure={(draft) => {
            setCompanyDrafts((old) => ({ ...old, [draftKey('company', dialog.company)]: draft }));
            setDialog(null);
          }}
        />
      )}
      {(dialog?.kind === 'sectors' || dialog?.kind === 'positions') && (
        <NameListDialog
          kind={dialog.kind}
          company={dialog.company}
          draft={nameDrafts[draftKey(dialog.kind, dialog.company)] ?? null}
          onClose={() => setDialog(null)}
          onSaved={() => {
            const key = draftKey(dialog.kind, dialog.company);
            setNameDrafts(({ [key]: _saved, ...rest }) => rest);
            setDialog(null);
          }}
          onServerFailure={(draft) => {
            setNameDrafts((old) => ({ ...old, [draftKey(dialog.kind, dialog.company)]: draft }));
            setDialog(null);
          }}
        />
      )}
    </PageBody>
  );
}
