/**
 * The submission path, `POST /api/tableresponse/multiple`, against its baseline: the same database
 * work issued straight to the database in one process (the evaluation lookup, then one transaction
 * that marks it done and inserts the answers, through the same repository functions the route calls),
 * with no HTTP, no JSON, no validation and no plugins. The ratio of the two rates is what the server
 * costs on top of the database.
 *
 * One server is started on a fresh database (a PGlite data directory, or a new database on the
 * PostgreSQL server), creates 2N PSS-14 evaluations through the API; half are answered over HTTP,
 * CONCURRENCY at a time from loopback addresses (the public rate limit counts per address); the server
 * is stopped and the other half answered straight to the same database with the same concurrency.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { findEvaluation, markDone } from '../../apps/server/src/repositories/evaluations.ts';
import { insertResponses } from '../../apps/server/src/repositories/responses.ts';
import { decodeAnswers } from '../../engine/answers/decoding.ts';
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import { startAppServer, type AppServer } from '../lib/appServer.ts';
import { emptyPostgresDatabase } from '../lib/scratchDatabase.ts';
import { adminToken, createEvaluations, drainOutbox, type CreatedEvaluation } from '../lib/staffApi.ts';
import { percentile } from '../lib/stats.ts';

/** One side of the comparison. */
export interface RateResult {
  attempted: number;
  ok: number;
  errors: Map<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
}

/** A database's figures: over HTTP, straight to the database, and their ratio. */
export interface SubmissionComparison {
  backend: string;
  http: RateResult;
  direct: RateResult;
  ratio: number;
}

/** What to measure. */
export interface SubmissionOptions {
  /** Submissions per side. Default 1,000. */
  n?: number;
  /** Requests in flight. Default 16. */
  concurrency?: number;
  /** A PostgreSQL server URL (a new database is made on it and dropped); absent: PGlite. */
  postgresUrl?: string;
  /** Extra environment for the server (e.g. LOG_LEVEL). */
  env?: Record<string, string | undefined>;
  /** Command the server runs under (`startAppServer`'s `wrap`), e.g. to profile it. */
  wrap?: (command: string[]) => string[];
}

/** Respondents post from their own addresses (127.1.x.y), at most this many submissions each. */
const SUBMITS_PER_ADDRESS = 20;
const QUESTIONS = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) }));

function sourceAddress(index: number): string {
  const group = Math.floor(index / SUBMITS_PER_ADDRESS);
  return `127.1.${Math.floor(group / 250)}.${(group % 250) + 1}`;
}

type Evaluation = CreatedEvaluation;

/** Runs `task` over `items`, `concurrency` at a time, timing each; errors are counted by kind. */
async function timed<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<string | null>): Promise<RateResult> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let next = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        const t0 = performance.now();
        let failure: string | null;
        try {
          failure = await task(items[index]!, index);
        } catch (error) {
          failure = `exception ${(error as Error).message}`;
        }
        latencies.push(performance.now() - t0);
        if (failure === null) ok += 1;
        else errors.set(failure, (errors.get(failure) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { attempted: items.length, ok, errors, seconds, perSecond: items.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** Submits over HTTP, each group of respondents from its own loopback address over a kept-alive connection. */
async function overHttp(server: AppServer, evaluations: Evaluation[], concurrency: number): Promise<RateResult> {
  const agents = new Map<string, Agent>();
  const post = (localAddress: string, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      let agent = agents.get(localAddress);
      if (!agent) agents.set(localAddress, (agent = new Agent({ keepAlive: true, localAddress })));
      const payload = JSON.stringify(body);
      const req = request(
        `${server.baseUrl}/api/tableresponse/multiple`,
        { method: 'POST', agent, headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
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
  try {
    return await timed(evaluations, concurrency, async (evaluation, index) => {
      const body = { evaluator_user_id: evaluation.user_id, rated_user_id: evaluation.user_id, type_evaluation: 13, evaluation_id: evaluation.id, rated_sector_id: null, version: 1, questions: QUESTIONS };
      const response = await post(sourceAddress(index), body);
      return response.status === 201 ? null : `${response.status} ${response.text.slice(0, 120)}`;
    });
  } finally {
    for (const agent of agents.values()) agent.destroy();
  }
}

/** The same database work as the route, in this process: the lookup, then mark done and insert in one transaction. */
async function straight(database: Database, evaluations: Evaluation[], concurrency: number): Promise<RateResult> {
  const definition = loadDefinitions().questionnaires.get(13)!;
  const items = encodeAnswers(definition, decodeAnswers(definition, QUESTIONS).answers);
  return timed(evaluations, concurrency, async (evaluation) => {
    const found = await findEvaluation(database.db, evaluation.id);
    if (!found) return 'not found';
    const now = new Date();
    let done = false;
    await database.db.transaction(async (tx) => {
      done = await markDone(tx, evaluation.id, now);
      if (done) await insertResponses(tx, evaluation.id, items);
    });
    return done ? null : 'already done';
  });
}

/** Measures both sides on one database; see the file's comment. */
export async function compareSubmissions(options: SubmissionOptions = {}): Promise<SubmissionComparison> {
  const n = options.n ?? 1000;
  const concurrency = options.concurrency ?? 16;
  const postgres = options.postgresUrl ? await emptyPostgresDatabase(options.postgresUrl) : undefined;
  const databaseUrl = postgres?.url;
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'avalia-bench-'));
    const server = await startAppServer({ dataDir, wrap: options.wrap, env: { ...options.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
    let evaluations: Evaluation[] = [];
    let http: RateResult;
    try {
      const token = await adminToken(server);
      evaluations = await createEvaluations(server, token, 2 * n, 13);
      // Creating them queued an e-mail each: let the queue drain first, or its work would be counted
      // against the route (the straight side runs with no server at all).
      await drainOutbox(server, token, evaluations.length);
      http = await overHttp(server, evaluations.slice(0, n), concurrency);
    } finally {
      await server.stop();
    }
    const durable = !['0', 'false'].includes(options.env?.PGLITE_DURABLE ?? '');
    const database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir, durable });
    let direct: RateResult;
    try {
      direct = await straight(database, evaluations.slice(n), concurrency);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return { backend: databaseUrl ? 'PostgreSQL 15' : durable ? 'PGlite (durable)' : 'PGlite (PGLITE_DURABLE=0)', http, direct, ratio: http.perSecond / direct.perSecond };
  } finally {
    await postgres?.drop();
  }
}

/** The markdown table of some comparisons. */
export function submissionTable(results: SubmissionComparison[], concurrency: number): string[] {
  const lines = [
    `**\`POST /api/tableresponse/multiple\` against the same database work issued straight to the database (valid PSS-14, ${concurrency} concurrent, loopback)**`,
    '',
    '| database | path | submissions | errors | per second | p50 | p95 | ratio (aim ≥ 0.7×) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    for (const [path, side] of [['HTTP route', result.http], ['straight to the database', result.direct]] as const) {
      const errors = [...side.errors.values()].reduce((sum, count) => sum + count, 0);
      lines.push(`| ${result.backend} | ${path} | ${side.attempted} | ${errors} | ${side.perSecond.toFixed(0)} | ${side.p50.toFixed(1)} ms | ${side.p95.toFixed(1)} ms | ${path === 'HTTP route' ? `**${result.ratio.toFixed(2)}×**` : '1×'} |`);
    }
  }
  return lines;
}
