import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { messages } from '../engine/messages.ts';

/** A loading state: an indeterminate bar and 'Carregando', announced to screen readers. */
export function Loading({ label = messages.form.loading }: { label?: string }) {
  return (
    <Box role="status" sx={{ width: '100%', maxWidth: 320, mx: 'auto', my: 6, textAlign: 'center' }}>
      <LinearProgress aria-hidden="true" color="secondary" />
      <Typography sx={{ mt: 1 }}>{label}</Typography>
    </Box>
  );
}
