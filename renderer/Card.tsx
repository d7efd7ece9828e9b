import Box, { type BoxProps } from './Box.ts';

/** A white card with a border (what Paper's outlined variant draws, without its module). */
export function Card({ sx, ...props }: BoxProps) {
  return <Box {...props} sx={[{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2 }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
