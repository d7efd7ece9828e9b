import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalog, CatalogEntry } from '../../../engine/definition/catalog.ts';
import { describeErrors, parseCatalog, parseQuestionnaire } from '../../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';

/** The catalogue and every questionnaire it references, parsed once at start. */
export interface Definitions {
  /** The parsed catalogue. */
  catalog: Catalog;
  /** Catalogue entry by evaluation type id. */
  types: Map<number, CatalogEntry>;
  /** Parsed questionnaire by evaluation type id (types without a questionnaire are absent). */
  questionnaires: Map<number, QuestionnaireDefinition>;
}

const definitionsDir = fileURLToPath(new URL('../../../definitions/', import.meta.url));

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
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
    const source = `questionnaires/${entry.definition}.json`;
    const parsed = parseQuestionnaire(readJson(`${dir}/${source}`));
    if (!parsed.ok) throw new Error(describeErrors(source, parsed.errors));
    questionnaires.set(entry.type, parsed.value);
  }
  return { catalog: catalog.value, types, questionnaires };
}
