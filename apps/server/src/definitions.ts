import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalog, CatalogEntry } from '../../../engine/definition/catalog.ts';
import type { DashboardDefinition } from '../../../engine/definition/dashboard.ts';
import { describeErrors, parseCatalog, parseDashboard, parseQuestionnaire, type ParseResult } from '../../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';

/** The catalogue and every questionnaire it references, parsed once at start. */
export interface Definitions {
  /** The parsed catalogue. */
  catalog: Catalog;
  /** Catalogue entry by evaluation type id. */
  types: Map<number, CatalogEntry>;
  /** Parsed questionnaire by evaluation type id (types without a questionnaire are absent). */
  questionnaires: Map<number, QuestionnaireDefinition>;
  /** Parsed and checked dashboard by its `/dash/{id}` id. */
  dashboards: Map<number, DashboardDefinition>;
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

/** Reads and parses `definitions/catalog.json` and its questionnaires; throws listing every problem. */
export function loadDefinitions(dir: string = definitionsDir): Definitions {
  const catalog = parseCatalog(readJson(`${dir}/catalog.json`));
  if (!catalog.ok) throw new Error(describeErrors('catalog.json', catalog.errors));
  const types = new Map<number, CatalogEntry>();
  const questionnaires = new Map<number, QuestionnaireDefinition>();
  for (const entry of catalog.value.types) {
    types.set(entry.type, entry);
    if (!entry.definition) continue;
    const parsed = parseQuestionnaireFile(entry.definition, dir);
    if (!parsed.ok) throw new Error(describeErrors(`questionnaires/${entry.definition}.json`, parsed.errors));
    questionnaires.set(entry.type, parsed.value);
  }
  const dashboards = new Map<number, DashboardDefinition>();
  for (const file of readdirSync(`${dir}/dashboards`).filter((name) => name.endsWith('.json')).sort()) {
    const parsed = parseDashboard(readJson(`${dir}/dashboards/${file}`), questionnaires);
    if (!parsed.ok) throw new Error(describeErrors(`dashboards/${file}`, parsed.errors));
    dashboards.set(parsed.value.id, parsed.value);
  }
  return { catalog: catalog.value, types, questionnaires, dashboards };
}
