/**
 * Validates every definition file (catalogue, questionnaires, dashboards) against the schemas and
 * cross-references; run before every build so the browser only ever receives validated definitions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { definitionsDir, parseQuestionnaireFile, questionnaireNames } from '../apps/server/src/definitions.ts';
import { describeErrors, parseCatalog, parseDashboard, type ParseResult } from '../engine/definition/parse.ts';

const read = (file: string): unknown => JSON.parse(readFileSync(`${definitionsDir}${file}`, 'utf8'));
const jsonIn = (folder: string) => readdirSync(`${definitionsDir}${folder}`).filter((file) => file.endsWith('.json')).map((file) => `${folder}/${file}`);

const checks: [string, ParseResult<unknown>][] = [
  ['catalog.json', parseCatalog(read('catalog.json'))],
  ...questionnaireNames().map((name): [string, ParseResult<unknown>] => [`questionnaires/${name}.json`, parseQuestionnaireFile(name)]),
  ...jsonIn('dashboards').map((file): [string, ParseResult<unknown>] => [file, parseDashboard(read(file))]),
];
const failed = checks.filter(([, result]) => !result.ok);
for (const [file, result] of failed) if (!result.ok) console.error(describeErrors(`definitions/${file}`, result.errors));
if (failed.length > 0) process.exit(1);
console.log(`${checks.length} definitions valid`);
