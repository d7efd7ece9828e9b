import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../engine/messages';
import { formatTimeBR } from '../../engine/rules/dates';

const m = messages.dashboard;

/** A live view's 'Atualizado às hh:mm' (announced politely when it changes) and its 'Atualizar' button. */
export function LiveRefresh({ loadedAt, busy, onRefresh }: { loadedAt: Date | undefined; busy: boolean; onRefresh(): void }) {
  return (
    <>
      {loadedAt && (
        <Typography variant="body2" color="text.secondary" role="status">
          {format(m.refreshedAt, { time: formatTimeBR(loadedAt, undefined) })}
        </Typography>
      )}
      <Button variant="outlined" color="secondary" disabled={busy} onClick={onRefresh}>
        {m.refresh}
      </Button>
    </>
  );
}
