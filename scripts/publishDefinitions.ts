/**
 * `npm run definitions:publish`: writes the next version (`definitions/versions/{file}/{major}.{minor}.json`)
 * of every questionnaire changed since its last published version. Texts and structure give the next
 * minor version; a scoring change needs a new major version declared in the file (`"version": 2`), and
 * is refused without one (nothing is written for that file, the command exits 1).
 */
import { publishVersions } from '../apps/server/src/definitionVersions.ts';
import { definitionsDir, parseQuestionnaireFile, questionnaireNames } from '../apps/server/src/definitions.ts';
import { describeErrors } from '../engine/definition/parse.ts';

const dir = process.argv[2] ?? definitionsDir;
const entries = [];
let invalid = false;
for (const name of questionnaireNames(dir)) {
  const parsed = parseQuestionnaireFile(name, dir);
  if (!parsed.ok) {
    console.error(describeErrors(`definitions/questionnaires/${name}.json`, parsed.errors));
    invalid = true;
    continue;
  }
  entries.push({ name, definition: parsed.value });
}
const { published, problems } = publishVersions(dir, entries);
for (const line of published) console.log(line);
for (const problem of problems) console.error(problem);
if (published.length === 0 && problems.length === 0 && !invalid) console.log('Nada a publicar: todos os questionários estão na sua última versão.');
if (problems.length > 0 || invalid) process.exit(1);
