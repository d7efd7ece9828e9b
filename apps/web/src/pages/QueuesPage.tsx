import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
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

/** An automatic reminder as `GET /api/queues/reminders` plans it. */
interface ScheduledReminder {
  evaluation_id: string;
  evaluation_name: string;
  user_name: string;
  evaluated_name: string | null;
  company_name: string;
  reminder: number;
  planned_at: string;
  planned_local: string;
}

const reminderColumns: GridColDef<ScheduledReminder>[] = [
  { field: 'user_name', headerName: m.colReminderPerson, flex: 1, minWidth: 140 },
  {
    field: 'evaluation_name',
    headerName: m.colReminderEvaluation,
    flex: 1,
    minWidth: 150,
    valueGetter: (value: string, row) => (row.evaluated_name ? `${value} (${row.evaluated_name})` : value),
  },
  { field: 'company_name', headerName: m.colReminderCompany, flex: 1, minWidth: 140 },
  // Sorted by the instant, shown in the app's time zone as the server formats it.
  { field: 'planned_at', headerName: m.colReminderPlanned, width: 160, valueFormatter: (_value: string, row) => row.planned_local },
  { field: 'reminder', headerName: m.colReminderNumber, width: 110 },
];

/** Lembretes agendados: the automatic reminders of the next days. */
function ScheduledReminders() {
  const { data, loading, error, reload } = useApiData<ScheduledReminder[]>('/queues/reminders');
  const rows = useMemo(() => data ?? [], [data]);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 4 }}>
        {m.remindersTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {m.remindersHelp}
      </Typography>
      {error && <LoadError message={`${m.remindersLoadError} ${error}`} onRetry={reload} />}
      <DataTable<ScheduledReminder>
        label={m.remindersLabel}
        emptyText={m.remindersEmpty}
        rows={rows}
        columns={reminderColumns}
        loading={loading}
        getRowId={(row) => `${row.evaluation_id}:${row.reminder}`}
      />
    </>
  );
}

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
      <ScheduledReminders />
    </PageBody>
  );
}
