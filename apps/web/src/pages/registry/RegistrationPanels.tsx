import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../../engine/messages';
import type { RegistrationData } from '../../../../server/src/contract/registration';
import { DataTable } from '../../components/DataTable';
import { formatPhone } from '../../format';
import { normalizeInput, problemsOf, rowLabel, type NewName, type NewWorker } from './registrationRows';
import { CloseIcon } from './registryIcons';

const text = messages.screenRegistry;

/** The id of a new row's first field, which gets the focus when the row is added. */
export const newRowFieldId = (kind: 'sectors' | 'positions' | 'workers', key: number) => `registration-${kind}-${key}`;

/** A new, not yet saved row: its label as the server names it, its problems, and a remove button. */
function NewRowCard({ label, problems, onRemove, children }: { label: string; problems: string[]; onRemove(): void; children: ReactNode }) {
  const headingId = `${label.replace(/\s+/g, '-')}-heading`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, borderColor: problems.length > 0 ? 'error.main' : undefined, borderWidth: problems.length > 0 ? 2 : 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {label}
        </Typography>
        <IconButton size="small" aria-label={format(text.removeRow, { label })} onClick={onRemove}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {children}
      {problems.map((problem) => (
        <Typography key={problem} color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      ))}
    </Paper>
  );
}

function NewRowsHeading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

interface NamesPanelProps {
  kind: 'sectors' | 'positions';
  saved: string[];
  added: NewName[];
  errors: string[];
  onChange(key: number, name: string): void;
  onRemove(key: number): void;
}

/** The Setores or Cargos tab: the saved names (read-only), then the new ones being typed. */
export function NamesPanel({ kind, saved, added, errors, onChange, onRemove }: NamesPanelProps) {
  const sectors = kind === 'sectors';
  const columns = useMemo<GridColDef<{ id: number; name: string }>[]>(
    () => [{ field: 'name', headerName: sectors ? text.columnSector : text.columnPosition, flex: 1, minWidth: 200 }],
    [sectors],
  );
  const rows = useMemo(() => saved.map((name, index) => ({ id: index, name })), [saved]);
  return (
    <>
      <DataTable
        label={sectors ? text.savedTableSectors : text.savedTablePositions}
        emptyText={sectors ? text.noSectors : text.noPositions}
        rows={rows}
        columns={columns}
        density="compact"
      />
      {added.length > 0 && (
        <>
          <NewRowsHeading>{sectors ? text.newSectors : text.newPositions}</NewRowsHeading>
          <Stack spacing={1.5}>
            {added.map((row, index) => {
              const label = rowLabel(kind, index);
              const problems = problemsOf(errors, label);
              return (
                <NewRowCard key={row.key} label={label} problems={problems} onRemove={() => onRemove(row.key)}>
                  <TextField
                    id={newRowFieldId(kind, row.key)}
                    label={sectors ? text.fieldSectorName : text.fieldPositionName}
                    value={row.name}
                    onChange={(event) => onChange(row.key, event.target.value)}
                    onBlur={() => onChange(row.key, normalizeInput(row.name))}
                    error={problems.length > 0}
                    size="small"
                    fullWidth
                  />
                </NewRowCard>
              );
            })}
          </Stack>
        </>
      )}
    </>
  );
}

type SavedWorker = RegistrationData['workers'][number];

interface WorkersPanelProps {
  saved: SavedWorker[];
  added: NewWorker[];
  sectorChoices: string[];
  positionChoices: string[];
  errors: string[];
  onChange(key: number, field: Exclude<keyof NewWorker, 'key'>, value: string): void;
  onRemove(key: number): void;
}

/**
 * The Colaboradores tab: the saved employees (read-only: name, masked e-mail, sector and position; the
 * public link never receives their phones or full e-mails), then the new ones with their sector and position.
 */
export function WorkersPanel({ saved, added, sectorChoices, positionChoices, errors, onChange, onRemove }: WorkersPanelProps) {
  // On a phone one column holds each employee's lines, so nothing hides past the table's right edge.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = useMemo<GridColDef<SavedWorker>[]>(
    () =>
      phone
        ? [
            {
              field: 'name',
              headerName: text.tabWorkers,
              flex: 1,
              renderCell: ({ row }) => (
                <Box sx={{ py: 1, lineHeight: 1.4, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                  <Box sx={{ fontWeight: 600 }}>{row.name}</Box>
                  <Box>{row.email}</Box>
                  <Box sx={{ color: 'text.secondary' }}>
                    {row.sector ?? messages.registration.empty} · {row.position ?? messages.registration.empty}
                  </Box>
                </Box>
              ),
            },
          ]
        : [
            { field: 'name', headerName: text.columnName, flex: 1, minWidth: 180 },
            { field: 'email', headerName: text.columnEmail, flex: 1, minWidth: 200 },
            { field: 'sector', headerName: text.columnSector, width: 150, valueFormatter: (value: string | null) => value ?? messages.registration.empty },
            { field: 'position', headerName: text.columnPosition, width: 150, valueFormatter: (value: string | null) => value ?? messages.registration.empty },
          ],
    [phone],
  );
  return (
    <>
      <DataTable
        label={text.savedTableWorkers}
        emptyText={text.noWorkers}
        rows={saved}
        columns={columns}
        density="compact"
        getRowHeight={phone ? () => 'auto' : undefined}
      />
      {added.length > 0 && (
        <>
          <NewRowsHeading>{text.newWorkers}</NewRowsHeading>
          <Stack spacing={1.5}>
            {added.map((row, index) => {
              const label = rowLabel('workers', index);
              const problems = problemsOf(errors, label);
              const field = (name: 'name' | 'email' | 'phone') => ({
                id: name === 'name' ? newRowFieldId('workers', row.key) : `registration-workers-${row.key}-${name}`,
                value: row[name],
                onChange: (event: { target: { value: string } }) => onChange(row.key, name, event.target.value),
                size: 'small' as const,
                fullWidth: true,
              });
              const select = (name: 'sector' | 'position', options: string[]) => (
                <TextField
                  id={`registration-workers-${row.key}-${name}`}
                  select
                  label={name === 'sector' ? text.fieldWorkerSector : text.fieldWorkerPosition}
                  value={options.includes(row[name]) ? row[name] : ''}
                  onChange={(event) => onChange(row.key, name, event.target.value)}
                  size="small"
                  fullWidth
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{messages.registration.empty}</option>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </TextField>
              );
              return (
                <NewRowCard key={row.key} label={label} problems={problems} onRemove={() => onRemove(row.key)}>
                  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 1.3fr 1.3fr 1.3fr' } }}>
                    <TextField
                      label={text.fieldWorkerName}
                      autoComplete="off"
                      onBlur={() => onChange(row.key, 'name', normalizeInput(row.name))}
                      {...field('name')}
                    />
                    <TextField
                      label={text.fieldWorkerEmail}
                      type="email"
                      autoComplete="off"
                      onBlur={() => onChange(row.key, 'email', normalizeInput(row.email).replace(/ /g, '').toLowerCase())}
                      {...field('email')}
                    />
                    <TextField
                      label={text.fieldWorkerPhone}
                      type="tel"
                      autoComplete="off"
                      onBlur={() => onChange(row.key, 'phone', formatPhone(normalizeInput(row.phone)))}
                      {...field('phone')}
                    />
                    {select('sector', sectorChoices)}
                    {select('position', positionChoices)}
                  </Box>
                </NewRowCard>
              );
            })}
          </Stack>
        </>
      )}
    </>
  );
}
