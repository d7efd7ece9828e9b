/**
 * Writes `tests/durations.json` from the last `npm test` report (`test-results/vitest.json`): the seconds
 * each file of 5 s or more took, which `tests/sequencer.ts` uses to start slow files first. A file run by
 * two projects (the server tests on PGlite and on PostgreSQL) keeps its longer time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const report = JSON.parse(readFileSync(`${root}test-results/vitest.json`, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const seconds: Record<string, number> = {};
for (const file of report.testResults) {
  const path = relative(root, file.name);
  const taken = Math.round((file.endTime - file.startTime) / 1000);
  if (taken >= 5) seconds[path] = Math.max(seconds[path] ?? 0, taken);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(`${root}tests/durations.json`, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files of 5 s or more`);
