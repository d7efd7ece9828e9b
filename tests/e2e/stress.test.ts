/**
 * End to end, on the built app and the real server: a respondent answers the perceived stress scale
 * (PSS-14) on a phone from a seeded link, the link then says it was answered, an unknown link says it
 * does not exist, and the company user finds the respondent's total on the dashboard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentials, getJson, repoRoot } from './appServer';
import { seriousViolations } from './axe';
import { DESKTOP, formLive, PHONE, saveScreenshot, signIn } from './browserPages';
import { setUpWorld } from './world';

interface ScaleQuestion {
  id: string;
  text: string;
  scale: string;
  reverse?: boolean;
}
interface Definition {
  title: string;
  scales: Record<string, { value: number; label: string }[]>;
  messages: { required: string };
  progress: { label: string };
  pages: { questions: ScaleQuestion[] }[];
}

const definition = JSON.parse(
  readFileSync(join(repoRoot, 'definitions/questionnaires/estresse.json'), 'utf8'),
) as Definition;
const questions = definition.pages.flatMap((page) => page.questions);
const scale = definition.scales[questions[0]!.scale]!;
const maxValue = Math.max(...scale.map((option) => option.value));
/** A mixed pattern, as a person would answer: 0, 1, 2, 3, 4, 0, 1, … */
const chosen = questions.map((_, index) => scale[index % scale.length]!);
/** The PSS total: reverse items count `max - value`. */
const expectedTotal = questions.reduce(
  (sum, question, index) => sum + (question.reverse ? maxValue - chosen[index]!.value : chosen[index]!.value),
  0,
);
const progress = (n: number) => definition.progress.label.replace('{n}', String(n)).replace('{total}', String(questions.length));

const world = setUpWorld({ shots: 'stress' });
let link = '';
let evaluationId = '';
let respondentName = '';

const newPage = (size: typeof PHONE | typeof DESKTOP) => world.page(size);
const screenshot = (page: Page, name: string) => saveScreenshot(page, world.shots, name);

describe('perceived stress scale, end to end', () => {
  beforeAll(async () => {
    const links = await world.server.waitForLinks('estresse');
    // The first seeded link still open; the seed may also hold answered ones for the dashboard.
    for (const candidate of links) {
      const evaluation = await getJson<{ done?: boolean; evaluator_name?: string } | null>(
        world.baseUrl,
        `/api/evaluation/find/${candidate.id}`,
      );
      if (evaluation && !evaluation.done) {
        link = candidate.path;
        evaluationId = candidate.id;
        respondentName = evaluation.evaluator_name ?? '';
        break;
      }
    }
    if (!link) throw new Error(`no open /estresse/ link among the ${links.length} the server printed`);
    if (!respondentName) throw new Error(`GET /api/evaluation/find/${evaluationId} gave no evaluator_name`);
  });

  it('sends a visitor of a private route to the sign-in page', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
  });

  it('says an unknown link does not exist', async () => {
    const page = await newPage(PHONE);
    await page.goto(`/estresse/${randomUUID()}`);
    await page.getByText('Questionário/avaliação não existente!').waitFor();
  });

  it('lets a respondent answer all 14 questions on a phone', async () => {
    const page = await newPage(PHONE);
    await page.goto(link);
    await formLive(page);

    const groups = page.getByRole('radiogroup');
    await expect.poll(() => groups.count(), { timeout: 10000 }).toBe(questions.length);
    for (const question of questions) {
      const group = page.getByRole('radiogroup', { name: question.text });
      expect(await group.count(), `radio group named after question ${question.id}`).toBe(1);
      for (const option of scale) {
        expect(
          await group.getByRole('radio', { name: option.label, exact: true }).count(),
          `question ${question.id}: radio '${option.label}'`,
        ).toBe(1);
      }
    }
    await page.getByText(progress(0), { exact: true }).waitFor();
    await screenshot(page, 'stress-phone-empty');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText(definition.messages.required.replace('{n}', '1')).first().waitFor();
    await screenshot(page, 'stress-phone-required');

    for (const [index, question] of questions.entries()) {
      const group = page.getByRole('radiogroup', { name: question.text });
      // A person taps the option's label text.
      await group.getByText(chosen[index]!.label, { exact: true }).click();
      expect(await group.getByRole('radio', { name: chosen[index]!.label, exact: true }).isChecked()).toBe(true);
    }
    await page.getByText(progress(questions.length), { exact: true }).waitFor();
    await screenshot(page, 'stress-phone-answered');

    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('Resposta enviada com sucesso').first().waitFor();
    await page.getByText('Questionário concluído com sucesso!').waitFor();
    await screenshot(page, 'stress-phone-complete');
  });

  it('says the link was already answered when reopened', async () => {
    const page = await newPage(PHONE);
    await page.goto(link);
    await page.getByText('Esse questionário já foi respondido!').waitFor();
  });

  it("shows the company user the respondent's total on /dash/13", async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, credentials.company);
    await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor();
    await screenshot(page, 'home-desktop');

    await page.getByRole('link', { name: 'Escala de Estresse Percebido' }).click();
    await page.waitForURL((url) => url.pathname === '/dash/13');
    const row = page.getByRole('row').filter({ hasText: respondentName });
    await row.first().waitFor();
    await screenshot(page, 'dash13-desktop');
    expect(await row.count(), `one row for ${respondentName}`).toBe(1);
    expect(await row.getByRole('cell', { name: String(expectedTotal), exact: true }).count(), `total ${expectedTotal}`).toBe(1);
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });

  it('stops cleanly on SIGINT', async () => {
    // Every page of the file has closed with its test (and its context).
    const { code, signal } = await world.server.stop();
    expect({ code, signal }, world.server.output().slice(-2000)).toEqual({ code: 0, signal: null });
  });
});
