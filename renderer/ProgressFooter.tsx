import Box from './Box.ts';
import { Bar } from './Bar.tsx';

/** The fixed footer with the progress text and its bar (300 ms animation). */
export function ProgressFooter({ label, percent }: { label: string; percent: number }) {
  return (
    <Box
      component="footer"
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', px: 2, py: 1, zIndex: 2 }}
    >
      <Box role="status" aria-live="polite" sx={{ typography: 'body2', mb: 0.5, textAlign: 'center' }}>
        {label}
      </Box>
      <Bar percent={percent} label={label} />
    </Box>
  );
}
