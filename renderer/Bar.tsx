import Box from './Box.ts';
import { keyframes } from '@emotion/react';

const slide = keyframes`from { transform: translateX(-100%); } to { transform: translateX(250%); }`;

/**
 * A thin progress bar: determinate with `percent` (the fill moves in 300 ms), indeterminate without.
 * Drawn with two boxes rather than MUI's LinearProgress, which would cost the respondent page 2 KB.
 */
export function Bar({ percent, label }: { percent?: number; label?: string }) {
  const determinate = percent !== undefined;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={determinate ? Math.round(percent) : undefined}
      aria-hidden={label === undefined ? true : undefined}
      sx={{ position: 'relative', overflow: 'hidden', height: 8, borderRadius: 4, bgcolor: 'rgba(31, 42, 68, 0.18)' }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          bgcolor: 'secondary.main',
          borderRadius: 4,
          transformOrigin: 'left',
          ...(determinate
            ? { transform: `scaleX(${Math.min(100, Math.max(0, percent)) / 100})`, transition: 'transform 300ms linear' }
            : { width: '40%', animation: `${slide} 1.2s ease-in-out infinite` }),
        }}
      />
    </Box>
  );
}
