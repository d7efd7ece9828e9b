import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { getContrastRatio } from '@mui/material/styles';
import type { RespondentTableWidget, ScoredRow } from '../../../engine/definition/dashboard';
import { formatDecimalBR } from '../../../engine/charts/format';
import type { WidgetData } from '../types';

type Direction = 'asc' | 'desc';

function numeric(value: ScoredRow[string]): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function compare(a: ScoredRow, b: ScoredRow, field: string): number {
  const x = numeric(a[field]);
  const y = numeric(b[field]);
  if (x !== null && y !== null) return x - y;
  return String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'pt-BR');
}

function cellText(value: ScoredRow[string]): string {
  const number = typeof value === 'number' ? value : null;
  if (number === null) return value === undefined ? '' : String(value);
  return Number.isInteger(number) ? String(number) : formatDecimalBR(number);
}

/** Dark text for light band colours: near-black, not MUI's translucent black, so its contrast is what it seems. */
const DARK_TEXT = '#111111';

/**
 * The text colour on a band's chip: white or near-black, whichever contrasts more. (MUI's
 * `getContrastText` keeps white down to 3:1, too little for chip-sized text, which WCAG AA wants at 4.5:1.)
 */
function chipTextColor(background: string): string {
  return getContrastRatio(background, '#ffffff') >= getContrastRatio(background, DARK_TEXT) ? '#ffffff' : DARK_TEXT;
}

/** A table of respondents with the spec's columns; the band column is a coloured chip; columns sort. */
export function RespondentTableView({ widget, rows, classification }: { widget: RespondentTableWidget } & WidgetData) {
  const [sort, setSort] = useState<{ field: string; direction: Direction } | null>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => factor * compare(a, b, sort.field));
  }, [rows, sort]);

  function toggle(field: string) {
    setSort((current) =>
      current?.field === field ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { field, direction: 'asc' },
    );
  }

  function bandChip(label: string) {
    const band = classification?.bands.find((candidate) => candidate.label === label || candidate.id === label);
    if (!band) return label;
    return (
      <Chip
        size="small"
        label={band.label}
        sx={{ bgcolor: band.color, color: chipTextColor(band.color), fontWeight: 600 }}
      />
    );
  }

  return (
    <TableContainer>
      <Table size="small" aria-label={widget.title}>
        <TableHead>
          <TableRow>
            {widget.columns.map((column) => (
              <TableCell
                key={column.field}
                sortDirection={sort?.field === column.field ? sort.direction : false}
                align={column.field === 'name' || column.field === 'band' ? 'left' : 'right'}
              >
                <TableSortLabel
                  active={sort?.field === column.field}
                  direction={sort?.field === column.field ? sort.direction : 'asc'}
                  onClick={() => toggle(column.field)}
                >
                  {column.label}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={row.evaluation_id} hover>
              {widget.columns.map((column) => (
                <TableCell
                  key={column.field}
                  component={column.field === 'name' ? 'th' : 'td'}
                  scope={column.field === 'name' ? 'row' : undefined}
                  align={column.field === 'name' || column.field === 'band' ? 'left' : 'right'}
                >
                  {column.field === 'band' ? bandChip(String(row.band ?? '')) : cellText(row[column.field])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
