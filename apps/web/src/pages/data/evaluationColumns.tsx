import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GRID_CHECKBOX_SELECTION_COL_DEF, type GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../../engine/messages';
import type { EvaluationRow } from '../../../../server/src/contract/evaluations';
import { formatDate } from '../../format';
import { RowMenu } from './RowMenu';
import { isTimeless, rowActions, type RowAction } from './rowActions';

const m = messages.screenData;
const yesNo = (value: boolean) => (value ? messages.common.yes : messages.common.no);

/**
 * The short date and yes/no columns: no sorting (the server pages newest first) and no column menu,
 * whose button, shown on hover and focus, would cut their titles ('Vencid…', 'Respondi…'). Their
 * widths fit the whole title; hiding columns stays in the menus of Avaliação and Avaliador.
 */
const narrow = { sortable: false, disableColumnMenu: true } as const;

/**
 * Columns of the data-management table: select box (none on interview rows), Avaliação, Avaliador,
 * Envio, Vencimento, Vencido?, Respondido?, Menu. Sorting is off: the server pages newest first.
 */
export function evaluationColumns(isAdmin: boolean, onAction: (action: RowAction, row: EvaluationRow) => void): GridColDef<EvaluationRow>[] {
  return [
    {
      ...GRID_CHECKBOX_SELECTION_COL_DEF,
      // The 360 interview never expires, so it has nothing to renew and no box at all.
      renderCell: (params) => (isTimeless(params.row) ? null : GRID_CHECKBOX_SELECTION_COL_DEF.renderCell!(params)),
    },
    {
      field: 'type_name',
      headerName: m.colEvaluation,
      flex: 1.4,
      minWidth: 200,
      sortable: false,
    },
    {
      field: 'user_name',
      headerName: m.colEvaluator,
      flex: 1.2,
      minWidth: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5, whiteSpace: 'normal' }}>
          {row.user_name}
          {row.rated_name && row.rated_name !== row.user_name && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              {format(m.about, { name: row.rated_name })}
            </Typography>
          )}
        </Box>
      ),
    },
    { field: 'created_at', headerName: m.colSent, width: 110, ...narrow, valueFormatter: (value: string) => formatDate(value) },
    {
      field: 'expire_at',
      headerName: m.colExpiry,
      width: 120,
      ...narrow,
      valueFormatter: (value: string | null, row) => (isTimeless(row) || !value ? m.noExpiry : formatDate(value)),
    },
    {
      field: 'expired',
      headerName: m.colExpired,
      width: 100,
      ...narrow,
      valueFormatter: (value: boolean, row) => (isTimeless(row) ? m.noExpiry : yesNo(value)),
    },
    { field: 'done', headerName: m.colDone, width: 120, ...narrow, valueFormatter: (value: boolean) => yesNo(value) },
    {
      field: 'menu',
      headerName: m.colMenu,
      width: 80,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => <RowMenu row={row} actions={rowActions(row, isAdmin)} onAction={onAction} />,
    },
  ];
}
