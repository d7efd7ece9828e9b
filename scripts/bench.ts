/**
 * Benchmarks, measured and never asserted (`npm run bench`); each prints a markdown table for the README.
 * Everything runs on loopback against the real server (`scripts/lib/appServer.ts`) or the real routes.
 *
 * 1. `tap`: the time to the first tappable answer of every questionnaire link, and to the staff app's
 *    first screen after sign-in, on a throttled phone in headless Chromium, alternating with a SurveyJS 3
 *    page of the same PSS-14 (the yardstick); the JavaScript each loads, and whether any of it is ECharts
 *    or Ajv code (`scripts/bench/firstTap.ts`);
 * 2. `submit`: `POST /api/tableresponse/multiple` against the same database work in one process, as plain
 *    SQL (the floor) and through the repository functions, in alternating rounds, on PGlite (durable, the
 *    default, and with PGLITE_DURABLE=0) and PostgreSQL (`scripts/bench/submissions.ts`);
 * 3. `mail`: how fast a backlog of queued evaluation e-mails drains to the outbox and to a local SMTP
 *    server, beside the first version's queue settings (`scripts/bench/mail.ts`);
 * 4. `results`: a dashboard's data call (`/dash/13`) over 100,000 answered
 *    evaluations, against one bare SQL `GROUP BY` computing the same aggregates (`scripts/bench/results.ts`);
 *    then the heatmap by sector over 100,000 psychological-safety evaluations and the means of two rounds
 *    of 50,000 PSS-14 evaluations, each against its bare `GROUP BY` (`scripts/bench/heatmap.ts`);
 * 5. `listing`: the data-management listing over 100,000 evaluations (`scripts/bench/listing.ts`);
 * 6. `import`: the import of 10,000 employees from an .xlsx (`scripts/bench/import.ts`);
 * 7. `reports`: the 360 and consolidated-scanner PDFs over HTTP, and the event loop while 20 render
 *    (`scripts/bench/reports.ts`).
 *
 * Options: --only=tap|submit|mail|results|listing|import|reports (repeatable), --rounds=3 (tap), --n=1000
 * (submissions per side), --round=100 (submit: per side and round), --concurrency=16, --mails=1000, --answered=100000 (results), --sectored=100000 and --perRound=50000 (results: the heatmap, the rounds), --rows=100000
 * (listing), --employees=10000 (import), --people=50 and --pdfs=DIR (reports: keep the PDFs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import catalog from '../definitions/catalog.json' with { type: 'json' };
import pss14 from '../definitions/questionnaires/estresse.json' with { type: 'json' };
import { benchFirstTap, surveyJsYardstick, tapTable, type TapComparison } from './bench/firstTap.ts';
import { benchComparisons, comparisonsTable, type ComparisonBenchRow } from './bench/heatmap.ts';
import { benchImport, type BenchImportResult } from './bench/import.ts';
import { benchListingPglite, benchListingPostgres, type ListingResult } from './bench/listing.ts';
import { benchMail, mailTable, type MailBenchRow } from './bench/mail.ts';
import { benchReports, reportsTable, type ReportsBenchResult } from './bench/reports.ts';
import { benchResults, resultsTable, type ResultsBenchRow } from './bench/results.ts';
import { compareSubmissions, submissionTable, type SubmissionComparison } from './bench/submissions.ts';
import { credentials, parseLinks, repoRoot, startAppServer } from './lib/appServer.ts';
import { testPostgresUrl } from './lib/scratchDatabase.ts';
import { launchChromium } from './lib/browser.ts';

const args = new Map<string, string[]>();
for (const arg of process.argv.slice(2)) {
  const [key, value = 'true'] = arg.replace(/^--/, '').split('=', 2) as [string, string?];
  args.set(key, [...(args.get(key) ?? []), value]);
}
const numberArg = (name: string, fallback: number) => Number(args.get(name)?.[0] ?? fallback);
const only = args.get('only');
const wanted = (part: string) => !only || only.includes(part);
const CONCURRENCY = numberArg('concurrency', 16);
const ROUNDS = numberArg('rounds', 3);
const TEST_POSTGRES_URL = testPostgresUrl;

const log = (text: string) => console.log(`[bench] ${text}`);

/** Every questionnaire link of the demo data and the staff app, against the SurveyJS yardstick. */
async function measureTaps(): Promise<TapComparison[]> {
  if (!existsSync(join(repoRoot, 'dist/web/.vite/manifest.json'))) {
    log('dist/web is missing or old: building');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
  }
  log('building the SurveyJS yardstick');
  const yardstick = await surveyJsYardstick(pss14 as never);
  const server = await startAppServer();
  const browser = await launchChromium();
  try {
    await server.waitForLinks('estresse');
    // The seed prints a PSS-14 link per employee and one link of every other questionnaire type: one of
    // each type (two types share the slug alinhamentovalores: the employee's and the manager's version).
    const slugs = new Set(catalog.types.flatMap((entry) => ('definition' in entry && entry.slug ? [entry.slug] : [])));
    const printed = parseLinks(server.output()).filter((link, index, all) => slugs.has(link.slug) && (link.slug !== 'estresse' || all.findIndex((other) => other.slug === 'estresse') === index));
    const links = await Promise.all(
      printed.map(async (link) => {
        const shared = printed.filter((other) => other.slug === link.slug).length > 1;
        if (!shared) return link;
        const found = (await (await fetch(`${server.baseUrl}/api/evaluation/find/${link.id}`)).json()) as { type_evaluation: number };
        return { ...link, note: catalog.types.find((entry) => entry.type === found.type_evaluation)?.name };
      }),
    );
    const response = await fetch(`${server.baseUrl}/api/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials.admin) });
    const staffSession = (await response.json()) as { token: string; user: unknown };
    return await benchFirstTap({ browser, baseUrl: server.baseUrl, links, staffSession, yardstick, rounds: ROUNDS, log });
  } finally {
    await browser.close();
    await server.stop();
    await yardstick.close();
  }
}

async function main() {
  const failures: string[] = [];
  const attempt = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
      return undefined;
    }
  };

  let taps: TapComparison[] = [];
  if (wanted('tap')) {
    log(`first tap on a throttled phone, ${ROUNDS} rounds against SurveyJS`);
    taps = (await attempt('tap', measureTaps)) ?? [];
  }

  const submissions: SubmissionComparison[] = [];
  if (wanted('submit')) {
    const n = numberArg('n', 1000);
    for (const [name, options] of [
      ['PGlite (durable)', {}],
      ['PGlite (PGLITE_DURABLE=0)', { env: { PGLITE_DURABLE: '0' } }],
      ['PostgreSQL', { postgresUrl: TEST_POSTGRES_URL }],
    ] as const) {
      log(`submissions on ${name}: ${n} over HTTP, ${n} through the repository functions and ${n} as plain SQL, alternating, ${CONCURRENCY} concurrent`);
      const result = await attempt(`submit on ${name}`, () => compareSubmissions({ n, concurrency: CONCURRENCY, round: numberArg('round', 100), ...options }));
      if (result) submissions.push(result);
    }
  }

  let mails: MailBenchRow[] = [];
  if (wanted('mail')) {
    const count = numberArg('mails', 1000);
    log(`e-mail queue: a backlog of ${count} on PGlite and PostgreSQL, to the outbox and to SMTP, then the first version's settings`);
    mails = (await attempt('mail', () => benchMail({ count, postgresUrl: TEST_POSTGRES_URL }))) ?? [];
  }

  const aggregations: ResultsBenchRow[] = [];
  const comparisons: ComparisonBenchRow[] = [];
  if (wanted('results')) {
    const answered = numberArg('answered', 100_000);
    for (const [name, postgresUrl] of [
      ['PGlite', undefined],
      ['PostgreSQL', TEST_POSTGRES_URL],
    ] as const) {
      log(`results aggregation over ${answered} answered evaluations on ${name}`);
      const result = await attempt(`results on ${name}`, () => benchResults({ rows: answered, postgresUrl }));
      if (result) aggregations.push(result);
    }
    const people = numberArg('sectored', 100_000);
    const perRound = numberArg('perRound', 50_000);
    for (const [name, postgresUrl] of [
      ['PGlite', undefined],
      ['PostgreSQL', TEST_POSTGRES_URL],
    ] as const) {
      log(`heatmap by sector over ${people} and two rounds of ${perRound} answered evaluations on ${name}`);
      const result = await attempt(`heatmap and rounds on ${name}`, () => benchComparisons({ people, perRound, postgresUrl, log }));
      if (result) comparisons.push(...result);
    }
  }

  const listings: ListingResult[] = [];
  if (wanted('listing')) {
    const rows = numberArg('rows', 100_000);
    for (const [name, run] of [
      ['PGlite', () => benchListingPglite(rows)],
      ['PostgreSQL', () => benchListingPostgres(TEST_POSTGRES_URL, rows)],
    ] as const) {
      log(`listing over ${rows} evaluations on ${name}`);
      const result = await attempt(`listing on ${name}`, run);
      if (result) listings.push(result);
    }
  }

  const imports: (BenchImportResult & { backend: string })[] = [];
  if (wanted('import')) {
    const employees = numberArg('employees', 10_000);
    for (const [backend, postgresUrl] of [
      ['PGlite', undefined],
      ['PostgreSQL 15', TEST_POSTGRES_URL],
    ] as const) {
      log(`import of ${employees} employees on ${backend}`);
      const result = await attempt(`import on ${backend}`, () => benchImport({ rows: employees, postgresUrl }));
      if (result) imports.push({ backend, ...result });
    }
  }

  let reports: ReportsBenchResult | undefined;
  if (wanted('reports')) {
    const people = numberArg('people', 50);
    log(`PDF reports: a 360 of 10 evaluators, a consolidated scanner of ${people} people, the event loop during 20 at once`);
    reports = await attempt('reports', () => benchReports({ people, pdfDir: args.get('pdfs')?.[0], log }));
  }

  const lines: string[] = [`Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.`, ''];
  if (taps.length) lines.push(...tapTable(taps, ROUNDS), '');
  if (submissions.length) lines.push(...submissionTable(submissions, CONCURRENCY), '');
  if (mails.length) lines.push(...mailTable(mails), '');
  if (aggregations.length) lines.push(...resultsTable(aggregations), '');
  if (comparisons.length) lines.push(...comparisonsTable(comparisons), '');
  if (listings.length) {
    lines.push(`**\`POST /api/evaluation/find\` (data management) over ${listings[0]!.rows.toLocaleString('en')} evaluations, 4 concurrent clients**`, '');
    lines.push('| database | query | matching rows | p50 | p95 | req/s |', '|---|---|---:|---:|---:|---:|');
    for (const result of listings) {
      for (const row of result.cases) {
        lines.push(`| ${result.backend} | ${row.name} | ${row.more ? 'more than ' : ''}${row.total.toLocaleString('en')} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${row.perSecond.toFixed(0)} |`);
      }
    }
    lines.push('');
  }
  if (imports.length) {
    lines.push('**`POST /api/users/excel/{companyId}`: import of an .xlsx of new employees (one transaction)**', '');
    lines.push('| database | employees | seconds | employees/s |', '|---|---:|---:|---:|');
    for (const result of imports) lines.push(`| ${result.backend} | ${result.rows.toLocaleString('en')} | ${result.seconds.toFixed(2)} | ${result.rowsPerSecond.toFixed(0)} |`);
    lines.push('');
  }

  if (reports) lines.push(...reportsTable(reports), '');

  console.log(`\n${lines.join('\n')}`);
  for (const result of submissions) {
    for (const [side, run] of [['HTTP', result.http], ['repository functions', result.repository], ['plain SQL', result.plain]] as const) {
      for (const [kind, count] of run.errors) console.log(`[bench] ${result.backend} ${side} error ×${count}: ${kind}`);
    }
  }
  if (failures.length) {
    console.log('\nNot measured:');
    for (const failure of failures) console.log(`- ${failure}`);
    process.exitCode = 1;
  }
}

await main();
