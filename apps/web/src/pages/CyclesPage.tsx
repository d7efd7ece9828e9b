import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { isAdministrator } from '../../../../engine/accounts';
import { messages } from '../../../../engine/messages';
import type { Company } from '../../../server/src/contract/companies';
import type { Cycle } from '../../../server/src/contract/cycles';
import { cyclesPath } from '../api/cycles';
import { useApiData } from '../api/useApiData';
import { getUser } from '../auth/session';
import { DataTable } from '../components/DataTable';
import { CompanyPicker, useChosenCompany } from '../components/CompanyPicker';
import { LoadError, Loading, PageBody, PageHeader } from '../components/PageStates';
import { ConfirmCycleDialog } from './cycles/ConfirmCycleDialog';
import { CycleFormDialog, type CycleFormTarget } from './cycles/CycleFormDialog';
import { CycleCards, cycleColumns, type CycleActionHandlers } from './cycles/CycleList';

const text = messages.screenCycles;

/** Rows grow with wrapped names, so every cell centres its content vertically (numbers stay on the right). */
const GRID_SX = {
  '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
  '& .MuiDataGrid-cell--textRight': { justifyContent: 'flex-end' },
};

/**
 * Ciclos (/ciclos): a company's rounds of assessments with their participation. An administrator picks
 * the company, then creates, edits, closes and reopens its cycles; a company user sees its own, read-only.
 */
export default function CyclesPage() {
  const isAdmin = isAdministrator(getUser()?.type_account);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [companyId, chooseCompany] = useChosenCompany();
  const companies = useApiData<Company[]>(isAdmin ? '/companies' : null);
  const { data, loading, error, reload } = useApiData<Cycle[]>(isAdmin && companyId === null ? null : cyclesPath(isAdmin ? companyId : null));
  const [form, setForm] = useState<CycleFormTarget | null>(null);
  const [toggling, setToggling] = useState<Cycle | null>(null);
  const rows = useMemo(() => (companyId === null && isAdmin ? [] : (data ?? [])), [data, companyId, isAdmin]);
  const actions = useMemo<CycleActionHandlers | undefined>(
    () => (isAdmin ? { onEdit: (cycle) => setForm({ kind: 'edit', cycle }), onToggle: setToggling } : undefined),
    [isAdmin],
  );
  const columns = useMemo(() => cycleColumns(actions), [actions]);
  const showList = !isAdmin || companyId !== null;

  return (
    <PageBody>
      <PageHeader title={text.title}>
        {showList && (
          <Button variant="outlined" color="inherit" onClick={reload} disabled={loading}>
            {text.refresh}
          </Button>
        )}
        {isAdmin && companyId !== null && (
          <Button variant="contained" onClick={() => setForm({ kind: 'create', companyId })}>
            {text.newCycle}
          </Button>
        )}
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text.about}
      </Typography>
      {isAdmin && <CompanyPicker companies={companies} chosenId={companyId} onChoose={chooseCompany} text={text} gap={2} />}
      {!showList && <Typography sx={{ my: 3 }}>{text.chooseCompany}</Typography>}
      {showList && error && <LoadError message={`${text.loadError} ${error}`} onRetry={reload} />}
      {showList && !phone && <DataTable<Cycle> label={text.table} emptyText={text.empty} rows={rows} columns={columns} loading={loading} getRowHeight={() => 'auto'} sx={GRID_SX} />}
      {showList && phone && (loading ? <Loading /> : rows.length === 0 ? !error && <Typography sx={{ my: 3 }}>{text.empty}</Typography> : <CycleCards cycles={rows} actions={actions} />)}
      {form && <CycleFormDialog target={form} onClose={() => setForm(null)} onSaved={reload} />}
      <ConfirmCycleDialog cycle={toggling} onClose={() => setToggling(null)} onSaved={reload} />
    </PageBody>
  );
}
