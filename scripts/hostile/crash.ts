/**
 * `npm run hostile -- --only=crash`: `kill -9` under concurrent respondents. The real server runs on a
 * kept data directory (or a scratch PostgreSQL database with `--postgres`); `--respondents` respondents
 * answer PSS-14 links without pause, as the respondent page does (`GET /api/evaluation/find/{id}`, then
 * `POST /api/tableresponse/multiple`, retried until the server answers, as a phone would), while staff
 * keep creating links through `POST /api/evaluation`. At seeded pseudo-random moments the server's
 * process group gets SIGKILL and is started again on the same data; every answer the server
 * acknowledged (201) is recorded with its evaluation id. At the end the server is stopped (Ctrl-C) and
 * its database opened directly: every acknowledged answer must be there (the evaluation done, its 14
 * answers stored), nothing stored twice, no half-stored evaluation, every acknowledged link created,
 * and no lock left in the data directory (after each restart it names the new server).
 * The checker was seen to fail: a server that answered 201 before its commit lost 41 of 510 acknowledged
 * answers over two kills, and the part said so.
 *
 * Failures: an acknowledged answer (or link) lost, an answer stored twice or half, a restart that fails,
 * a lock left behind, a 5xx or an answer the server refused for no reason (a 409 for a link never sent).
 * Connection errors while the server is down are expected (counted, and retried).
 *
 * Options:
 * - `--seconds=N`: answering time in total over every life of the server (default 150; the restarts
 *   come on top, a few seconds each on a quiet machine);
 * - `--kills=N`: how many times the server is killed (default 12);
 * - `--respondents=N`: respondents answering at once (default 30);
 * - `--seed=N`: the seed of the kill moments (default 23): the same seed kills after the same uptimes;
 * - `--startup-kills=N`: after this many of the kills (chosen by the seed; default 2) the first restart is
 *   killed too, at a seeded moment while it starts (a crash loop), before the restart that stays up;
 * - `--postgres`: on a scratch PostgreSQL database (`TEST_POSTGRES_URL` or the local cluster) instead of
 *   PGlite; the server then holds no data-directory lock;
 * - `--echo`: the server's warnings and errors on stderr.
 *
 * For development: `npm run hostile -- --only=crash --seconds=20 --kills=3`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { startAppServer, type AppServer } from '../lib/appServer.ts';
import { seededRandom } from '../lib/random.ts';
import { emptyPostgresDatabase } from '../lib/scratchDatabase.ts';
import { adminToken, call, drainOutbox } from '../lib/staffApi.ts';
import { median, percentile } from '../lib/stats.ts';
import type { HostileOptions, HostilePart, HostileReport } from './report.ts';

/** PSS-14 (type 13): fourteen answers, the same for every respondent. */
const TYPE = 13;
const QUESTIONS = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) }));
/** Links created per staff request, and how few unanswered ones make staff create more. */
const BATCH = 1000;
const LOW_WATER = 1500;
/** A respondent moves to a new loopback address after this many answers (the public limit is 600 requests a minute per address). */
const ANSWERS_PER_ADDRESS = 100;
/** How long a respondent waits before trying again after a failed request (a phone's retry). */
const RETRY_MS = 200;
/** A request the server does not answer in this time counts as an error (and is retried). */
const REQUEST_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The uptimes (ms) of the server's lives: `lives` seeded draws scaled to `totalMs`, none under a second. */
export function uptimes(totalMs: number, lives: number, seed: number): number[] {
  const random = seededRandom(seed);
  const weights = Array.from({ length: lives }, () => 0.2 + random());
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return weights.map((weight) => Math.max(1000, Math.round((weight / sum) * totalMs)));
}

interface Reply {
  status: number;
  text: string;
}

/** One HTTP request over `agent`; rejects on a connection error or after REQUEST_TIMEOUT_MS. */
function send(agent: Agent, url: string, method: 'GET' | 'POST', body?: unknown, token?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { Accept: 'application/json' };
    if (payload !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = request(url, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(payload);
  });
}

/** What a failed request is called in the figures: refused (nothing listens), reset (killed in flight), or its code. */
function errorKind(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection reset';
  return code ?? (error as Error).message;
}

/** The n-th respondent address: 127.2.x.y (the public rate limit counts per address). */
function loopbackAddress(n: number): string {
  return `127.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

interface Evaluation {
  id: string;
  userId: number;
}

/** What happened during a run, as the respondents and the controller saw it. */
interface Run {
  /** The server answering now; replaced at every restart. */
  server: AppServer;
  /** True between a kill and the restart's first answer. */
  down: boolean;
  /** True once the answering time is over: no new link is taken. */
  ending: boolean;
  /** True when a restart failed: every respondent stops at once. */
  abandoned: boolean;
  /** Links created (201) and not taken by a respondent yet. */
  pool: Evaluation[];
  /** Every link whose creation the server acknowledged. */
  created: Set<string>;
  /** Evaluation id → the life of the server that acknowledged its answer. */
  acknowledged: Map<string, number>;
  /** Links whose answer was sent, acknowledged or not. */
  sent: Set<string>;
  /** Answers whose POST failed in flight and that a retry found already stored (409): stored, never acknowledged. */
  storedUnacknowledged: Set<string>;
  /** POSTs of answers on the wire right now, and how many were on the wire at each kill. */
  inFlight: number;
  inFlightAtKills: number[];
  /** How long each acknowledged POST took (ms), from sending to the 201. */
  ackLatencies: number[];
  /** Failed requests by kind (connection refused, reset…), and unexpected answers by status. */
  errors: Map<string, number>;
  unexpected: Map<string, number>;
  /** The current life of the server (0 for the first start). */
  life: number;
  /** When each kill happened, and when the first answer after it was acknowledged (ms on `performance.now()`). */
  killedAt: number[];
  firstAckAfterKill: (number | undefined)[];
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** A respondent: takes a link, reads it, sends the answers until the server says 201 (or 409 after a lost reply). */
async function respondent(run: Run, index: number, respondents: number): Promise<void> {
  let generation = 0;
  let agent = new Agent({ keepAlive: true, localAddress: loopbackAddress(index) });
  let answered = 0;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply | undefined> => {
    const server = run.server;
    try {
      return await send(agent, `${server.baseUrl}${path}`, method, body);
    } catch (error) {
      // Sent to a server killed since (or while down): expected, and retried.
      bump(run.errors, `${errorKind(error)}${run.down || server !== run.server ? '' : ' (server up)'}`);
      await sleep(RETRY_MS);
      return undefined;
    }
  };
  try {
    while (!run.ending && !run.abandoned) {
      const evaluation = run.pool.pop();
      if (!evaluation) {
        await sleep(50);
        continue;
      }
      // The page reads the link, then sends; a failed read is read again.
      let link: { user_id: number; version: number | null; done: boolean } | undefined;
      while (!link && !run.abandoned) {
        const reply = await call('GET', `/api/evaluation/find/${evaluation.id}`);
        if (reply?.status === 200) link = JSON.parse(reply.text) as typeof link;
        else if (reply) {
          bump(run.unexpected, `GET find ${reply.status}`);
          if (run.ending) break;
          await sleep(RETRY_MS);
        }
      }
      if (!link) continue;
      if (link.done) {
        bump(run.unexpected, 'link already answered before it was sent');
        continue;
      }
      const body = { evaluator_user_id: link.user_id, rated_user_id: link.user_id, type_evaluation: TYPE, evaluation_id: evaluation.id, rated_sector_id: null, version: link.version, questions: QUESTIONS };
      let attempts = 0;
      while (!run.abandoned) {
        attempts += 1;
        run.sent.add(evaluation.id);
        run.inFlight += 1;
        const life = run.life;
        const sentAt = performance.now();
        const reply = await call('POST', '/api/tableresponse/multiple', body).finally(() => (run.inFlight -= 1));
        if (reply?.status === 201) {
          run.acknowledged.set(evaluation.id, life);
          run.ackLatencies.push(performance.now() - sentAt);
          const kill = life - 1;
          if (kill >= 0 && run.firstAckAfterKill[kill] === undefined) run.firstAckAfterKill[kill] = performance.now();
          break;
        }
        if (reply?.status === 409 && attempts > 1) {
          // An earlier attempt was stored but its reply was lost with the process.
          run.storedUnacknowledged.add(evaluation.id);
          break;
        }
        if (reply) {
          bump(run.unexpected, `POST ${reply.status}${reply.status === 409 ? ' on the first attempt' : ''}: ${reply.text.slice(0, 120)}`);
          if (reply.status === 409 || run.ending) break;
          await sleep(RETRY_MS);
        }
      }
      answered += 1;
      if (answered % ANSWERS_PER_ADDRESS === 0) {
        agent.destroy();
        generation += 1;
        agent = new Agent({ keepAlive: true, localAddress: loopbackAddress(generation * respondents + index) });
      }
    }
  } finally {
    agent.destroy();
  }
}

/** Staff: keep at least LOW_WATER links waiting, creating BATCH at a time through the API. */
async function staff(run: Run, token: string, users: { id: number; name: string }[], untilEnd: boolean): Promise<void> {
  const agent = new Agent({ keepAlive: true, localAddress: '127.0.0.1' });
  let next = 0;
  try {
    while (!run.abandoned && (untilEnd ? !run.ending : run.pool.length < LOW_WATER)) {
      if (run.pool.length >= LOW_WATER) {
        await sleep(100);
        continue;
      }
      const batch = Array.from({ length: BATCH }, () => {
        const user = users[next++ % users.length]!;
        return { user_id: user.id, user_name: user.name, type_evaluation: TYPE, validate: 30 };
      });
      let reply: Reply;
      const server = run.server;
      try {
        reply = await send(agent, `${server.baseUrl}/api/evaluation`, 'POST', { users: batch }, token);
      } catch (error) {
        bump(run.errors, `staff: ${errorKind(error)}${run.down || server !== run.server ? '' : ' (server up)'}`);
        await sleep(RETRY_MS);
        continue;
      }
      if (reply.status !== 201) {
        bump(run.unexpected, `POST /api/evaluation ${reply.status}: ${reply.text.slice(0, 120)}`);
        await sleep(RETRY_MS);
        continue;
      }
      const created = (JSON.parse(reply.text) as { evaluations: { evaluation_id: string; user_id: number }[] }).evaluations;
      for (const row of created) run.created.add(row.evaluation_id);
      // Newest last: respondents pop from the end, so fresh links go first.
      run.pool.unshift(...created.map((row) => ({ id: row.evaluation_id, userId: row.user_id })));
    }
  } finally {
    agent.destroy();
  }
}

/** One evaluation as the database holds it after the run. */
interface Stored {
  id: string;
  done: boolean;
  rows: number;
  questions: number;
}

/** Reads every PSS-14 evaluation and its answer counts straight from the stopped server's database. */
async function storedEvaluations(target: { dataDir: string } | { url: string }): Promise<{ evaluations: Map<string, Stored>; distinctPairs: number }> {
  const database = await openDatabase('url' in target ? { kind: 'postgres', url: target.url } : { kind: 'pglite', dataDir: target.dataDir });
  try {
    const stored = await rows<Stored>(
      database.db,
      sql`
      select e.id::text as id, e.done as done, count(r.id)::int as rows, count(distinct r.question)::int as questions
      from evaluations e left join responses r on r.evaluation_id = e.id
      where e.type_evaluation = ${TYPE}
      group by e.id, e.done`,
    );
    const [pairs] = await rows<{ n: number }>(
      database.db,
      sql`
      select count(distinct (r.question, r.response))::int as n
      from responses r join evaluations e on e.id = r.evaluation_id where e.type_evaluation = ${TYPE}`,
    );
    return { evaluations: new Map(stored.map((row) => [row.id, row])), distinctPairs: pairs!.n };
  } finally {
    await database.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');
const millis = (ms: number) => `${count(Math.round(ms))} ms`;

/** The part: see the file's comment. */
export const crash: HostilePart = {
  name: 'crash',
  summary: 'kill -9 sob respondentes simultâneos: respostas confirmadas perdidas, duplicadas, tempo de reinício',
  async run(options: HostileOptions): Promise<HostileReport> {
    const totalSeconds = options.number('seconds', 150);
    const kills = options.number('kills', 12);
    const respondents = options.number('respondents', 30);
    const seed = options.number('seed', 23);
    const onPostgres = options.flag('postgres');
    const failures: string[] = [];
    const postgres = onPostgres ? await emptyPostgresDatabase(options.postgresUrl, 'avalia_crash') : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'avalia-crash-'));
    const lockFile = join(dataDir, 'avalia.lock');
    const env = { LOG_LEVEL: 'warn', ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    const start = () => startAppServer({ dataDir, env, echo: options.flag('echo') });
    // The start-up kills: the pid the shell writes is the server's (exec keeps it) and its process group's.
    const pidFile = join(mkdtempSync(join(tmpdir(), 'avalia-crash-pid-')), 'server.pid');
    const killWhileStarting = async (delayMs: number): Promise<'killed while starting' | 'it was up already' | Error> => {
      rmSync(pidFile, { force: true });
      const starting = startAppServer({ dataDir, env, echo: options.flag('echo'), wrap: (command) => ['sh', '-c', `echo $$ > "${pidFile}" && exec "$@"`, 'sh', ...command] });
      let timer: NodeJS.Timeout;
      const killAt = (ms: number) => {
        timer = setTimeout(() => {
          // (The shell writes its pid at once; until it has, try again a moment later.)
          const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN;
          // (Never 0 or 1: process.kill(-0) would be this very process group.)
          if (Number.isInteger(pid) && pid > 1) process.kill(-pid, 'SIGKILL');
          else killAt(20);
        }, ms);
      };
      killAt(delayMs);
      try {
        const server = await starting;
        clearTimeout(timer!);
        await server.kill();
        return 'it was up already';
      } catch (error) {
        clearTimeout(timer!);
        return /signal SIGKILL/.test((error as Error).message) ? 'killed while starting' : (error as Error);
      }
    };
    const startupRandom = seededRandom(seed + 1);
    const startupKillCount = Math.min(options.number('startup-kills', 2), kills);
    const startupKillAfter = new Set<number>();
    while (startupKillAfter.size < startupKillCount) startupKillAfter.add(Math.floor(startupRandom() * kills));
    const startupKills: { delay: number; during: boolean }[] = [];
    let firstStartMs = 0;
    const restartMs: number[] = [];
    const lives = uptimes(totalSeconds * 1000, kills + 1, seed);
    const backend = postgres ? 'PostgreSQL' : 'PGlite (durable, data directory)';
    options.log(`${backend}: ${respondents} respondents, ${kills} kills over ${totalSeconds} s of answering (seed ${seed}; uptimes ${lives.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s)`);
    let run: Run | undefined;
    let stored: Awaited<ReturnType<typeof storedEvaluations>> | undefined;
    const wallStarted = performance.now();
    try {
      const firstSpawned = performance.now();
      const first = await start();
      firstStartMs = performance.now() - firstSpawned;
      run = {
        server: first,
        down: false,
        ending: false,
        abandoned: false,
        pool: [],
        created: new Set(),
        acknowledged: new Map(),
        sent: new Set(),
        storedUnacknowledged: new Set(),
        inFlight: 0,
        inFlightAtKills: [],
        ackLatencies: [],
        errors: new Map(),
        unexpected: new Map(),
        life: 0,
        killedAt: [],
        firstAckAfterKill: [],
      };
      const token = await adminToken(first);
      const users = await call<{ id: number; name: string }[]>(first, 'GET', '/users/all', undefined, token);
      await staff(run, token, users, false);
      // Their e-mails are written first: on PGlite's one connection they would hold the first life's
      // respondents back for seconds (later batches' e-mails run during the answering, and the kills).
      await drainOutbox(first, token, run.created.size);
      options.log(`${run.pool.length} links created, their e-mails written; answering`);
      const current = run;
      const workers = [staff(current, token, users, true), ...Array.from({ length: respondents }, (_, index) => respondent(current, index, respondents))];
      let restartFailed = false;
      for (let life = 0; life < lives.length; life += 1) {
        await sleep(lives[life]!);
        if (life === lives.length - 1) break;
        current.inFlightAtKills.push(current.inFlight);
        current.down = true;
        current.killedAt.push(performance.now());
        await current.server.kill();
        if (!postgres && !existsSync(lockFile)) options.log(`kill ${life + 1}: the dead server left no lock (it is taken over anyway)`);
        let note = '';
        if (startupKillAfter.has(life)) {
          // A crash loop: the restart itself is killed while it starts (recovery, migrations, seed).
          const delay = Math.round((0.1 + 0.8 * startupRandom()) * (restartMs.at(-1) ?? firstStartMs));
          const outcome = await killWhileStarting(delay);
          if (outcome instanceof Error) {
            failures.push(`reinício ${life + 1} (morto ${delay} ms depois de começar) falhou de outro modo: ${outcome.message.slice(0, 2000)}`);
          } else {
            startupKills.push({ delay, during: outcome === 'killed while starting' });
            note = ` after a kill ${delay} ms into a first restart (${outcome})`;
          }
        }
        const spawned = performance.now();
        try {
          current.server = await start();
        } catch (error) {
          failures.push(`reinício ${life + 1} falhou: ${(error as Error).message.slice(0, 2000)}`);
          restartFailed = true;
          break;
        }
        restartMs.push(performance.now() - spawned);
        if (!postgres) {
          // The dead server's lock was taken over: it now names the new server.
          const holder = existsSync(lockFile) ? readFileSync(lockFile, 'utf8').split('\n')[0] : 'none';
          if (holder !== String(current.server.pid)) failures.push(`trava do reinício ${life + 1}: nomeia ${holder}, não o servidor novo (${current.server.pid})`);
        }
        current.life = life + 1;
        current.down = false;
        options.log(`kill ${life + 1}/${kills}: ${current.inFlightAtKills.at(-1)} answers in flight, restarted in ${seconds(restartMs.at(-1)!)}${note}; ${count(current.acknowledged.size)} acknowledged so far`);
      }
      current.ending = true;
      // Nothing answers after a failed restart: everyone stops at once.
      current.abandoned = restartFailed;
      await Promise.all(workers);
      const stopped = await current.server.stop();
      if (stopped.code !== 0) failures.push(`o servidor não parou com Ctrl-C (código ${stopped.code}, sinal ${stopped.signal})`);
      if (!postgres && existsSync(lockFile)) failures.push(`trava deixada em ${lockFile} depois de parar: ${readFileSync(lockFile, 'utf8').trim()}`);
      stored = await storedEvaluations(postgres ? { url: postgres.url } : { dataDir });
    } finally {
      await run?.server.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(dirname(pidFile), { recursive: true, force: true });
      await postgres?.drop();
    }
    const wallMs = performance.now() - wallStarted;
    if (!run || !stored) throw new Error('the run ended without figures');

    // What the database holds against what the server acknowledged.
    const expected = QUESTIONS.length;
    const lost = [...run.acknowledged.keys()].filter((id) => {
      const row = stored!.evaluations.get(id);
      return !row || !row.done || row.questions !== expected;
    });
    const unacknowledgedLost = [...run.storedUnacknowledged].filter((id) => {
      const row = stored!.evaluations.get(id);
      return !row || !row.done || row.questions !== expected;
    });
    const rows = [...stored.evaluations.values()];
    const twice = rows.filter((row) => row.rows > row.questions || row.questions > expected);
    const half = rows.filter((row) => (row.done && row.questions !== expected) || (!row.done && row.rows > 0));
    const neverSent = rows.filter((row) => row.done && !run!.sent.has(row.id));
    const linksLost = [...run.created].filter((id) => !stored!.evaluations.has(id));
    const storedDone = rows.filter((row) => row.done).length;
    if (lost.length > 0) failures.push(`${lost.length} resposta(s) confirmada(s) perdida(s): ${lost.slice(0, 5).join(', ')}`);
    if (unacknowledgedLost.length > 0) failures.push(`${unacknowledgedLost.length} resposta(s) dada(s) como já respondida(s) (409) sem estar guardada(s): ${unacknowledgedLost.slice(0, 5).join(', ')}`);
    if (twice.length > 0) failures.push(`${twice.length} avaliação(ões) com respostas guardadas em dobro: ${twice.slice(0, 5).map((row) => `${row.id} (${row.rows} linhas)`).join(', ')}`);
    if (half.length > 0) failures.push(`${half.length} avaliação(ões) guardada(s) pela metade: ${half.slice(0, 5).map((row) => `${row.id} (concluída ${row.done}, ${row.questions} perguntas)`).join(', ')}`);
    if (neverSent.length > 0) failures.push(`${neverSent.length} avaliação(ões) concluída(s) sem que ninguém respondesse: ${neverSent.slice(0, 5).map((row) => row.id).join(', ')}`);
    if (linksLost.length > 0) failures.push(`${linksLost.length} link(s) de avaliação criado(s) (201) e perdido(s)`);
    if (stored.distinctPairs > expected) failures.push(`as respostas guardadas diferem das enviadas: ${stored.distinctPairs} pares (pergunta, resposta) distintos para ${expected} enviados`);
    for (const [what, times] of run.unexpected) failures.push(`resposta inesperada (${times}×): ${what}`);
    for (const [what, times] of run.errors) if (what.endsWith('(server up)')) failures.push(`erro com o servidor no ar (${times}×): ${what}`);

    const outages = run.killedAt.map((at, index) => (run!.firstAckAfterKill[index] ?? NaN) - at).filter((ms) => !Number.isNaN(ms));
    const errorsDown = [...run.errors].filter(([what]) => !what.endsWith('(server up)'));
    const errorsUp = [...run.errors].filter(([what]) => what.endsWith('(server up)'));
    const describe = (entries: [string, number][]) => (entries.length === 0 ? '0' : entries.map(([what, times]) => `${count(times)} ${what.replace(' (server up)', '')}`).join(', '));
    const latencies = [...run.ackLatencies].sort((a, b) => a - b);
    const answeringMs = lives.reduce((total, ms) => total + ms, 0);
    const markdown = [
      `**\`kill -9\` under ${respondents} respondents answering PSS-14 links without pause (${backend}), ${kills} kills at seeded moments (\`--seed=${seed}\`), ${seconds(answeringMs)} of answering, ${seconds(wallMs)} in all**`,
      '',
      '| figure | value |',
      '|---|---:|',
      `| kills (SIGKILL of the process group) | ${run.killedAt.length} |`,
      `| of them, a first restart also killed while it started (crash loop) | ${startupKills.filter((kill) => kill.during).length}${startupKills.some((kill) => !kill.during) ? ` (+${startupKills.filter((kill) => !kill.during).length} that was up already)` : ''} |`,
      `| restarts that failed | ${failures.filter((failure) => failure.startsWith('reinício')).length} |`,
      `| answers acknowledged (201) | ${count(run.acknowledged.size)} |`,
      `| acknowledged answers lost | **${lost.length}** |`,
      `| answers stored twice or half | **${twice.length + half.length}** |`,
      `| acknowledged POST, p50 / p95 / max | ${millis(percentile(latencies, 50))} / ${millis(percentile(latencies, 95))} / ${millis(latencies.at(-1) ?? NaN)} |`,
      `| answers on the wire at a kill (total) | ${count(run.inFlightAtKills.reduce((total, n) => total + n, 0))} |`,
      `| of them stored but never acknowledged (a retry got 409) | ${count(run.storedUnacknowledged.size)} |`,
      `| evaluations done in the database / answers sent | ${count(storedDone)} / ${count(run.sent.size)} |`,
      `| links created by staff during the run (201), lost | ${count(run.created.size)}, ${linksLost.length} |`,
      `| restart, spawn → first HTTP answer: median / max | ${seconds(median(restartMs))} / ${seconds(Math.max(...restartMs, 0))} |`,
      `| outage seen by respondents, kill → first acknowledged answer: median / max | ${seconds(median(outages))} / ${seconds(Math.max(...outages, 0))} |`,
      `| respondent errors while the server was down (retried) | ${describe(errorsDown)} |`,
      `| respondent errors while it was up | ${describe(errorsUp)} |`,
      `| lock left after the final Ctrl-C | ${postgres ? 'n/a (PostgreSQL)' : failures.some((failure) => failure.startsWith('trava deixada')) ? 'yes' : 'no'} |`,
      '',
    ].join('\n');
    return { part: 'crash', title: `Crash: kill -9 under concurrent respondents (${postgres ? 'PostgreSQL' : 'PGlite'})`, markdown, failures };
  },
};
