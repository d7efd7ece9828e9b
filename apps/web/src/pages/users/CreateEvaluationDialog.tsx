import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Cycle } from '../../../../server/src/contract/cycles';
import type { Version } from '../../../../server/src/contract/evaluations';
import type { Sector } from '../../../../server/src/contract/sectors';
import type { ListedUser } from '../../../../server/src/contract/users';
import { createEvaluations, usersPath } from '../../api/users';
import { useApiData } from '../../api/useApiData';
import { catalog } from '../../catalog';
import { formatDate, formatDay } from '../../format';
import { TOAST_MS, useToast } from '../../toast';
import { buildEntries, chooseTypes, cycleFields, cyclesFor, emptyValues, enabledFields, nextVersion, offeredTypes, validate, type EvaluationFormValues, type FormErrors, type FormParticipant } from './evaluationForm';

const text = messages.screenUsers;
const types = offeredTypes(catalog.types);
const nameOf = (type: number) => catalog.types.find((entry) => entry.type === type)?.name ?? String(type);

/** Props of `CreateEvaluationDialog`. */
export interface CreateEvaluationDialogProps {
  open: boolean;
  /** The evaluators: the selected users or course participants. */
  participants: FormParticipant[];
  /** The company whose people and sectors can be evaluated; null while unknown. */
  companyId: number | null;
  /** The course the participants come from (course page): its rounds, not the company's, are offered. */
  courseId?: number;
  onClose(): void;
  /** Called after the evaluations were created. */
  onCreated?(): void;
}

/**
 * The "create evaluation" dialog of the users page and the course page: type(s), then the fields the
 * catalogue's creation rules enable (evaluated, version, sector, days); one call creates them all.
 */
export function CreateEvaluationDialog({ open, participants, companyId, courseId, onClose, onCreated }: CreateEvaluationDialogProps) {
  const toast = useToast();
  const [values, setValues] = useState<EvaluationFormValues>(emptyValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = enabledFields(values, participants, catalog.types);
  const people = useApiData<ListedUser[]>(open && companyId !== null && fields.evaluated ? usersPath(companyId) : null);
  const sectors = useApiData<Sector[]>(open && companyId !== null && fields.sector ? `/sectors/list/${companyId}` : null);
  const cyclesPath = courseId !== undefined ? `/cycles?course_id=${courseId}` : companyId !== null ? `/cycles?company_id=${companyId}` : null;
  const cycles = useApiData<Cycle[]>(open ? cyclesPath : null);
  const openCycles = useMemo(
    () => cyclesFor((cycles.data ?? []).filter((cycle) => courseId !== undefined || cycle.course_id === null), values.types, catalog.types),
    [cycles.data, courseId, values.types],
  );

  // Each opening starts empty (state adjusted while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setValues(emptyValues);
      setErrors({});
      setFailure(null);
    }
  }

  const wantVersions = open && fields.version && companyId !== null && values.evaluated !== null;
  const versionList = useApiData<Version[]>(wantVersions ? `/evaluation/versions/${companyId}/${values.evaluated}/2` : null);
  const versions = versionList.loading ? null : (versionList.data ?? null);
  const versionsError = versionList.error !== null;

  const evaluatedOptions = useMemo(() => (people.data ?? []).filter((user) => user.status), [people.data]);
  const evaluatedUser = evaluatedOptions.find((user) => user.id === values.evaluated) ?? null;
  const newVersion = nextVersion(versions ?? []);

  const change = (patch: Partial<EvaluationFormValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    setErrors({});
  };

  const submit = async () => {
    const found = validate(values, participants, catalog.types);
    if (participants.length === 0 || Object.keys(found).length > 0) {
      setErrors(found);
      toast.error(text.validationError);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await createEvaluations(buildEntries(values, participants, catalog.types, evaluatedUser?.name ?? null), cycleFields(values));
      toast.success(answer.message, TOAST_MS.evaluationsCreated);
      onCreated?.();
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.error(format(text.createErrorDetail, { message }));
    } finally {
      setBusy(false);
    }
  };

  const required = (key: keyof FormErrors) => (errors[key] ? messages.screenUsers.required : undefined);

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="create-evaluation-title">
      <DialogTitle id="create-evaluation-title">{text.evaluationTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {format(text.evaluationParticipants, { names: participants.map((participant) => participant.name).join(', ') })}
          </Typography>
          <TextField
            select
            label={text.evaluationType}
            value={values.types}
            error={errors.types}
            helperText={required('types') ?? text.evaluationTypeHelp}
            disabled={busy}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (selected as number[]).map(nameOf).join(', '),
              },
            }}
            onChange={(event) => {
              const next = event.target.value as unknown as number[];
              change({ types: chooseTypes(next, values.types, catalog.types) });
            }}
          >
            {types.map((entry) => (
              <MenuItem key={entry.type} value={entry.type}>
                <Checkbox checked={values.types.includes(entry.type)} size="small" tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
                <ListItemText primary={entry.name} />
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={evaluatedOptions}
            value={evaluatedUser}
            disabled={!fields.evaluated || busy}
            loading={people.loading}
            getOptionLabel={(user) => user.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={text.noOptions}
            onChange={(_, user) => change({ evaluated: user?.id ?? null, version: null })}
            renderInput={(params) => <TextField {...params} label={text.evaluated} error={errors.evaluated} helperText={required('evaluated')} />}
          />
          <TextField
            select
            label={text.version}
            value={values.version ?? ''}
            disabled={!fields.version || busy || versions === null}
            error={errors.version || versionsError}
            helperText={versionsError ? text.versionsError : required('version')}
            onChange={(event) => change({ version: Number(event.target.value) })}
          >
            <MenuItem value={newVersion}>{format(text.newVersion, { version: newVersion })}</MenuItem>
            {(versions ?? []).map((row) => (
              <MenuItem key={row.version} value={row.version}>
                {format(text.versionItem, { version: row.version, date: formatDate(row.created_at) })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={text.ratedSector}
            value={values.sector ?? ''}
            disabled={!fields.sector || busy}
            error={errors.sector}
            helperText={sectors.error ?? required('sector')}
            onChange={(event) => change({ sector: Number(event.target.value) })}
          >
            {(sectors.data ?? []).map((sector) => (
              <MenuItem key={sector.id} value={sector.id}>
                {sector.sector_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={text.days}
            value={values.days}
            disabled={!fields.days || busy}
            error={errors.days}
            // The hint only while the field can be filled: a disabled helper text is greyed below the
            // contrast minimum (axe color-contrast, serious), e.g. for the 360 interview that has no expiry.
            helperText={required('days') ?? (fields.days ? text.daysHelp : undefined)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            onChange={(event) => change({ days: event.target.value.replace(/\D/g, '') })}
          />
          <TextField
            select
            label={text.cycle}
            value={String(values.cycle)}
            disabled={busy}
            helperText={cycles.error ? text.cyclesError : text.cycleHelp}
            onChange={(event) => {
              const chosen = event.target.value;
              change({ cycle: chosen === 'auto' || chosen === 'new' ? chosen : Number(chosen) });
            }}
          >
            <MenuItem value="auto">{text.cycleAuto}</MenuItem>
            <MenuItem value="new">{text.cycleNew}</MenuItem>
            {openCycles.map((cycle) => (
              <MenuItem key={cycle.id} value={String(cycle.id)}>
                {/* The day it opened, unless its name already says it (the automatic names do). */}
                {cycle.name.includes(formatDay(cycle.opens_on)) ? cycle.name : format(text.cycleOpen, { name: cycle.name, date: formatDay(cycle.opens_on) })}
              </MenuItem>
            ))}
          </TextField>
          {values.cycle === 'new' && (
            <TextField
              label={text.cycleName}
              value={values.cycleName}
              disabled={busy}
              error={errors.cycleName}
              helperText={required('cycleName') ?? text.cycleNameHelp}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              onChange={(event) => change({ cycleName: event.target.value })}
            />
          )}
          {failure && <Alert severity="error">{format(text.createErrorDetail, { message: failure })}</Alert>}
          {busy && <LinearProgress aria-label={text.creating} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {busy ? text.creating : text.create}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
