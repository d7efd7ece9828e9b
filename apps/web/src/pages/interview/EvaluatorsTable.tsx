import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../../engine/messages';
import type { InterviewEvaluatorRow } from '../../api/interview';
import { DataTable } from '../../components/DataTable';

const m = messages.screenInterview;

/** Opens the interview form of an evaluation in a new tab. */
function openInterview(id: string): void {
  window.open(`/interview360/${encodeURIComponent(id)}`, '_blank', 'noopener');
}

/** The selected evaluators: Avaliador, Cargo, Status, and Ações (Avaliar) for administrators. */
export function EvaluatorsTable({ rows, canEvaluate, loading }: { rows: InterviewEvaluatorRow[]; canEvaluate: boolean; loading: boolean }) {
  const columns: GridColDef<InterviewEvaluatorRow>[] = [
    {
      field: 'evaluator',
      headerName: m.columnEvaluator,
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) => (row.evaluator_id === row.rated_id ? format(m.selfSuffix, { name: row.evaluator }) : row.evaluator),
    },
    { field: 'position', headerName: m.columnPosition, flex: 0.7, minWidth: 130, valueGetter: (value: string | null) => value ?? '' },
    { field: 'status', headerName: m.columnStatus, flex: 0.7, minWidth: 170, valueGetter: (value: string | null) => value || m.notStarted },
  ];
  if (canEvaluate) {
    columns.push({
      field: 'actions',
      headerName: m.columnActions,
      sortable: false,
      filterable: false,
      minWidth: 120,
      renderCell: ({ row }) => (
        <Button size="small" variant="contained" onClick={() => openInterview(row.id)} aria-label={format(m.evaluateLabel, { name: row.evaluator })}>
          {m.evaluate}
        </Button>
      ),
    });
  }
  return (
    <DataTable<InterviewEvaluatorRow>
      label={m.evaluatorsTable}
      emptyText={m.noEvaluatorSelected}
      rows={rows}
      columns={columns}
      loading={loading}
      hideFooter={rows.length <= 25}
    />
  );
}
