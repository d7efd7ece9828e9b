import type { PublicEvaluation } from '../contract/evaluations.ts';
import type { EvaluationView } from '../repositories/evaluations.ts';

/** An evaluation as the public link lookup shows it (`GET /evaluation/find/{id}` and the page's bootstrap). */
export function evaluationLink(view: EvaluationView): PublicEvaluation {
  return {
    id: view.id,
    user_id: view.userId,
    rated: view.rated,
    rated_sector: view.ratedSector,
    type_evaluation: view.typeEvaluation,
    version: view.version,
    definition_version: view.definitionVersion,
    done: view.done,
    expire_at: view.expireAt ? view.expireAt.toISOString() : null,
    evaluator_name: view.evaluatorName,
    rated_name: view.ratedName,
    rated_sector_name: view.ratedSectorName,
  };
}
