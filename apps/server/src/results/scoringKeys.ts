import type { QuestionnaireDefinition } from '../../../../engine/definition/types.ts';
import { compileScoringKey, type ScoringKey } from '../../../../engine/scoring/scoringKey.ts';

const compiled = new WeakMap<QuestionnaireDefinition, ScoringKey>();

/** A definition's scoring key, compiled once per loaded definition. */
export function scoringKeyOf(definition: QuestionnaireDefinition): ScoringKey {
  let key = compiled.get(definition);
  if (!key) compiled.set(definition, (key = compileScoringKey(definition)));
  return key;
}
