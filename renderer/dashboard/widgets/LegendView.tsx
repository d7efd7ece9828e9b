import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { textColorOn } from '../../../engine/charts/contrast';
import type { WidgetProps } from './types';

/** A fixed legend of bands: a coloured chip with each band's label, and its text. */
export function LegendView({ widget }: WidgetProps<'legend'>) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'auto 1fr', alignItems: 'center' }}>
      {widget.items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Box component="dt">
            <Chip size="small" label={item.label} sx={{ bgcolor: item.color, color: textColorOn(item.color), fontWeight: 600 }} />
          </Box>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {item.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
