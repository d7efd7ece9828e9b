/**
 * The prepared data directories the browser tests' servers start on (`world.ts`): for each kind of data
 * (`Variant`), the real server's first start on an empty directory (migrations and seed) and its clean
 * stop, done once per run in the run's template folder (`globalSetup.ts` makes it, and starts the demo
 * one at once). Every worker process and the global set-up may ask for one: a directory made atomically
 * is the claim of whoever builds it, and the finished directory appears by an atomic rename, so one that
 * exists is complete.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, watch } from 'node:fs';
import { join } from 'node:path';
import { startAppServer } from './appServer';

/**
 * The data a file's server starts with: the demo company without answers (`demo`, what `npm start`
 * seeds with DEMO_RESULTS=0), with the sample answers of every dashboard (`results`), or an empty
 * installation where only the administrator exists (`empty`, DEMO_DATA=0).
 */
export type Variant = 'demo' | 'results' | 'empty';

export const VARIANT_ENV: Record<Variant, Record<string, string>> = {
  demo: {},
  results: { DEMO_RESULTS: '1' },
  empty: { DEMO_DATA: '0' },
};

/** How long a worker waits for another worker's template to be ready. */
const TEMPLATE_WAIT_MS = 180000;

/** The prepared data directory of a variant in the template folder `root`: built here, or waited for while another process builds it. */
export async function preparedDataDir(root: string | undefined, variant: Variant): Promise<string> {
  if (!root) throw new Error('tests/e2e/globalSetup.ts did not run: start the browser tests through the e2e project of vite.config.ts.');
  const ready = join(root, variant);
  const claim = join(root, `${variant}.claim`);
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  for (;;) {
    // Watched before looking, so a rename between the look and the wait is not missed.
    const change = nextChange(root, deadline);
    try {
      if (existsSync(ready)) return ready;
      let claimed = false;
      try {
        mkdirSync(claim);
        claimed = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (claimed) {
        try {
          await buildTemplate(variant, root, ready);
          return ready;
        } finally {
          rmSync(claim, { recursive: true, force: true });
        }
      }
      if (Date.now() > deadline) throw new Error(`another process has been preparing the ${variant} data directory for ${TEMPLATE_WAIT_MS / 1000} s (${claim})`);
      // Another process is building it: the rename (or the claim's removal after a failure) is the signal.
      await change.happened;
    } finally {
      change.close();
    }
  }
}

/** The next change of a directory's entries (a rename into it, a removal), or the deadline, whichever comes first. */
function nextChange(dir: string, deadline: number): { happened: Promise<void>; close(): void } {
  const watcher = watch(dir);
  let timer: NodeJS.Timeout | undefined;
  const happened = new Promise<void>((resolve) => {
    watcher.once('change', () => resolve());
    watcher.once('error', () => resolve());
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  return { happened, close: () => (watcher.close(), clearTimeout(timer)) };
}

/** Starts the server on an empty directory (migrations and seed), stops it cleanly, and publishes the directory. */
async function buildTemplate(variant: Variant, root: string, ready: string): Promise<void> {
  const building = mkdtempSync(join(root, `${variant}.building-`));
  try {
    const server = await startAppServer({ dataDir: building, env: VARIANT_ENV[variant] });
    const { code, signal } = await server.stop();
    if (code !== 0) throw new Error(`preparing the ${variant} data directory: the server stopped with code ${code} (${signal}). Output:\n${server.output()}`);
    renameSync(building, ready);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
}
