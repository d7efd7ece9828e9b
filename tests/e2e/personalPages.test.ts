/**
 * End to end, on the built app and the real server (on a scratch PostgreSQL database, so that one
 * evaluation can be moved past its expiry day): a person's three public pages, opened on a 360 px phone
 * without signing in, by the personal key: the list of their evaluations with its badges and actions
 * (/evaluations/{key}), the scanner report dialog that cannot be closed (/scanner/{key}) and the
 * leader-vs-team report modal (/printevaluation/{key}); an unknown key; axe on each. The PDF downloads
 * are checked too (their file starts with %PDF, their name is the spec's). Screenshots go to
 * test-results/e2e/personal/.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answers } from '../../engine/definition/types';
import { animationsQuiet, seriousViolations } from './axe';
import { DESKTOP, PHONE, saveScreenshot } from './browserPages';
import { setUpWorld } from './world';

/** The narrowest phone the pages must work on. */
const PHONE_360 = { ...PHONE, viewport: { width: 360, height: 740 } };

const ANA = 'Ana Paula Souza';
const COMPANY = 'Empresa Demonstração';
const WHATSAPP = 'https://wa.me/5511999990000';
const UNKNOWN_KEY = 'Link pessoal não existente! Confira o endereço recebido por e-mail.';

const world = setUpWorld({ shots: 'personal', postgres: true });
/** Ana's personal key and her evaluations by type. */
let anaKey = '';
const anaEvaluations = new Map<number, string>();

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: world.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Answers one of Ana's evaluations through the respondent's public call, as the form does. */
const answer = (type: number, answers: Answers) => world.answer(anaEvaluations.get(type)!, answers);

const phonePage = () => world.page(PHONE_360);

/**
 * Does what would close a closable dialog (Escape, a tap on the backdrop), then checks that this one is
 * still open: once its opening transitions have ended, those are discrete events React handles at once,
 * so a closing dialog would be in its exit transition from the next frame.
 */
async function expectStaysOpen(page: Page, dialog: Locator, closers: (() => Promise<void>)[]): Promise<void> {
  await animationsQuiet(page);
  for (const close of closers) await close();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const running = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.nodeName ?? '?'),
  );
  expect(running, 'no transition started').toEqual([]);
  expect(await dialog.isVisible()).toBe(true);
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Nothing wider than the phone: no sideways scrolling. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** The downloaded file's first bytes and the name the browser suggests. */
async function downloaded(download: Download): Promise<{ name: string; head: string }> {
  const path = await download.path();
  return { name: download.suggestedFilename(), head: readFileSync(path).subarray(0, 5).toString('latin1') };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("a person's own pages, public, on a phone", () => {
  beforeAll(async () => {
    await world.server.waitForLinks('estresse');
    // The seed gives Ana a link of every questionnaire (her PSS-14 among them).
    const [ana] = await query<{ id: number; personal_key: string }>('SELECT id, personal_key FROM users WHERE name = $1', [ANA]);
    anaKey = ana!.personal_key;
    for (const row of await query<{ id: string; type_evaluation: number }>('SELECT id, type_evaluation FROM evaluations WHERE user_id = $1 ORDER BY created_at', [ana!.id])) {
      if (!anaEvaluations.has(row.type_evaluation)) anaEvaluations.set(row.type_evaluation, row.id);
    }
    // Done: the PSS-14, the team performance (Ana as leader) and the scanner's questionnaires.
    await answer(13, Object.fromEntries(range(1, 14).map((item) => [String(item), 2])));
    await answer(7, Object.fromEntries([8, 7, 6, 9, 5, 4, 10, 3, 6, 7, 9, 9, 8, 7, 6, 5, 4, 10, 8, 6].map((value, index) => [String(index + 1), value])));
    await answer(3, { '1': [1, 4, 5, 6, 7, 8], '2': [1, 3, 4, 6, 8], '3': [2, 4], '4': [1, 2, 3], '5': [4] });
    await answer(4, Object.fromEntries(range(1, 24).map((value) => [String(value), value])));
    await answer(6, { '1': 2, '2': 3, '3': 5, '4': 2, '5': 5 });
    await answer(9, { '1': 2, '2': 3, '3': 1, '4': 4, '5': 4, '6': 1, '7': 3, '8': 1, '9': 1, '10': 2, '11': 2, '12': 1 });
    // Expired: the temperaments, its expiry day over yesterday.
    await query("UPDATE evaluations SET expire_at = now() - interval '1 day' WHERE id = $1", [anaEvaluations.get(5)]);
  });

  /** The card of one of Ana's evaluations on the phone list. */
  const card = (page: Page, type: number) => page.locator(`li[data-evaluation="${anaEvaluations.get(type)}"]`);

  it('lists her evaluations as cards: done green with the report button, expired red with WhatsApp, pending orange with the form', async () => {
    const page = await phonePage();
    await page.goto(`/evaluations/${anaKey}`);
    await page.getByRole('heading', { level: 1, name: 'Minhas avaliações' }).waitFor();
    await card(page, 13).waitFor();
    // Every evaluation of hers, one card each.
    expect(await page.locator('li[data-evaluation]').count()).toBe(Number((await query<{ n: string }>('SELECT count(*) AS n FROM evaluations e JOIN users u ON u.id = e.user_id WHERE u.name = $1', [ANA]))[0]!.n));

    const done = card(page, 13);
    expect(await done.getByRole('heading').textContent()).toBe('Escala de Estresse Percebido');
    expect(await done.locator('[data-status]').getAttribute('data-status')).toBe('done');
    expect(await done.locator('[data-status]').textContent()).toBe('Concluído');
    expect(await done.locator('[data-status]').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(27, 94, 32)');
    await done.getByRole('button', { name: 'Baixar relatório: Escala de Estresse Percebido' }).waitFor();
    for (const label of ['Data de envio', 'Data de vencimento', 'Concluído?']) await done.getByText(label, { exact: true }).waitFor();

    const expired = card(page, 5);
    expect(await expired.locator('[data-status]').textContent()).toBe('Vencida');
    expect(await expired.locator('[data-status]').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(183, 28, 28)');
    const whatsapp = expired.getByRole('link', { name: /Falar com o suporte pelo WhatsApp/ });
    expect(await whatsapp.getAttribute('href')).toBe(WHATSAPP);
    expect(await whatsapp.textContent()).toBe('Falar com o suporte');

    const pending = card(page, 16);
    expect(await pending.locator('[data-status]').textContent()).toBe('Pendente');
    expect(await pending.locator('[data-status]').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(180, 83, 9)');
    expect(await pending.getByRole('link', { name: 'Responder: Segurança Psicológica' }).getAttribute('href')).toBe(`/segurancapsicologica/${anaEvaluations.get(16)}`);

    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, world.shots, 'evaluations-phone');
    await expectNoSeriousViolations(page, 'evaluations list');

    // The form link opens the questionnaire.
    await pending.getByRole('link', { name: 'Responder: Segurança Psicológica' }).click();
    await page.waitForURL(`**/segurancapsicologica/${anaEvaluations.get(16)}`);
  });

  it('shows the table with the columns of the spec on a wide screen', async () => {
    const page = await world.page(DESKTOP);
    await page.goto(`/evaluations/${anaKey}`);
    const table = page.getByRole('table', { name: 'Minhas avaliações' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Avaliação', 'Data de envio', 'Data de vencimento', 'Concluído?', 'Ação']);
    expect(await table.locator(`tr[data-evaluation="${anaEvaluations.get(13)}"] [data-status]`).textContent()).toBe('Concluído');
    await expectNoSeriousViolations(page, 'evaluations table');
  });

  it('downloads the report of a done evaluation (needs the report routes)', async () => {
    const page = await phonePage();
    await page.goto(`/evaluations/${anaKey}`);
    const button = card(page, 13).getByRole('button', { name: 'Baixar relatório: Escala de Estresse Percebido' });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    const file = await downloaded(download);
    expect(file.name).toBe(`Escala de Estresse Percebido - ${ANA}.pdf`);
    expect(file.head).toBe('%PDF-');
    await expect.poll(() => button.isEnabled()).toBe(true);
  });

  it('answers an unknown key like the invalid page', async () => {
    const page = await phonePage();
    await page.goto('/evaluations/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: UNKNOWN_KEY }).waitFor();
    await page.getByRole('link', { name: '+55 11 99999-0000' }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page, 'unknown key');
    // A counting id is not a key either.
    await page.goto('/evaluations/1');
    await page.getByRole('heading', { level: 1, name: UNKNOWN_KEY }).waitFor();
  });

  it('shows the scanner dialog with her name and company, which Escape and the backdrop do not close', async () => {
    const page = await phonePage();
    await page.goto(`/scanner/${anaKey}`);
    const dialog = page.getByRole('dialog', { name: 'Relatório Scanner' });
    await dialog.getByText(ANA).waitFor();
    await dialog.getByText(COMPANY).waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Baixar Relatório']);
    await expectStaysOpen(page, dialog, [() => page.keyboard.press('Escape'), () => page.mouse.click(5, 735)]);
    // The keyboard stays in the dialog: Tab reaches its one button and comes back to it.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Baixar Relatório');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Baixar Relatório');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page, 'scanner dialog');
    await saveScreenshot(page, world.shots, 'scanner-phone');
  });

  it('downloads the scanner PDF with progress, then says so (needs the report routes)', async () => {
    const page = await phonePage();
    await page.goto(`/scanner/${anaKey}`);
    const dialog = page.getByRole('dialog', { name: 'Relatório Scanner' });
    await dialog.getByText(ANA).waitFor();
    // Hold the real request until the progress has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent: unknown;
    await page.route('**/api/tableresponse/report/download', async (route) => {
      sent = route.request().postDataJSON();
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Baixar Relatório' }).click();
    const busy = dialog.getByRole('button', { name: 'Gerando relatório…' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(sent).toEqual({ evaluation_type: '-1', target_ids: [anaKey] });
    release();
    const file = await downloaded(await downloading);
    expect(file.name).toBe(`Avaliação Scanner - ${ANA} - ${COMPANY}.pdf`);
    expect(file.head).toBe('%PDF-');
    await page.getByText('Relatório gerado com sucesso').waitFor();
  });

  it("says 'Erro ao carregar dados do usuário' when the scanner's person cannot be loaded", async () => {
    const page = await phonePage();
    await page.goto('/scanner/00000000-0000-4000-8000-000000000000');
    const dialog = page.getByRole('dialog', { name: 'Relatório Scanner' });
    await dialog.getByText('Erro ao carregar dados do usuário').waitFor();
    expect(await dialog.getByRole('button', { name: 'Baixar Relatório' }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'scanner dialog, unknown key');
  });

  it("shows the team performance modal: 'Carregando' until her name is loaded, then 'Imprimir Relatório'", async () => {
    const page = await phonePage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/users/${anaKey}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/printevaluation/${anaKey}`);
    const dialog = page.getByRole('dialog', { name: 'Avaliação desempenho de equipe' });
    await dialog.getByText('Carregando').waitFor();
    release();
    await dialog.getByText(ANA).waitFor();
    expect(await dialog.getByText('Carregando').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Imprimir Relatório' }).waitFor();
    await expectStaysOpen(page, dialog, [() => page.keyboard.press('Escape')]);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page, 'team performance modal');
    await saveScreenshot(page, world.shots, 'printevaluation-phone');
  });

  it('downloads the team performance PDF (needs the report routes)', async () => {
    const page = await phonePage();
    await page.goto(`/printevaluation/${anaKey}`);
    const dialog = page.getByRole('dialog', { name: 'Avaliação desempenho de equipe' });
    await dialog.getByText(ANA).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), dialog.getByRole('button', { name: 'Imprimir Relatório' }).click()]);
    const file = await downloaded(download);
    expect(file.name).toBe(`Avaliação desempenho de equipe - ${ANA}.pdf`);
    expect(file.head).toBe('%PDF-');
    await page.getByText('Relatório gerado com sucesso').waitFor();
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
