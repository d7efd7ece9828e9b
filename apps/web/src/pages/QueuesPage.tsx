import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import type { QueueJob, RetentionOverview as RetentionState, ScheduledReminder } from '../../../server/src/contract/notifications';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDateTime } from '../format';
import { evaluationName, jobMessage, jobStatus, jobTypeLabel, type JobStatus } from './data/queueRows';

const m = messages.screenData;
const r = messages.retention;
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

/** A company with a retention policy and the people a run now would erase. */
type RetentionCompany = RetentionState['companies'][number];

const retentionColumns: GridColDef<RetentionCompany>[] = [
  {
    field: 'company_name',
    headerName: r.colCompany,
    flex: 1,
    minWidth: 160,
    valueGetter: (value: string, row) => (row.active ? value : format(r.inactive, { name: value })),
  },
  { field: 'retention_months', headerName: r.colMonths, type: 'number', width: 150 },
  { field: 'due', headerName: r.colDue, type: 'number', flex: 1, minWidth: 200 },
];

/** The line about the last run: when, and how many people it erased (or that it failed). */
function lastRunText(run: RetentionState['last_run']): string {
  if (!run) return r.neverRun;
  if (run.state === 'failed') return format(r.lastRunFailed, { date: run.finished_local });
  const counts = { date: run.finished_local, count: run.erased ?? 0, failed: run.failed ?? 0 };
  return format(run.failed ? r.lastRunWithFailures : r.lastRun, counts);
}

/** Retenção de dados: the daily erase of inactive participants, its next and last run, the companies with a policy. */
function RetentionSection() {
  const { data, loading, error, reload } = useApiData<RetentionState>('/queues/retention');
  const rows = useMemo(() => data?.companies ?? [], [data]);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 4 }}>
        {r.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {r.help}
      </Typography>
      {data && (
        <>
          <Typography variant="body2">{data.next_run ? format(r.nextRun, { date: data.next_run.local }) : r.notScheduled}</Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {lastRunText(data.last_run)}
          </Typography>
        </>
      )}
      {error && <LoadError message={`${r.loadError} ${error}`} onRetry={reload} />}
      <DataTable<RetentionCompany> label={r.label} emptyText={r.empty} rows={rows} columns={retentionColumns} loading={loading} getRowId={(row) => row.company_id} />
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
      <RetentionSection />
    </PageBody>
  );
}
