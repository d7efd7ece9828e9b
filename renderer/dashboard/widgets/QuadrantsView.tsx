import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cellText, colorOf, formatCell } from '../../../engine/charts/format';
import { messages } from '../../../engine/messages';
import { textColorOn } from '../../../engine/charts/contrast';
import type { WidgetProps } from './types';

/**
 * Four styles as a 2 × 2 grid (the objections' quadrants): each cell its style and value, in its
 * colour; the best style marked. A list for screen readers, read in the grid's order. The grid fills
 * its card; its cells' height and numbers grow with its width (container units), from about 3 : 2 on
 * a phone to 2 : 1 on a laptop, never taller than 15 rem.
 */
export function QuadrantsView({ widget, rows, name }: WidgetProps<'quadrants'>) {
  return (
    <Box component="ul" aria-label={name} data-widget={widget.title ?? name} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, width: '100%', containerType: 'inline-size' }}>
      {widget.cells.map((cell) => {
        const row = rows.find((candidate) => cellText(candidate[widget.category]) === cell);
        const color = (row && colorOf(row, widget.color)) ?? '#eeeeee';
        const best = widget.best === cell;
        return (
          <Box
            component="li"
            key={cell}
            sx={{ bgcolor: color, color: textColorOn(color), borderRadius: 1, p: 2, minHeight: 'clamp(7rem, 25cqi, 15rem)', overflowWrap: 'anywhere', outline: best ? '3px solid #1f2a44' : 'none', outlineOffset: 2 }}
          >
            <Typography sx={{ fontWeight: 700 }}>{cell}</Typography>
            <Typography variant="h4" component="p" sx={{ fontSize: 'clamp(2rem, 6cqi, 3.5rem)' }}>
              {row ? formatCell(row[widget.value], widget.format) : '–'}
            </Typography>
            {best && <Typography variant="caption">{messages.dashboard.bestQuadrant}</Typography>}
          </Box>
        );
      })}
    </Box>
  );
}
