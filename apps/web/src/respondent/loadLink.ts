import { baseName, resolveQuestionnaire } from '../../../../engine/definition/extend';
import type { QuestionnaireDefinition } from '../../../../engine/definition/types';
import { detailLines, linkDestination, type EvaluationLink } from '../../../../engine/lifecycle/respondentLink';
import { outcomePath } from '../../../../engine/lifecycle/respondentPaths';
import { ApiError } from '../api/http';
import { findEvaluation } from '../api/endpoints';
import { catalog } from '../catalog';
import { sharedDefinition } from '../sharedDefinitions';

// One lazily loaded chunk per definition file: a link loads only its own questionnaire.
const definitionFiles = import.meta.glob<{ default: unknown }>('../../../../definitions/questionnaires/*.json');
// The published versions (already resolved): an older link opens the version it was sent with.
const versionFiles = import.meta.glob<{ default: unknown }>('../../../../definitions/versions/*/*.json');

/** A file a questionnaire's `$ref` names ('../interview360'), or a questionnaire file already loaded. */
function lookupIn(files: Map<string, unknown>): (name: string) => unknown {
  return (name) => sharedDefinition(name) ?? files.get(name);
}

async function loadFile(file: string): Promise<unknown> {
  const load = definitionFiles[`../../../../definitions/questionnaires/${file}.json`];
  return load ? (await load()).default : undefined;
}

/**
 * Loads a definition: the published version the evaluation records, or else the file and the bases it
 * extends. They were validated when the app was built (npm run build).
 */
export async function loadDefinition(file: string, version: string | null | undefined): Promise<QuestionnaireDefinition | undefined> {
  const published = version ? versionFiles[`../../../../definitions/versions/${file}/${version}.json`] : undefined;
  if (published) return (await published()).default as QuestionnaireDefinition;
  const files = new Map<string, unknown>();
  for (let name: string | undefined = file; name !== undefined && !files.has(name); ) {
    const json = await loadFile(name);
    if (json === undefined) return undefined;
    files.set(name, json);
    name = baseName(json);
  }
  const resolved = resolveQuestionnaire(files.get(file), lookupIn(files));
  return resolved.ok ? (resolved.value as QuestionnaireDefinition) : undefined;
}

/** What a link opens: its form (evaluation, definition, detail lines) or the path of an outcome page. */
export type LoadedLink = { kind: 'open'; evaluation: EvaluationLink; definition: QuestionnaireDefinition; details: string[] } | { kind: 'outcome'; path: string };

/**
 * Loads a link in the browser, for pages the server did not send ready (the Vite dev server): the
 * evaluation, then its definition. The server does the same before sending a link's HTML.
 */
export async function loadLink(slug: string, id: string): Promise<LoadedLink> {
  let evaluation: EvaluationLink | null = null;
  try {
    evaluation = await findEvaluation(id);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  const destination = linkDestination(catalog, slug, id, evaluation, new Date());
  if (destination.kind === 'outcome') return destination;
  const definition = await loadDefinition(destination.entry.definition, evaluation?.definition_version);
  if (!definition || !evaluation) return { kind: 'outcome', path: outcomePath('invalid', id) };
  return { kind: 'open', evaluation, definition, details: detailLines(definition, evaluation) };
}
