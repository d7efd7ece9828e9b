import { useCallback, useEffect, useState } from 'react';
import type { Answers, QuestionnaireDefinition, WireItem } from '../../../../engine/definition/types';
import { linkState } from '../../../../engine/lifecycle/linkState';
import { outcomePath } from '../../../../engine/lifecycle/respondentPaths';
import { Loading } from '../../../../renderer/Loading';
import { QuestionnaireRunner } from '../../../../renderer/QuestionnaireRunner';
import { preloadWidgets } from '../../../../renderer/widgets/registry';
import { ApiError, request } from '../api/client';
import { findEvaluation, findSectorName, type EvaluationInfo } from '../api/endpoints';
import { baseName, resolveQuestionnaire } from '../../../../engine/definition/extend';
import { messages } from '../../../../engine/messages';
import { toast } from '../../../../renderer/toast';
import { catalog } from '../catalog';
import { clearKeptAnswers, keepAnswers, keptAnswers } from './keptAnswers';

// One lazily loaded chunk per definition file: a link loads only its own questionnaire.
const definitionFiles = import.meta.glob<{ default: unknown }>('../../../../definitions/questionnaires/*.json');

async function loadFile(file: string): Promise<unknown> {
  const load = definitionFiles[`../../../../definitions/questionnaires/${file}.json`];
  return load ? (await load()).default : undefined;
}

/** Loads a definition and the bases it extends. They were validated when the app was built (npm run build). */
async function loadDefinition(file: string): Promise<QuestionnaireDefinition | undefined> {
  const files = new Map<string, unknown>();
  for (let name: string | undefined = file; name !== undefined && !files.has(name); ) {
    const json = await loadFile(name);
    if (json === undefined) return undefined;
    files.set(name, json);
    name = baseName(json);
  }
  const resolved = resolveQuestionnaire(files.get(file), (name) => files.get(name));
  return resolved.ok ? (resolved.value as QuestionnaireDefinition) : undefined;
}

/** The detail lines under the title, from the evaluation (and the rated sector's name, fetched). */
async function detailLines(definition: QuestionnaireDefinition, evaluation: EvaluationInfo): Promise<string[]> {
  const lines: string[] = [];
  for (const detail of definition.details ?? []) {
    let value: string | undefined;
    if (detail.source === 'ratedName') value = evaluation.rated_name;
    else if (detail.source === 'evaluatorName') value = evaluation.evaluator_name;
    else if (evaluation.rated_sector !== null) {
      try {
        value = (await findSectorName(evaluation.rated_sector)).sector_name;
      } catch {
        toast(messages.form.sectorError, 'error', 10000);
      }
    }
    if (value) lines.push(`${detail.label}: ${value}`);
  }
  return lines;
}

type Loaded = { evaluation: EvaluationInfo; definition: QuestionnaireDefinition; answers: Answers; details: string[] };

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
      const [details] = await Promise.all([detailLines(definition, evaluation), preloadWidgets(definition)]);
      if (!active) return;
      setLoaded({ evaluation, definition, answers: keptAnswers(id), details });
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
      details={loaded.details}
      initialAnswers={loaded.answers}
      onSubmit={submit}
      onSubmitted={submitted}
      onAnswersChange={keep}
    />
  );
}
