import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { messages } from '../../../../engine/messages';
import type { QueueJob } from '../api/data';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDateTime } from '../format';
import { evaluationName, jobMessage, jobStatus, jobTypeLabel, type JobStatus } from './data/queueRows';

const m = messages.screenData;
const STATUS: Record<JobStatus, { label: string; color: 'error' | 'success' | 'default' }> = {
  failed: { label: m.statusFailed, color: 'error' },
  succeeded: { label: m.statusSucceeded, color: 'success' },
  waiting: { label: m.statusWaiting, color: 'default' },
};

/** Long messages wrap; rows grow to fit. */
const WRAP = { '& .MuiDataGrid-cell': { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.4, py: 1, display: 'flex', alignItems: 'center' } };

const columns: GridColDef<QueueJob>[] = [
  { field: 'type', headerName: m.colJobType, width: 160, valueFormatter: (value: string) => jobTypeLabel(value) },
  { field: 'type_evaluation', headerName: m.colJobEvaluation, flex: 1, minWidth: 150, valueGetter: (value: number | null) => evaluationName(value) },
  { field: 'user_name', headerName: m.colJobEvaluator, flex: 1, minWidth: 140 },
  { field: 'evaluated_name', headerName: m.colJobRated, flex: 1, minWidth: 130 },
  {
    field: 'processedOn',
    headerName: m.colJobProcessed,
    width: 150,
    // Sorted by the instant, shown in Brazilian format.
    valueFormatter: (value: string | null) => formatDateTime(value),
  },
  {
    field: 'status',
    headerName: m.colJobStatus,
    width: 110,
    valueGetter: (_value, row) => STATUS[jobStatus(row)].label,
    renderCell: ({ row }) => {
      const status = STATUS[jobStatus(row)];
      return <Chip size="small" label={status.label} color={status.color} variant={status.color === 'default' ? 'outlined' : 'filled'} />;
    },
  },
  { field: 'message', headerName: m.colJobMessage, flex: 2, minWidth: 180, valueGetter: (_value, row) => jobMessage(row) },
];

/** Filas (/queues, administrators): the e-mail jobs, newest first, failed when they have a failure reason. */
export default function QueuesPage() {
  const { data, loading, error, reload } = useApiData<QueueJob[]>('/queues');
  const rows = useMemo(() => data ?? [], [data]);
  return (
    <PageBody>
      <PageHeader title={m.queuesTitle}>
        <Button variant="contained" onClick={reload} disabled={loading}>
          {m.queuesRefresh}
        </Button>
      </PageHeader>
      {error && <LoadError message={`${m.queuesLoadError} ${error}`} onRetry={reload} />}
      <DataTable<QueueJob> label={m.queuesLabel} emptyText={m.queuesEmpty} rows={rows} columns={columns} loading={loading} getRowHeight={() => 'auto'} sx={WRAP} />
    </PageBody>
  );
}
