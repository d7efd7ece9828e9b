import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cellText } from '../../../engine/charts/format';
import { messages } from '../../../engine/messages';
import { matches } from '../../../engine/scoring/transforms';
import type { WidgetProps } from './types';

/**
 * Items side by side by a field's value (values and needs: only the participant, shared, only the
 * company): one titled list per column of the spec; a column without items says so.
 */
export function ColumnsView({ widget, rows, level }: WidgetProps<'columns'>) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${widget.columns.length}, minmax(0, 1fr))` } }}>
      {widget.columns.map((column) => {
        const items = rows.filter((row) => matches(row, { field: widget.by, in: [column.value] }));
        return (
          <Box key={String(column.value)}>
            <Typography component={`h${Math.min(level, 6)}` as 'h3'} variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {column.label}
            </Typography>
            {items.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {widget.emptyColumn ?? messages.dashboard.emptyColumn}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {items.map((row, index) => (
                  <li key={index}>
                    <Typography variant="body2">{cellText(row[widget.item])}</Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
