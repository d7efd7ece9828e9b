import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Cycle } from '../../../../server/src/contract/cycles';
import { format, messages } from '../../../../../engine/messages';
import { cyclesPath } from '../../api/cycles';
import { errorMessage } from '../../api/client';
import { useApiData } from '../../api/useApiData';
import { LoadError, Loading } from '../../components/PageStates';
import { formatDay } from '../../format';
import { useToast } from '../../toast';
import { riskPath } from '../risk/riskApi';
import type { RiskView } from '../risk/riskTypes';
import { previewInventory, publishInventory, type GroupBy, type InventoryPreview } from './inventoryApi';
import { InventoryContentView } from './InventoryContentView';
import { emptyForm, fieldsOf, inventoryBody, type InventoryForm, type ShownKeys, type Texts } from './inventoryForm';

const text = messages.screenInventory;

type TextKey = 'responsibleName' | 'responsibleRegistration' | 'presentedOn' | 'presentedHow' | 'ergonomics';
type TextsField = 'measures' | 'sources' | 'processes' | 'activities';

/** A staff text of a factor or a group: labelled with its field and its factor or group for screen readers. */
function KeyedText({ label, name, value, onChange }: { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': format(text.fieldLabelOf, { field: label, name }) } }}
    />
  );
}

/** One factor's or group's pair of texts, under its name. */
function TextsBox({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Paper component="fieldset" variant="outlined" sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>{children}</Box>
    </Paper>
  );
}

interface Previewed {
  preview: InventoryPreview;
  /** The body it was made from, to tell when the form has changed since. */
  sent: string;
}

/**
 * 'Preparar nova versão' (administrators): the questionnaire, round, grouping, responsible and
 * presentation; a preview first, whose factors and groups bring their texts' fields; then 'Publicar
 * versão N' after a confirmation. A refusal's message shows above the buttons; what was typed stays.
 */
export function PublishForm({ companyId, phone, onPublished }: { companyId: number; phone: boolean; onPublished(): void }) {
  const toast = useToast();
  const risk = useApiData<RiskView>(riskPath(companyId));
  const cycles = useApiData<Cycle[]>(cyclesPath(companyId));
  const [form, setForm] = useState<InventoryForm>(emptyForm);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'publish' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // After a preview, the focus goes to its heading (screen readers read where the result is).
  const focusPreview = useRef(false);
  useEffect(() => {
    if (focusPreview.current && previewed) {
      focusPreview.current = false;
      previewHeading.current?.focus();
    }
  }, [previewed]);

  const questionnaires = risk.data?.questionnaires ?? [];
  const type = form.type === '' ? (questionnaires[0]?.type ?? '') : form.type;
  const current: InventoryForm = { ...form, type };
  const roundOptions = (cycles.data ?? []).filter((cycle) => type !== '' && cycle.types.includes(type));
  const fields = previewed ? fieldsOf(previewed.preview.content.entries) : null;
  const shown: ShownKeys | undefined = fields ? { factors: new Set(fields.factors.map((item) => item.id)), groups: new Set(fields.groups.map((item) => item.key)) } : undefined;
  const body = inventoryBody(current, shown);
  const stale = previewed !== null && previewed.sent !== JSON.stringify(body);

  const set = <Key extends keyof InventoryForm>(key: Key, value: InventoryForm[Key]) => setForm((previous) => ({ ...previous, [key]: value }));
  const onText = (key: TextKey) => (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value);
  const setKeyed = (key: TextsField, id: string, value: string) => setForm((previous) => ({ ...previous, [key]: { ...previous[key], [id]: value } as Texts }));
  const missing = (value: string) => showErrors && value.trim() === '';

  /** Whether the required fields are filled; else shows their errors. */
  const ready = () => {
    if (current.responsibleName.trim() !== '' && current.responsibleRegistration.trim() !== '') return true;
    setShowErrors(true);
    setFailure(text.requiredBeforePreview);
    return false;
  };

  const preview = async () => {
    if (!ready()) return;
    setBusy('preview');
    setFailure(null);
    // The texts of every factor and group typed so far: the preview decides which are shown.
    const sent = inventoryBody(current);
    try {
      const answer = await previewInventory(companyId, sent);
      const next = fieldsOf(answer.content.entries);
      const keys: ShownKeys = { factors: new Set(next.factors.map((item) => item.id)), groups: new Set(next.groups.map((item) => item.key)) };
      setPreviewed({ preview: answer, sent: JSON.stringify(inventoryBody(current, keys)) });
      focusPreview.current = true;
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    setConfirming(false);
    if (!ready()) return;
    setBusy('publish');
    setFailure(null);
    try {
      const answer = await publishInventory(companyId, body);
      toast.success(answer.message);
      setPreviewed(null);
      onPublished();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (risk.loading && !risk.data) return <Loading />;
  if (risk.error) return <LoadError message={`${text.questionnairesError} ${risk.error}`} onRetry={risk.reload} />;
  if (questionnaires.length === 0) return <Typography sx={{ my: 2 }}>{text.noQuestionnaire}</Typography>;

  const version = previewed?.preview.version;
  return (
    <Box component="form" noValidate onSubmit={(event) => (event.preventDefault(), void preview())}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }}>
        <TextField select label={text.fieldQuestionnaire} value={type} onChange={(event) => set('type', Number(event.target.value))}>
          {questionnaires.map((questionnaire) => (
            <MenuItem key={questionnaire.type} value={questionnaire.type}>
              {questionnaire.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={text.fieldCycle}
          value={current.cycleId === '' ? 'all' : String(current.cycleId)}
          onChange={(event) => set('cycleId', event.target.value === 'all' ? '' : Number(event.target.value))}
          helperText={cycles.error ? `${text.cyclesError} ${cycles.error}` : undefined}
          error={Boolean(cycles.error)}
        >
          <MenuItem value="all">{text.allAnswers}</MenuItem>
          {roundOptions.map((cycle) => (
            <MenuItem key={cycle.id} value={String(cycle.id)}>
              {cycle.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={text.fieldGroupBy}
          value={current.groupBy}
          onChange={(event) => set('groupBy', event.target.value as GroupBy)}
          helperText={current.groupBy === 'exposure' ? text.groupByExposureHelp : undefined}
        >
          <MenuItem value="sector">{text.groupBySector}</MenuItem>
          <MenuItem value="position">{text.groupByPosition}</MenuItem>
          <MenuItem value="exposure">{text.groupByExposure}</MenuItem>
        </TextField>
        <TextField
          label={text.fieldResponsibleName}
          value={current.responsibleName}
          onChange={onText('responsibleName')}
          required
          error={missing(current.responsibleName)}
          helperText={missing(current.responsibleName) ? text.required : ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={text.fieldResponsibleRegistration}
          value={current.responsibleRegistration}
          onChange={onText('responsibleRegistration')}
          required
          error={missing(current.responsibleRegistration)}
          helperText={missing(current.responsibleRegistration) ? text.required : text.registrationHelp}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField type="date" label={text.fieldPresentedOn} value={current.presentedOn} onChange={onText('presentedOn')} helperText=" " slotProps={{ inputLabel: { shrink: true } }} />
        <Box sx={{ gridColumn: { md: 'span 3' }, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <TextField
            label={text.fieldPresentedHow}
            value={current.presentedHow}
            onChange={onText('presentedHow')}
            helperText={text.presentedHowHelp}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <TextField
            label={text.fieldErgonomics}
            value={current.ergonomics}
            onChange={onText('ergonomics')}
            helperText={text.ergonomicsHelp}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Box>
      </Box>

      {fields ? (
        <>
          <Box component="section" aria-labelledby="inventory-factors-heading" sx={{ mb: 3 }}>
            <Typography id="inventory-factors-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {text.factorsHeading}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {text.factorsAbout}
            </Typography>
            <Stack sx={{ gap: 1.5 }}>
              {fields.factors.map((factor) => (
                <TextsBox key={factor.id} legend={factor.label}>
                  <KeyedText label={text.fieldMeasures} name={factor.label} value={form.measures[factor.id] ?? ''} onChange={(value) => setKeyed('measures', factor.id, value)} />
                  <KeyedText label={text.fieldSources} name={factor.label} value={form.sources[factor.id] ?? ''} onChange={(value) => setKeyed('sources', factor.id, value)} />
                </TextsBox>
              ))}
            </Stack>
          </Box>
          <Box component="section" aria-labelledby="inventory-groups-heading" sx={{ mb: 3 }}>
            <Typography id="inventory-groups-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {text.groupsHeading}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {text.groupsAbout}
            </Typography>
            <Stack sx={{ gap: 1.5 }}>
              {fields.groups.map((group) => (
                <TextsBox key={group.key} legend={group.name}>
                  <KeyedText label={text.fieldProcesses} name={group.name} value={form.processes[group.key] ?? ''} onChange={(value) => setKeyed('processes', group.key, value)} />
                  <KeyedText label={text.fieldActivities} name={group.name} value={form.activities[group.key] ?? ''} onChange={(value) => setKeyed('activities', group.key, value)} />
                </TextsBox>
              ))}
            </Stack>
          </Box>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {text.textsAfterPreview}
        </Typography>
      )}

      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 3 }}>
        <Button type="submit" variant={previewed ? 'outlined' : 'contained'} color={previewed ? 'inherit' : 'primary'} disabled={busy !== null || type === ''}>
          {busy === 'preview' ? text.previewing : text.preview}
        </Button>
        {version !== undefined && (
          <Button variant="contained" disabled={busy !== null} onClick={() => setConfirming(true)}>
            {busy === 'publish' ? text.publishing : format(text.publish, { version })}
          </Button>
        )}
      </Stack>

      {previewed && (
        <Box component="section" aria-labelledby="inventory-preview-heading">
          <Typography id="inventory-preview-heading" ref={previewHeading} tabIndex={-1} component="h3" variant="h5" sx={{ fontWeight: 600, outline: 'none', borderTop: 2, borderColor: 'divider', pt: 2 }}>
            {format(text.previewHeading, { version: previewed.preview.version })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {format(text.previewReview, { review: formatDay(previewed.preview.review_due) })}
          </Typography>
          {stale && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {text.previewStale}
            </Alert>
          )}
          <InventoryContentView content={previewed.preview.content} level={4} cards={phone} idPrefix="inventory-preview" />
        </Box>
      )}

      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth aria-labelledby="inventory-publish-title" aria-describedby="inventory-publish-text">
        <DialogTitle id="inventory-publish-title">{format(text.confirmTitle, { version: version ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="inventory-publish-text">{text.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="secondary" onClick={() => setConfirming(false)}>
            {messages.common.cancel}
          </Button>
          <Button variant="contained" onClick={() => void publish()}>
            {text.confirmPublish}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
