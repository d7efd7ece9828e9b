/**
 * Benchmarks, measured and never asserted (`npm run bench`):
 * 1. the JavaScript a respondent's phone loads for every questionnaire link (raw and gzip -9, per file,
 *    each in a fresh browser context), and whether any of it is ECharts or Ajv code;
 * 2. submissions per second through `POST /api/tableresponse/multiple` on PGlite and on PostgreSQL
 *    (a fresh database on TEST_POSTGRES_URL's server, dropped afterwards).
 * Everything runs on loopback against the real server (`scripts/lib/appServer.ts`), started with a
 * fresh DATA_DIR each time; ends with a markdown table for the README.
 *
 * 3. the data-management listing over 100,000 evaluations on both databases (`scripts/bench/listing.ts`);
 * 4. the import of 10,000 employees from an .xlsx on both databases (`scripts/bench/import.ts`).
 *
 * Options: --n=2000 (submissions per database), --concurrency=16, --max-seconds=180 (per database),
 * --rows=100000 (listing), --employees=10000 (import),
 * --only=bundle|pglite|postgres|listing|import (repeatable).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import catalog from '../definitions/catalog.json' with { type: 'json' };
import { credentials, parseLinks, repoRoot, startAppServer, type AppServer } from './lib/appServer';
import { launchChromium } from './lib/browser';
import { benchImport, type BenchImportResult } from './bench/import.ts';
import { benchListingPglite, benchListingPostgres, type ListingResult } from './bench/listing.ts';

const args = new Map<string, string[]>();
for (const arg of process.argv.slice(2)) {
  const [key, value = 'true'] = arg.replace(/^--/, '').split('=', 2) as [string, string?];
  args.set(key, [...(args.get(key) ?? []), value]);
}
const numberArg = (name: string, fallback: number) => Number(args.get(name)?.[0] ?? fallback);
const N = numberArg('n', 2000);
const CONCURRENCY = numberArg('concurrency', 16);
const MAX_SECONDS = numberArg('max-seconds', 180);
const only = args.get('only');
const wanted = (part: string) => !only || only.includes(part);
const BUDGET_KB = 140;
const AIM_KB = 120;
const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://avalia:avalia@127.0.0.1:5432/postgres';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const log = (text: string) => console.log(`[bench] ${text}`);

/** Code that must never reach the respondent route, recognised by strings only that code holds. */
const FORBIDDEN = [
  { name: 'echarts', file: /echarts|zrender/i, markers: ['_echarts_instance_'] },
  { name: 'ajv', file: /(^|[^a-z])ajv/i, markers: ['must have required property', 'strictTuples'] },
];

interface ScriptFile {
  url: string;
  raw: number;
  gzip: number;
  forbidden: string[];
}

interface BundleResult {
  /** The link's slug. */
  slug: string;
  files: ScriptFile[];
  raw: number;
  gzip: number;
}

/** Loads every seeded questionnaire link in a phone-sized headless Chromium and weighs every script each loads. */
async function measureBundles(): Promise<BundleResult[]> {
  if (!existsSync(join(repoRoot, 'dist/web/index.html'))) {
    log('dist/web is missing: building');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const server = await startAppServer();
  const browser = await launchChromium();
  try {
    await server.waitForLinks('estresse');
    // The seed prints a PSS-14 link per employee and one link of every other questionnaire: one of each.
    const slugs = new Set(catalog.types.flatMap((entry) => ('definition' in entry && entry.slug ? [entry.slug] : [])));
    const links = parseLinks(server.output()).filter(
      (link, index, all) => slugs.has(link.slug) && (link.slug !== 'estresse' || all.findIndex((other) => other.slug === 'estresse') === index),
    );
    const results: BundleResult[] = [];
    for (const link of links) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const pending: Promise<ScriptFile | undefined>[] = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        const contentType = response.headers()['content-type'] ?? '';
        if (type !== 'script' && !/javascript/.test(contentType)) return;
        pending.push(
          response.body().then(
            (body) => {
              const text = body.toString('utf8');
              const path = new URL(response.url()).pathname;
              const forbidden = FORBIDDEN.filter(
                (rule) => rule.file.test(path.split('/').pop() ?? '') || rule.markers.some((marker) => text.includes(marker)),
              ).map((rule) => rule.name);
              return { url: path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, forbidden };
            },
            () => undefined,
          ),
        );
      });
      await page.goto(`${server.baseUrl}${link.path}`, { waitUntil: 'networkidle' });
      const files = (await Promise.all(pending)).filter((file): file is ScriptFile => file !== undefined);
      await context.close();
      results.push({ slug: link.slug, files, raw: files.reduce((sum, file) => sum + file.raw, 0), gzip: files.reduce((sum, file) => sum + file.gzip, 0) });
    }
    return results;
  } finally {
    await browser.close();
    await stopReporting(server);
  }
}

interface SubmitResult {
  backend: string;
  attempted: number;
  ok: number;
  errors: number;
  errorKinds: Map<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  setupSeconds: number;
  note?: string;
}

async function call<T>(server: AppServer, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Evaluation {
  id: string;
  user_id: number | string;
}

/** Every object in a JSON answer that looks like an evaluation (a UUID `evaluation_id` or `id`, and a `user_id`). */
function evaluationsIn(value: unknown, found: Evaluation[] = []): Evaluation[] {
  if (Array.isArray(value)) {
    for (const item of value) evaluationsIn(item, found);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const id = record.evaluation_id ?? record.id;
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) && (typeof record.user_id === 'number' || typeof record.user_id === 'string')) {
      found.push({ id, user_id: record.user_id });
    } else {
      for (const item of Object.values(record)) evaluationsIn(item, found);
    }
  }
  return found;
}

/**
 * Respondents post from their own addresses, and the server limits submissions per IP (30 a minute).
 * So each simulated respondent group posts from its own loopback address (127.1.x.y; Linux routes all
 * of 127/8 to lo), at most SUBMITS_PER_ADDRESS submissions each.
 */
const SUBMITS_PER_ADDRESS = 20;
const agents = new Map<string, Agent>();

function sourceAddress(index: number): string {
  const group = Math.floor(index / SUBMITS_PER_ADDRESS);
  return `127.1.${Math.floor(group / 250)}.${(group % 250) + 1}`;
}

/** POSTs JSON from a given local address, over a kept-alive connection per address. */
function postFrom(localAddress: string, url: string, body: unknown): Promise<{ status: number; text: string }> {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress });
    agents.set(localAddress, agent);
  }
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Creates N type-13 evaluations as the admin, then submits a valid PSS-14 for each, CONCURRENCY at a time. */
async function measureSubmissions(backend: string, env: Record<string, string>): Promise<SubmitResult> {
  const server = await startAppServer({ env });
  try {
    const setupStart = performance.now();
    const session = await call<{ token: string }>(server, 'POST', '/sessions', credentials.admin);
    const users = await call<{ id: number | string; name: string }[]>(server, 'GET', '/users/all', undefined, session.token);
    if (!Array.isArray(users) || users.length === 0) throw new Error('GET /api/users/all gave no users');
    const evaluations: Evaluation[] = [];
    const BATCH = 100;
    for (let start = 0; start < N; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, N - start) }, (_, index) => {
        const user = users[(start + index) % users.length]!;
        return { user_id: user.id, user_name: user.name, type_evaluation: 13, validate: 30 };
      });
      const created = await call<unknown>(server, 'POST', '/evaluation', { users: batch }, session.token);
      const found = evaluationsIn(created);
      if (found.length !== batch.length) {
        throw new Error(`POST /api/evaluation for ${batch.length} users returned ${found.length} evaluations: ${JSON.stringify(created).slice(0, 300)}`);
      }
      evaluations.push(...found);
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;
    log(`${backend}: ${evaluations.length} evaluations created in ${setupSeconds.toFixed(1)} s; submitting`);

    const questions = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) }));
    const latencies: number[] = [];
    const errorKinds = new Map<string, number>();
    let next = 0;
    let ok = 0;
    let errors = 0;
    const started = performance.now();
    const deadline = started + MAX_SECONDS * 1000;
    const worker = async () => {
      while (next < evaluations.length && performance.now() < deadline) {
        const index = next++;
        const evaluation = evaluations[index]!;
        const body = {
          evaluator_user_id: evaluation.user_id,
          rated_user_id: evaluation.user_id,
          type_evaluation: 13,
          evaluation_id: evaluation.id,
          rated_sector_id: null,
          version: 1,
          questions,
        };
        const t0 = performance.now();
        try {
          const response = await postFrom(sourceAddress(index), `${server.baseUrl}/api/tableresponse/multiple`, body);
          latencies.push(performance.now() - t0);
          if (response.status >= 200 && response.status < 300) ok++;
          else {
            errors++;
            const kind = `${response.status} ${response.text.slice(0, 120)}`;
            errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
          }
        } catch (error) {
          errors++;
          const kind = `network ${(error as Error).message}`;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    for (const agent of agents.values()) agent.destroy();
    agents.clear();
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      backend,
      attempted: ok + errors,
      ok,
      errors,
      errorKinds,
      seconds,
      perSecond: (ok + errors) / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      setupSeconds,
      note: ok + errors < evaluations.length ? `stopped at the ${MAX_SECONDS} s bound` : undefined,
    };
  } finally {
    await stopReporting(server);
  }
}

async function stopReporting(server: AppServer): Promise<void> {
  const { code, signal } = await server.stop();
  if (code !== 0) {
    log(`the server did not exit cleanly on SIGINT (code ${code}, signal ${signal}); its last output:\n${server.output().split('\n').slice(-8).join('\n')}`);
  }
}

/** Runs the submission benchmark on a fresh database of the local PostgreSQL, dropped afterwards. */
async function measurePostgres(): Promise<SubmitResult> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  const database = `avalia_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${database}`;
    return await measureSubmissions('PostgreSQL 15', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const failures: string[] = [];
  let bundles: BundleResult[] = [];
  const submissions: SubmitResult[] = [];

  if (wanted('bundle')) {
    log('bundles of the respondent routes');
    try {
      bundles = await measureBundles();
    } catch (error) {
      failures.push(`bundle: ${(error as Error).message}`);
    }
  }
  for (const [name, run] of [
    ['pglite', () => measureSubmissions('PGlite', {})],
    ['postgres', measurePostgres],
  ] as const) {
    if (!wanted(name)) continue;
    log(`submissions on ${name}: N=${N}, concurrency ${CONCURRENCY}`);
    try {
      submissions.push(await run());
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
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
      try {
        listings.push(await run());
      } catch (error) {
        failures.push(`listing on ${name}: ${(error as Error).message}`);
      }
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
      try {
        imports.push({ backend, ...(await benchImport({ rows: employees, postgresUrl })) });
      } catch (error) {
        failures.push(`import on ${backend}: ${(error as Error).message}`);
      }
    }
  }

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines: string[] = [];
  lines.push(`Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, Node ${process.version}.`, '');
  if (bundles.length) {
    const verdict = (bytes: number) => (bytes <= AIM_KB * 1024 ? 'within the aim' : bytes <= BUDGET_KB * 1024 ? 'within budget' : '**OVER BUDGET**');
    lines.push(`**JavaScript loaded by each questionnaire link (phone, fresh context, until network idle; budget ${BUDGET_KB} KB gzip, aim ${AIM_KB} KB)**`, '');
    lines.push('| link | files | raw | gzip -9 | verdict | ECharts or Ajv |', '|---|---:|---:|---:|---|---|');
    for (const bundle of bundles) {
      const leaked = [...new Set(bundle.files.flatMap((file) => file.forbidden))];
      lines.push(`| \`/${bundle.slug}/{id}\` | ${bundle.files.length} | ${kb(bundle.raw)} | ${kb(bundle.gzip)} | ${verdict(bundle.gzip)} | ${leaked.length ? `**YES: ${leaked.join(', ')}**` : 'no'} |`);
    }
    const heaviest = [...bundles].sort((a, b) => b.gzip - a.gzip)[0]!;
    lines.push('', `Files of the heaviest, \`/${heaviest.slug}/{id}\`:`, '', '| file | raw | gzip -9 |', '|---|---:|---:|');
    for (const file of [...heaviest.files].sort((a, b) => b.gzip - a.gzip)) {
      lines.push(`| \`${file.url}\`${file.forbidden.length ? ` ⚠ ${file.forbidden.join(', ')}` : ''} | ${kb(file.raw)} | ${kb(file.gzip)} |`);
    }
    lines.push('');
  }
  if (submissions.length) {
    lines.push(`**\`POST /api/tableresponse/multiple\` (valid PSS-14, ${CONCURRENCY} concurrent, loopback)**`, '');
    lines.push('| database | submissions | errors | req/s | p50 | p95 |', '|---|---:|---:|---:|---:|---:|');
    for (const result of submissions) {
      lines.push(
        `| ${result.backend} | ${result.attempted}${result.note ? ` (${result.note})` : ''} | ${result.errors} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} ms | ${result.p95.toFixed(1)} ms |`,
      );
    }
    lines.push('');
  }

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

  console.log(`\n${lines.join('\n')}`);
  if (bundles.some((bundle) => bundle.files.some((file) => file.forbidden.length))) {
    console.log('\n!!!!!!!! The respondent route loads ECharts or Ajv code; see the ⚠ rows above. !!!!!!!!');
  }
  for (const result of submissions) {
    for (const [kind, count] of result.errorKinds) console.log(`[bench] ${result.backend} error ×${count}: ${kind}`);
  }
  if (failures.length) {
    console.log('\nNot measured:');
    for (const failure of failures) console.log(`- ${failure}`);
    process.exitCode = 1;
  }
}

await main();
