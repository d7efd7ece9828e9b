/**
 * The product attacked as a hostile user would (`npm run hostile`), re-runnable: every part starts the
 * real server (`scripts/lib/appServer.ts`) on a fresh data directory or a scratch PostgreSQL database,
 * prints its figures as markdown for the README's security section, and exits 1 when anything got
 * through (a 5xx, another company's data, a lost acknowledged answer, a connection reset).
 *
 * Parts (`--only=name`, repeatable; all by default):
 * - `requests`: generated hostile requests over every route of the OpenAPI document and every role, and the
 *   two-company matrix (`scripts/hostile/requests.ts`);
 * - `tokens`: forged, expired, re-signed and replayed tokens (`scripts/hostile/tokens.ts`);
 * - `crowd`: 300 respondents fetching a questionnaire page and its assets at once, and 500 simultaneous
 *   respondents answering (`scripts/hostile/crowd.ts`);
 * - `crash`: `kill -9` under concurrent respondents, counting acknowledged answers lost and the time to
 *   restart (`scripts/hostile/crash.ts`);
 * - `bombs`: zip bombs built from the real template and a `$ref` bomb, each upload's status, time and the
 *   server's memory growth (`scripts/hostile/bombs.ts`).
 *
 * Each part's own options are in its file's header.
 */
import { bombs } from './hostile/bombs.ts';
import { crash } from './hostile/crash.ts';
import { crowd } from './hostile/crowd.ts';
import { parseOptions, type HostilePart, type HostileReport } from './hostile/report.ts';
import { requests } from './hostile/requests.ts';
import { tokens } from './hostile/tokens.ts';

const parts: HostilePart[] = [requests, tokens, crowd, crash, bombs];
const options = parseOptions(process.argv.slice(2));

if (options.flag('help')) {
  process.stdout.write(`npm run hostile -- [--only=${parts.map((part) => part.name).join('|')}]...\n${parts.map((part) => `  ${part.name}: ${part.summary}`).join('\n')}\n`);
  process.exit(0);
}
const only = options.values.get('only');
const unknown = (only ?? []).filter((name) => !parts.some((part) => part.name === name));
if (unknown.length > 0) {
  process.stderr.write(`Parte desconhecida: ${unknown.join(', ')} (conhecidas: ${parts.map((part) => part.name).join(', ')})\n`);
  process.exit(2);
}

const reports: HostileReport[] = [];
for (const part of parts.filter((candidate) => !only || only.includes(candidate.name))) {
  options.log(`${part.name}: ${part.summary}`);
  const started = Date.now();
  reports.push(await part.run({ ...options, log: (text) => process.stderr.write(`[hostile:${part.name}] ${text}\n`) }));
  options.log(`${part.name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
for (const report of reports) {
  process.stdout.write(`\n### ${report.title}\n\n${report.markdown.trim()}\n`);
  for (const failure of report.failures) process.stdout.write(`\n- FALHOU: ${failure}\n`);
}
const failed = reports.flatMap((report) => report.failures);
process.stdout.write(`\n${failed.length === 0 ? 'Nada passou.' : `${failed.length} falha(s).`}\n`);
process.exit(failed.length === 0 ? 0 : 1);
