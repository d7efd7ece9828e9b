import { useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import { errorMessage } from '../api/client';
import type { ListedUser } from '../../../server/src/contract/users';
import { registrationLink, usersPath } from '../api/users';
import { useApiData } from '../api/useApiData';
import { getUser } from '../auth/session';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatPhone } from '../format';
import { useToast } from '../toast';
import { CreateEvaluationDialog } from './users/CreateEvaluationDialog';
import { DeactivateUserDialog } from './users/DeactivateUserDialog';
import { ExcelDialog } from './users/ExcelDialog';
import { PersonalDataDialog } from './users/PersonalDataDialog';
import { PrivacyIcon } from './users/PrivacyIcon';
import { EditIcon, PersonOffIcon } from './users/icons';
import { noSelection, selectedIds } from './users/selection';
import { UserFormDialog } from './users/UserFormDialog';
import { isAdministrator, isCompanyUser, isStaff } from '../../../../engine/accounts';

const text = messages.screenUsers;
const lgpdText = messages.screenLgpd;

/** Company-level users (type 2) are never evaluated from this list, so their rows have no checkbox. */
const selectable = (user: ListedUser) => !isStaff(user.type_account);

/** The company whose users are shown: a company user's own, or the route's for an administrator. */
function useCompanyId(): number | 'redirect' | null {
  const { id } = useParams();
  const user = getUser();
  if (isCompanyUser(user?.type_account)) return user?.company_id ?? null;
  if (id === undefined) return 'redirect';
  const parsed = Number(id);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/**
 * Registered users (Cadastrados) of one company: list, add, edit, deactivate, Excel, public link,
 * evaluate, and for administrators a person's LGPD rights (export, erase).
 */
export default function UsersPage() {
  const companyId = useCompanyId();
  if (companyId === 'redirect') return <Navigate to="/company" replace />;
  if (companyId === null) return <LoadError message={text.usersLoadError} />;
  return <CompanyUsers key={companyId} companyId={companyId} />;
}

function CompanyUsers({ companyId }: { companyId: number }) {
  const toast = useToast();
  const { data, loading, error, reload } = useApiData<ListedUser[]>(usersPath(companyId));
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [editing, setEditing] = useState<ListedUser | null | 'new'>(null);
  const [deactivating, setDeactivating] = useState<ListedUser | null>(null);
  const [excel, setExcel] = useState(false);
  const [evaluating, setEvaluating] = useState(false);
  const [linking, setLinking] = useState(false);
  const [personalData, setPersonalData] = useState<ListedUser | null>(null);
  // Only administrators answer LGPD requests (the server refuses company users too).
  const administrator = isAdministrator(getUser()?.type_account);

  const rows = useMemo(() => data ?? [], [data]);
  const chosen = useMemo(() => {
    const ids = selectedIds(selection, rows.filter(selectable).map((row) => row.id));
    return rows.filter((row) => ids.includes(row.id));
  }, [selection, rows]);
  const companyName = rows.find((row) => row.company_name)?.company_name;

  const openRegistration = async () => {
    // Opened before the call so the browser does not treat the new tab as an unrequested pop-up.
    const tab = window.open('about:blank', '_blank');
    setLinking(true);
    try {
      const { transaction } = await registrationLink(companyId);
      const url = `/company/register/${encodeURIComponent(transaction)}`;
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (failure) {
      tab?.close();
      toast.error(errorMessage(failure));
    } finally {
      setLinking(false);
    }
  };

  const columns: GridColDef<ListedUser>[] = [
    { field: 'name', headerName: text.colName, flex: 1, minWidth: 180 },
    {
      field: 'email',
      headerName: text.colEmail,
      flex: 1,
      minWidth: 180,
      renderCell: ({ value }) => (
        <Tooltip title={String(value)}>
          <Box component="span" title={String(value)} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
            {String(value)}
          </Box>
        </Tooltip>
      ),
    },
    { field: 'phone', headerName: text.colPhone, minWidth: 150, valueFormatter: (value: string | null) => formatPhone(value) },
    {
      field: 'sector',
      headerName: text.colSector,
      minWidth: 140,
      flex: 0.7,
      valueGetter: (_value, row) => row.sector.map((sector) => sector.sector_name).join(', '),
    },
    {
      field: 'position',
      headerName: text.colPosition,
      minWidth: 130,
      flex: 0.6,
      valueGetter: (_value, row) => row.position.map((position) => position.position_name).join(', '),
    },
    {
      field: 'status',
      headerName: text.colActive,
      width: 90,
      valueGetter: (value: boolean) => (value ? text.active : text.inactive),
    },
    {
      field: 'actions',
      headerName: text.colEdit,
      width: administrator ? 140 : 110,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <>
          <IconButton size="small" aria-label={format(text.editUser, { name: row.name })} onClick={() => setEditing(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
          {row.status && (
            <IconButton size="small" aria-label={format(text.deactivateUser, { name: row.name })} onClick={() => setDeactivating(row)}>
              <PersonOffIcon fontSize="small" />
            </IconButton>
          )}
          {administrator && (
            <Tooltip title={lgpdText.rowAction}>
              <IconButton size="small" aria-label={format(lgpdText.rowActionOf, { name: row.name })} onClick={() => setPersonalData(row)}>
                <PrivacyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      ),
    },
  ];

  const title = companyName ? format(text.usersTitleOf, { company: companyName }) : text.usersTitle;
  return (
    <PageBody>
      <PageHeader title={title}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {text.new}
        </Button>
        <Button variant="outlined" color="secondary" onClick={() => setExcel(true)}>
          {text.excel}
        </Button>
        <Tooltip title={text.tableHint} describeChild>
          <Button variant="outlined" color="secondary" onClick={() => void openRegistration()} disabled={linking}>
            {text.table}
          </Button>
        </Tooltip>
        {chosen.length > 0 && (
          <Button variant="contained" color="secondary" onClick={() => setEvaluating(true)}>
            {text.evaluate}
          </Button>
        )}
      </PageHeader>
      {error && <LoadError message={error} onRetry={reload} />}
      <DataTable<ListedUser>
        label={text.usersTable}
        emptyText={text.usersEmpty}
        rows={rows}
        columns={columns}
        loading={loading}
        checkboxSelection
        isRowSelectable={({ row }) => selectable(row)}
        getRowClassName={({ row }) => (selectable(row) ? '' : 'unselectable')}
        // Company-level rows have no select box at all (administration.md 2), not a greyed one.
        sx={{ '& .unselectable .MuiDataGrid-cellCheckbox > *': { visibility: 'hidden' } }}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
      <UserFormDialog
        open={editing !== null}
        companyId={companyId}
        user={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <DeactivateUserDialog user={deactivating} onClose={() => setDeactivating(null)} onDone={reload} />
      <PersonalDataDialog person={personalData} onClose={() => setPersonalData(null)} onErased={reload} />
      <ExcelDialog open={excel} companyId={companyId} onClose={() => setExcel(false)} onImported={reload} />
      <CreateEvaluationDialog
        open={evaluating}
        companyId={companyId}
        participants={chosen.map((user) => ({ user_id: user.id, name: user.name }))}
        onClose={() => setEvaluating(false)}
        onCreated={() => setSelection(noSelection())}
      />
    </PageBody>
  );
}
