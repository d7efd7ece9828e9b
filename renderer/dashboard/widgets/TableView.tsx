import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import { cellText, colorOf, columnText, numericColumn, toNumber } from '../../../engine/charts/format';
import type { Row, TableLink } from '../../../engine/definition/dashboard';
import { useAccountType } from '../accountType';
import { textColorOn } from '../../../engine/charts/contrast';
import type { WidgetProps } from './types';
import { cardTableSx, LABEL_ATTRIBUTE, useCardsWhenNarrow } from './cardTable';

/** A text with `{field}` placeholders filled from a row. */
const filled = (text: string, row: Row) => text.replace(/\{([^{}]+)\}/g, (_whole, field: string) => cellText(row[field]));

/** A cell's button opening a page of the app (in a new tab when asked). */
function TableLinkButton({ link, row }: { link: TableLink; row: Row }) {
  const tab = link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Button size="small" variant="outlined" color="secondary" href={filled(link.href, row)} aria-label={filled(link.label ?? link.text, row)} {...tab}>
      {link.text}
    </Button>
  );
}

/** A coloured cell's background and readable text, or nothing. */
function painted(color: string | undefined) {
  return color ? { bgcolor: color, color: textColorOn(color) } : {};
}

/**
 * A table widget: one row per dataset row, the spec's columns written as the charts' tables write
 * them (pt-BR numbers), band colours as backgrounds (a column's `color`, or the row's `rowColor`).
 * Where the table does not fit its card (a phone), each row becomes a card of 'Column: value' lines
 * headed by its first cell, still a table for screen readers (`useCardsWhenNarrow`).
 */
export function TableView({ widget: full, rows, name }: WidgetProps<'table'>) {
  // Columns of other accounts (the interview's 'Avaliar', administrators only) are left out.
  const accountType = useAccountType();
  const widget = { ...full, columns: full.columns.filter((column) => column.accounts === undefined || (accountType !== undefined && column.accounts.includes(accountType))) };
  const numeric = widget.columns.map((column) => numericColumn(column, rows));
  const { box, cards } = useCardsWhenNarrow<HTMLDivElement>(widget.columns.length, rows);
  // Laid out as blocks, a table keeps its semantics only through explicit roles.
  const role = (kind: string) => (cards ? { role: kind } : {});
  return (
    <TableContainer ref={box} tabIndex={0} role="region" aria-label={name} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={name} data-widget={widget.title ?? name} data-layout={cards ? 'cards' : 'table'} {...role('table')} sx={cards ? cardTableSx : undefined}>
        <TableHead {...role('rowgroup')}>
          <TableRow {...role('row')}>
            {widget.columns.map((column, index) => (
              <TableCell key={column.field} scope="col" align={numeric[index] ? 'right' : 'left'} {...role('columnheader')}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody {...role('rowgroup')}>
          {rows.map((row, rowIndex) => (
            <TableRow key={rowIndex} sx={painted(colorOf(row, widget.rowColor))} {...role('row')}>
              {widget.columns.map((column, index) => (
                <TableCell
                  key={column.field}
                  // A number, or the `missing` text in its place ('—'), sits right as the column's numbers do.
                  align={numeric[index] && (toNumber(row[column.field]) !== null || (row[column.field] === null && column.missing !== undefined)) ? 'right' : 'left'}
                  sx={{ color: 'inherit', ...painted(colorOf(row, column.color)) }}
                  {...{ [LABEL_ATTRIBUTE]: column.label }}
                  {...role('cell')}
                >
                  {column.link ? <TableLinkButton link={column.link} row={row} /> : columnText(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
