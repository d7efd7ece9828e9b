import shared from '../../definitions/interview360.json' with { type: 'json' };
import json from '../../definitions/questionnaires/interview360.json' with { type: 'json' };
import { resolveQuestionnaire } from '../definition/extend.ts';
import type { QuestionnaireDefinition } from '../definition/types.ts';
import { interviewModel } from './definition.ts';
import type { InterviewDefinition } from './types.ts';

/*
 * The interview's definition for code without the server's loaded definitions (the browser): the file
 * with its `$ref`s to the shared competency list followed. No Ajv here: the server validates the same
 * file at start (`app.definitions.questionnaires.get(11)`), and the build checks every definition.
 */

/** `definitions/questionnaires/interview360.json` resolved; a reference that cannot be followed fails at import, never at a request. */
export const interviewQuestionnaire: QuestionnaireDefinition = (() => {
  const resolved = resolveQuestionnaire(json, (name) => (name === '../interview360' ? shared : undefined));
  if (!resolved.ok) throw new Error(`definitions/questionnaires/interview360.json: ${resolved.errors.map((error) => `${error.pointer} ${error.message}`).join('; ')}`);
  return resolved.value as QuestionnaireDefinition;
})();

/** The interview's model (blocks, statuses, grade guide) read off `interviewQuestionnaire`. */
export const interview360: InterviewDefinition = interviewModel(interviewQuestionnaire);
