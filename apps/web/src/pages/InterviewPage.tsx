import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { heldAnswers } from '../../../../engine/answers/held';
import type { Answers, WireItem } from '../../../../engine/definition/types';
import { interviewQuestionnaire } from '../../../../engine/interview/interview360';
import { format, messages } from '../../../../engine/messages';
import { QuestionnaireRunner } from '../../../../renderer/QuestionnaireRunner';
import { ApiError, errorMessage } from '../api/client';
import { findEvaluation } from '../api/endpoints';
import { loadInterviewAnswers, saveInterview } from '../api/interview';
import { LoadError, Loading } from '../components/PageStates';
import { TOAST_MS, useToast } from '../toast';
import { frameFromSaved, framePairs, type InterviewFrame } from './interview/formModel';
import { InterviewFrameFields } from './interview/InterviewFrameFields';

const m = messages.screenInterview;
const definition = interviewQuestionnaire;

/** Who the interview is about: the ids the save call needs and the names of the header. */
interface InterviewTarget {
  evaluationId: string;
  evaluatorId: number;
  evaluatorName: string;
  ratedId: number;
  ratedName: string;
}

type Loaded = { target: InterviewTarget; answers: Answers; frame: InterviewFrame };

/** Loads the evaluation (evaluator and rated) and then its saved answers. */
async function loadInterview(evaluationId: string): Promise<Loaded> {
  const evaluation = await findEvaluation(evaluationId);
  if (evaluation.type_evaluation !== definition.type) throw new ApiError(m.wrongType, 400);
  if (evaluation.rated === null) throw new ApiError(m.noRated, 400);
  const saved = await loadInterviewAnswers(evaluation.rated, evaluation.user_id);
  return {
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
 * The 360 interview (/interview360/{evaluation}), full screen outside the layout: the questionnaire
 * `interview360` run by the questionnaire machine and renderer in staff mode, with the interview's
 * status and attendance dates around it; every save sends both.
 */
function InterviewForm({ loaded }: { loaded: Loaded }) {
  const toast = useToast();
  const { target } = loaded;
  const [frame, setFrame] = useState(loaded.frame);
  const latest = useRef(frame);
  useEffect(() => {
    latest.current = frame;
  }, [frame]);
  const save = useCallback(
    async (items: WireItem[]) => {
      try {
        await saveInterview({
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
    [target],
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
      frame={<InterviewFrameFields statuses={definition.staff!.statuses} value={frame} onChange={(patch) => setFrame((previous) => ({ ...previous, ...patch }))} />}
    />
  );
}

/** Loads the interview, with loading and error states, then shows its form. */
export default function InterviewPage() {
  const { evaluation = '' } = useParams();
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; loaded?: Loaded; error?: string } | null>(null);
  const key = `${attempt}:${evaluation}`;
  useEffect(() => {
    let live = true;
    loadInterview(evaluation).then(
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
      {current?.loaded && <InterviewForm key={key} loaded={current.loaded} />}
    </Box>
  );
}
