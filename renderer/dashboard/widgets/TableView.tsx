import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { colorOf, columnText, numericColumn, toNumber } from '../../../engine/charts/format';
import { textColorOn } from '../../../engine/charts/contrast';
import type { WidgetProps } from './types';

/** A coloured cell's background and readable text, or nothing. */
function painted(color: string | undefined) {
  return color ? { bgcolor: color, color: textColorOn(color) } : {};
}

/**
 * A table widget: one row per dataset row, the spec's columns written as the charts' tables write
 * them (pt-BR numbers), band colours as backgrounds (a column's `color`, or the row's `rowColor`).
 */
export function TableView({ widget, rows, name }: WidgetProps<'table'>) {
  const numeric = widget.columns.map((column) => numericColumn(column, rows));
  return (
    <TableContainer tabIndex={0} role="region" aria-label={name} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={name} data-widget={widget.title ?? name}>
        <TableHead>
          <TableRow>
            {widget.columns.map((column, index) => (
              <TableCell key={column.field} scope="col" align={numeric[index] ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, rowIndex) => (
            <TableRow key={rowIndex} sx={painted(colorOf(row, widget.rowColor))}>
              {widget.columns.map((column, index) => (
                <TableCell
                  key={column.field}
                  align={numeric[index] && toNumber(row[column.field]) !== null ? 'right' : 'left'}
                  sx={{ color: 'inherit', ...painted(colorOf(row, column.color)) }}
                >
                  {columnText(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
