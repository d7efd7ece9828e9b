import Box from './Box.ts';
import { messages } from '../engine/messages.ts';
import { Bar } from './Bar.tsx';

/** A loading state: an indeterminate bar and 'Carregando', announced to screen readers. */
export function Loading({ label = messages.form.loading }: { label?: string }) {
  return (
    <Box role="status" sx={{ width: '100%', maxWidth: 320, mx: 'auto', my: 6, textAlign: 'center' }}>
      <Bar />
      <Box component="p" sx={{ mt: 1, mb: 0 }}>
        {label}
      </Box>
    </Box>
  );
}
