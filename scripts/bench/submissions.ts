/**
 * The submission path, `POST /api/tableresponse/multiple`, against two baselines in one process, with
 * no HTTP, no JSON, no validation and no plugins:
 *
 * - **plain SQL** (the floor): the two statements the work needs, in one transaction, straight on the
 *   driver (PGlite's `transaction`, a `pg` pool client's BEGIN/COMMIT): the conditional UPDATE that
 *   marks the evaluation done, then one INSERT of its answers;
 * - **repository functions**: the route's own database work, one transaction that claims the open
 *   evaluation and inserts the answers, through the repository function it calls (`submitResponses`).
 *
 * The headline ratio is the route's rate over the plain-SQL rate: what the server costs on top of the
 * database's own work.
 *
 * One server is started on a fresh database (a PGlite data directory, or a new database on the
 * PostgreSQL server) and creates 3(N + WARMUP) PSS-14 evaluations through the API. On PGlite, whose data
 * directory one process holds at a time, the server is stopped, its directory copied for the baselines and
 * the server started again on the original. Each side first submits WARMUP evaluations, not counted (see
 * `warmup`); the three sides then run in alternating rounds (ROUND
 * submissions of the route, of the repository functions, of plain SQL, again…), CONCURRENCY at a time
 * each, so a machine busy with other work slows all three alike; the route's requests come from
 * loopback addresses (the public rate limit counts per address).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { submitResponses } from '../../apps/server/src/repositories/responses.ts';
import { decodeAnswers } from '../../engine/answers/decoding.ts';
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import type { WireItem } from '../../engine/definition/types.ts';
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

/** A database's figures: the route, the repository functions, plain SQL, and the route's ratios. */
export interface SubmissionComparison {
  backend: string;
  http: RateResult;
  repository: RateResult;
  plain: RateResult;
  /** The route's rate over plain SQL's (the floor). */
  ratio: number;
  /** The route's rate over the repository functions'. */
  repositoryRatio: number;
}

/** What to measure. */
export interface SubmissionOptions {
  /** Submissions per side. Default 1,000. */
  n?: number;
  /** Requests in flight. Default 16. */
  concurrency?: number;
  /** Submissions of one side per round. Default 100. */
  round?: number;
  /**
   * Submissions of each side before the measured rounds, not counted (a round's worth by default): the
   * server and this process have just opened their databases, and the first few hundred transactions run
   * PGlite's WebAssembly and the JavaScript around it before V8 has optimised them (seen as several times
   * the steady CPU time a submission in the first round, most of it on V8's compiler threads).
   */
  warmup?: number;
  /** A PostgreSQL server URL (a new database is made on it and dropped); absent: PGlite. */
  postgresUrl?: string;
  /** Extra environment for the server (e.g. LOG_LEVEL). */
  env?: Record<string, string | undefined>;
  /** Command the server runs under (`startAppServer`'s `wrap`), e.g. to profile it. */
  wrap?: (command: string[]) => string[];
  /** Told as each round starts and ends, with its side: 0 the route, 1 the repository functions, 2 plain SQL (profiling). */
  onRound?: (side: number, phase: 'start' | 'end') => void;
}

/** Respondents post from their own addresses (127.1.x.y), at most this many submissions each. */
const SUBMITS_PER_ADDRESS = 20;
const QUESTIONS = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) }));

function sourceAddress(index: number): string {
  const group = Math.floor(index / SUBMITS_PER_ADDRESS);
  return `127.1.${Math.floor(group / 250)}.${(group % 250) + 1}`;
}

type Evaluation = CreatedEvaluation;

/** One side's work: it submits the evaluation it is given and says null, or what went wrong. */
type Submit = (evaluation: Evaluation, index: number) => Promise<string | null>;

/** A side's timings, added up over its rounds. */
class Side {
  private readonly latencies: number[] = [];
  private readonly errors = new Map<string, number>();
  private ok = 0;
  private attempted = 0;
  private milliseconds = 0;

  constructor(
    private readonly evaluations: Evaluation[],
    private readonly submit: Submit,
  ) {}

  /** Submits evaluations [from, to), `concurrency` at a time; a warm-up round (`counted` false) leaves no figures. */
  async round(from: number, to: number, concurrency: number, counted = true): Promise<void> {
    const latencies = this.latencies.length;
    const ok = this.ok;
    const errors = new Map(this.errors);
    let next = from;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < to) {
          const index = next++;
          const t0 = performance.now();
          let failure: string | null;
          try {
            failure = await this.submit(this.evaluations[index]!, index);
          } catch (error) {
            failure = `exception ${(error as Error).message}`;
          }
          this.latencies.push(performance.now() - t0);
          if (failure === null) this.ok += 1;
          else this.errors.set(failure, (this.errors.get(failure) ?? 0) + 1);
        }
      }),
    );
    if (!counted) {
      this.latencies.length = latencies;
      this.ok = ok;
      this.errors.clear();
      for (const [failure, count] of errors) this.errors.set(failure, count);
      return;
    }
    this.milliseconds += performance.now() - started;
    this.attempted += to - from;
  }

  result(): RateResult {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const seconds = this.milliseconds / 1000;
    return { attempted: this.attempted, ok: this.ok, errors: this.errors, seconds, perSecond: this.attempted / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  }
}

/** Submits over HTTP, each group of respondents from its own loopback address over a kept-alive connection. */
function overHttp(server: () => AppServer): { submit: Submit; close(): void } {
  const agents = new Map<string, Agent>();
  const post = (localAddress: string, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      let agent = agents.get(localAddress);
      if (!agent) agents.set(localAddress, (agent = new Agent({ keepAlive: true, localAddress })));
      const payload = JSON.stringify(body);
      const req = request(
        `${server().baseUrl}/api/tableresponse/multiple`,
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
  return {
    submit: async (evaluation, index) => {
      const body = { evaluator_user_id: evaluation.user_id, rated_user_id: evaluation.user_id, type_evaluation: 13, evaluation_id: evaluation.id, rated_sector_id: null, version: 1, questions: QUESTIONS };
      const response = await post(sourceAddress(index), body);
      return response.status === 201 ? null : `${response.status} ${response.text.slice(0, 120)}`;
    },
    close: () => {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}

/** The wire items the route stores for the benchmark's answers. */
function storedItems(): WireItem[] {
  const definition = loadDefinitions().questionnaires.get(13)!;
  return encodeAnswers(definition, decodeAnswers(definition, QUESTIONS).answers);
}

/** The route's database work through the repository function it calls: claim and insert in one transaction. */
function throughRepositories(database: Database): Submit {
  const items = storedItems();
  return async (evaluation) => ((await submitResponses(database.db, evaluation.id, new Date(), () => items)) ? null : 'already done');
}

const MARK_DONE = 'UPDATE evaluations SET done = true WHERE id = $1 AND done = false AND (expire_at IS NULL OR expire_at >= $2) RETURNING id';

/** The floor: the two statements in one transaction, straight on the driver. */
function plainSql(database: Database): Submit {
  const items = storedItems();
  const insert = `INSERT INTO responses (evaluation_id, question, response) VALUES ${items.map((_, index) => `($1, $${2 * index + 2}, $${2 * index + 3})`).join(', ')}`;
  const values = (id: string) => [id, ...items.flatMap((item) => [item.question, item.response])];
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    return async (evaluation) => {
      let done = false;
      await pglite.transaction(async (tx) => {
        done = (await tx.query(MARK_DONE, [evaluation.id, new Date()])).rows.length === 1;
        if (done) await tx.query(insert, values(evaluation.id));
      });
      return done ? null : 'already done';
    };
  }
  const pool = client as pg.Pool;
  return async (evaluation) => {
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      const done = (await connection.query(MARK_DONE, [evaluation.id, new Date()])).rows.length === 1;
      if (done) await connection.query(insert, values(evaluation.id));
      await connection.query('COMMIT');
      return done ? null : 'already done';
    } catch (error) {
      await connection.query('ROLLBACK');
      throw error;
    } finally {
      connection.release();
    }
  };
}

/** Measures the three sides on one database; see the file's comment. */
export async function compareSubmissions(options: SubmissionOptions = {}): Promise<SubmissionComparison> {
  const n = options.n ?? 1000;
  const concurrency = options.concurrency ?? 16;
  const roundSize = options.round ?? 100;
  const warmup = options.warmup ?? roundSize;
  const postgres = options.postgresUrl ? await emptyPostgresDatabase(options.postgresUrl) : undefined;
  const databaseUrl = postgres?.url;
  const durable = !['0', 'false'].includes(options.env?.PGLITE_DURABLE ?? '');
  const dataDir = mkdtempSync(join(tmpdir(), 'avalia-bench-'));
  const copyDir = mkdtempSync(join(tmpdir(), 'avalia-bench-copy-'));
  const start = () => startAppServer({ dataDir, wrap: options.wrap, env: { ...options.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
  let server: AppServer | undefined;
  let database: Database | undefined;
  const http = overHttp(() => server!);
  try {
    server = await start();
    const token = await adminToken(server);
    const perSide = n + warmup;
    const evaluations = await createEvaluations(server, token, 3 * perSide, 13);
    // Creating them queued an e-mail each: let the queue drain first, or its work would be counted
    // against the route (the baselines run with no server at all).
    await drainOutbox(server, token, evaluations.length);
    if (!databaseUrl) {
      await server.stop();
      server = undefined;
      cpSync(join(dataDir, 'pglite'), join(copyDir, 'pglite'), { recursive: true });
      server = await start();
    }
    database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: copyDir, durable });
    const sides = [
      new Side(evaluations.slice(0, perSide), http.submit),
      new Side(evaluations.slice(perSide, 2 * perSide), throughRepositories(database)),
      new Side(evaluations.slice(2 * perSide), plainSql(database)),
    ] as const;
    for (const side of sides) await side.round(n, perSide, concurrency, false);
    for (let from = 0; from < n; from += roundSize) {
      for (const [index, side] of sides.entries()) {
        options.onRound?.(index, 'start');
        await side.round(from, Math.min(n, from + roundSize), concurrency);
        options.onRound?.(index, 'end');
      }
    }
    const [route, repository, plain] = sides.map((side) => side.result()) as [RateResult, RateResult, RateResult];
    return {
      backend: databaseUrl ? 'PostgreSQL 15' : durable ? 'PGlite (durable)' : 'PGlite (PGLITE_DURABLE=0)',
      http: route,
      repository,
      plain,
      ratio: route.perSecond / plain.perSecond,
      repositoryRatio: route.perSecond / repository.perSecond,
    };
  } finally {
    http.close();
    await server?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copyDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

/** The markdown table of some comparisons. */
export function submissionTable(results: SubmissionComparison[], concurrency: number): string[] {
  const lines = [
    `**\`POST /api/tableresponse/multiple\` against the same database work in one process: plain SQL (two statements in one transaction) and the repository functions (valid PSS-14, ${concurrency} concurrent, loopback, alternating rounds)**`,
    '',
    '| database | path | submissions | errors | per second | p50 | p95 | route ÷ this |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    for (const [path, side, ratio] of [
      ['HTTP route', result.http, '1×'],
      ['repository functions', result.repository, `${result.repositoryRatio.toFixed(2)}×`],
      ['plain SQL (the floor)', result.plain, `**${result.ratio.toFixed(2)}×** (aim ≥ 0.5×)`],
    ] as const) {
      const errors = [...side.errors.values()].reduce((sum, count) => sum + count, 0);
      lines.push(`| ${result.backend} | ${path} | ${side.attempted} | ${errors} | ${side.perSecond.toFixed(0)} | ${side.p50.toFixed(1)} ms | ${side.p95.toFixed(1)} ms | ${ratio} |`);
    }
  }
  return lines;
}
