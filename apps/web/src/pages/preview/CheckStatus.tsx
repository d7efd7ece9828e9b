import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { describeJsonSyntaxError } from './jsonSyntax';
import type { CheckState, VersionVerdict } from './useDefinitionCheck';

const p = messages.preview;

/**
 * The verdict on the editor's text, under it: invalid JSON with its line and column (and a button that
 * puts the cursor there), or the definition's problems as "JSON path — message", each in an alert so
 * screen readers announce it; the title of a valid definition; a note when the form still shows an
 * earlier valid definition.
 */
export function CheckStatus({ id, text, state, stale, onGoTo }: { id: string; text: string; state: CheckState; stale: boolean; onGoTo(offset: number): void }) {
  let verdict;
  switch (state.kind) {
    case 'empty':
      verdict = <Typography color="text.secondary">{p.emptyState}</Typography>;
      break;
    case 'checking':
      verdict = <Typography role="status">{p.checking}</Typography>;
      break;
    case 'valid':
      verdict = (
        <>
          <Alert severity="success" role="status">
            {format(p.valid, { title: state.definition.title })}
          </Alert>
          {state.version && <VersionStatus verdict={state.version} />}
        </>
      );
      break;
    case 'failed':
      verdict = <Alert severity="warning">{format(p.checkFailed, { detail: state.message })}</Alert>;
      break;
    case 'syntax':
      verdict = (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => onGoTo(state.error.offset)}>
              {p.goToError}
            </Button>
          }
        >
          {describeJsonSyntaxError(text, state.error)}
        </Alert>
      );
      break;
    case 'invalid':
      verdict = (
        <Alert severity="error" sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
          <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
            {state.errors.length === 1 ? p.errorsOne : format(p.errorsMany, { count: state.errors.length })}
          </Box>
          <PathList label={p.errorsLabel} items={state.errors.map((error) => ({ pointer: error.pointer, text: error.message }))} />
        </Alert>
      );
      break;
  }
  return (
    <Box id={id} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {verdict}
      {stale && state.kind !== 'valid' && state.kind !== 'empty' && <Typography color="text.secondary">{p.staleForm}</Typography>}
    </Box>
  );
}

const KIND_TEXT = { text: p.kindText, structure: p.kindStructure, scoring: p.kindScoring } as const;

/**
 * How the definition compares with the last published version of its type's file: the same, what a
 * publication would number it, or a scoring change that needs a new major version, with the paths.
 */
function VersionStatus({ verdict }: { verdict: VersionVerdict }) {
  const file = verdict.file;
  const text =
    verdict.state === 'published'
      ? format(p.versionSame, { latest: verdict.latest ?? '', file })
      : verdict.state === 'refused'
        ? format(p.versionRefused, { latest: verdict.latest ?? '', file, needed: verdict.needed ?? '' })
        : verdict.latest === null
          ? format(p.versionFirst, { file, next: verdict.next ?? '' })
          : format(p.versionNext, { latest: verdict.latest, file, kind: KIND_TEXT[verdict.kind ?? 'text'], next: verdict.next ?? '' });
  return (
    <Alert severity={verdict.state === 'refused' ? 'warning' : 'info'} sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      <Box component="p" sx={{ m: 0 }}>
        {text}
      </Box>
      {verdict.changes.length > 0 && <PathList label={p.versionChangesLabel} items={verdict.changes.map((change) => ({ pointer: change.pointer, text: change.detail }))} />}
    </Alert>
  );
}

/** A list of "JSON path — text" lines (a definition's problems, its changes since a version). */
function PathList({ label, items }: { label: string; items: { pointer: string; text: string }[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ my: 0.5, pl: 2.5 }}>
      {items.map((item, index) => (
        <li key={index}>
          <Box component="code" sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontWeight: 600 }}>
            {item.pointer}
          </Box>
          {' — '}
          {item.text}
        </li>
      ))}
    </Box>
  );
}
