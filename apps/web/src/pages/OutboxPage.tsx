import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import { saveFile } from '../../../../renderer/saveFile';
import { download, errorMessage } from '../api/client';
import type { OutboxAttachment, OutboxMail, OutboxPage as OutboxPageData } from '../../../server/src/contract/notifications';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDateTime } from '../format';
import { MailDialog } from './data/MailDialog';
import { useToast } from '../toast';

const m = messages.screenData;
const o = messages.outbox;
const KINDS: Record<string, string> = {
  evaluation: m.kind_evaluation,
  evaluationRenewed: m.kind_evaluationRenewed,
  reminder: m.kind_reminder,
  report: m.kind_report,
};

const sizeNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A file size for people: "850 B", "12,4 KB", "3,1 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeNumber.format(bytes / 1024)} KB`;
  return `${sizeNumber.format(bytes / (1024 * 1024))} MB`;
}

/** Stops the grid from taking Enter/Space as its own keys while a button in a cell has the focus. */
function keepKeys(event: React.KeyboardEvent) {
  if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
}

/** Caixa de saída (/outbox, administrators): the e-mails kept when no SMTP server is configured. */
export default function OutboxPage() {
  const [pageModel, setPageModel] = useState({ page: 0, pageSize: 25 });
  const [open, setOpen] = useState<OutboxMail | null>(null);
  /** Attachments being downloaded, as "mailId:position". */
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());
  const toast = useToast();
  const saveAttachment = useCallback(
    async (mail: OutboxMail, file: OutboxAttachment) => {
      const id = `${mail.id}:${file.position}`;
      setDownloading((current) => new Set(current).add(id));
      try {
        // Signed in (the bearer header), so fetched as a blob and saved, never opened as a plain link.
        const { blob } = await download(`/outbox/${mail.id}/attachments/${file.position}`);
        saveFile(blob, file.filename);
      } catch (error) {
        toast.error(format(o.downloadFailed, { file: file.filename, detail: errorMessage(error) }));
      } finally {
        setDownloading((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
    [toast],
  );
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
            onKeyDown={keepKeys}
          >
            {m.colMailOpen}
          </Button>
        ),
      },
      { field: 'created_at', headerName: m.colMailDate, width: 150, sortable: false, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'to', headerName: m.colMailTo, flex: 1, minWidth: 200, sortable: false },
      { field: 'subject', headerName: m.colMailSubject, flex: 1.5, minWidth: 240, sortable: false },
      { field: 'kind', headerName: m.colMailKind, width: 160, sortable: false, valueFormatter: (value: string) => KINDS[value] ?? value },
      {
        field: 'attachments',
        headerName: o.attachments,
        flex: 1,
        minWidth: 180,
        sortable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) =>
          row.attachments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {o.noAttachments}
            </Typography>
          ) : (
            <Stack spacing={0.5} sx={{ py: 1, width: '100%', minWidth: 0, alignItems: 'flex-start' }}>
              {row.attachments.map((file) => {
                const busy = downloading.has(`${row.id}:${file.position}`);
                return (
                  <Button
                    key={file.position}
                    size="small"
                    color="inherit"
                    variant="outlined"
                    disabled={busy}
                    aria-busy={busy}
                    aria-label={format(busy ? o.downloading : o.download, { file: file.filename })}
                    startIcon={busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
                    onClick={() => void saveAttachment(row, file)}
                    onKeyDown={keepKeys}
                    sx={{ textTransform: 'none', textAlign: 'left', overflowWrap: 'anywhere', maxWidth: '100%', minWidth: 0, fontWeight: 400, lineHeight: 1.4 }}
                  >
                    {format(o.size, { file: file.filename, size: formatSize(file.size) })}
                  </Button>
                );
              })}
            </Stack>
          ),
      },
    ],
    [downloading, saveAttachment],
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
        getRowHeight={() => 'auto'}
        disableColumnFilter
      />
      <MailDialog mail={open} onClose={() => setOpen(null)} />
    </PageBody>
  );
}
