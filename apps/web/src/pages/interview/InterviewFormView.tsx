import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { InterviewDefinition } from '../../../../../engine/interview/types';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import { saveInterview } from '../../api/interview';
import { TOAST_MS, useToast } from '../../toast';
import { AttendanceDates } from './AttendanceDates';
import { CompetencyBlock, OpenBlock } from './CompetencyBlock';
import { ConfidentialDialog } from './ConfidentialDialog';
import { blockDone, formToPairs, type InterviewForm } from './formModel';
import { GradeGuide } from './GradeGuide';
import { JumpLinks } from './JumpLinks';
import { useAutoSave } from './useAutoSave';

const m = messages.screenInterview;

/** Who the interview is about: the ids the save call needs and the names of the header. */
export interface InterviewTarget {
  evaluationId: string;
  evaluatorId: number;
  evaluatorName: string;
  ratedId: number;
  ratedName: string;
}

interface InterviewFormViewProps {
  definition: InterviewDefinition;
  target: InterviewTarget;
  initial: InterviewForm;
}

const OPEN_HELP: Record<string, string> = { forces: m.forcesHelp, weakness: m.weaknessHelp };

/**
 * The 360 interview form: header, quick-jump links, status and attendance, the 13 blocks, the grade
 * guide, and the confidential / Sincronizar / Salvar actions. A failed save keeps every value typed.
 */
export function InterviewFormView({ definition, target, initial }: InterviewFormViewProps) {
  const toast = useToast();
  const [form, setForm] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [confidentialOpen, setConfidentialOpen] = useState(false);
  const latest = useRef(form);
  const busy = useRef(false);
  useEffect(() => {
    latest.current = form;
  }, [form]);

  const save = useCallback(async () => {
    // An auto-save that falls during a manual save (or the reverse) is skipped, not queued.
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await saveInterview({
        type_evaluation: String(definition.typeEvaluation),
        evaluator_user_id: target.evaluatorId,
        rated_user_id: target.ratedId,
        evaluation_id: target.evaluationId,
        questions: formToPairs(definition, latest.current),
      });
      toast.success(m.saved, TOAST_MS.interviewSaved);
    } catch (error) {
      toast.error(format(m.problem, { detail: errorMessage(error) }));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [definition, target, toast]);

  const autoSave = useAutoSave(() => void save());
  const update = (patch: Partial<InterviewForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const blocks = [
    ...definition.competencies.map(({ block }) => ({ block, graded: true })),
    ...definition.openBlocks.map(({ block }) => ({ block, graded: false })),
  ];

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 }, pb: 12 }}>
      <Stack component="header" sx={{ gap: 1.5, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {definition.title}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 3, rowGap: 0.5 }}>
          <Typography>
            <strong>{m.evaluatorLabel}:</strong> {target.evaluatorName}
          </Typography>
          <Typography>
            <strong>{m.ratedLabel}:</strong> {target.ratedName}
          </Typography>
        </Stack>
        <JumpLinks blocks={blocks} isDone={(block) => blockDone(definition, form, block)} />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
          {/* Secondary like the theme's text fields: the primary yellow label, once focused, is unreadable on white. */}
          <FormControl color="secondary" sx={{ minWidth: 240 }}>
            <InputLabel id="interview-status-label">{m.status}</InputLabel>
            <Select
              labelId="interview-status-label"
              label={m.status}
              value={form.status}
              onChange={(event) => update({ status: event.target.value })}
            >
              <MenuItem value="">
                <em>{m.noStatus}</em>
              </MenuItem>
              {definition.statuses.map((status) => (
                <MenuItem key={status.key} value={status.key}>
                  {status.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <AttendanceDates dates={form.dates} value={form.show} onChange={(next) => update(next)} />
        </Stack>
        <GradeGuide bands={definition.gradeGuide} />
      </Stack>

      <Stack sx={{ gap: 2 }}>
        {definition.competencies.map(({ block, name }) => (
          <CompetencyBlock
            key={block}
            definition={definition}
            block={block}
            name={name}
            value={form.competencies[block]!}
            onChange={(value) => setForm((previous) => ({ ...previous, competencies: { ...previous.competencies, [block]: value } }))}
          />
        ))}
        {definition.openBlocks.map(({ block, key, name }) => (
          <OpenBlock
            key={block}
            block={block}
            name={name}
            helper={OPEN_HELP[key]}
            value={form.open[key]}
            onChange={(value) => setForm((previous) => ({ ...previous, open: { ...previous.open, [key]: value } }))}
          />
        ))}
      </Stack>

      <Paper
        component="footer"
        elevation={6}
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 10, px: { xs: 1.5, sm: 3 }, py: 1, borderRadius: 0 }}
      >
        <Stack direction="row" sx={{ maxWidth: 1200, mx: 'auto', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={() => setConfidentialOpen(true)}>
            {m.confidential}
          </Button>
          <FormControlLabel control={<Switch checked={autoSave.enabled} onChange={autoSave.toggle} />} label={m.sync} sx={{ mr: 0 }} />
          <Typography variant="body2" role="timer" aria-live="off" sx={{ color: 'text.secondary', minWidth: 120 }}>
            {autoSave.enabled ? format(m.syncCountdown, { seconds: autoSave.secondsLeft }) : m.syncOff}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {saving ? m.saving : m.save}
          </Button>
        </Stack>
      </Paper>

      <ConfidentialDialog
        open={confidentialOpen}
        value={form.confidential}
        onChange={(html) => update({ confidential: html })}
        onClose={() => setConfidentialOpen(false)}
      />
    </Box>
  );
}
