import json from '../../definitions/interview360.json' with { type: 'json' };
import { parseInterviewDefinition } from './definition.ts';
import type { InterviewDefinition } from './types.ts';

/** The parsed `definitions/interview360.json`; a broken file fails at import, never at a request. */
export const interview360: InterviewDefinition = (() => {
  const parsed = parseInterviewDefinition(json);
  if (!parsed.ok) throw new Error(`definitions/interview360.json: ${parsed.errors.map((error) => `${error.pointer} ${error.message}`).join('; ')}`);
  return parsed.value;
})();
