import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../engine/messages';
import { formatDateBR, formatTimeBR } from '../../engine/rules/dates';
import { staffToasts } from '../toast.ts';
import type { CyclePending, DashboardSource } from './types';

const m = messages.dashboard;

/** A reminder that goes out more than a minute from now waits for a business day's opening hour. */
const NOW_MS = 60_000;

/** The confirmation's question: how many people and evaluations, and when the e-mails leave. */
export function remindQuestion(pending: CyclePending, now: Date): string {
  const evaluations = pending.evaluations === 1 ? m.pendingOne : format(m.pendingMany, { n: pending.evaluations });
  const who = pending.people === 1 ? format(m.remindConfirmOne, { pending: evaluations }) : format(m.remindConfirmMany, { people: pending.people, pending: evaluations });
  const at = new Date(pending.send_at);
  const when = at.getTime() - now.getTime() <= NOW_MS ? m.remindNow : format(m.remindLater, { date: formatDateBR(at, undefined), time: formatTimeBR(at, undefined) });
  return `${who} ${when}`;
}

interface RemindPendingProps {
  source: DashboardSource;
  /** The chosen round; undefined: none chosen ('Todos os ciclos' or not yet), the button is disabled with a hint. */
  cycleId: number | undefined;
  /** Called once the reminders were queued (the view asks for its data again). */
  onReminded?(): void;
}

/**
 * 'Lembrar pendentes' of a round: counts who has not answered, asks for a confirmation saying how many
 * will be reminded and when, then queues the reminders and says so.
 */
export function RemindPending({ source, cycleId, onReminded }: RemindPendingProps) {
  const titleId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<CyclePending | null>(null);
  const [sending, setSending] = useState(false);

  async function ask() {
    if (cycleId === undefined) return;
    setPending(null);
    setOpen(true);
    try {
      setPending(await source.cyclePending(cycleId));
    } catch (error) {
      setOpen(false);
      staffToasts.error(error instanceof Error && error.message ? error.message : m.remindCountFailed);
    }
  }

  async function remind() {
    if (cycleId === undefined) return;
    setSending(true);
    try {
      const answer = await source.remindCycle(cycleId);
      setOpen(false);
      staffToasts.success(answer.message);
      onReminded?.();
    } catch (error) {
      staffToasts.error(error instanceof Error && error.message ? error.message : messages.cycles.remindFailed);
    } finally {
      setSending(false);
    }
  }

  const nobody = pending !== null && pending.people === 0;
  return (
    <>
      <Button variant="outlined" color="secondary" aria-haspopup="dialog" disabled={cycleId === undefined} aria-describedby={cycleId === undefined ? hintId : undefined} onClick={() => void ask()}>
        {m.remindPending}
      </Button>
      {cycleId === undefined && (
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ flexBasis: '100%', textAlign: 'right' }}>
          {m.remindHint}
        </Typography>
      )}
      <Dialog open={open} onClose={() => !sending && setOpen(false)} aria-labelledby={titleId} aria-busy={pending === null}>
        <DialogTitle id={titleId}>{m.remindPending}</DialogTitle>
        <DialogContent>
          {pending === null ? (
            <DialogContentText role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={18} aria-hidden />
              {m.remindCounting}
            </DialogContentText>
          ) : (
            <DialogContentText>{nobody ? messages.cycles.nothingPending : remindQuestion(pending, new Date())}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          {/* The focus starts on the harmless choice: Enter alone never e-mails a whole round. */}
          <Button color="secondary" onClick={() => setOpen(false)} disabled={sending} autoFocus>
            {nobody ? m.remindClose : m.remindNo}
          </Button>
          {!nobody && (
            <Button variant="contained" color="secondary" onClick={() => void remind()} disabled={pending === null || sending}>
              {m.remindYes}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
