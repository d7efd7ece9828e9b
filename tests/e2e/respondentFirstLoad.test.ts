/**
 * A respondent's first load, on the built app and the real server: the questionnaire link's HTML
 * already holds the form (native fields usable before any script runs), what the first page needs
 * (no lookup request before the form), and an announcement of every chunk the page will run; the
 * files go compressed; what a respondent chose before the script arrived is kept once it runs; a form
 * that opens with instructions can be dismissed before the script too; answered and unknown links
 * are redirected before any HTML; a slug without an id is the invalid page.
 */
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID } from '../../engine/lifecycle/respondentLink';
import { setUpWorld } from './world';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'pt-BR' };

const world = setUpWorld({ shots: 'respondent' });
const link = (slug: string, index = 0) => world.server.links().filter((candidate) => candidate.slug === slug)[index]!;

beforeAll(async () => {
  await world.server.waitForLinks('estresse');
  await world.server.waitForLinks('testealphanew');
});

/** A phone page whose scripts are held back until `release()`: the server's HTML alone, as on a slow network. */
async function pageWithoutScripts(): Promise<{ page: Page; release: () => void; errors: string[] }> {
  const context = await world.browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  onTestFinished(() => context.close());
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    page,
    errors,
    release: () => {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

/** Waits until the script has taken over the server's form: hydrated, and its effects run (the runner marks the document). */
async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-form-live="true"]').waitFor({ state: 'attached' });
}

describe('the HTML of a questionnaire link', () => {
  it('holds the first page, the evaluation and its definition, and announces every chunk the page runs', async () => {
    const pss = link('estresse');
    const response = await fetch(`${world.baseUrl}${pss.path}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    // The 14 questions with their five native radio buttons each, before any script.
    expect(html.match(/<input[^>]*type="radio"/g)?.length).toBe(14 * 5);
    expect(html).toContain('Neste último mês, com que frequência você tem ficado triste por causa de algo que aconteceu inesperadamente?');
    const bootstrap = JSON.parse(new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)![1]!);
    expect(bootstrap.kind).toBe('questionnaire');
    expect(bootstrap.evaluation.id).toBe(pss.id);
    expect(bootstrap.definition.type).toBe(13);

    // Loaded in a browser, every script it runs was named in the HTML: no chunk waits for another.
    const announced = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
    const context = await world.browser.newContext(PHONE);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const scripts: string[] = [];
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script') scripts.push(path);
      if (path.startsWith('/api/')) calls.push(path);
    });
    await page.goto(`${world.baseUrl}${pss.path}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Às vezes').first().check();
    await expect.poll(() => page.getByText('Respondidas 1 de 14').count()).toBe(1);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((path) => !announced.has(path))).toEqual([]);
    // Nothing was asked of the API to draw the form.
    expect(calls).toEqual([]);
  });

  it('sends the page and the built files compressed, and still plain to a client that takes no compression', async () => {
    const pss = link('estresse');
    const brotli = await fetch(`${world.baseUrl}${pss.path}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    const plainPage = await (await fetch(`${world.baseUrl}${pss.path}`, { headers: { 'Accept-Encoding': 'identity' } })).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(plainPage)![1]!;

    const raw = await fetch(`${world.baseUrl}${entry}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    const source = Buffer.from(await raw.arrayBuffer());
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // fetch would decode the body itself: read the bytes as sent, with node:http.
      const response = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        get(`${world.baseUrl}${entry}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body.length).toBeLessThan(source.length / 2);
      expect(decode(response.body).equals(source)).toBe(true);
    }
  });

  it('redirects an answered or unknown link to its outcome page before sending any form', async () => {
    const unknown = await fetch(`${world.baseUrl}/estresse/00000000-0000-4000-8000-000000000000`, { redirect: 'manual' });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/evaluation/invalid/00000000-0000-4000-8000-000000000000');
    // A PSS-14 link opened under another questionnaire's slug is not that questionnaire.
    const wrongSlug = await fetch(`${world.baseUrl}/taticorh/${link('estresse', 1).id}`, { redirect: 'manual' });
    expect(wrongSlug.headers.get('location')).toBe(`/evaluation/invalid/${link('estresse', 1).id}`);

    const answered = link('estresse', 2);
    const found = (await (await fetch(`${world.baseUrl}/api/evaluation/find/${answered.id}`)).json()) as { user_id: number };
    const questions = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: '1' }));
    const sent = await fetch(`${world.baseUrl}/api/tableresponse/multiple`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ evaluator_user_id: found.user_id, rated_user_id: found.user_id, type_evaluation: 13, evaluation_id: answered.id, rated_sector_id: null, version: 1, questions }),
    });
    expect(sent.status).toBe(201);
    const done = await fetch(`${world.baseUrl}${answered.path}`, { redirect: 'manual' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`/evaluation/done/${answered.id}`);
    const outcome = await (await fetch(`${world.baseUrl}/evaluation/done/${answered.id}`)).text();
    expect(outcome).toContain('Esse questionário já foi respondido!');
  });

  it('shows the invalid page for a slug without an id, however it is written', async () => {
    for (const path of ['/estresse', '/estresse/', '/estresse//']) {
      const response = await fetch(`${world.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('Questionário/avaliação não existente!');
    }
  });
});

describe('before the script arrives', () => {
  it('keeps what the respondent chose on the server-drawn form once the script runs, and sends it', async () => {
    const pss = link('estresse', 3);
    const { page, release, errors } = await pageWithoutScripts();
    // Module scripts run before DOMContentLoaded: with them held, wait for the parsed form itself.
    await page.goto(`${world.baseUrl}${pss.path}`, { waitUntil: 'commit' });
    await page.getByText('Respondidas 0 de 14').waitFor();
    // No script has run: the server's radio buttons work natively.
    await page.getByLabel('Quase sempre').first().check();
    expect(await page.getByLabel('Quase sempre').first().isChecked()).toBe(true);
    expect(await page.getByText('Respondidas 0 de 14').count()).toBe(1);

    release();
    await expect.poll(() => page.getByText('Respondidas 1 de 14').count(), { timeout: 15000 }).toBe(1);
    expect(await page.getByLabel('Quase sempre').first().isChecked()).toBe(true);
    // Answering the rest re-renders every question: the first answer must survive it.
    const questions = page.locator('[id^="question-"]');
    for (let index = 1; index < 14; index += 1) await questions.nth(index).getByLabel('Nunca', { exact: true }).check();
    expect(await page.getByLabel('Quase sempre').first().isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL(`**/evaluation/complete/${pss.id}`);
    expect(errors).toEqual([]);

    const stored = (await (await fetch(`${world.baseUrl}/api/evaluation/find/${pss.id}`)).json()) as { done: boolean };
    expect(stored.done).toBe(true);
  });

  it('lets the respondent dismiss the opening instructions, which do not come back once the script runs', async () => {
    const alpha = link('testealphanew');
    const { page, release, errors } = await pageWithoutScripts();
    await page.goto(`${world.baseUrl}${alpha.path}`, { waitUntil: 'commit' });
    await page.getByText('Página 1 de 5').waitFor();
    const dialog = page.locator('dialog[open]');
    expect(await dialog.getByRole('heading', { name: 'Instruções' }).count()).toBe(1);
    // The form behind is out of reach while the instructions are open.
    expect(await page.locator('input[type="checkbox"]').first().evaluate((input) => {
      const rect = input.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return hit === input || input.contains(hit);
    })).toBe(false);
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await page.locator('input[type="checkbox"]').first().check();

    release();
    await waitForHydration(page);
    // The tick is the machine's now, no dialog came back, and the form goes on.
    expect(await page.locator('[id^="question-"] input[type="checkbox"]:checked').count()).toBe(1);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    await page.locator('main').getByRole('button', { name: 'Avançar', exact: true }).click();
    // Alpha confirms each page: that dialog is the machine's, modal now that the script runs.
    const confirm = page.getByRole('dialog');
    expect(await confirm.evaluate((element) => element.matches(':modal'))).toBe(true);
    await confirm.getByRole('button', { name: 'Avançar', exact: true }).click();
    await expect.poll(() => page.getByText('Página 2 de 5').count()).toBe(1);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
