import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { format, messages } from '../../../../../engine/messages';
import { ApiError } from '../../api/http';
import type { AnsweredEvaluation } from '../../../../server/src/contract/personal';
import { downloadEvaluationReport, loadAnswered } from '../../api/personal';
import { saveFile } from '../../../../../renderer/saveFile';
import { LoadError, Loading } from '../../components/PageStates';
import { formatDate } from '../../format';
import { CheckCircleIcon, ErrorIcon, ScheduleIcon } from '../../icons';
import { useToast } from '../../toast';
import { InvalidKey, PersonalFrame, SupportLines } from './PersonalFrame';

const text = messages.personal;

type Status = 'done' | 'expired' | 'pending';

/** The list badge (respondent.md 4): done green with a check, expired red, otherwise pending orange. */
const BADGES: Record<Status, { label: string; color: string; Icon: typeof CheckCircleIcon }> = {
  done: { label: text.statusDone, color: '#1b5e20', Icon: CheckCircleIcon },
  expired: { label: text.statusExpired, color: '#b71c1c', Icon: ErrorIcon },
  pending: { label: text.statusPending, color: '#b45309', Icon: ScheduleIcon },
};

function statusOf(evaluation: AnsweredEvaluation): Status {
  if (evaluation.done) return 'done';
  return evaluation.expired ? 'expired' : 'pending';
}

/** The status badge: coloured, with an icon and the status in words (never colour alone). */
function StatusBadge({ status }: { status: Status }) {
  const { label, color, Icon } = BADGES[status];
  return (
    <Box
      component="span"
      data-status={status}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 4, bgcolor: color, color: '#fff', fontSize: '0.875rem', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      <Icon aria-hidden sx={{ fontSize: 18 }} />
      {label}
    </Box>
  );
}

/** What the person can do with one evaluation: download its report, contact support, or answer it. */
function Action({ evaluation, busy, onDownload }: { evaluation: AnsweredEvaluation; busy: boolean; onDownload: (evaluation: AnsweredEvaluation) => void }) {
  const status = statusOf(evaluation);
  if (status === 'done') {
    if (!evaluation.report) return <Typography variant="body2" color="text.secondary">{text.noReport}</Typography>;
    return (
      <Button
        variant="contained"
        size="small"
        disabled={busy}
        aria-busy={busy}
        aria-label={format(text.downloadReportOf, { evaluation: evaluation.name })}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        onClick={() => onDownload(evaluation)}
      >
        {busy ? text.generating : text.downloadReport}
      </Button>
    );
  }
  if (status === 'expired') {
    return (
      <Link href={messages.outcome.supportWhatsApp} target="_blank" rel="noopener noreferrer" underline="always" aria-label={format(text.contactSupportOf, { evaluation: evaluation.name })}>
        {text.contactSupport}
      </Link>
    );
  }
  if (!evaluation.link) return null;
  // The form is its own page (served by the server), not a route of this app: a plain link.
  return (
    <Button variant="outlined" color="secondary" size="small" href={evaluation.link} aria-label={format(text.answerOf, { evaluation: evaluation.name })}>
      {text.answer}
    </Button>
  );
}

const expiry = (evaluation: AnsweredEvaluation) => (evaluation.expire_at ? formatDate(evaluation.expire_at) : text.noExpiry);

/** Phones: one card per evaluation, its fields as a description list. */
function EvaluationCards({ rows, busy, onDownload }: { rows: AnsweredEvaluation[]; busy: ReadonlySet<string>; onDownload: (evaluation: AnsweredEvaluation) => void }) {
  const field = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
        {value}
      </Box>
    </Box>
  );
  return (
    <Box component="ul" aria-label={text.listTitle} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {rows.map((evaluation) => (
        <Paper component="li" key={evaluation.evaluation_id} data-evaluation={evaluation.evaluation_id} sx={{ p: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {evaluation.name}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 0.5 }}>
            {field(text.columnSent, formatDate(evaluation.created_at))}
            {field(text.columnExpiry, expiry(evaluation))}
            {field(text.columnDone, <StatusBadge status={statusOf(evaluation)} />)}
          </Box>
          <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
            <Action evaluation={evaluation} busy={busy.has(evaluation.evaluation_id)} onDownload={onDownload} />
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

/** Wider screens: the table of respondent.md 2.5. */
function EvaluationTable({ rows, busy, onDownload }: { rows: AnsweredEvaluation[]; busy: ReadonlySet<string>; onDownload: (evaluation: AnsweredEvaluation) => void }) {
  return (
    <TableContainer component={Paper}>
      <Table aria-label={text.listTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{text.columnEvaluation}</TableCell>
            <TableCell>{text.columnSent}</TableCell>
            <TableCell>{text.columnExpiry}</TableCell>
            <TableCell>{text.columnDone}</TableCell>
            <TableCell>{text.columnAction}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((evaluation) => (
            <TableRow key={evaluation.evaluation_id} data-evaluation={evaluation.evaluation_id}>
              <TableCell component="th" scope="row">
                {evaluation.name}
              </TableCell>
              <TableCell>{formatDate(evaluation.created_at)}</TableCell>
              <TableCell>{expiry(evaluation)}</TableCell>
              <TableCell>
                <StatusBadge status={statusOf(evaluation)} />
              </TableCell>
              <TableCell>
                <Action evaluation={evaluation} busy={busy.has(evaluation.evaluation_id)} onDownload={onDownload} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

type Loaded = { kind: 'loading' } | { kind: 'ready'; rows: AnsweredEvaluation[] } | { kind: 'unknown'; message: string } | { kind: 'failed'; message: string };

/**
 * A person's evaluations (public, /evaluations/{personal key}; respondent.md 2.5 and 4): a table, or
 * cards on phones, with each evaluation's status badge and action.
 */
export default function EvaluationsPage() {
  const { userKey = '' } = useParams();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const controller = new AbortController();
    loadAnswered(userKey, controller.signal).then(
      (rows) => setState({ kind: 'ready', rows }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const message = failure instanceof ApiError ? failure.message : messages.common.serverError;
        if (failure instanceof ApiError && failure.status === 404) {
          setState({ kind: 'unknown', message });
          return;
        }
        setState({ kind: 'failed', message });
        toast.error(message);
      },
    );
    return () => controller.abort();
  }, [userKey, attempt, toast]);

  const download = useCallback(async (evaluation: AnsweredEvaluation) => {
    const id = evaluation.evaluation_id;
    setBusy((old) => new Set(old).add(id));
    try {
      const file = await downloadEvaluationReport(evaluation);
      saveFile(file.blob, file.fileName);
    } catch {
      // A report failure in the list only clears the loading state (respondent.md 8).
    } finally {
      setBusy((old) => {
        const next = new Set(old);
        next.delete(id);
        return next;
      });
    }
  }, []);

  if (state.kind === 'unknown') return <InvalidKey message={state.message} />;
  return (
    <PersonalFrame>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {text.listTitle}
      </Typography>
      {state.kind === 'loading' && (
        <Box role="status">
          <Loading />
          <Typography>{text.loadingList}</Typography>
        </Box>
      )}
      {state.kind === 'failed' && (
        <LoadError
          message={state.message}
          onRetry={() => {
            setState({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {state.kind === 'ready' && state.rows.length === 0 && (
        <Paper sx={{ p: 3, textAlign: 'center' }}>
          <Typography>{text.empty}</Typography>
        </Paper>
      )}
      {state.kind === 'ready' &&
        state.rows.length > 0 &&
        (phone ? <EvaluationCards rows={state.rows} busy={busy} onDownload={download} /> : <EvaluationTable rows={state.rows} busy={busy} onDownload={download} />)}
      <SupportLines />
    </PersonalFrame>
  );
}
