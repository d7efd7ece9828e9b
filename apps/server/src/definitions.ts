import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalog, CatalogEntry } from '../../../engine/definition/catalog.ts';
import type { DashboardDefinition } from '../../../engine/definition/dashboard.ts';
import { describeErrors, parseCatalog, parseDashboard, parseQuestionnaire, parseRiskMatrix, type ParseResult } from '../../../engine/definition/parse.ts';
import { riskStepsErrors, type RiskMatrix } from '../../../engine/definition/risk.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import { describeVersionState, fileVersionState, type QuestionnaireVersion } from './definitionVersions.ts';

/** The catalogue and every questionnaire it references, parsed once at start. */
export interface Definitions {
  /** The parsed catalogue. */
  catalog: Catalog;
  /** Catalogue entry by evaluation type id. */
  types: Map<number, CatalogEntry>;
  /** The current questionnaire by evaluation type id (types without a questionnaire are absent). */
  questionnaires: Map<number, QuestionnaireDefinition>;
  /**
   * Every published version of each type's questionnaire, oldest first; the last is the current one
   * (the same object as in `questionnaires`).
   */
  versions: Map<number, QuestionnaireVersion[]>;
  /** Parsed and checked dashboard by its `/dash/{id}` id. */
  dashboards: Map<number, DashboardDefinition>;
  /** The default risk matrix (`riskMatrix.json`): a company without its own rates its psychosocial risks by it. */
  riskMatrix: RiskMatrix;
}

/** The folder of the definition files. */
export const definitionsDir = fileURLToPath(new URL('../../../definitions/', import.meta.url));

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** Parses `questionnaires/{name}.json`, resolving `extends` against the files beside it. */
export function parseQuestionnaireFile(name: string, dir: string = definitionsDir): ParseResult<QuestionnaireDefinition> {
  const path = (file: string) => `${dir}/questionnaires/${file}.json`;
  return parseQuestionnaire(readJson(path(name)), (base) => (existsSync(path(base)) ? readJson(path(base)) : undefined));
}

/** The names (without `.json`) of every questionnaire file. */
export function questionnaireNames(dir: string = definitionsDir): string[] {
  return readdirSync(`${dir}/questionnaires`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/** Reads and parses `definitions/catalog.json`, its questionnaires, the dashboards and the risk matrix; throws listing every problem. */
export function loadDefinitions(dir: string = definitionsDir): Definitions {
  const catalog = parseCatalog(readJson(`${dir}/catalog.json`));
  if (!catalog.ok) throw new Error(describeErrors('catalog.json', catalog.errors));
  const types = new Map<number, CatalogEntry>();
  const questionnaires = new Map<number, QuestionnaireDefinition>();
  const versions = new Map<number, QuestionnaireVersion[]>();
  for (const entry of catalog.value.types) {
    types.set(entry.type, entry);
    if (!entry.definition) continue;
    const parsed = parseQuestionnaireFile(entry.definition, dir);
    if (!parsed.ok) throw new Error(describeErrors(`questionnaires/${entry.definition}.json`, parsed.errors));
    // The server runs published versions only: a file changed since its last version is refused.
    const state = fileVersionState(dir, entry.definition, parsed.value);
    const problem = describeVersionState(state);
    if (problem) throw new Error(problem);
    const published = state.versions;
    published[published.length - 1] = { ...published.at(-1)!, definition: parsed.value };
    questionnaires.set(entry.type, parsed.value);
    versions.set(entry.type, published);
  }
  const dashboards = new Map<number, DashboardDefinition>();
  for (const file of readdirSync(`${dir}/dashboards`).filter((name) => name.endsWith('.json')).sort()) {
    const parsed = parseDashboard(readJson(`${dir}/dashboards/${file}`), questionnaires, (name) => (existsSync(`${dir}/questionnaires/${name}.json`) ? readJson(`${dir}/questionnaires/${name}.json`) : undefined));
    if (!parsed.ok) throw new Error(describeErrors(`dashboards/${file}`, parsed.errors));
    dashboards.set(parsed.value.id, parsed.value);
  }
  const matrix = parseRiskMatrix(readJson(`${dir}/riskMatrix.json`));
  if (!matrix.ok) throw new Error(describeErrors('riskMatrix.json', matrix.errors));
  const steps = riskStepsErrors(matrix.value, questionnaires);
  if (steps.length > 0) throw new Error(describeErrors('riskMatrix.json', steps));
  return { catalog: catalog.value, types, questionnaires, versions, dashboards, riskMatrix: matrix.value };
}

/**
 * The questionnaire an evaluation was created with: its recorded version, or the current one when it
 * recorded none (a type without versions) or names one this server does not have.
 */
export function questionnaireOf(definitions: Definitions, type: number, version: string | null | undefined): QuestionnaireDefinition | undefined {
  const found = version ? definitions.versions.get(type)?.find((candidate) => candidate.version === version) : undefined;
  return found?.definition ?? definitions.questionnaires.get(type);
}

/**
 * The definition that scores the answers of one major version of a type: its latest minor version
 * (every minor of a major scores alike; the latest has the newest texts).
 */
export function scoringEdition(definitions: Definitions, type: number, major: number): QuestionnaireDefinition | undefined {
  return definitions.versions
    .get(type)
    ?.filter((candidate) => candidate.number.major === major)
    .at(-1)?.definition;
}

/** The definition scoring each major version of a type (the current one for the current major), oldest first. */
export function scoringEditions(definitions: Definitions, type: number): [number, QuestionnaireDefinition][] {
  const current = definitions.questionnaires.get(type);
  if (!current) return [];
  const majors = [...new Set((definitions.versions.get(type) ?? []).map((version) => version.number.major))].sort((a, b) => a - b);
  const currentMajor = current.version ?? 1;
  return (majors.length > 0 ? majors : [currentMajor]).flatMap((major): [number, QuestionnaireDefinition][] => {
    const definition = major === currentMajor ? current : scoringEdition(definitions, type, major);
    return definition ? [[major, definition]] : [];
  });
}
