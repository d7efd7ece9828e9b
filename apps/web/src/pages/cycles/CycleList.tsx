import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Cycle } from '../../../../server/src/contract/cycles';
import { format, messages } from '../../../../../engine/messages';
import { formatDay } from '../../format';
import { answeredText, statusText, targetText, typesText } from './cycleFormat';

const text = messages.screenCycles;

/** What an administrator can do to a cycle from the list; absent for company users (no actions). */
export interface CycleActionHandlers {
  onEdit(cycle: Cycle): void;
  onToggle(cycle: Cycle): void;
}

/** 'Editar' and 'Encerrar' or 'Reabrir', each named after the cycle for screen readers. */
export function CycleActions({ cycle, actions }: { cycle: Cycle; actions: CycleActionHandlers }) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" color="inherit" aria-label={format(text.editLabel, { name: cycle.name })} onClick={() => actions.onEdit(cycle)}>
        {text.edit}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color={cycle.closed ? 'inherit' : 'error'}
        aria-label={format(cycle.closed ? text.reopenLabel : text.closeLabel, { name: cycle.name })}
        onClick={() => actions.onToggle(cycle)}
      >
        {cycle.closed ? text.reopen : text.close}
      </Button>
    </Stack>
  );
}

/** 'Aberto' in green or 'Encerrado' in grey. */
export function CycleStatus({ cycle }: { cycle: Cycle }) {
  return <Chip size="small" label={statusText(cycle)} color={cycle.closed ? 'default' : 'success'} variant={cycle.closed ? 'outlined' : 'filled'} />;
}

/** A cell whose text wraps (long cycle and questionnaire names), the row growing to hold it. */
function Wrapped({ value }: { value: string }) {
  return <Box sx={{ py: 1.25, whiteSpace: 'normal', lineHeight: 1.4, overflowWrap: 'anywhere' }}>{value}</Box>;
}

/** The table's columns, sized to fit a 1366 px screen beside the menu; the actions column only when `actions` is given. */
export function cycleColumns(actions: CycleActionHandlers | undefined): GridColDef<Cycle>[] {
  const columns: GridColDef<Cycle>[] = [
    { field: 'name', headerName: text.colName, flex: 1.3, minWidth: 140, renderCell: ({ row }) => <Wrapped value={row.name} /> },
    {
      field: 'types',
      headerName: text.colTypes,
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (_value, row) => typesText(row.types),
      renderCell: ({ value }) => <Wrapped value={String(value)} />,
    },
    { field: 'opens_on', headerName: text.colOpens, width: 100, valueFormatter: (value: string) => formatDay(value) },
    { field: 'closes_on', headerName: text.colCloses, width: 105, valueFormatter: (value: string | null) => formatDay(value) || text.noClosing },
    { field: 'evaluations', headerName: text.colEvaluations, type: 'number', width: 95 },
    { field: 'answered', headerName: text.colAnswered, width: 130, valueFormatter: (_value, row) => answeredText(row) },
    { field: 'target', headerName: text.colTarget, type: 'number', width: 65, valueFormatter: (value: number) => targetText(value) },
    { field: 'closed', headerName: text.colStatus, width: 100, renderCell: ({ row }) => <CycleStatus cycle={row} /> },
  ];
  if (actions) {
    columns.push({
      field: 'actions',
      headerName: text.colActions,
      width: 180,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <CycleActions cycle={row} actions={actions} />
        </Box>
      ),
    });
  }
  return columns;
}

/** One line of a phone card: the column's name, then its value. */
function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** Cards shown at first on a phone, and added by each 'Mostrar mais'. */
const CARDS_PAGE = 10;

/** The cycles on a phone: one card each, the table's columns as labelled lines (no sideways scroll). */
export function CycleCards({ cycles, actions }: { cycles: Cycle[]; actions: CycleActionHandlers | undefined }) {
  const [shown, setShown] = useState(CARDS_PAGE);
  const rest = cycles.length - shown;
  return (
    <>
      <Stack component="ul" aria-label={text.list} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {cycles.slice(0, shown).map((cycle) => (
          <Paper component="li" key={cycle.id} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}>
                {cycle.name}
              </Typography>
              <CycleStatus cycle={cycle} />
            </Stack>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
              <Field label={text.colTypes} value={typesText(cycle.types)} />
              <Field label={text.colOpens} value={formatDay(cycle.opens_on)} />
              <Field label={text.colCloses} value={formatDay(cycle.closes_on) || text.noClosing} />
              <Field label={text.colEvaluations} value={String(cycle.evaluations)} />
              <Field label={text.colAnswered} value={answeredText(cycle)} />
              <Field label={text.colTarget} value={targetText(cycle.target)} />
            </Box>
            {actions && (
              <Box sx={{ mt: 1.5 }}>
                <CycleActions cycle={cycle} actions={actions} />
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
      {rest > 0 && (
        <Button fullWidth variant="outlined" color="inherit" sx={{ mt: 1.5 }} onClick={() => setShown((count) => count + CARDS_PAGE)}>
          {format(text.showMore, { count: Math.min(rest, CARDS_PAGE), total: rest })}
        </Button>
      )}
    </>
  );
}
