/**
 * `npm run definitions:check [file…]`: validates definition files against the schemas and the
 * semantic checks (cross-references and lints), run before every build so the browser only ever
 * receives validated definitions. With no file, every file of `definitions/` (catalogue, risk matrix,
 * questionnaires, dashboards); with files, only those: a questionnaire may lie outside `definitions/`
 * (a copy being edited; its `extends` still names the repository's questionnaires), a dashboard is
 * checked against the repository's questionnaires. Prints every error as "file /json/path: mensagem"
 * and exits 1, or prints a one-line summary and exits 0.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileVersionState } from '../apps/server/src/definitionVersions.ts';
import { definitionsDir } from '../apps/server/src/definitions.ts';
import { formatVersion } from '../engine/definition/versions.ts';
import type { QuestionnaireDefinition } from '../engine/definition/types.ts';
import { describeErrors, parseCatalog, parseDashboard, parseQuestionnaire, parseRiskMatrix, type DefinitionError, type QuestionnaireLookup } from '../engine/definition/parse.ts';
import { riskStepsErrors } from '../engine/definition/risk.ts';
import { format, messages } from '../engine/messages.ts';

/** What a definition file is. */
export type DefinitionKind = 'catalog' | 'questionnaire' | 'dashboard' | 'riskMatrix';

/** A file being checked: its path as shown, its kind and its JSON. */
export interface CheckedFile {
  /** Path relative to the repository when inside it, else as given ("definitions/questionnaires/estresse.json"). */
  file: string;
  kind: DefinitionKind;
  json: unknown;
}

/** What the checks know of the repository: its questionnaires, by file name and by evaluation type. */
export interface Repository {
  /** Reads `definitions/questionnaires/{name}.json` (for `extends`). */
  lookup: QuestionnaireLookup;
  /** The repository's valid questionnaires by evaluation type (through the catalogue). */
  byType: Map<number, QuestionnaireDefinition>;
}

/** One check of a file: its errors, each at a JSON path. */
export type Check = (file: CheckedFile, repository: Repository) => DefinitionError[];

/** Schema, cross-references and lints of each kind of file. */
const parsed: Check = ({ kind, json }, repository) => {
  if (kind === 'riskMatrix') {
    const matrix = parseRiskMatrix(json);
    return matrix.ok ? riskStepsErrors(matrix.value, repository.byType) : matrix.errors;
  }
  const result =
    kind === 'catalog' ? parseCatalog(json) : kind === 'dashboard' ? parseDashboard(json, repository.byType, repository.lookup) : parseQuestionnaire(json, repository.lookup);
  return result.ok ? [] : result.errors;
};

const KIND_TEXT = { text: 'kindText', structure: 'kindStructure', scoring: 'kindScoring' } as const;

/**
 * A questionnaire against its file's published versions (`definitions/versions/{file}/`): a scoring
 * change needs a new major version (refused at each changed path); in the repository, any change not
 * yet published asks for `npm run definitions:publish`. A copy outside the repository is only checked
 * for scoring changes (it is being edited).
 */
const versions: Check = ({ file, kind, json }, repository) => {
  if (kind !== 'questionnaire') return [];
  const result = parseQuestionnaire(json, repository.lookup);
  if (!result.ok) return [];
  const state = fileVersionState(definitionsDir, basename(file, '.json'), result.value);
  const { check } = state;
  if (check.state === 'published') return [];
  if (check.state === 'refused') {
    const latest = formatVersion(check.latest);
    return check.changes.map((change) => ({ pointer: change.pointer, message: format(text.versionScoring, { latest, detail: change.detail, needed: check.needed }) }));
  }
  if (isAbsolute(file)) return [];
  const next = formatVersion(check.next);
  if (state.versions.length === 0) return [{ pointer: '/', message: format(text.versionFirst, { next }) }];
  return [{ pointer: '/', message: format(text.versionUnpublished, { kind: text[KIND_TEXT[check.kind]], next }) }];
};

/** Every check, in order; a new check is one more entry. */
const checks: Check[] = [parsed, versions];

const root = fileURLToPath(new URL('..', import.meta.url));
const text = messages.definitionCheck;

function readJson(path: string): { json: unknown } | { error: DefinitionError } {
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    return { error: { pointer: '/', message: format(text.unreadable, { detail: (error as Error).message }) } };
  }
  try {
    return { json: JSON.parse(source) as unknown };
  } catch (error) {
    // V8's text, without the copy of the source it may quote ("Unexpected token '}', "{…" is not valid JSON").
    const detail = (error as Error).message.split(/, "|\n/)[0]!;
    const position = /position (\d+)/.exec(detail);
    if (!position) return { error: { pointer: '/', message: format(text.invalidJson, { detail }) } };
    const before = source.slice(0, Number(position[1])).split('\n');
    return { error: { pointer: '/', message: format(text.invalidJsonAt, { line: before.length, column: before[before.length - 1]!.length + 1, detail }) } };
  }
}

/** The kind of a file: by its folder or name, else by what it holds. */
function kindOf(path: string, json: unknown): DefinitionKind {
  const folder = basename(dirname(path));
  if (basename(path) === 'catalog.json') return 'catalog';
  if (basename(path) === 'riskMatrix.json') return 'riskMatrix';
  if (folder === 'dashboards') return 'dashboard';
  if (folder === 'questionnaires') return 'questionnaire';
  const fields = typeof json === 'object' && json !== null ? json : {};
  if ('datasets' in fields || 'layout' in fields) return 'dashboard';
  if ('types' in fields && !('pages' in fields)) return 'catalog';
  return 'questionnaire';
}

/** Every definition file of the repository. */
function allFiles(): string[] {
  const jsonIn = (folder: string) =>
    readdirSync(`${definitionsDir}${folder}`)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => `${definitionsDir}${folder}/${file}`);
  return [`${definitionsDir}catalog.json`, `${definitionsDir}riskMatrix.json`, ...jsonIn('questionnaires'), ...jsonIn('dashboards')];
}

/** The repository's questionnaires, for `extends` and for the dashboards. */
function repository(): Repository {
  const questionnaire = (name: string) => `${definitionsDir}questionnaires/${name}.json`;
  const lookup: QuestionnaireLookup = (name) => {
    if (!existsSync(questionnaire(name))) return undefined;
    const read = readJson(questionnaire(name));
    return 'json' in read ? read.json : undefined;
  };
  const catalog = readJson(`${definitionsDir}catalog.json`);
  const entries = 'json' in catalog ? parseCatalog(catalog.json) : undefined;
  const byType = new Map<number, QuestionnaireDefinition>();
  for (const entry of entries?.ok ? entries.value.types : []) {
    if (!entry.definition) continue;
    const result = parseQuestionnaire(lookup(entry.definition), lookup);
    if (result.ok) byType.set(entry.type, result.value);
  }
  return { lookup, byType };
}

/** Checks the files (every definition file when none is given); the errors by file, in order. */
export function checkDefinitions(paths: string[]): { file: string; errors: DefinitionError[] }[] {
  const repo = repository();
  return (paths.length > 0 ? paths.map((path) => resolve(path)) : allFiles()).map((path) => {
    const inside = relative(root, path);
    const file = inside.startsWith('..') || isAbsolute(inside) ? path : inside;
    const read = readJson(path);
    if ('error' in read) return { file, errors: [read.error] };
    const checked: CheckedFile = { file, kind: kindOf(path, read.json), json: read.json };
    return { file, errors: checks.flatMap((check) => check(checked, repo)) };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = checkDefinitions(process.argv.slice(2));
  const failed = results.filter(({ errors }) => errors.length > 0);
  for (const { file, errors } of failed) console.error(describeErrors(file, errors));
  if (failed.length > 0) {
    const errors = failed.reduce((total, { errors: list }) => total + list.length, 0);
    console.error(format(text.summaryInvalid, { errors, files: failed.length, count: results.length }));
    process.exit(1);
  }
  console.log(format(text.summaryValid, { count: results.length }));
}
