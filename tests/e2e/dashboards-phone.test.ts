/**
 * End to end, on the built app and the real server with the demo data and its results (`DEMO_RESULTS`): every view (`/dash/{id}` of
 * every dashboard definition) read on a phone (390 px) as a staff member would show it in a meeting
 * (issue 24). With the first company and, where the view asks for them, its first person and date
 * chosen, every tab is opened and every chart's table shown ('Ver tabela'): no table scrolls sideways
 * (a table that does not fit its card lays its rows out as cards, `useCardsWhenNarrow`), and the 360's
 * 'Leitura dos resultados' and the scanner's respondents, which did, are among the tables checked. The
 * objections' quadrants fill their card, on a phone and on a laptop (they used half of it).
 * Screenshots (E2E_SCREENSHOTS=1) go to test-results/e2e/dashboards-phone/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './appServer';
import { closeDialog, DESKTOP, openDashboard, PHONE } from './browserPages';
import { COMPANY_A, dashboardPage, screenshot } from './dashboardWorld';
import { setUpWorld } from './world';

const world = setUpWorld({ shots: 'dashboards-phone', variant: 'results' });

/** Every dashboard definition's id and title. */
const views = readdirSync(join(repoRoot, 'definitions/dashboards'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(repoRoot, 'definitions/dashboards', name), 'utf8')) as { id: number; title: string })
  .sort((a, b) => a.id - b.id);

/** The filters chosen on each view, in order: the first company, then the first of each other one offered. */
const CHOICES = ['Empresa', 'Avaliado', 'Data', 'Colaborador'];

/** Picks the view's filters (those it offers) and closes the dialog. */
async function chooseFirst(page: Page): Promise<void> {
  const open = page.getByRole('button', { name: 'Filtros', exact: true });
  if ((await open.count()) === 0) return;
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Filtros' });
  await dialog.waitFor();
  const chips = page.locator('ul[aria-label="Filtros escolhidos"]');
  for (const label of CHOICES) {
    const box = dialog.getByRole('combobox', { name: label, exact: true });
    if ((await box.count()) === 0 || (await box.isDisabled())) continue;
    // The company chosen on the view before is still chosen here (the app keeps it from view to view).
    if (label === 'Empresa' && (await chips.getByText(`Empresa: ${COMPANY_A}`, { exact: true }).count()) > 0) continue;
    await box.click();
    const option = label === 'Empresa' ? page.getByRole('option', { name: COMPANY_A, exact: true }) : page.getByRole('option').first();
    // A list with nothing to choose (the interview's people in a world without interviews) is left as it is.
    const none = page.getByText('Sem opções', { exact: true });
    await option.or(none).first().waitFor();
    if ((await option.count()) === 0) {
      await page.keyboard.press('Escape');
      await none.waitFor({ state: 'detached' });
      continue;
    }
    const text = ((await option.textContent()) ?? '').trim();
    await option.click();
    await chips.getByText(`${label}: ${text}`, { exact: true }).waitFor();
  }
  await closeDialog(page, dialog);
}

/**
 * Opens another view without loading the app again: the address changes as a link of the app's menu
 * changes it (the router's history), and the view's heading is waited for, as after `openDashboard`.
 */
async function openInApp(page: Page, id: number, title: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/dash/${id}`);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** Waits until the view has drawn its data (not busy). */
async function settled(page: Page): Promise<void> {
  await page.locator('[aria-busy="false"]').first().waitFor({ state: 'attached' });
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

/**
 * Every table in sight (the widgets' and the charts' shown ones): its name, and whether the box it sits
 * in scrolls sideways (wider than the box) or the page does.
 */
function tablesInSight(page: Page): Promise<{ name: string; layout: string; scrolls: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableElement>('table[data-widget]')]
      .filter((table) => table.parentElement!.offsetWidth > 1)
      .map((table) => {
        const box = table.parentElement!;
        return { name: table.dataset.widget ?? '', layout: table.dataset.layout ?? '', scrolls: box.scrollWidth > box.clientWidth || document.documentElement.scrollWidth > window.innerWidth };
      }),
  );
}

/** The tabs of the view's first tab list (none: the view as it is). */
async function eachTab(page: Page, visit: (tab: string) => Promise<void>): Promise<void> {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  if (count === 0) return visit('');
  for (let index = 0; index < count; index++) {
    const tab = tabs.nth(index);
    // Chosen from the keyboard, as a screen-reader user would: a click at the tab's place can land on
    // the tab bar's scroll arrow, which appears once the bar has measured itself.
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await visit(((await tab.textContent()) ?? '').trim());
  }
}

/** Shows every chart's table ('Ver tabela') in sight. */
async function showChartTables(page: Page): Promise<void> {
  const buttons: Locator = page.getByRole('button', { name: 'Ver tabela', exact: true });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

/** How much of its card's width each quadrants grid in sight fills, and its cells' width : height. */
function quadrantsInSight(page: Page): Promise<{ name: string; fill: number; ratios: number[] }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLUListElement>('ul[data-widget]')].map((grid) => {
      const card = grid.closest<HTMLElement>('[role="group"]')!;
      const padding = parseFloat(getComputedStyle(card).paddingLeft) + parseFloat(getComputedStyle(card).paddingRight);
      const cells = [...grid.children].map((cell) => cell.getBoundingClientRect());
      return {
        name: grid.dataset.widget ?? '',
        fill: grid.getBoundingClientRect().width / (card.clientWidth - padding),
        ratios: cells.map((cell) => Math.round((cell.width / cell.height) * 10) / 10),
      };
    }),
  );
}

describe('every view on a phone (390 px): tables as cards, nothing sideways; the quadrants fill their card', () => {
  it('no table of any view scrolls sideways on a phone', async () => {
    const page = await dashboardPage(world, PHONE);
    const checked: string[] = [];
    const scrolling: string[] = [];
    for (const [index, view] of views.entries()) {
      // The first view is loaded, the others opened inside the app as its menu would (each a view of its own, `key` by id).
      if (index === 0) await openDashboard(page, view.id, view.title);
      else await openInApp(page, view.id, view.title);
      await chooseFirst(page);
      await eachTab(page, async (tab) => {
        await settled(page);
        await showChartTables(page);
        for (const table of await tablesInSight(page)) {
          checked.push(`${view.id} ${table.name}: ${table.layout}`);
          if (table.scrolls) scrolling.push(`${view.id} ${tab} ${table.name}`);
        }
      });
      await screenshot(page, world, `dash${view.id}-phone`);
    }
    expect(scrolling).toEqual([]);
    // The two the issue found cut off at the right are among them, laid out as cards.
    expect(checked).toContain('2 Leitura dos resultados: cards');
    expect(checked).toContain('-1 Respondentes: o dia da última resposta a cada teste (verde: todos respondidos; amarelo: algum pendente): cards');
  });

  it("the objections' quadrants fill their card, with cells wider than tall but not bands, on a phone and a laptop", async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await dashboardPage(world, size);
      await openDashboard(page, 9, 'Tratamento de Objeções');
      await chooseFirst(page);
      await settled(page);
      const grids = await quadrantsInSight(page);
      expect(grids.map((grid) => grid.name)).toEqual(['Quadrantes da comunicação (média do grupo)']);
      for (const grid of grids) {
        expect(grid.fill, `${grid.name} at ${size.viewport.width} px`).toBeGreaterThan(0.99);
        for (const ratio of grid.ratios) {
          expect(ratio).toBeGreaterThanOrEqual(1);
          expect(ratio).toBeLessThanOrEqual(2.5);
        }
      }
      await screenshot(page, world, `dash9-quadrants-${size.viewport.width}`);
    }
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
