import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Cycle, CycleUpdate } from '../../../../server/src/contract/cycles';
import { messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import { createCycle, updateCycle } from '../../api/cycles';
import { useToast } from '../../toast';

const text = messages.screenCycles;

/** The participation target when staff give none (the server's default too). */
export const DEFAULT_TARGET = 75;

/** What the dialog edits: a new cycle of a company, or an existing cycle. */
export type CycleFormTarget = { kind: 'create'; companyId: number } | { kind: 'edit'; cycle: Cycle };

interface Draft {
  name: string;
  closesOn: string;
  target: string;
}

function draftOf(target: CycleFormTarget): Draft {
  if (target.kind === 'create') return { name: '', closesOn: '', target: String(DEFAULT_TARGET) };
  return { name: target.cycle.name, closesOn: target.cycle.closes_on ?? '', target: String(target.cycle.target) };
}

/** The target typed, if it is a whole percent from 1 to 100. */
function targetOf(value: string): number | null {
  const number = Number(value.trim());
  return /^\d+$/.test(value.trim()) && number >= 1 && number <= 100 ? number : null;
}

/** The fields of an edit that differ from the cycle (an unchanged field is not sent). */
function changesOf(cycle: Cycle, draft: Draft, target: number): CycleUpdate {
  const changes: CycleUpdate = {};
  if (draft.name.trim() !== cycle.name) changes.name = draft.name.trim();
  const closesOn = draft.closesOn === '' ? null : draft.closesOn;
  if (closesOn !== cycle.closes_on) changes.closes_on = closesOn;
  if (target !== cycle.target) changes.target = target;
  return changes;
}

/**
 * 'Novo ciclo' and 'Editar ciclo' (administrators): name, closing day (optional) and participation
 * target. The server's message is the toast; a failure keeps the dialog open with its message.
 */
export function CycleFormDialog({ target, onClose, onSaved }: { target: CycleFormTarget; onClose(): void; onSaved(): void }) {
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(() => draftOf(target));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nameMissing = draft.name.trim() === '';
  const targetValue = targetOf(draft.target);
  const creating = target.kind === 'create';

  const submit = async () => {
    setTouched(true);
    if (nameMissing || targetValue === null) return;
    setBusy(true);
    setFailure(null);
    try {
      let message: string;
      if (target.kind === 'create') {
        const closesOn = draft.closesOn === '' ? {} : { closes_on: draft.closesOn };
        message = (await createCycle({ company_id: target.companyId, name: draft.name.trim(), target: targetValue, ...closesOn })).message;
      } else {
        const changes = changesOf(target.cycle, draft, targetValue);
        if (Object.keys(changes).length === 0) return onClose();
        message = (await updateCycle(target.cycle.id, changes)).message;
      }
      toast.success(message);
      onSaved();
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
    fullWidth: true,
    margin: 'dense' as const,
    disabled: busy,
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="cycle-form-title">
      <DialogTitle id="cycle-form-title">{creating ? text.newCycle : text.editCycle}</DialogTitle>
      <DialogContent>
        <form
          noValidate
          id="cycle-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            {...field('name')}
            label={text.fieldName}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={touched && nameMissing}
            helperText={touched && nameMissing ? text.nameRequired : undefined}
          />
          <TextField {...field('closesOn')} type="date" label={text.fieldCloses} helperText={text.fieldClosesHelp} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField
            {...field('target')}
            label={text.fieldTarget}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 3 } }}
            error={touched && targetValue === null}
            helperText={touched && targetValue === null ? text.targetInvalid : text.fieldTargetHelp}
          />
        </form>
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button type="submit" form="cycle-form" variant="contained" disabled={busy}>
          {creating ? text.create : text.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
