/**
 * The 360 interview's questionnaire, a staff form, parsed and checked from its file the way the server
 * loads it (`$ref`s to the shared competency list followed): for the tests of staff forms. Read from
 * the working directory, so jsdom tests can use it too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeErrors, parseQuestionnaire } from '../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../engine/definition/types.ts';

const questionnaires = join(process.cwd(), 'definitions/questionnaires');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8')) as unknown;

/** `definitions/questionnaires/{name}.json` parsed, its bases and `$ref`s followed; throws listing its problems. */
export function questionnaireFile(name: string): QuestionnaireDefinition {
  const path = (file: string) => join(questionnaires, `${file}.json`);
  const parsed = parseQuestionnaire(readJson(path(name)), (base) => (existsSync(path(base)) ? readJson(path(base)) : undefined));
  if (!parsed.ok) throw new Error(describeErrors(`questionnaires/${name}.json`, parsed.errors));
  return parsed.value;
}

/** `definitions/questionnaires/interview360.json`: the interview, the staff form the tests use. */
export const interviewQuestionnaire: QuestionnaireDefinition = questionnaireFile('interview360');
