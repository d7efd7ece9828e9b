import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCell } from '../../../engine/charts/format';
import type { WidgetProps } from './types';

/** One big number from the first row (the count of answers), with its label. */
export function StatView({ widget, rows }: WidgetProps<'stat'>) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" variant="h3" sx={{ fontWeight: 700 }}>
        {formatCell(rows[0]?.[widget.value], widget.format)}
      </Typography>
      <Typography component="span" color="text.secondary">
        {widget.label}
      </Typography>
    </Box>
  );
}
