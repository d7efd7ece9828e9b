import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { format, messages } from '../../../../../engine/messages';

const m = messages.screenInterview;

/** A small tick or cross drawn inline (no icon package). */
function Mark({ done }: { done: boolean }) {
  return (
    <Box component="svg" viewBox="0 0 16 16" aria-hidden sx={{ width: 14, height: 14, color: done ? 'success.main' : 'error.main' }}>
      {done ? (
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : (
        <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </Box>
  );
}

/** The id of a block's section, the target of its quick-jump link. */
export const blockAnchor = (block: number) => `bloco-${block}`;

/** Quick-jump links 1 to 13, each with a tick (reviewed / written) or a cross. */
export function JumpLinks({ blocks, isDone }: { blocks: { block: number; graded: boolean }[]; isDone: (block: number) => boolean }) {
  return (
    <Box component="nav" aria-label={m.jumpNav} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {blocks.map(({ block, graded }) => {
        const done = isDone(block);
        const label = graded ? (done ? m.jumpReviewed : m.jumpNotReviewed) : done ? m.jumpFilled : m.jumpEmpty;
        return (
          <Link
            key={block}
            href={`#${blockAnchor(block)}`}
            aria-label={format(label, { block })}
            underline="none"
            onClick={(event) => {
              // The router owns the URL: scroll and move focus to the block instead of changing the hash.
              event.preventDefault();
              const target = document.getElementById(blockAnchor(block));
              target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              target?.focus({ preventScroll: true });
            }}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              py: 0.5,
              minWidth: 44,
              minHeight: 32,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              color: 'text.primary',
              bgcolor: 'background.paper',
            }}
          >
            {block}
            <Mark done={done} />
          </Link>
        );
      })}
    </Box>
  );
}
