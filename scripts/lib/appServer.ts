/**
 * Starts the real server as `npm start` does after its build (`node --import tsx apps/server/src/server.ts`) on a free
 * port and a fresh data directory, for the end-to-end tests and the benchmarks. Captures its output,
 * reads the respondent links the demo seed prints, and stops it with SIGINT, as Ctrl-C would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UUID_SOURCE } from '../../engine/rules/uuid.ts';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The server entry point, relative to the repository root. */
export const serverEntry = 'apps/server/src/server.ts';

/** Sign-in data the seed creates from the environment. */
export const credentials = {
  admin: { email: 'admin@avalia.test', password: 'Admin-e2e-2024!' },
  company: { email: 'empresa@avalia.test', password: 'Empresa-e2e-2024!' },
} as const;

/** A respondent link printed by the server at start-up. */
export interface SeedLink {
  /** Link slug, e.g. `estresse`. */
  slug: string;
  /** Evaluation id (a UUID). */
  id: string;
  /** The path to open, `/{slug}/{id}`. */
  path: string;
}

/** Options of `startAppServer`. */
export interface AppServerOptions {
  /** Extra environment (e.g. `DATABASE_URL`); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** How long to wait for the server to answer HTTP. Default 90 s. */
  readyTimeoutMs?: number;
  /** Echo the server's output to this process's stderr. Default false. */
  echo?: boolean;
  /** Data directory to use (kept on stop). Default: a fresh temporary one, removed on stop. */
  dataDir?: string;
  /**
   * Command the server runs under: `[program, ...args]` before `node --import tsx server.ts` (e.g.
   * `strace`), or a function given that command line that returns the one to spawn.
   */
  wrap?: string[] | ((command: string[]) => string[]);
}

/** A running server. */
export interface AppServer {
  /** `http://127.0.0.1:{port}`. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Respondent links printed so far. */
  links(): SeedLink[];
  /** Waits until at least one link with this slug has been printed. */
  waitForLinks(slug: string, timeoutMs?: number): Promise<SeedLink[]>;
  /** Sends SIGINT to the process group and resolves to the exit (code null when killed after the grace period). */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process group at once (SIGKILL, a crash: nothing is closed or unlocked) and resolves on exit. */
  kill(): Promise<void>;
  /** Pid of the spawned process (the wrapper's, when `wrap` is given). */
  pid: number;
}

const LINK = new RegExp(`/([a-z0-9]+)/(${UUID_SOURCE})`, 'gi');

/** Respondent links (`/{slug}/{uuid}`) found in server output, in order, without repeats. */
export function parseLinks(text: string): SeedLink[] {
  const seen = new Set<string>();
  const links: SeedLink[] = [];
  for (const match of text.matchAll(LINK)) {
    const slug = match[1]!.toLowerCase();
    const id = match[2]!.toLowerCase();
    const path = `/${slug}/${id}`;
    if (!seen.has(path)) {
      seen.add(path);
      links.push({ slug, id, path });
    }
  }
  return links;
}

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the server prints once it listens and Ctrl-C stops it cleanly (apps/server/src/server.ts). */
const READY_LINE = 'Ctrl-C para parar';

/** Resolves at the next chunk the process writes to stdout or stderr, or after a second at most. */
function nextOutput(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      child.stdout!.off('data', done);
      child.stderr!.off('data', done);
      resolve();
    };
    // (The deadline is checked at least once a second even if the process stays silent.)
    const timer = setTimeout(done, 1000);
    child.stdout!.on('data', done);
    child.stderr!.on('data', done);
  });
}

async function answersHttp(baseUrl: string): Promise<boolean> {
  try {
    // Any HTTP status means the server listens; a 404 for an unknown id is fine.
    const response = await fetch(`${baseUrl}/api/evaluation/find/00000000-0000-0000-0000-000000000000`, {
      signal: AbortSignal.timeout(2000),
    });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL');
});

/**
 * Signals the server's whole process group, as Ctrl-C in a terminal does: `tsx` and the Node process
 * it starts both get the signal.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}

/** Starts the server; rejects with its output when it exits or does not answer in time. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (!existsSync(join(repoRoot, serverEntry))) {
    throw new Error(`${serverEntry} does not exist yet: the server cannot be started.`);
  }
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'avalia-data-'));
  const removeData = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {};
  // The server gets the caller's environment minus what a test runner adds (Vitest sets NODE_ENV=test)
  // and minus settings that would point it at another database or mail server.
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(VITEST|NODE_ENV$|TEST_|DATABASE_URL$|SMTP_URL$)/.test(key)) env[key] = value;
  }
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: credentials.admin.email,
    ADMIN_PASSWORD: credentials.admin.password,
    COMPANY_EMAIL: credentials.company.email,
    COMPANY_PASSWORD: credentials.company.password,
    // Tests and benchmarks count what they create: no sample answers unless a caller asks for them.
    DEMO_RESULTS: '0',
  });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  const node = [process.execPath, '--import', 'tsx', serverEntry];
  const command = typeof options.wrap === 'function' ? options.wrap(node) : [...(options.wrap ?? []), ...node];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() can deliver SIGINT the way a terminal's Ctrl-C does.
    detached: true,
  });
  running.add(child);
  let output = '';
  const append = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    if (options.echo) process.stderr.write(text);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exited.then((result) => (exit = result));

  const server: AppServer = {
    baseUrl,
    port,
    dataDir,
    output: () => output,
    links: () => parseLinks(output),
    async waitForLinks(slug, timeoutMs = 15000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = parseLinks(output).filter((link) => link.slug === slug);
        if (found.length > 0) return found;
        if (exit || Date.now() > deadline) {
          throw new Error(`the server printed no /${slug}/{uuid} link within ${timeoutMs} ms. Output:\n${output}`);
        }
        await sleep(100);
      }
    },
    async stop(graceMs = 20000) {
      if (!exit) {
        signalGroup(child, 'SIGINT');
        const timer = sleep(graceMs).then(() => 'timeout' as const);
        if ((await Promise.race([exited, timer])) === 'timeout') signalGroup(child, 'SIGKILL');
      }
      const result = await exited;
      removeData();
      return result;
    },
    async kill() {
      signalGroup(child, 'SIGKILL');
      await exited;
    },
    pid: child.pid!,
  };

  // Ready when it says so: the server announces itself (and how to stop it) once it listens and its
  // signal handlers are in place.
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90000);
  while (!output.includes(READY_LINE)) {
    if (exit) {
      removeData();
      throw new Error(`the server exited (code ${exit.code}, signal ${exit.signal}) before answering. Output:\n${output}`);
    }
    if (Date.now() > deadline) {
      await server.stop(5000);
      throw new Error(`the server did not say it was running on ${baseUrl} in time. Output:\n${output}`);
    }
    await Promise.race([nextOutput(child), exited]);
  }
  if (!(await answersHttp(baseUrl))) {
    await server.stop(5000);
    throw new Error(`the server said it was running but ${baseUrl} does not answer. Output:\n${output}`);
  }
  return server;
}
