/**
 * Validates every definition file (catalogue, questionnaires, dashboards) against the schemas and
 * cross-references; run before every build so the browser only ever receives validated definitions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { definitionsDir, parseQuestionnaireFile, questionnaireNames } from '../apps/server/src/definitions.ts';
import { describeErrors, parseCatalog, parseDashboard, type ParseResult } from '../engine/definition/parse.ts';

const read = (file: string): unknown => JSON.parse(readFileSync(`${definitionsDir}${file}`, 'utf8'));
const jsonIn = (folder: string) => readdirSync(`${definitionsDir}${folder}`).filter((file) => file.endsWith('.json')).map((file) => `${folder}/${file}`);

const catalog = parseCatalog(read('catalog.json'));
const questionnaires = new Map(questionnaireNames().map((name) => [name, parseQuestionnaireFile(name)] as const));
// Dashboards are checked against the questionnaires of their evaluation types.
const byType = new Map(
  (catalog.ok ? catalog.value.types : []).flatMap((entry) => {
    const parsed = entry.definition ? questionnaires.get(entry.definition) : undefined;
    return parsed?.ok ? [[entry.type, parsed.value] as const] : [];
  }),
);
const checks: [string, ParseResult<unknown>][] = [
  ['catalog.json', catalog],
  ...[...questionnaires].map(([name, parsed]): [string, ParseResult<unknown>] => [`questionnaires/${name}.json`, parsed]),
  ...jsonIn('dashboards').map((file): [string, ParseResult<unknown>] => [file, parseDashboard(read(file), byType)]),
];
const failed = checks.filter(([, result]) => !result.ok);
for (const [file, result] of failed) if (!result.ok) console.error(describeErrors(`definitions/${file}`, result.errors));
if (failed.length > 0) process.exit(1);
console.log(`${checks.length} definitions valid`);
