/**
 * `npm run hostile -- --only=crowd`: a crowd of respondents at once on the server's own serving.
 *
 * 1. **Pages and assets**: N respondents (default 300) each open their own questionnaire link
 *    (`/estresse/{id}`, a distinct PSS-14 evaluation each) at the same moment, as browsers do: each from
 *    its own address (127.2.x.y: every one of 127.0.0.0/8 is loopback on Linux, so the public rate
 *    limits count each respondent apart, as they would count phones, with no limit raised), with its
 *    own keep-alive connections (a node `http.Agent`, at most 6 per origin like a browser), sending
 *    `Accept-Encoding: br, gzip`. Each fetches its page (rendered on the server,
 *    `apps/server/src/respondent/`), then every asset the page references (its module script,
 *    `modulepreload`s, stylesheets, icon), plus whatever those import statically and the styles' fonts
 *    (found once before the burst). The server-rendered page carries its evaluation, so the page makes no
 *    `GET /api/evaluation/find/{id}`: none is sent.
 * 2. **Answering**: M respondents (default 500), each from its own address with its own keep-alive
 *    connection, at the same moment look their evaluation up (`GET /api/evaluation/find/{id}`) and submit
 *    their answers (`POST /api/tableresponse/multiple`, 14 PSS-14 answers). Afterwards the server is
 *    stopped and the database read: every acknowledged (201) evaluation must be done with its 14 answers.
 *
 * Fails on any connection error (reset, refused, hang-up, timeout), any listen queue overflow during the
 * page burst (the kernel's `ListenOverflows`, counted for the whole machine: run it on a quiet one), any
 * status but 200 (pages, assets, lookups) or 201 (submissions), and any acknowledged answer not stored.
 *
 * Options:
 * - `--respondents=N` (300) page-and-assets respondents; `--answering=M` (500) answering respondents;
 * - `--connections=K` (6) keep-alive connections per respondent (a browser's per-origin limit);
 * - `--request-timeout=MS` (30000) per request (connect included); past it the request counts as a timeout;
 * - `--backlog=N`: the server's listen backlog (`LISTEN_BACKLOG`), e.g. `--backlog=511` for Node's
 *   default before issue 23 was fixed; unset, the server's own default;
 * - `--quick`: 60 and 100 respondents, for development;
 * - `--postgres`: a scratch PostgreSQL database (`TEST_POSTGRES_URL` or the local cluster) instead of PGlite.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { startAppServer } from '../lib/appServer.ts';
import { emptyPostgresDatabase } from '../lib/scratchDatabase.ts';
import { adminToken, createEvaluations, drainOutbox } from '../lib/staffApi.ts';
import { percentile } from '../lib/stats.ts';
import type { HostilePart } from './report.ts';

/** The PSS-14 (`/estresse/{id}`): 14 answers, every respondent the same ones. */
const PSS_TYPE = 13;
const PSS_SLUG = 'estresse';
const PSS_ANSWERS = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) }));

/** What one request got: a status, or the connection error that ended it. */
export interface Fetched {
  status: number | null;
  /** The error's code (`ECONNRESET`, `ECONNREFUSED`, `ETIMEDOUT`…) when the request failed. */
  error: string | null;
  ms: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A respondent's browser: keep-alive connections to one origin, at most `connections` at a time, from
 * its own address; counts the connections it opened.
 */
export class Browser {
  readonly agent: Agent;
  /** Connections opened so far. */
  opened = 0;
  private readonly sockets = new WeakSet<Socket>();

  constructor(
    readonly baseUrl: string,
    readonly localAddress: string,
    connections = 6,
    readonly timeoutMs = 30000,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, localAddress });
  }

  /** One request; never rejects: a failure is an `error` code. */
  fetch(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Fetched> {
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<Fetched, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, ms: performance.now() - started });
      };
      const headers: Record<string, string | number> = { ...init.headers };
      if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
      const req = request(`${this.baseUrl}${path}`, { method: init.method ?? 'GET', agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => finish({ status: res.statusCode ?? 0, error: null, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: errorCode(error), headers: res.headers, body: Buffer.alloc(0) }));
      });
      req.on('socket', (socket) => {
        // A socket the agent hands out again was counted when it was opened.
        if (this.sockets.has(socket)) return;
        this.sockets.add(socket);
        this.opened += 1;
      });
      req.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: errorCode(error), headers: {}, body: Buffer.alloc(0) }));
      const timer = setTimeout(() => {
        const error = Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' });
        finish({ status: null, error: 'timeout', headers: {}, body: Buffer.alloc(0) });
        req.destroy(error);
      }, this.timeoutMs);
      req.end(init.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function errorCode(error: NodeJS.ErrnoException): string {
  if (error.message === 'socket hang up') return 'socket hang up';
  return error.code ?? error.message;
}

/** A respondent's own loopback address: 127.{block}.x.y, one per index. */
export function respondentAddress(block: number, index: number): string {
  return `127.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/** The body, decoded from its `Content-Encoding` (br, gzip or none). */
export function decoded(fetched: Fetched): Buffer {
  const encoding = fetched.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(fetched.body);
  if (encoding === 'gzip') return gunzipSync(fetched.body);
  return fetched.body;
}

/** What a browser fetches for a page's HTML: its scripts, module preloads, stylesheets and icon, in order. */
export function htmlAssets(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const text = tag[0];
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(text)?.[1];
    const url = tag[1]!.toLowerCase() === 'script' ? attribute('src') : /^(modulepreload|stylesheet|icon|preload)$/i.test(attribute('rel') ?? '') ? attribute('href') : undefined;
    if (url && url.startsWith('/') && !found.includes(url)) found.push(url);
  }
  return found;
}

/** Static imports of a built module (`import … from "./x.js"`, `import "./x.js"`), as absolute paths; dynamic `import()` excluded. */
export function staticImports(path: string, code: string): string[] {
  const base = new URL(path, 'http://x');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    found.add(new URL(match[1]!, base).pathname);
  }
  return [...found];
}

/** Fonts and images a stylesheet loads (`url(…)`), as absolute paths. */
export function styleUrls(path: string, css: string): string[] {
  const base = new URL(path, 'http://x');
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((match) => match[1]!).filter((url) => !url.startsWith('data:')).map((url) => new URL(url, base).pathname);
}

/**
 * Everything one respondent page loads: what its HTML names, plus (followed once, here) the static
 * imports of its modules and the fonts of its styles. `extra` is what the HTML does not name.
 */
export async function pageAssets(browser: Browser, pagePath: string): Promise<{ html: string[]; extra: string[]; fonts: string[] }> {
  const page = await browser.fetch(pagePath, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
  if (page.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status ?? page.error}`);
  const html = htmlAssets(decoded(page).toString('utf8'));
  const seen = new Set(html);
  const queue = [...html];
  const extra: string[] = [];
  const fonts: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (!/\.(m?js|css)$/.test(path)) continue;
    const asset = await browser.fetch(path, { headers: { 'accept-encoding': 'br, gzip' } });
    if (asset.status !== 200) throw new Error(`GET ${path} answered ${asset.status ?? asset.error}`);
    const text = decoded(asset).toString('utf8');
    for (const next of path.endsWith('.css') ? styleUrls(path, text) : staticImports(path, text)) {
      if (seen.has(next)) continue;
      seen.add(next);
      extra.push(next);
      if (/\.(woff2?|ttf|otf)$/.test(next)) fonts.push(next);
      queue.push(next);
    }
  }
  return { html, extra, fonts };
}

/** What a burst of respondents opening their pages got. */
export interface PageLoadFigures {
  respondents: number;
  connections: number;
  pages: Fetched[];
  assets: Fetched[];
  /** Per respondent, from its page request to its last asset (only respondents that got everything). */
  complete: number[];
  /** Asset paths per page (what the HTML names plus the extra). */
  assetsPerPage: number[];
}

/** The status line of a request: its status, or its connection error. */
export function outcome(fetched: Fetched): string {
  return fetched.status === null ? (fetched.error ?? 'error') : String(fetched.status);
}

/** Each browser opens its page and then every asset it names (plus `extra`), all browsers at once. */
export async function openPages(browsers: Browser[], pagePaths: string[], extra: string[] = []): Promise<PageLoadFigures> {
  const pages: Fetched[] = [];
  const assets: Fetched[] = [];
  const complete: number[] = [];
  const assetsPerPage: number[] = [];
  await Promise.all(
    browsers.map(async (browser, index) => {
      const started = performance.now();
      const page = await browser.fetch(pagePaths[index]!, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
      pages.push(page);
      if (page.status !== 200) return;
      const paths = [...new Set([...htmlAssets(decoded(page).toString('utf8')), ...extra])];
      assetsPerPage.push(paths.length);
      const got = await Promise.all(paths.map((path) => browser.fetch(path, { headers: { accept: '*/*', 'accept-encoding': 'br, gzip' } })));
      assets.push(...got);
      if (got.every((asset) => asset.status === 200)) complete.push(performance.now() - started);
    }),
  );
  return { respondents: browsers.length, connections: browsers.reduce((sum, browser) => sum + browser.opened, 0), pages, assets, complete, assetsPerPage };
}

/** The listening socket's backlog (`ss -ltn`'s Send-Q: the accept queue's limit, after the kernel's somaxconn cap) and its current queue. */
export function listenQueue(port: number): { backlog: number; queued: number } | null {
  const text = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' });
  const line = text.split('\n').find((candidate) => candidate.trim() !== '');
  if (!line) return null;
  const [, recvQ, sendQ] = line.trim().split(/\s+/);
  return { backlog: Number(sendQ), queued: Number(recvQ) };
}

/** The kernel's count of handshakes dropped on a full accept queue (`TcpExt: ListenOverflows`; every socket of the machine). */
function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  return Number(values[names.indexOf('ListenOverflows')] ?? NaN);
}

/** What the answering burst got. */
interface AnsweringFigures {
  finds: Fetched[];
  submits: Fetched[];
  /** Per respondent, lookup to acknowledgement. */
  complete: number[];
  acknowledged: string[];
}

/** Every respondent looks its evaluation up and submits, all at once, each over its own keep-alive connection. */
async function answerAll(baseUrl: string, ids: string[], timeoutMs: number): Promise<AnsweringFigures> {
  const figures: AnsweringFigures = { finds: [], submits: [], complete: [], acknowledged: [] };
  const browsers = ids.map((_, index) => new Browser(baseUrl, respondentAddress(3, index), 1, timeoutMs));
  try {
    await Promise.all(
      ids.map(async (id, index) => {
        const browser = browsers[index]!;
        const started = performance.now();
        const find = await browser.fetch(`/api/evaluation/find/${id}`, { headers: { accept: 'application/json' } });
        figures.finds.push(find);
        if (find.status !== 200) return;
        const found = JSON.parse(find.body.toString('utf8')) as { user_id: number; version: number | null };
        const body = { evaluator_user_id: found.user_id, rated_user_id: found.user_id, type_evaluation: PSS_TYPE, evaluation_id: id, rated_sector_id: null, version: found.version, questions: PSS_ANSWERS };
        const submit = await browser.fetch('/api/tableresponse/multiple', { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) });
        figures.submits.push(submit);
        if (submit.status === 201) {
          figures.acknowledged.push(id);
          figures.complete.push(performance.now() - started);
        }
      }),
    );
  } finally {
    for (const browser of browsers) browser.close();
  }
  return figures;
}

/** Acknowledged evaluations not stored as done with their 14 answers, read from the database after the server stopped. */
async function notStored(target: { dataDir: string } | { url: string }, acknowledged: string[]): Promise<string[]> {
  const database = await openDatabase('url' in target ? { kind: 'postgres', url: target.url } : { kind: 'pglite', dataDir: target.dataDir });
  try {
    const found = await rows<{ id: string; done: boolean; answers: number }>(
      database.db,
      sql`select e.id::text as id, e.done, (select count(*) from responses r where r.evaluation_id = e.id)::int as answers from evaluations e where e.type_evaluation = ${PSS_TYPE}`,
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    return acknowledged.filter((id) => {
      const row = byId.get(id);
      return !row || !row.done || Number(row.answers) !== PSS_ANSWERS.length;
    });
  } finally {
    await database.close();
  }
}

const format = (ms: number) => (Number.isNaN(ms) ? '–' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const thousands = (value: number) => value.toLocaleString('en-US');

/** `p50 / p95 / max` of some durations. */
export function spread(durations: number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  return `${format(percentile(sorted, 50))} / ${format(percentile(sorted, 95))} / ${format(sorted.at(-1) ?? NaN)}`;
}

/** `200: 6,300; ECONNRESET: 92` */
export function tally(fetched: Fetched[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of fetched) counts.set(outcome(item), (counts.get(outcome(item)) ?? 0) + 1);
  return counts;
}

const tallyText = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key}: ${thousands(count)}`)
    .join('; ') || '–';

const errorsOf = (fetched: Fetched[]) => fetched.filter((item) => item.status === null);

export const crowd: HostilePart = {
  name: 'crowd',
  summary: '300 respondentes abrindo a página e seus arquivos ao mesmo tempo, depois 500 respondendo ao mesmo tempo (--respondents, --answering, --backlog, --quick, --postgres)',
  async run(options) {
    const quick = options.flag('quick');
    const respondents = options.number('respondents', quick ? 60 : 300);
    const answering = options.number('answering', quick ? 100 : 500);
    const connections = options.number('connections', 6);
    const timeoutMs = options.number('request-timeout', 30000);
    const backlog = options.text('backlog');
    const failures: string[] = [];

    const postgres = options.flag('postgres') ? await emptyPostgresDatabase(options.postgresUrl, 'avalia_hostile') : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'avalia-crowd-'));
    const backend = postgres ? 'PostgreSQL' : 'PGlite';
    try {
      const server = await startAppServer({ dataDir, env: { LOG_LEVEL: 'warn', ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...(backlog ? { LISTEN_BACKLOG: backlog } : {}) } });
      let pageFigures: PageLoadFigures;
      let answered: AnsweringFigures;
      let found: { html: string[]; extra: string[]; fonts: string[] };
      let queue: ReturnType<typeof listenQueue>;
      let overflows: number;
      try {
        options.log(`${backend}: creating ${respondents + answering} PSS-14 links, and waiting for their e-mails to be written`);
        const token = await adminToken(server);
        const ids = (await createEvaluations(server, token, respondents + answering, PSS_TYPE)).map((evaluation) => evaluation.id);
        // Each link queued an e-mail: sent before anyone opens it, not while the crowd is measured.
        await drainOutbox(server, token, ids.length);
        const pageIds = ids.slice(0, respondents);
        const answerIds = ids.slice(respondents);
        queue = listenQueue(server.port);

        // Once, before the burst: what a page loads beyond what its HTML names.
        const scout = new Browser(server.baseUrl, respondentAddress(2, 250 * 250 - 1), connections, timeoutMs);
        try {
          found = await pageAssets(scout, `/${PSS_SLUG}/${pageIds.at(-1)}`);
        } finally {
          scout.close();
        }
        options.log(`a page names ${found.html.length} assets; its modules import ${found.extra.length} more statically (${found.fonts.length} fonts)`);

        options.log(`${respondents} respondents open their page and its assets at once (${connections} connections each, backlog ${queue?.backlog ?? '?'})`);
        const overflowsBefore = listenOverflows();
        const browsers = pageIds.map((_, index) => new Browser(server.baseUrl, respondentAddress(2, index), connections, timeoutMs));
        try {
          pageFigures = await openPages(
            browsers,
            pageIds.map((id) => `/${PSS_SLUG}/${id}`),
            found.extra,
          );
        } finally {
          for (const browser of browsers) browser.close();
        }
        overflows = listenOverflows() - overflowsBefore;

        options.log(`${answering} respondents look their evaluation up and submit at once`);
        answered = await answerAll(server.baseUrl, answerIds, timeoutMs);
      } finally {
        const stopped = await server.stop();
        if (stopped.code !== 0) failures.push(`o servidor não parou com Ctrl-C (código ${stopped.code}, sinal ${stopped.signal})`);
      }
      const lost = await notStored(postgres ? { url: postgres.url } : { dataDir }, answered.acknowledged);

      // Failures.
      const pageErrors = errorsOf([...pageFigures.pages, ...pageFigures.assets]);
      if (pageErrors.length > 0) failures.push(`páginas e arquivos: ${pageErrors.length} erro(s) de conexão (${tallyText(tally(pageErrors))})`);
      // A dropped handshake is a browser waiting a second or more for its retry (the counter is the machine's: run on a quiet one).
      if (overflows > 0) failures.push(`a fila de conexões transbordou ${overflows} vez(es) (TcpExt ListenOverflows do kernel, a máquina toda): conexões descartadas`);
      const pageStatuses = [...tally(pageFigures.pages)].filter(([key]) => key !== '200' && /^\d+$/.test(key));
      const assetStatuses = [...tally(pageFigures.assets)].filter(([key]) => key !== '200' && /^\d+$/.test(key));
      if (pageStatuses.length > 0) failures.push(`páginas responderam ${tallyText(new Map(pageStatuses))}`);
      if (assetStatuses.length > 0) failures.push(`arquivos responderam ${tallyText(new Map(assetStatuses))}`);
      const answerErrors = errorsOf([...answered.finds, ...answered.submits]);
      if (answerErrors.length > 0) failures.push(`respondendo: ${answerErrors.length} erro(s) de conexão (${tallyText(tally(answerErrors))})`);
      const findStatuses = [...tally(answered.finds)].filter(([key]) => key !== '200' && /^\d+$/.test(key));
      const submitStatuses = [...tally(answered.submits)].filter(([key]) => key !== '201' && /^\d+$/.test(key));
      if (findStatuses.length > 0) failures.push(`consultas responderam ${tallyText(new Map(findStatuses))}`);
      if (submitStatuses.length > 0) failures.push(`envios responderam ${tallyText(new Map(submitStatuses))}`);
      if (answered.acknowledged.length !== answering) failures.push(`${answering - answered.acknowledged.length} de ${answering} respondentes sem confirmação (201)`);
      if (lost.length > 0) failures.push(`${lost.length} resposta(s) confirmada(s) não guardada(s) (por exemplo ${lost[0]})`);

      const perPage = [...new Set(pageFigures.assetsPerPage)].join(', ') || '–';
      const markdown = [
        `Respondents each on their own address and keep-alive connections (at most ${connections}, as a browser per origin), \`Accept-Encoding: br, gzip\`, ${backend}, listen backlog ${queue?.backlog ?? '?'} (\`ss -ltn\` Send-Q).`,
        `A page names ${found.html.length} assets (${found.html.filter((path) => /\.m?js$/.test(path)).length} scripts and module preloads, ${found.html.filter((path) => path.endsWith('.css')).length} stylesheets, ${found.html.filter((path) => !/\.(m?js|css)$/.test(path)).length} icon); its modules import ${found.extra.length} more statically; ${found.fonts.length} fonts. It carries its evaluation, so no lookup request.`,
        '',
        '| | figure |',
        '|---|---|',
        `| respondents opening their page at once | ${thousands(respondents)} (${thousands(pageFigures.connections)} connections opened) |`,
        `| requests | ${thousands(pageFigures.pages.length)} pages + ${thousands(pageFigures.assets.length)} assets (${perPage} per page) |`,
        `| pages: statuses | ${tallyText(tally(pageFigures.pages))} |`,
        `| assets: statuses | ${tallyText(tally(pageFigures.assets))} |`,
        `| connection errors (resets, refused, hang-ups, timeouts ${format(timeoutMs)}) | ${thousands(pageErrors.length)} |`,
        `| listen queue overflows (kernel, whole machine) | ${thousands(overflows)} |`,
        `| page p50 / p95 / max | ${spread(pageFigures.pages.map((page) => page.ms))} |`,
        `| asset p50 / p95 / max | ${spread(pageFigures.assets.map((asset) => asset.ms))} |`,
        `| page and all its assets p50 / p95 / max | ${spread(pageFigures.complete)} |`,
        `| respondents answering at once | ${thousands(answering)} |`,
        `| lookups: statuses | ${tallyText(tally(answered.finds))} |`,
        `| submissions: statuses | ${tallyText(tally(answered.submits))} |`,
        `| connection errors | ${thousands(answerErrors.length)} |`,
        `| lookup p50 / p95 / max | ${spread(answered.finds.map((find) => find.ms))} |`,
        `| submission p50 / p95 / max | ${spread(answered.submits.map((submit) => submit.ms))} |`,
        `| acknowledged answers not stored (database read after the stop) | ${thousands(lost.length)} of ${thousands(answered.acknowledged.length)} |`,
      ].join('\n');
      return { part: 'crowd', title: `A crowd of respondents (${thousands(respondents)} opening a page, ${thousands(answering)} answering)`, markdown, failures };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  },
};
