import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { heldAnswers } from '../../../../engine/answers/held';
import type { Answers, QuestionnaireDefinition, WireItem } from '../../../../engine/definition/types';
import { format, messages } from '../../../../engine/messages';
import { QuestionnaireRunner } from '../../../../renderer/QuestionnaireRunner';
import { ApiError, errorMessage } from '../api/client';
import { findEvaluation } from '../api/endpoints';
import { loadStaffFormAnswers, saveStaffForm } from '../api/staffForms';
import { catalog } from '../catalog';
import { LoadError, Loading } from '../components/PageStates';
import { loadDefinition } from '../respondent/loadLink';
import { TOAST_MS, useToast } from '../toast';
import { frameFromSaved, framePairs, type StaffFrame } from './staffForm/formModel';
import { StaffFrameFields } from './staffForm/StaffFrameFields';

const m = messages.screenInterview;

/** Who the form is about: the ids the save call needs and the names of the header. */
interface StaffFormTarget {
  evaluationId: string;
  evaluatorId: number;
  evaluatorName: string;
  ratedId: number;
  ratedName: string;
}

type Loaded = { definition: QuestionnaireDefinition; target: StaffFormTarget; answers: Answers; frame: StaffFrame };

/**
 * Loads the evaluation (evaluator and rated), the definition it names (its type's file in the catalogue,
 * at the version it was created with, as a respondent's link loads its own), and then its saved answers.
 * An evaluation whose definition is no staff form is refused.
 */
async function loadStaffForm(evaluationId: string): Promise<Loaded> {
  const evaluation = await findEvaluation(evaluationId);
  const file = catalog.types.find((entry) => entry.type === evaluation.type_evaluation)?.definition;
  const definition = file === undefined ? undefined : await loadDefinition(file, evaluation.definition_version);
  if (!definition?.staff) throw new ApiError(m.wrongType, 400);
  if (evaluation.rated === null) throw new ApiError(m.noRated, 400);
  const saved = await loadStaffFormAnswers(evaluation.rated, evaluation.user_id);
  return {
    definition,
    target: {
      evaluationId: evaluation.id,
      evaluatorId: Number(evaluation.user_id),
      evaluatorName: evaluation.evaluator_name ?? '',
      ratedId: Number(evaluation.rated),
      ratedName: evaluation.rated_name ?? '',
    },
    answers: heldAnswers(definition, saved.answers),
    frame: frameFromSaved(saved),
  };
}

/**
 * A staff form (/interview360/{evaluation}), full screen outside the layout: the evaluation's
 * questionnaire run by the questionnaire machine and renderer in staff mode, with the form's status and
 * attendance dates around it; every save sends both.
 */
function StaffFormView({ loaded }: { loaded: Loaded }) {
  const toast = useToast();
  const { definition, target } = loaded;
  const [frame, setFrame] = useState(loaded.frame);
  const latest = useRef(frame);
  useEffect(() => {
    latest.current = frame;
  }, [frame]);
  const save = useCallback(
    async (items: WireItem[]) => {
      try {
        await saveStaffForm({
          type_evaluation: String(definition.type),
          evaluator_user_id: target.evaluatorId,
          rated_user_id: target.ratedId,
          evaluation_id: target.evaluationId,
          questions: [...items, ...framePairs(latest.current)],
        });
      } catch (error) {
        throw new Error(errorMessage(error));
      }
    },
    [definition, target],
  );
  const notify = useCallback(
    (message: string, variant: 'error' | 'success' | 'info') => (variant === 'success' ? toast.success(message, TOAST_MS.interviewSaved) : toast[variant](message)),
    [toast],
  );
  return (
    <QuestionnaireRunner
      definition={definition}
      details={[`${m.evaluatorLabel}: ${target.evaluatorName}`, `${m.ratedLabel}: ${target.ratedName}`]}
      initialAnswers={loaded.answers}
      onSave={save}
      notify={notify}
      frame={<StaffFrameFields statuses={definition.staff!.statuses} value={frame} onChange={(patch) => setFrame((previous) => ({ ...previous, ...patch }))} />}
    />
  );
}

/** Loads the staff form, with loading and error states, then shows it. */
export default function StaffFormPage() {
  const { evaluation = '' } = useParams();
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; loaded?: Loaded; error?: string } | null>(null);
  const key = `${attempt}:${evaluation}`;
  useEffect(() => {
    let live = true;
    loadStaffForm(evaluation).then(
      (loaded) => live && setState({ key, loaded }),
      (error: unknown) => {
        if (!live) return;
        const message = format(m.problem, { detail: errorMessage(error) });
        toast.error(message);
        setState({ key, error: message });
      },
    );
    return () => {
      live = false;
    };
  }, [evaluation, key, toast]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const current = state?.key === key ? state : null;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {current === null && (
        <Box component="main" sx={{ p: 3 }}>
          <Loading />
        </Box>
      )}
      {current?.error && (
        <Box component="main" sx={{ p: 3 }}>
          <LoadError message={current.error} onRetry={retry} />
        </Box>
      )}
      {current?.loaded && <StaffFormView key={key} loaded={current.loaded} />}
    </Box>
  );
}
