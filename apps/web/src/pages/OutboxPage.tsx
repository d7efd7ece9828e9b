import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import type { OutboxMail, OutboxPage as OutboxPageData } from '../api/data';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDateTime } from '../format';
import { MailDialog } from './data/MailDialog';

const m = messages.screenData;
const KINDS: Record<string, string> = {
  evaluation: m.kind_evaluation,
  evaluationRenewed: m.kind_evaluationRenewed,
  reminder: m.kind_reminder,
  report: m.kind_report,
};

/** Caixa de saída (/outbox, administrators): the e-mails kept when no SMTP server is configured. */
export default function OutboxPage() {
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 25 });
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const { data, loading, error, reload } = useApiData<OutboxPageData>(`/outbox?page=${pageModel.page + 1}&pageSize=${pageModel.pageSize}`);
  const rows = useMemo(() => data?.items ?? [], [data]);
  const columns = useMemo<GridColDef<OutboxMail>[]>(
    () => [
      // First, so it stays on screen on a phone, where the grid scrolls sideways.
      {
        field: 'open',
        headerName: m.colMailOpen,
        width: 90,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <Button
            size="small"
            color="inherit"
            sx={{ textDecoration: 'underline' }}
            aria-label={format(m.openMail, { subject: row.subject })}
            onClick={() => setOpen(row)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
            }}
          >
            {m.colMailOpen}
          </Button>
        ),
      },
      { field: 'created_at', headerName: m.colMailDate, width: 150, sortable: false, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'to', headerName: m.colMailTo, flex: 1, minWidth: 220, sortable: false },
      { field: 'subject', headerName: m.colMailSubject, flex: 1.5, minWidth: 260, sortable: false },
      { field: 'kind', headerName: m.colMailKind, width: 160, sortable: false, valueFormatter: (value: string) => KINDS[value] ?? value },
    ],
    [],
  );
  return (
    <PageBody>
      <PageHeader title={m.outboxTitle}>
        <Button variant="outlined" color="inherit" onClick={reload} disabled={loading}>
          {m.queuesRefresh}
        </Button>
      </PageHeader>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {m.outboxAbout}
      </Typography>
      {error && <LoadError message={`${m.outboxLoadError} ${error}`} onRetry={reload} />}
      <DataTable<OutboxMail>
        label={m.outboxLabel}
        emptyText={m.outboxEmpty}
        rows={rows}
        columns={columns}
        loading={loading}
        paginationMode="server"
        paginationModel={pageModel}
        onPaginationModelChange={setPageModel}
        rowCount={data?.total ?? 0}
        disableColumnFilter
      />
      <MailDialog mail={open} onClose={() => setOpen(null)} />
    </PageBody>
  );
}
