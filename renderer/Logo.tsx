import Box from './Box.ts';
import { messages } from '../engine/messages.ts';

/** The product's logo: a small mark and the name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="#1f2a44" />
        <path d="M9 23 L16 8 L23 23 M12 18 H20" stroke="#F5C400" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Box component="span" sx={{ fontWeight: 800, fontSize: size * 0.6, letterSpacing: 0.5 }}>
        {messages.common.appName}
      </Box>
    </Box>
  );
}
