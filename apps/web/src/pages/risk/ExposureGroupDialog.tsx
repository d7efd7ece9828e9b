import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { format, messages } from '../../../../../engine/messages';
import type { ExposureGroup, ExposureGroupSaved, ExposureGroupUpdate } from '../../../../server/src/contract/exposureGroups';
import { EXPOSURE_GROUP_DESCRIPTION_MAX, EXPOSURE_GROUP_NAME_MAX } from '../../../../../engine/lifecycle/riskMeasures';
import { errorMessage } from '../../api/client';
import { useToast } from '../../toast';
import { createExposureGroup, updateExposureGroup } from './exposureGroupApi';
import { CountedHelper, RiskFormDialog } from './RiskFormDialog';

const text = messages.screenExposureGroups;
const refusals = messages.exposureGroups;
// The contract's limits (the web imports it type-only): typed as its literals, so a change there fails the build here.

/** A sector or a position of the registry. */
export interface IdName {
  id: number;
  name: string;
}

/** The form's values, as the fields hold them. */
interface FormValues {
  name: string;
  description: string;
  sectors: IdName[];
  positions: IdName[];
}

/** The body fields the values stand for (texts trimmed, a blank description null). */
function fieldsOf(values: FormValues) {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    sector_ids: values.sectors.map((sector) => sector.id),
    position_ids: values.positions.map((position) => position.id),
  };
}

/** The inline problem of each field, or none; `members` when neither a sector nor a position is chosen. */
function problems(values: FormValues): Partial<Record<'name' | 'description' | 'members', string>> {
  const found: Partial<Record<'name' | 'description' | 'members', string>> = {};
  const name = values.name.trim();
  if (name === '') found.name = refusals.nameRequired;
  else if (name.length > EXPOSURE_GROUP_NAME_MAX) found.name = format(refusals.nameTooLong, { max: EXPOSURE_GROUP_NAME_MAX });
  if (values.description.trim().length > EXPOSURE_GROUP_DESCRIPTION_MAX) found.description = format(refusals.descriptionTooLong, { max: EXPOSURE_GROUP_DESCRIPTION_MAX });
  if (values.sectors.length === 0 && values.positions.length === 0) found.members = refusals.membersRequired;
  return found;
}

/** The fields of an edit that differ from where it started (lists compared as sets). */
function changesOf(before: ReturnType<typeof fieldsOf>, after: ReturnType<typeof fieldsOf>): ExposureGroupUpdate {
  const sameIds = (left: number[], right: number[]) => left.length === right.length && [...left].sort().join() === [...right].sort().join();
  const changes: ExposureGroupUpdate = {};
  if (before.name !== after.name) changes.name = after.name;
  if (before.description !== after.description) changes.description = after.description;
  if (!sameIds(before.sector_ids, after.sector_ids)) changes.sector_ids = after.sector_ids;
  if (!sameIds(before.position_ids, after.position_ids)) changes.position_ids = after.position_ids;
  return changes;
}

interface MembersFieldProps {
  label: string;
  /** The help, or the error, under the field. */
  help: string;
  options: IdName[];
  value: IdName[];
  error: boolean;
  disabled: boolean;
  onChange(value: IdName[]): void;
}

/** A multi-select of sectors or positions, searchable by typing; each choice a chip. */
function MembersField({ label, help, options, value, error, disabled, onChange }: MembersFieldProps) {
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={value}
      disabled={disabled}
      noOptionsText={text.noOptions}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} margin="dense" label={label} error={error} helperText={help} />}
    />
  );
}

interface ExposureGroupDialogProps {
  companyId: number;
  /** The group edited; null for a new one. */
  group: ExposureGroup | null;
  /** The company's sectors and positions, to choose from. */
  sectors: IdName[];
  positions: IdName[];
  onClose(): void;
  onSaved(group: ExposureGroup): void;
}

/**
 * 'Novo grupo de exposição' / 'Editar grupo de exposição' (staff): the name, what the group shares, and
 * its sectors and positions, with the membership rule above. The server's message is the toast; a
 * refusal's message shows in the dialog, which stays open with what was typed. An edit sends only the
 * fields changed.
 */
export function ExposureGroupDialog({ companyId, group, sectors, positions, onClose, onSaved }: ExposureGroupDialogProps) {
  const toast = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [start] = useState<FormValues>(() => ({ name: group?.name ?? '', description: group?.description ?? '', sectors: group?.sectors ?? [], positions: group?.positions ?? [] }));
  const [values, setValues] = useState(start);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const found = problems(values);
  const shown = touched ? found : {};
  const set = <Key extends keyof FormValues>(key: Key, value: FormValues[Key]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    setTouched(true);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      let answer: ExposureGroupSaved;
      if (group) {
        const changes = changesOf(fieldsOf(start), fieldsOf(values));
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
        answer = await updateExposureGroup(group.id, changes);
      } else {
        answer = await createExposureGroup(companyId, fieldsOf(values));
      }
      toast.success(answer.message);
      onSaved(answer.group);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <RiskFormDialog
      id="exposure-group"
      title={group ? text.dialogEdit : text.dialogCreate}
      about={
        <>
          <DialogContentText sx={{ mb: 1 }}>{text.rule}</DialogContentText>
          {sectors.length === 0 && positions.length === 0 && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {text.noRegistry}
            </Alert>
          )}
        </>
      }
      busy={busy}
      failure={failure}
      submitLabel={text.save}
      onClose={onClose}
      onSubmit={() => void submit()}
      fullScreen={fullScreen}
    >
      <TextField
        fullWidth
        margin="dense"
        required
        label={text.fieldName}
        value={values.name}
        disabled={busy}
        onChange={(event) => set('name', event.target.value)}
        error={shown.name !== undefined}
        helperText={shown.name ?? ' '}
        slotProps={{ htmlInput: { maxLength: EXPOSURE_GROUP_NAME_MAX } }}
      />
      <TextField
        fullWidth
        margin="dense"
        multiline
        minRows={3}
        label={text.fieldDescription}
        value={values.description}
        disabled={busy}
        onChange={(event) => set('description', event.target.value)}
        error={shown.description !== undefined}
        slotProps={{ htmlInput: { maxLength: EXPOSURE_GROUP_DESCRIPTION_MAX } }}
        helperText={<CountedHelper message={shown.description ?? text.descriptionHelp} count={values.description.length} max={EXPOSURE_GROUP_DESCRIPTION_MAX} />}
      />
      <MembersField label={text.fieldSectors} help={shown.members ?? text.sectorsHelp} options={sectors} value={values.sectors} error={shown.members !== undefined} disabled={busy} onChange={(next) => set('sectors', next)} />
      <MembersField label={text.fieldPositions} help={shown.members ?? text.positionsHelp} options={positions} value={values.positions} error={shown.members !== undefined} disabled={busy} onChange={(next) => set('positions', next)} />
    </RiskFormDialog>
  );
}
