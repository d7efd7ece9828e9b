import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DataWidget, Row } from '../../../engine/definition/dashboard';
import { tableOf } from '../../../engine/charts/table';
import { messages } from '../../../engine/messages';
import { cardTableSx, LABEL_ATTRIBUTE, useCardsWhenNarrow, visuallyHidden } from './cardTable';

const m = messages.dashboard;

const cellStyle = { borderBottom: '1px solid rgba(0, 0, 0, 0.12)', padding: '6px 12px' } as const;

/**
 * A chart's numbers as a real table (`tableOf`, pt-BR numbers), captioned with the widget's name. It is
 * always in the page for screen readers and tests; sighted users open it with 'Ver tabela'. Shown where
 * it does not fit (a phone), its rows are cards of 'Column: value' lines, still a table for screen
 * readers (`useCardsWhenNarrow`).
 */
export function DataTableView({ widget, rows, name }: { widget: DataWidget; rows: Row[]; name: string }) {
  const table = useMemo(() => tableOf(widget, rows), [widget, rows]);
  const [shown, setShown] = useState(false);
  const id = useId();
  const { box, cards } = useCardsWhenNarrow<HTMLDivElement>(table.columns.length, table, shown);
  // Laid out as blocks, a table keeps its semantics only through explicit roles.
  const role = (kind: string) => (cards ? { role: kind } : {});
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" color="secondary" aria-expanded={shown} aria-controls={id} onClick={() => setShown((value) => !value)}>
        {shown ? m.hideTable : m.showTable}
      </Button>
      {/* Once shown, the table may scroll sideways on a phone: a focusable region, for the keyboard. */}
      <Box
        ref={box}
        id={id}
        sx={shown ? { overflowX: 'auto', mt: 1 } : visuallyHidden}
        {...(shown ? { tabIndex: 0, role: 'region', 'aria-label': name } : {})}
      >
        <Box
          component="table"
          data-widget={widget.title ?? name}
          data-layout={cards ? 'cards' : 'table'}
          {...role('table')}
          sx={{
            borderCollapse: 'collapse',
            width: '100%',
            fontSize: '0.875rem',
            '& caption': { textAlign: 'left', fontWeight: 700, pb: 1 },
            '& th, & td': cellStyle,
            ...(cards ? cardTableSx : {}),
          }}
        >
          <caption>{name}</caption>
          <thead {...role('rowgroup')}>
            <tr {...role('row')}>
              {table.columns.map((column, index) => (
                <th key={index} scope="col" style={{ textAlign: 'left' }} {...role('columnheader')}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody {...role('rowgroup')}>
            {table.rows.map((cells, rowIndex) => (
              <tr key={rowIndex} {...role('row')}>
                {cells.map((cell, index) => (
                  <td key={index} {...{ [LABEL_ATTRIBUTE]: table.columns[index] }} {...role('cell')}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
