/**
 * Validates every definition file (catalogue, questionnaires, dashboards) against the schemas and
 * cross-references; run before every build so the browser only ever receives validated definitions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeErrors, parseCatalog, parseDashboard, parseQuestionnaire, type ParseResult } from '../engine/definition/parse.ts';

const dir = fileURLToPath(new URL('../definitions/', import.meta.url));
const read = (file: string): unknown => JSON.parse(readFileSync(`${dir}${file}`, 'utf8'));
const jsonIn = (folder: string) => readdirSync(`${dir}${folder}`).filter((file) => file.endsWith('.json')).map((file) => `${folder}/${file}`);

const checks: [string, ParseResult<unknown>][] = [
  ['catalog.json', parseCatalog(read('catalog.json'))],
  ...jsonIn('questionnaires').map((file): [string, ParseResult<unknown>] => [file, parseQuestionnaire(read(file))]),
  ...jsonIn('dashboards').map((file): [string, ParseResult<unknown>] => [file, parseDashboard(read(file))]),
];
const failed = checks.filter(([, result]) => !result.ok);
for (const [file, result] of failed) if (!result.ok) console.error(describeErrors(`definitions/${file}`, result.errors));
if (failed.length > 0) process.exit(1);
console.log(`${checks.length} definitions valid`);
