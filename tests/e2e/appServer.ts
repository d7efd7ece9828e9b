/**
 * What the end-to-end tests need around the real server: start and stop it (shared with the
 * benchmarks in `scripts/lib/`), the browser, a check that the web build exists, and JSON calls.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { repoRoot } from '../../scripts/lib/appServer';

export { credentials, parseLinks, repoRoot, startAppServer, type AppServer, type SeedLink } from '../../scripts/lib/appServer';
export { launchChromium } from '../../scripts/lib/browser';

/** Where screenshots go (gitignored). */
export const screenshotDir = join(repoRoot, 'test-results/e2e');

/**
 * Whether the tests photograph the screens they visit (`E2E_SCREENSHOTS=1 npm test`): the pictures
 * are for people to look at, no test reads them, and taking them (a desktop and a phone size of each
 * screen) is a large share of the suite's time. A failing test's pictures are always taken.
 */
export const keepScreenshots = process.env.E2E_SCREENSHOTS === '1';

/** Anything with Playwright's `screenshot` (a page or an element). */
interface Photographable {
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
}

/** Saves a screenshot at `path` when screenshots are kept, or when it is a failure's (`FAILED-…`). */
export async function photograph(target: Photographable, path: string, fullPage = false): Promise<void> {
  if (!keepScreenshots && !basename(path).startsWith('FAILED')) return;
  await target.screenshot(fullPage ? { path, fullPage } : { path });
}

/** Fails with the command to run when the web app has not been built. */
export function assertWebBuilt(): void {
  // WEB_ROOT (passed on to the server) lets a second checkout or build directory be tested.
  const index = join(process.env.WEB_ROOT ? resolve(repoRoot, process.env.WEB_ROOT) : join(repoRoot, 'dist/web'), 'index.html');
  if (!existsSync(index)) {
    throw new Error(`${index} is missing: run \`npx vite build\` first (scripts/test.sh does).`);
  }
}

/** GET a JSON answer from the server; fails with the status and body when not 2xx. */
export async function getJson<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
