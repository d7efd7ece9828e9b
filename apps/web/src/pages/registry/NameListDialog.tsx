import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Company } from '../../../../server/src/contract/companies';
import { loadPositionNames, loadSectorNames, savePositionNames, saveSectorNames, type NameRow } from '../../api/registry';
import { LoadError, Loading } from '../../components/PageStates';
import { useToast } from '../../toast';
import { isServerFailure } from './failures';
import { AddIcon, CloseIcon } from './registryIcons';

const text = messages.screenRegistry;

/** Which list the dialog edits. */
export type NameListKind = 'sectors' | 'positions';

/** What differs between the sector and the position dialog. */
const kinds = {
  sectors: { title: text.sectorsTitle, label: text.sectorLabel, empty: text.sectorsEmpty, loadError: text.sectorsLoadError, load: loadSectorNames, save: saveSectorNames },
  positions: {
    title: text.positionsTitle,
    label: text.positionLabel,
    empty: text.positionsEmpty,
    loadError: text.namesListProblem,
    load: loadPositionNames,
    save: savePositionNames,
  },
} as const;

/** A row of the dialog: `key` keeps React's identity while names change. */
interface EditedRow extends NameRow {
  key: number;
}

interface NameListDialogProps {
  kind: NameListKind;
  company: Company;
  /** A list kept from a failed save, to start from instead of the server's. */
  draft: NameRow[] | null;
  onClose(): void;
  onSaved(): void;
  /** A server failure closes the dialog (administration.md 8); the edited list is handed back to keep. */
  onServerFailure(draft: NameRow[]): void;
}

/** The company's sector (or position) names: each editable, and new ones appended with 'Adicionar'. */
export function NameListDialog({ kind, company, draft, onClose, onSaved, onServerFailure }: NameListDialogProps) {
  const config = kinds[kind];
  const toast = useToast();
  const nextKey = useRef(0);
  const keyed = (rows: NameRow[]): EditedRow[] => rows.map((row) => ({ ...row, key: nextKey.current++ }));
  // A draft's rows take negative keys, so they never meet the counter's.
  const [rows, setRows] = useState<EditedRow[] | null>(() => draft?.map((row, index) => ({ ...row, key: -1 - index })) ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [emptyKeys, setEmptyKeys] = useState<Set<number>>(new Set());
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const titleId = `names-dialog-title-${kind}`;

  useEffect(() => {
    if (rows !== null) return;
    let live = true;
    config.load(company.id).then(
      (loaded) => live && setRows(keyed(loaded)),
      () => {
        if (!live) return;
        setLoadError(config.loadError);
        toast.error(config.loadError);
      },
    );
    return () => {
      live = false;
    };
    // Loads once per opening (and per retry); `rows` becomes non-null after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  useEffect(() => {
    if (focusKey !== null) document.getElementById(`name-${kind}-${focusKey}`)?.focus();
  }, [focusKey, kind]);

  function rename(key: number, name: string) {
    setRows((old) => old!.map((row) => (row.key === key ? { ...row, name } : row)));
    setEmptyKeys((old) => (old.has(key) ? new Set([...old].filter((item) => item !== key)) : old));
    setServerProblem(null);
  }

  function add() {
    const key = nextKey.current++;
    setRows((old) => [...(old ?? []), { key, name: '' }]);
    setFocusKey(key);
  }

  function remove(key: number) {
    setRows((old) => old!.filter((row) => row.key !== key));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rows) return;
    const empty = rows.filter((row) => row.name.trim() === '');
    if (empty.length > 0) {
      setEmptyKeys(new Set(empty.map((row) => row.key)));
      toast.error(messages.registry.nameEmpty);
      document.getElementById(`name-${kind}-${empty[0]!.key}`)?.focus();
      return;
    }
    setSaving(true);
    const sent = rows.map(({ id, name }) => ({ ...(id === undefined ? {} : { id }), name: name.trim() }));
    try {
      const saved = await config.save(company.id, sent);
      toast.success(saved.message || messages.registry.sectorsUpdated);
      onSaved();
    } catch (error) {
      setSaving(false);
      if (isServerFailure(error)) {
        toast.error(text.companySaveFailed);
        onServerFailure(sent);
        return;
      }
      const message = errorMessage(error);
      setServerProblem(message);
      toast.error(message);
    }
  }

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="paper">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={titleId}>{format(config.title, { company: company.commercial_name })}</DialogTitle>
        <DialogContent dividers>
          {loadError ? (
            <LoadError
              message={loadError}
              onRetry={() => {
                setLoadError(null);
                setAttempt((n) => n + 1);
              }}
            />
          ) : rows === null ? (
            <Loading />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {rows.length === 0 && <Typography color="text.secondary">{config.empty}</Typography>}
              {rows.map((row, index) => {
                const label = format(config.label, { n: index + 1 });
                const empty = emptyKeys.has(row.key);
                return (
                  <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      id={`name-${kind}-${row.key}`}
                      label={label}
                      value={row.name}
                      onChange={(event) => rename(row.key, event.target.value)}
                      error={empty}
                      helperText={empty ? messages.registry.nameEmpty : undefined}
                      disabled={saving}
                      fullWidth
                      size="small"
                    />
                    {row.id === undefined && (
                      <IconButton aria-label={format(text.removeNewName, { label })} onClick={() => remove(row.key)} disabled={saving}>
                        <CloseIcon />
                      </IconButton>
                    )}
                  </Stack>
                );
              })}
              {serverProblem && (
                <Typography role="alert" color="error" variant="body2">
                  {serverProblem}
                </Typography>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
          <Button onClick={add} disabled={saving || rows === null} color="inherit" startIcon={<AddIcon />} sx={{ mr: 'auto' }}>
            {text.addName}
          </Button>
          <Button onClick={onClose} disabled={saving} color="inherit">
            {text.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || rows === null}>
            {saving ? text.saving : text.save}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
