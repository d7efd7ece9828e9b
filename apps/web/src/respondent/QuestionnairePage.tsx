import { useCallback, useEffect, useState } from 'react';
import type { Answers, QuestionnaireDefinition, WireItem } from '../../../../engine/definition/types';
import type { EvaluationLink } from '../../../../engine/lifecycle/respondentLink';
import { outcomePath } from '../../../../engine/lifecycle/respondentPaths';
import { Loading } from '../../../../renderer/Loading';
import { preloadForm, QuestionnaireRunner } from '../../../../renderer/QuestionnaireRunner';
import { ApiError, callApi } from '../api/http';
import { clearKeptAnswers, keepAnswers, keptAnswers } from './keptAnswers';

export { preloadForm };

/** What the form needs: the evaluation, its definition and the lines under the title. */
export interface LinkForm {
  evaluation: EvaluationLink;
  definition: QuestionnaireDefinition;
  details: string[];
}

/**
 * Any questionnaire link `/{slug}/{id}`. With `initial` (the server sent the page ready, its HTML
 * included) it hydrates at once; otherwise it checks the link and loads the definition first.
 */
export default function QuestionnairePage({ slug, id, navigate, initial }: { slug: string; id: string; navigate: (path: string) => void; initial?: LinkForm }) {
  const [loaded, setLoaded] = useState<LinkForm | null>(initial ?? null);
  const [hydrating] = useState(initial !== undefined);

  useEffect(() => {
    if (initial) return;
    let active = true;
    (async () => {
      const { loadLink } = await import('./loadLink');
      const link = await loadLink(slug, id);
      if (!active) return;
      if (link.kind === 'outcome') return navigate(link.path);
      await preloadForm(link.definition);
      if (active) setLoaded(link);
    })().catch(() => {
      if (active) navigate(outcomePath('invalid', id));
    });
    return () => {
      active = false;
    };
  }, [id, slug, navigate, initial]);

  const evaluation = loaded?.evaluation;
  const submit = useCallback(
    async (questions: WireItem[]) => {
      if (!evaluation) return;
      try {
        await callApi('/tableresponse/multiple', {
          method: 'POST',
          body: {
            evaluator_user_id: evaluation.user_id,
            rated_user_id: evaluation.rated ?? evaluation.user_id,
            type_evaluation: evaluation.type_evaluation,
            evaluation_id: evaluation.id,
            rated_sector_id: evaluation.rated_sector,
            version: evaluation.version,
            questions,
          },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) navigate(outcomePath('done', id));
        if (error instanceof ApiError && error.status === 410) navigate(outcomePath('expired', String(Date.parse(evaluation.expire_at ?? ''))));
        throw error;
      }
    },
    [evaluation, id, navigate],
  );
  const submitted = useCallback(() => {
    clearKeptAnswers(id);
    navigate(outcomePath('complete', id));
  }, [id, navigate]);
  const keep = useCallback((answers: Answers) => keepAnswers(id, answers), [id]);
  const [kept] = useState(() => keptAnswers(id));

  if (!loaded) return <Loading />;
  return (
    <QuestionnaireRunner
      definition={loaded.definition}
      details={loaded.details}
      initialAnswers={kept}
      hydrating={hydrating}
      onSubmit={submit}
      onSubmitted={submitted}
      onAnswersChange={keep}
    />
  );
}
