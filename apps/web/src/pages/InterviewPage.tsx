import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { interview360 } from '../../../../engine/interview/interview360';
import { format, messages } from '../../../../engine/messages';
import { ApiError, errorMessage } from '../api/client';
import { findEvaluation } from '../api/endpoints';
import { loadInterviewAnswers } from '../api/interview';
import { LoadError, Loading } from '../components/PageStates';
import { useToast } from '../toast';
import { formFromSaved, type InterviewForm } from './interview/formModel';
import { InterviewFormView, type InterviewTarget } from './interview/InterviewFormView';

const m = messages.screenInterview;

type Loaded = { target: InterviewTarget; form: InterviewForm };

/** Loads the evaluation (evaluator and rated) and then its saved answers. */
async function loadInterview(evaluationId: string): Promise<Loaded> {
  const evaluation = await findEvaluation(evaluationId);
  if (evaluation.type_evaluation !== interview360.typeEvaluation) throw new ApiError(m.wrongType, 400);
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
    form: formFromSaved(interview360, saved),
  };
}

/** The 360 interview form (/interview360/{evaluation}), full screen outside the layout. */
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
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {current === null && (
        <Box sx={{ p: 3 }}>
          <Loading />
        </Box>
      )}
      {current?.error && (
        <Box sx={{ p: 3 }}>
          <LoadError message={current.error} onRetry={retry} />
        </Box>
      )}
      {current?.loaded && <InterviewFormView key={key} definition={interview360} target={current.loaded.target} initial={current.loaded.form} />}
    </Box>
  );
}
