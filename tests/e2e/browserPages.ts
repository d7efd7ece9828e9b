/**
 * Pages of the browser tests: the phone and desktop sizes they use, and a page in a fresh context that
 * records uncaught page errors, leaves screenshots when its test fails and closes with it.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/** A phone (390 × 844, touch). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** A laptop screen (1366 × 900). */
export const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** What `openPage` needs besides the size. */
export interface PageSetup {
  browser: Browser;
  baseUrl: string;
  /** Uncaught errors of every page of the context are pushed here, with the page's address. */
  errors: string[];
  /** Folder of the failure screenshots. */
  shots: string;
  /** More context options (time zone, downloads). */
  context?: BrowserContextOptions;
  /** Grant the clipboard to the app's origin. Default false. */
  clipboard?: boolean;
}

/** Saves a screenshot `{dir}/{name}.png` (the whole page by default). */
export async function saveScreenshot(page: Page, dir: string, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/**
 * A page in a new Portuguese-language context of the server, for the running test: a 15 s default
 * timeout, page errors recorded, a screenshot of each of the context's pages if the test fails, and
 * the context closed when the test ends.
 */
export async function openPage(size: typeof PHONE | typeof DESKTOP, setup: PageSetup): Promise<{ page: Page; context: BrowserContext }> {
  const context = await setup.browser.newContext({ ...size, locale: 'pt-BR', baseURL: setup.baseUrl, ...setup.context });
  if (setup.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: setup.baseUrl });
  context.on('page', (opened) => opened.on('pageerror', (error) => setup.errors.push(`${opened.url()}: ${error.message}`)));
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      for (const [index, open] of context.pages().entries()) await saveScreenshot(open, setup.shots, `FAILED-${name}${index ? `-${index}` : ''}`).catch(() => undefined);
    }
    await context.close();
  });
  return { page, context };
}
