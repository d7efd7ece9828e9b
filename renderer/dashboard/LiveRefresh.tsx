import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../engine/messages';
import { formatTimeBR } from '../../engine/rules/dates';

const m = messages.dashboard;

/**
 * A live view's 'Atualizado às hh:mm' and its 'Atualizar' button. The time is read out only after the
 * button was pressed (not at every automatic refresh); the button stays focusable while the view loads
 * (a disabled one would drop the keyboard's focus), and a press then does nothing.
 */
export function LiveRefresh({ loadedAt, busy, onRefresh }: { loadedAt: Date | undefined; busy: boolean; onRefresh(): void }) {
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Typography variant="body2" color="text.secondary" aria-live={asked ? 'polite' : 'off'} aria-atomic>
        {loadedAt ? format(m.refreshedAt, { time: formatTimeBR(loadedAt, undefined) }) : ''}
      </Typography>
      <Button
        variant="outlined"
        color="secondary"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setAsked(true);
          onRefresh();
        }}
      >
        {m.refresh}
      </Button>
    </>
  );
}
