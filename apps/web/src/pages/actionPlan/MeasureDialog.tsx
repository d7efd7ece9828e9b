import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MEASURE_STATUSES, MEASURE_TEXT_MAX } from '../../../../../engine/lifecycle/riskMeasures';
import { isIsoDate } from '../../../../../engine/rules/dates';
import { format, messages } from '../../../../../engine/messages';
import type { Measure, MeasureCreate, MeasureOptions, MeasureSaved, MeasureUpdate } from '../../../../server/src/contract/riskMeasures';
import { errorMessage } from '../../api/client';
import { useToast } from '../../toast';
import { CountedHelper, RiskFormDialog } from '../risk/RiskFormDialog';
import { createMeasure, updateMeasure } from './actionPlanApi';

const text = messages.screenActionPlan;
const labels = messages.measures;

/** The form's values, as the fields hold them. */
interface FormValues {
  type: string;
  factor: string;
  /** 'whole', 'sector:3', 'position:5' or 'exposure:7' (a group staff defined). */
  group: string;
  /** A round's id, or '' for none. */
  cycle: string;
  description: string;
  owner: string;
  due: string;
  status: Measure['status'];
  check: string;
  checkOn: string;
  /** 'eficaz', 'ineficaz' or '' (not checked). */
  result: string;
  note: string;
}

function initialValues(measure: Measure | null, options: MeasureOptions): FormValues {
  if (measure) {
    return {
      type: String(measure.type),
      factor: measure.factor,
      group: measure.group_kind === 'whole' ? 'whole' : `${measure.group_kind}:${measure.group_id}`,
      cycle: measure.cycle_id === null ? '' : String(measure.cycle_id),
      description: measure.description,
      owner: String(measure.owner_id),
      due: measure.due_on,
      status: measure.status,
      check: measure.effectiveness_check,
      checkOn: measure.effectiveness_on,
      result: measure.effectiveness_result ?? '',
      note: measure.effectiveness_note ?? '',
    };
  }
  const questionnaire = options.questionnaires[0];
  const type = questionnaire?.type;
  const cycle = options.cycles.find((one) => type !== undefined && one.types.includes(type));
  return { type: type === undefined ? '' : String(type), factor: '', group: 'whole', cycle: cycle ? String(cycle.id) : '', description: '', owner: '', due: '', status: 'planejada', check: '', checkOn: '', result: '', note: '' };
}

/** The body fields the values stand for. */
function fieldsOf(values: FormValues) {
  const [kind, id] = values.group.split(':') as [Measure['group_kind'], string | undefined];
  return {
    factor: values.factor,
    group_kind: kind,
    group_id: id === undefined ? null : Number(id),
    cycle_id: values.cycle === '' ? null : Number(values.cycle),
    description: values.description.trim(),
    owner_id: Number(values.owner),
    due_on: values.due,
    status: values.status,
    effectiveness_check: values.check.trim(),
    effectiveness_on: values.checkOn,
    effectiveness_result: values.result === '' ? null : (values.result as 'eficaz' | 'ineficaz'),
    effectiveness_note: values.note.trim() === '' ? null : values.note.trim(),
  };
}

/** The inline problem of each field, or none. */
function problems(values: FormValues): Partial<Record<keyof FormValues, string>> {
  const found: Partial<Record<keyof FormValues, string>> = {};
  for (const key of ['type', 'factor', 'owner'] as const) if (values[key] === '') found[key] = text.required;
  for (const key of ['description', 'check'] as const) {
    if (values[key].trim() === '') found[key] = text.required;
    else if (values[key].trim().length > MEASURE_TEXT_MAX) found[key] = format(text.textLong, { max: MEASURE_TEXT_MAX });
  }
  if (values.note.trim().length > MEASURE_TEXT_MAX) found.note = format(text.textLong, { max: MEASURE_TEXT_MAX });
  for (const key of ['due', 'checkOn'] as const) if (!isIsoDate(values[key])) found[key] = values[key] === '' ? text.required : text.dayInvalid;
  return found;
}

interface MeasureDialogProps {
  companyId: number;
  options: MeasureOptions;
  /** The measure edited; null for a new one. */
  measure: Measure | null;
  onClose(): void;
  /** The measure as the server keeps it now. */
  onSaved(measure: Measure): void;
}

/**
 * 'Nova medida' / 'Editar medida' (staff): the factor, the exposure group and the round it answers,
 * what is done, who answers for it, by when, its status, how and when its effectiveness is checked and
 * the result. The server's message is the toast; a refusal's message shows in the dialog, which stays
 * open with what was typed. An edit sends only the fields changed.
 */
export function MeasureDialog({ companyId, options, measure, onClose, onSaved }: MeasureDialogProps) {
  const toast = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [start] = useState(() => initialValues(measure, options));
  const [values, setValues] = useState(start);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const found = problems(values);
  const questionnaire = options.questionnaires.find((one) => String(one.type) === values.type);
  const cycles = options.cycles.filter((one) => one.types.includes(Number(values.type)));
  const set = (key: keyof FormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));
  const error = (key: keyof FormValues) => (touched && found[key] ? { error: true, helperText: found[key] } : {});

  const submit = async () => {
    setTouched(true);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      let answer: MeasureSaved;
      const fields = fieldsOf(values);
      if (measure) {
        const before = fieldsOf(start) as Record<string, unknown>;
        const changes = Object.fromEntries(Object.entries(fields).filter(([key, value]) => before[key] !== value)) as MeasureUpdate;
        // A group kind and its id always travel together.
        if ('group_kind' in changes || 'group_id' in changes) Object.assign(changes, { group_kind: fields.group_kind, group_id: fields.group_id });
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
        answer = await updateMeasure(measure.id, changes);
      } else {
        answer = await createMeasure(companyId, { type: Number(values.type), ...fields } as MeasureCreate);
      }
      toast.success(answer.message ?? text.saved);
      onSaved(answer.measure);
      onClose();
    } catch (caught) {
      setFailure(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const common = { fullWidth: true, margin: 'dense' as const, disabled: busy };
  const counted = (key: 'description' | 'check') => ({
    error: touched && Boolean(found[key]),
    helperText: <CountedHelper message={touched && found[key] ? found[key] : ''} count={values[key].length} max={MEASURE_TEXT_MAX} />,
  });
  return (
    <RiskFormDialog
      id="measure"
      title={measure ? text.dialogEdit : text.dialogCreate}
      about={options.questionnaires.length === 0 ? <Alert severity="info">{text.noFactors}</Alert> : undefined}
      busy={busy}
      failure={failure}
      submitLabel={text.save}
      onClose={onClose}
      onSubmit={() => void submit()}
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
        {options.questionnaires.length > 1 && (
          <TextField
            select
            {...common}
            required
            label={text.fieldQuestionnaire}
            value={values.type}
            disabled={busy || measure !== null}
            onChange={(event) => setValues((current) => ({ ...current, type: event.target.value, factor: '', cycle: '' }))}
            {...error('type')}
          >
            {options.questionnaires.map((one) => (
              <MenuItem key={one.type} value={String(one.type)}>
                {one.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField select {...common} required label={text.fieldFactor} value={values.factor} onChange={set('factor')} {...error('factor')}>
          {(questionnaire?.factors ?? []).map((factor) => (
            <MenuItem key={factor.id} value={factor.id}>
              {factor.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select {...common} required label={text.fieldGroup} value={values.group} onChange={set('group')}>
          <MenuItem value="whole">{text.groupWhole}</MenuItem>
          {options.sectors.map((sector) => (
            <MenuItem key={`sector:${sector.id}`} value={`sector:${sector.id}`}>
              {format(text.groupSector, { name: sector.name })}
            </MenuItem>
          ))}
          {options.positions.map((position) => (
            <MenuItem key={`position:${position.id}`} value={`position:${position.id}`}>
              {format(text.groupPosition, { name: position.name })}
            </MenuItem>
          ))}
          {options.exposure_groups.map((group) => (
            <MenuItem key={`exposure:${group.id}`} value={`exposure:${group.id}`}>
              {format(text.groupExposure, { name: group.name })}
            </MenuItem>
          ))}
        </TextField>
        <TextField select {...common} label={text.fieldCycle} value={values.cycle} onChange={set('cycle')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{text.cycleNone}</MenuItem>
          {cycles.map((cycle) => (
            <MenuItem key={cycle.id} value={String(cycle.id)}>
              {cycle.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select {...common} required label={text.fieldOwner} value={values.owner} onChange={set('owner')} {...error('owner')}>
          {options.owners.map((owner) => (
            <MenuItem key={owner.id} value={String(owner.id)}>
              {owner.staff ? format(text.ownerStaff, { name: owner.name }) : owner.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...common}
          required
          multiline
          minRows={3}
          label={text.fieldDescription}
          value={values.description}
          onChange={set('description')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: MEASURE_TEXT_MAX } }}
          {...counted('description')}
        />
        <TextField {...common} required type="date" label={text.fieldDue} value={values.due} onChange={set('due')} slotProps={{ inputLabel: { shrink: true } }} {...error('due')} />
        <TextField select {...common} required label={text.fieldStatus} value={values.status} onChange={set('status')}>
          {MEASURE_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {labels.statuses[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...common}
          required
          multiline
          minRows={2}
          label={text.fieldCheck}
          value={values.check}
          onChange={set('check')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: MEASURE_TEXT_MAX } }}
          {...counted('check')}
        />
        <TextField {...common} required type="date" label={text.fieldCheckOn} value={values.checkOn} onChange={set('checkOn')} slotProps={{ inputLabel: { shrink: true } }} {...error('checkOn')} />
        <TextField select {...common} label={text.fieldResult} value={values.result} onChange={set('result')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">{text.resultNone}</MenuItem>
          <MenuItem value="eficaz">{labels.results.eficaz}</MenuItem>
          <MenuItem value="ineficaz">{labels.results.ineficaz}</MenuItem>
        </TextField>
        <TextField {...common} multiline minRows={2} label={text.fieldNote} value={values.note} onChange={set('note')} sx={{ gridColumn: '1 / -1' }} slotProps={{ htmlInput: { maxLength: MEASURE_TEXT_MAX } }} {...error('note')} />
      </Box>
      {values.result === 'ineficaz' && start.result !== 'ineficaz' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {text.ineffectiveNotice}
        </Alert>
      )}
    </RiskFormDialog>
  );
}
