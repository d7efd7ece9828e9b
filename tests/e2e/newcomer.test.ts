/**
 * End to end, on the built app and the real server with the demo data: what a newcomer tripped on
 * (issue 10). An area map's refused page shows its problems at once in one toast clear of the progress
 * footer; a link without an id is the invalid page; /dash/13's band chips pass axe; data management's
 * headers are whole at 1366 px; the 0–10 scale's options are 44 px targets on a phone (the
 * interview chart's labels are the bar builder's: tests/server/chartLabels.test.ts draws view 11 too). (That a company user cannot open the administrators' screens is
 * `tests/web/auth/routeAccess.test.tsx`'s, and the server's role rules `tests/server/roles.test.ts`'s.)
 */
import { join } from 'node:path';
import type { ElementHandle, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Answers } from '../../engine/definition/types.ts';
import { getJson, photograph, type SeedLink } from './appServer';
import { seriousViolations } from './axe';
import { DESKTOP, formLive, PHONE, saveScreenshot } from './browserPages';
import { definitionOf, setUpWorld, type WorldPageOptions } from './world';

const world = setUpWorld({ shots: 'newcomer' });

const newPage = (size: typeof PHONE | typeof DESKTOP, options: WorldPageOptions = {}) => world.page(size, { ...options, context: { timezoneId: 'America/Sao_Paulo' } });

async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await saveScreenshot(page, world.shots, name, fullPage);
}

/** Resolves once the element has left the document (a closing toast's exit transition has ended). */
async function removed(element: ElementHandle): Promise<void> {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        if (!node.isConnected) return resolve();
        const observer = new MutationObserver(() => {
          if (node.isConnected) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
}

/** Resolves when every CSS transition and animation running inside the element has finished. */
async function transitionsDone(element: Locator): Promise<void> {
  await element.evaluate((node) => Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** The first seeded link of a slug that is still open. */
async function openLink(slug: string): Promise<SeedLink> {
  for (const link of await world.server.waitForLinks(slug)) {
    const evaluation = await getJson<{ done: boolean }>(world.baseUrl, `/api/evaluation/find/${link.id}`);
    if (!evaluation.done) return link;
  }
  throw new Error(`no open /${slug}/ link`);
}

describe('what a newcomer tripped on, end to end', () => {

  it("shows an area map's refused page all at once, in one toast clear of the progress footer, and never a stale one", async () => {
    const link = await openLink('mapaoperacionaldaareanew');
    const page = await newPage(PHONE);
    await page.goto(link.path);
    await formLive(page);
    await page.getByRole('button', { name: 'Avançar', exact: true }).click();

    // The problems the form marks on its questions (their red messages) are the toast's lines, all at once.
    const errors = page.locator('main [id^="q-"][id$="-error"]');
    await expect.poll(() => errors.count()).toBeGreaterThan(3);
    const marked = await errors.allInnerTexts();
    const toast = page.getByRole('alert').filter({ has: page.locator('#notistack-snackbar') });
    await expect.poll(() => toast.count()).toBe(1);
    await expect.poll(() => toast.getByRole('listitem').allInnerTexts()).toEqual(marked);
    // Measured where it comes to rest, once it has slid in.
    await transitionsDone(toast);
    await screenshot(page, 'area-map-refused-phone', false);

    // Clear of the progress footer, and inside the screen.
    const toastBox = (await toast.boundingBox())!;
    const footerBox = (await page.locator('footer').boundingBox())!;
    expect(toastBox.y + toastBox.height, 'toast bottom above the footer').toBeLessThanOrEqual(footerBox.y);
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(390);

    // Answering closes it; nothing queued shows up afterwards about an answered question. The toaster
    // shows what it queued in the very update that removes the closing toast, so once that toast has
    // left the page, anything queued would be on it.
    const first = await toast.elementHandle();
    await page.locator('[id="question-1.1"] label').last().click();
    await removed(first!);
    expect(await page.locator('#notistack-snackbar').count()).toBe(0);

    // A new refusal lists only what is still missing; a second refusal replaces that toast.
    await page.getByRole('button', { name: 'Avançar', exact: true }).click();
    await expect.poll(() => toast.getByRole('listitem').allInnerTexts()).toEqual(marked.slice(1));
    const second = await toast.elementHandle();
    await page.getByRole('button', { name: 'Avançar', exact: true }).click();
    await removed(second!);
    await expect.poll(() => toast.getByRole('listitem').allInnerTexts()).toEqual(marked.slice(1));
    expect(await page.locator('#notistack-snackbar').count(), 'a second refusal replaces the first toast').toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Leaves the link unanswered for the other e2e files.
    await page.evaluate(() => localStorage.clear());
  });

  it('shows the invalid page for a questionnaire link without an id', async () => {
    const page = await newPage(PHONE);
    // ('/estresse//' is refused earlier, by @fastify/static, with a 403: see the report.)
    for (const path of ['/estresse', '/estresse/']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Questionário/avaliação não existente!', level: 1 }).waitFor();
      expect(await page.getByRole('button', { name: 'Entrar' }).count(), path).toBe(0);
    }
  });

  it('passes axe on /dash/13 with a respondent in every band', async () => {
    const definition = definitionOf(13);
    const questions = definition.pages.flatMap((page) => page.questions);
    /** Plain items answered `plain`, reverse items `reverse`: totals 0, 14, 28 and 56 fall in the four bands. */
    const answers = (plain: number, reverse: number): Answers =>
      Object.fromEntries(questions.map((question) => [question.id, 'reverse' in question && question.reverse ? reverse : plain]));
    const patterns = [answers(0, 4), answers(2, 4), answers(2, 2), answers(4, 0)];
    const links = await world.server.waitForLinks('estresse');
    let sent = 0;
    for (const link of links) {
      if (sent === patterns.length) break;
      const info = await getJson<{ done: boolean }>(world.baseUrl, `/api/evaluation/find/${link.id}`);
      if (info.done) continue;
      await world.answer(link.id, patterns[sent]!);
      sent += 1;
    }
    expect(sent).toBe(patterns.length);

    const page = await newPage(DESKTOP, { as: 'company' });
    await page.goto('/dash/13');
    const table = page.getByRole('table', { name: 'Respondentes' });
    for (const band of ['Estresse baixo', 'Estresse moderado', 'Estresse alto', 'Estresse muito alto']) await table.getByText(band, { exact: true }).first().waitFor();
    await screenshot(page, 'dash13-bands-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows data management's column headers whole at 1366 px", async () => {
    const page = await newPage(DESKTOP, { as: 'admin' });
    await page.goto('/gestaodados');
    const grid = page.getByRole('grid', { name: 'Avaliações' });
    await grid.getByRole('columnheader', { name: 'Respondido?' }).waitFor();
    await screenshot(page, 'gestaodados-headers-desktop', false);
    const cut = async () =>
      (
        await grid.locator('.MuiDataGrid-columnHeaderTitle').evaluateAll((elements) =>
          elements.map((element) => ({ text: element.textContent, scroll: element.scrollWidth, client: element.clientWidth })),
        )
      ).filter((title) => title.scroll > title.client);
    const names = ['Avaliação', 'Avaliador', 'Envio', 'Vencimento', 'Vencido?', 'Respondido?', 'Menu'];
    expect(await grid.locator('.MuiDataGrid-columnHeaderTitle').allInnerTexts()).toEqual(names);
    expect(await cut()).toEqual([]);
    // Also while the pointer is on a header (where the grid shows its column menu button).
    for (const name of names) {
      await grid.getByRole('columnheader', { name }).hover();
      expect(await cut(), `pointer on ${name}`).toEqual([]);
    }
    await grid.getByRole('columnheader', { name: 'Respondido?' }).hover();
    await screenshot(page, 'gestaodados-headers-hover-desktop', false);
  });

  it("gives each option of the 0–10 scale a 44 by 44 px target on a phone, in two even rows", async () => {
    const link = await openLink('desempenhodeequipenew');
    const page = await newPage(PHONE);
    await page.goto(link.path);
    await formLive(page);
    const group = page.locator('[id="question-1"]').getByRole('radiogroup');
    const boxes = await group.locator('label').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(11);
    for (const [value, box] of boxes.entries()) {
      expect(box.width, `option ${value} width`).toBeGreaterThanOrEqual(44);
      expect(box.height, `option ${value} height`).toBeGreaterThanOrEqual(44);
      expect(box.right, `option ${value} inside the screen`).toBeLessThanOrEqual(390);
    }
    const rows = [...new Set(boxes.map((box) => Math.round(box.top)))];
    expect(rows, '0–5 on the first row, 6–10 on the second').toHaveLength(2);
    expect(boxes.slice(0, 6).every((box) => Math.round(box.top) === rows[0])).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A tap in the corner of an option's box still picks it.
    const ten = boxes[10]!;
    await page.mouse.click(ten.right - 3, ten.bottom - 3);
    expect(await group.locator('input[value="10"]').isChecked()).toBe(true);
    await photograph(page.locator('[id="question-1"]'), join(world.shots, 'scale-0-10-phone.png'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.clear());

    // On a desktop the eleven stay in one row.
    const desktop = await newPage(DESKTOP);
    await desktop.goto(link.path);
    await formLive(desktop);
    const row = desktop.locator('[id="question-1"]').getByRole('radiogroup');
    const wide = await row.locator('label').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(wide.map((box) => Math.round(box.top))).size).toBe(1);
    expect(wide.every((box) => box.width >= 44 && box.height >= 44)).toBe(true);
    await photograph(desktop.locator('[id="question-1"]'), join(world.shots, 'scale-0-10-desktop.png'));
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
