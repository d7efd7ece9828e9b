/**
 * 300 respondents opening a questionnaire link at once (issue 23): each browser opens up to 6
 * keep-alive connections, so 1,800 connections reach the server together while its event loop is busy
 * rendering pages. Connections it has not accepted yet wait in the listening socket's accept queue;
 * with Node's default backlog (511) the kernel dropped the rest, and `npm run hostile -- --only=crowd`
 * counted connection resets and assets taking 5-10 s.
 *
 * Made deterministic here: the server is paused (SIGSTOP, an event loop that accepts nothing) while the
 * 300 browsers ask for their page's assets, so every connection must wait in the queue; the queue is
 * read from the kernel (`ss -ltn`) until all of them are in it or it is full. Then the server goes on and
 * every asset must arrive. No duration is measured.
 *
 * What each asset costs the server matters as much: @fastify/static's catch-all route listed the root
 * and `assets/` (some 480 files) on every request to check the path's spelling, most of the ~1 ms of
 * CPU an asset took. The files are routed one by one at start instead; strace counts directory reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../scripts/lib/appServer.ts';
import { Browser, decoded, htmlAssets, listenQueue, respondentAddress, tally } from '../../scripts/hostile/crowd.ts';
import { tempDir } from '../tempDirs.ts';

const RESPONDENTS = 300;
const CONNECTIONS = 6;

let server: AppServer;
/** The server's own process (the one strace runs). */
let nodePid: number;
let trace: string;
/** The files the page names: its module script, preloads and icon (the issue counted 21). */
let assets: string[];

beforeAll(async () => {
  trace = join(tempDir('avalia-crowd-'), 'trace');
  // strace sees the system calls themselves (getdents64 is what readdir does), not a counter of the code under test.
  server = await startAppServer({ env: { LOG_LEVEL: 'warn' }, wrap: ['strace', '-f', '-qq', '--seccomp-bpf', '-e', 'trace=getdents64', '-y', '-o', trace] });
  nodePid = Number(readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  const [link] = await server.waitForLinks('estresse');
  const scout = new Browser(server.baseUrl, '127.0.0.1');
  try {
    const page = await scout.fetch(link!.path, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    assets = htmlAssets(decoded(page).toString('utf8'));
  } finally {
    scout.close();
  }
});

afterAll(async () => {
  await server?.stop();
});

/** The accept queue once the kernel has taken every connection it will: all `expected`, or full. */
async function settledQueue(port: number, expected: number): Promise<{ backlog: number; queued: number }> {
  for (;;) {
    const queue = listenQueue(port)!;
    // Full: the kernel holds at most backlog + 1 and drops every further handshake.
    if (queue.queued >= expected || queue.queued > queue.backlog) return queue;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const fetchAsset = (browser: Browser, path: string) => browser.fetch(path, { headers: { accept: '*/*', 'accept-encoding': 'br, gzip' } });

describe('an asset request', () => {
  it('reads no directory: the built files are routed when the server starts', async () => {
    const webReads = () => readFileSync(trace, 'utf8').split('\n').filter((line) => /getdents64\(\d+<[^>]*\/dist\/web[^>]*>/.test(line)).length;
    const browser = new Browser(server.baseUrl, '127.0.0.1');
    try {
      const before = webReads();
      const answers = await Promise.all(assets.map((path) => fetchAsset(browser, path)));
      expect(Object.fromEntries(tally(answers))).toEqual({ '200': assets.length });
      expect(webReads()).toBe(before);
    } finally {
      browser.close();
    }
  });
});

describe('300 respondents opening their page at once', () => {
  it('holds all 1,800 connections in the listen queue while the server is busy, and serves every asset', async () => {
    expect(assets.length).toBeGreaterThanOrEqual(CONNECTIONS);
    const browsers = Array.from({ length: RESPONDENTS }, (_, index) => new Browser(server.baseUrl, respondentAddress(4, index), CONNECTIONS, 120000));
    process.kill(nodePid, 'SIGSTOP');
    let resumed = false;
    try {
      const loads = browsers.map((browser) => Promise.all(assets.map((path) => fetchAsset(browser, path))));
      const queue = await settledQueue(server.port, RESPONDENTS * CONNECTIONS);
      expect(queue.queued).toBe(RESPONDENTS * CONNECTIONS);
      process.kill(nodePid, 'SIGCONT');
      resumed = true;
      const answers = (await Promise.all(loads)).flat();
      expect(Object.fromEntries(tally(answers))).toEqual({ '200': RESPONDENTS * assets.length });
      expect(browsers.reduce((sum, browser) => sum + browser.opened, 0)).toBe(RESPONDENTS * CONNECTIONS);
    } finally {
      if (!resumed) process.kill(nodePid, 'SIGCONT');
      for (const browser of browsers) browser.close();
    }
  });
});
