/**
 * Pages of the browser tests: the phone and desktop sizes they use, a page in a fresh context that
 * records uncaught page errors, leaves screenshots when its test fails and closes with it, signing in,
 * and the dashboards' controls (opening a view, its 'Filtros' dialog, the accessible tables under the
 * charts) and a soft axe check.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { photograph } from './appServer';
import { seriousViolations } from './axe';

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

/** Saves a screenshot `{dir}/{name}.png` (the whole page by default) when screenshots are kept (`photograph`). */
export async function saveScreenshot(page: Page, dir: string, name: string, fullPage = true): Promise<void> {
  await photograph(page, join(dir, `${name}.png`), fullPage);
}

/**
 * A page in a new Portuguese-language context of the server, for the running test: a 15 s default
 * timeout, reduced motion asked for, page errors recorded, a screenshot of each of the context's pages
 * if the test fails, and the context closed when the test ends.
 */
export async function openPage(size: typeof PHONE | typeof DESKTOP, setup: PageSetup): Promise<{ page: Page; context: BrowserContext }> {
  // Charts drawn at once (`prefers-reduced-motion`, renderer/Chart.tsx): what a test reads is the same
  // chart at rest, without a second of animation to draw and wait for each time it changes. A test can
  // ask for the motion back (`reducedMotion: 'no-preference'` in `setup.context`).
  const context = await setup.browser.newContext({ ...size, locale: 'pt-BR', baseURL: setup.baseUrl, reducedMotion: 'reduce', ...setup.context });
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

/** Signs in through the sign-in screen and waits for the home page. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Senha', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/home');
}

/**
 * Ticks a checkbox and waits until it shows ticked. A data grid's row selection is held by its page,
 * which ticks the box a moment after the click: Playwright's `check()` reads the box at once and
 * fails there under load.
 */
export async function tick(box: Locator): Promise<void> {
  await box.click();
  await box.and(box.page().locator(':checked')).waitFor();
}

/**
 * Closes every toast on screen with its close button (each shows the one queued behind it) until none
 * is left: before axe (a toast sliding in is half transparent) and before clicking where a toast sits.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.notistack-MuiContent');
  await expect
    .poll(async () => {
      await page.evaluate(() => document.querySelectorAll<HTMLElement>('.notistack-MuiContent button[aria-label="Fechar"]').forEach((button) => button.click()));
      return toasts.count();
    })
    .toBe(0);
}

/** Waits for a toast with this text. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('#notistack-snackbar').filter({ hasText: text }).first().waitFor();
}

/** Opens a screen from the side menu and waits for its address. */
export async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Waits until the questionnaire runner has taken over the server-drawn form (it marks the document):
 * a button pressed before would be the server's inert copy.
 */
export async function formLive(page: Page): Promise<void> {
  await page.locator('html[data-form-live="true"]').waitFor({ state: 'attached' });
}

/**
 * The screen as it is now: no toast left (a toast fading out is measured half transparent), axe (soft),
 * and a screenshot `{dir}/{name}.png` when screenshots are kept.
 */
export async function checkScreen(page: Page, dir: string, name: string): Promise<void> {
  await closeToasts(page);
  await softAxe(page, name);
  await saveScreenshot(page, dir, name);
}

/** axe's serious and critical findings fail the test, but let the rest of its checks run (soft). */
export async function softAxe(page: Page, where: string): Promise<void> {
  expect.soft(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

// ------------------------------------------------------------------ the dashboards (`/dash/{id}`)

/** Opens a dashboard and waits for its title. */
export async function openDashboard(page: Page, id: number, title: string): Promise<void> {
  await page.goto(`/dash/${id}`);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** A table's cells (header row first), or null when the view does not show exactly one such table now. */
export async function cellsOf(scope: Page | Locator, widget: string): Promise<string[][] | null> {
  const table = scope.locator(`table[data-widget="${widget}"]`);
  if ((await table.count()) !== 1) return null;
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
  );
}

/** Opens 'Filtros', picks each (label, option) in order, and closes the dialog unless asked to keep it. */
export async function chooseFilters(page: Page, choices: [string, string | RegExp][], keepOpen = false): Promise<Locator> {
  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtros' });
  await dialog.waitFor();
  for (const [label, option] of choices) {
    await dialog.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
    const chip = typeof option === 'string' ? `${label}: ${option}` : new RegExp(`^${label}: `);
    // (The chips are outside the modal dialog, hidden from the accessibility tree while it is open.)
    await page.locator('ul[aria-label="Filtros escolhidos"]').getByText(chip).waitFor();
  }
  if (!keepOpen) await closeDialog(page, dialog);
  return dialog;
}

/** Closes a dialog with its 'Fechar' button and waits for it to go. */
export async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  // (An open list's 'Fechar' icon button shares the name: the dialog's is the one with the text.)
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).filter({ hasText: 'Fechar' }).click();
  await dialog.waitFor({ state: 'detached' });
}
