import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import type { EvaluationRow } from '../../../server/src/contract/evaluations';
import { getUser } from '../auth/session';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { useToast } from '../toast';
import { DeleteDialog } from './data/DeleteDialog';
import { EvaluationFilters, toApiFilter, type FilterState } from './data/EvaluationFilters';
import { evaluationColumns } from './data/evaluationColumns';
import { RenewDialog } from './data/RenewDialog';
import { isRenewable } from './data/rowActions';
import { useEvaluationPage, type PageModel } from './data/useEvaluationPage';
import { useRowActions } from './data/useRowActions';
import { isAdministrator } from '../../../../engine/accounts';

const m = messages.screenData;
const noSelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });

/**
 * Gestão de Dados (/gestaodados): the evaluations under a company, a user or a product, paged by the
 * server, with renewal of the selected rows and a menu per row (reminder, e-mails, link, delete).
 */
export default function DataManagementPage() {
  const user = getUser();
  const isAdmin = isAdministrator(user?.type_account);
  const ownCompany = isAdmin ? null : (user?.company_id ?? null);
  const toast = useToast();
  const [filters, setFilters] = useState<FilterState>({
    scope: 'company',
    companyId: ownCompany === null ? null : Number(ownCompany),
    courseId: null,
    mode: 'user',
    userId: null,
    type: null,
  });
  const [pageModel, setPageModel] = useState<PageModel>({ page: 0, pageSize: 25 });
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  // The selected rows themselves, kept across pages (the grid only knows the rows of the page shown).
  const [selectedRows, setSelectedRows] = useState<Map<string, EvaluationRow>>(new Map());
  const [renewRows, setRenewRows] = useState<EvaluationRow[] | null>(null);
  const [deleteRow, setDeleteRow] = useState<EvaluationRow | null>(null);

  const apiFilter = useMemo(() => toApiFilter(filters), [filters]);
  const { data, loading, error, reload } = useEvaluationPage(apiFilter, pageModel);
  const rows = useMemo(() => data?.evaluations ?? [], [data]);

  useEffect(() => {
    if (error) toast.error(m.loadError);
  }, [error, toast]);

  const clearSelection = () => {
    setSelection(noSelection());
    setSelectedRows(new Map());
  };

  const changeFilters = (next: FilterState) => {
    setFilters(next);
    setPageModel((model) => ({ ...model, page: 0 }));
    clearSelection();
  };

  const changeSelection = (model: GridRowSelectionModel) => {
    const onPage = new Map(rows.map((row) => [row.evaluation_id, row]));
    // With the header box the grid may answer "all but these": resolve it against the page shown.
    const ids = model.type === 'include' ? [...model.ids] : rows.filter((row) => isRenewable(row) && !model.ids.has(row.evaluation_id)).map((row) => row.evaluation_id);
    const next = new Map<string, EvaluationRow>();
    for (const id of ids) {
      const row = onPage.get(String(id)) ?? selectedRows.get(String(id));
      if (row) next.set(row.evaluation_id, row);
    }
    setSelection({ type: 'include', ids: new Set(next.keys()) });
    setSelectedRows(next);
  };

  const openRenewFor = useCallback((row: EvaluationRow) => {
    setSelection({ type: 'include', ids: new Set([row.evaluation_id]) });
    setSelectedRows(new Map([[row.evaluation_id, row]]));
    setRenewRows([row]);
  }, []);
  const onAction = useRowActions({ renew: openRenewFor, remove: setDeleteRow });
  const columns = useMemo(() => evaluationColumns(isAdmin, (action, row) => void onAction(action, row)), [isAdmin, onAction]);

  const more = data?.more ?? false;
  const rowCount = more ? -1 : (data?.total ?? 0);

  return (
    <PageBody>
      <PageHeader title={m.title}>
        {selectedRows.size > 0 && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {format(m.selectedCount, { count: selectedRows.size })}
          </Typography>
        )}
        <Button variant="contained" disabled={selectedRows.size === 0} onClick={() => setRenewRows([...selectedRows.values()])}>
          {m.renewButton}
        </Button>
      </PageHeader>
      <EvaluationFilters value={filters} onChange={changeFilters} isAdmin={isAdmin} />
      {error && <LoadError message={`${m.loadError} ${error}`} onRetry={reload} />}
      {more && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.more}
        </Alert>
      )}
      <DataTable<EvaluationRow>
        label={m.tableLabel}
        emptyText={m.empty}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.evaluation_id}
        getRowHeight={() => 'auto'}
        loading={loading}
        checkboxSelection
        keepNonExistentRowsSelected
        isRowSelectable={({ row }) => isRenewable(row)}
        rowSelectionModel={selection}
        onRowSelectionModelChange={changeSelection}
        paginationMode="server"
        paginationModel={pageModel}
        onPaginationModelChange={(model) => setPageModel(model)}
        rowCount={rowCount}
        paginationMeta={more ? { hasNextPage: rows.length === pageModel.pageSize } : undefined}
        disableColumnFilter
        sx={{ '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 0.5 } }}
      />
      <RenewDialog
        open={renewRows !== null}
        rows={renewRows ?? []}
        onClose={() => setRenewRows(null)}
        onRenewed={() => {
          setRenewRows(null);
          clearSelection();
          reload();
        }}
      />
      <DeleteDialog
        row={deleteRow}
        onClose={() => setDeleteRow(null)}
        onDeleted={() => {
          const removed = deleteRow?.evaluation_id;
          setDeleteRow(null);
          if (removed && selectedRows.has(removed)) changeSelection({ type: 'include', ids: new Set([...selectedRows.keys()].filter((id) => id !== removed)) });
          reload();
        }}
      />
    </PageBody>
  );
}
