import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cellText, colorOf, formatCell } from '../../../engine/charts/format';
import { messages } from '../../../engine/messages';
import { textColorOn } from '../../../engine/charts/contrast';
import type { WidgetProps } from './types';

/**
 * Four styles as a 2 × 2 grid (the objections' quadrants): each cell its style and value, in its
 * colour; the best style marked. A list for screen readers, read in the grid's order.
 */
export function QuadrantsView({ widget, rows, name }: WidgetProps<'quadrants'>) {
  return (
    <Box component="ul" aria-label={name} data-widget={widget.title ?? name} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, maxWidth: 560 }}>
      {widget.cells.map((cell) => {
        const row = rows.find((candidate) => cellText(candidate[widget.category]) === cell);
        const color = (row && colorOf(row, widget.color)) ?? '#eeeeee';
        const best = widget.best === cell;
        return (
          <Box
            component="li"
            key={cell}
            sx={{ bgcolor: color, color: textColorOn(color), borderRadius: 1, p: 2, minHeight: 96, outline: best ? '3px solid #1f2a44' : 'none', outlineOffset: 2 }}
          >
            <Typography sx={{ fontWeight: 700 }}>{cell}</Typography>
            <Typography variant="h4" component="p">
              {row ? formatCell(row[widget.value], widget.format) : '–'}
            </Typography>
            {best && <Typography variant="caption">{messages.dashboard.bestQuadrant}</Typography>}
          </Box>
        );
      })}
    </Box>
  );
}
