import { useCallback, useEffect, useState } from 'react';
import type { Answers, QuestionnaireDefinition, WireItem } from '../../../../engine/definition/types';
import { linkState } from '../../../../engine/lifecycle/linkState';
import { outcomePath } from '../../../../engine/lifecycle/respondentPaths';
import { Loading } from '../../../../renderer/Loading';
import { QuestionnaireRunner } from '../../../../renderer/QuestionnaireRunner';
import { preloadWidgets } from '../../../../renderer/widgets/registry';
import { ApiError, request } from '../api/client';
import { findEvaluation, type EvaluationInfo } from '../api/endpoints';
import { catalog } from '../catalog';
import { clearKeptAnswers, keepAnswers, keptAnswers } from './keptAnswers';

// One lazily loaded chunk per definition file: a link loads only its own questionnaire.
const definitionFiles = import.meta.glob<{ default: unknown }>('../../../../definitions/questionnaires/*.json');

async function loadDefinition(file: string): Promise<QuestionnaireDefinition | undefined> {
  const load = definitionFiles[`../../../../definitions/questionnaires/${file}.json`];
  // Definitions are validated against their schema when the app is built (npm run build).
  return load ? ((await load()).default as QuestionnaireDefinition) : undefined;
}

type Loaded = { evaluation: EvaluationInfo; definition: QuestionnaireDefinition; answers: Answers };

/** Any questionnaire link `/{slug}/{id}`: checks the link, loads the type's definition and runs it. */
export default function QuestionnairePage({ slug, id, navigate }: { slug: string; id: string; navigate: (path: string) => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let active = true;
    const invalid = () => navigate(outcomePath('invalid', id));
    (async () => {
      const evaluation = await findEvaluation(id);
      const entry = catalog.types.find((type) => type.slug === slug && type.type === evaluation.type_evaluation);
      const state = linkState(evaluation, new Date());
      if (!active) return;
      if (!entry?.definition) return invalid();
      if (state === 'done') return navigate(outcomePath('done', id));
      if (state === 'expired') return navigate(outcomePath('expired', String(Date.parse(evaluation.expire_at ?? ''))));
      const definition = await loadDefinition(entry.definition);
      if (!active) return;
      if (!definition) return invalid();
      await preloadWidgets(definition);
      if (!active) return;
      setLoaded({ evaluation, definition, answers: keptAnswers(id) });
    })().catch(() => {
      if (active) invalid();
    });
    return () => {
      active = false;
    };
  }, [id, slug, navigate]);

  const evaluation = loaded?.evaluation;
  const submit = useCallback(
    async (questions: WireItem[]) => {
      if (!evaluation) return;
      try {
        await request('/tableresponse/multiple', {
          method: 'POST',
          auth: false,
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

  if (!loaded) return <Loading />;
  return (
    <QuestionnaireRunner
      definition={loaded.definition}
      initialAnswers={loaded.answers}
      onSubmit={submit}
      onSubmitted={submitted}
      onAnswersChange={keep}
    />
  );
}
