/**
 * End to end, on the built app and the real server: every questionnaire of the catalogue, opened from
 * its seeded link on a phone and filled as a person would (tapping labels, choosing from lists, typing;
 * the psychological safety scale by keyboard only), through its dialogs and at least one validation
 * message, up to the complete page. Checks the answers sent on the wire, that unsent answers survive a
 * reload, and that axe finds no serious or critical violation on any page or dialog of any questionnaire.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions';
import { encodeAnswers } from '../../engine/answers/encoding';
import { pageErrors, submissionErrors } from '../../engine/answers/validation';
import { answerSummary } from '../../engine/answers/summary';
import { findQuestion, isShown, optionsOf, pageQuestions } from '../../engine/definition/questions';
import type { Answers, DialogText, QuestionnaireDefinition, WireItem } from '../../engine/definition/types';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { generateAnswers } from '../definitions/generate';
import { assertWebBuilt, getJson, launchChromium, photograph, screenshotDir, startAppServer, type AppServer } from './appServer';
import { seriousViolations } from './axe';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const KEYBOARD_SLUG = 'segurancapsicologica';

interface Form {
  slug: string;
  id: string;
  type: number;
  definition: QuestionnaireDefinition;
}

let server: AppServer | undefined;
let browser: Browser | undefined;
const forms: Form[] = [];
const uncaught: string[] = [];

async function newPage(name: string): Promise<Page> {
  const context = await browser!.newContext({ ...PHONE, locale: 'pt-BR', baseURL: server!.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (error) => uncaught.push(`${page.url()}: ${error.message}`));
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: join(screenshotDir, `FAILED-${name}.png`), fullPage: true }).catch(() => undefined);
    await context.close();
  });
  return page;
}


const container = (page: Page, questionId: string) => page.locator(`[id="question-${questionId}"]`);

/** Answers one question as a person would: taps the option's label, picks from the list, or types. */
async function answer(page: Page, form: Form, questionId: string, value: Answers[string]): Promise<void> {
  const question = findQuestion(form.definition, questionId)!.question;
  const box = container(page, questionId);
  if (question.kind === 'text') {
    await box.getByRole('textbox').fill(String(value));
  } else if (question.kind === 'choice' && question.display === 'select') {
    await box.locator('select').selectOption(String(value));
  } else {
    const values = Array.isArray(value) ? value : [value];
    const type = question.kind === 'checkboxes' ? 'checkbox' : 'radio';
    for (const option of values) {
      await box.locator('label').filter({ has: page.locator(`input[type="${type}"][value="${option}"]`) }).click();
      expect(await box.locator(`input[type="${type}"][value="${option}"]`).isChecked(), `question ${questionId}, option ${option}`).toBe(true);
    }
  }
}

/** Confirms the dialog on screen (checked by axe once per kind), and waits for it to close. */
async function confirmDialog(page: Page, dialog: DialogText, summary: string[] | undefined, findings: string[]): Promise<void> {
  const element = page.getByRole('dialog');
  await element.getByRole('heading', { name: dialog.title }).waitFor();
  for (const line of summary ?? []) expect(await element.getByText(line, { exact: true }).count(), `summary line ${line}`).toBe(1);
  findings.push(...(await seriousViolations(page)).map((finding) => `dialog "${dialog.title}": ${finding}`));
  await element.getByRole('button', { name: dialog.confirm ?? 'Confirmar', exact: true }).click();
  await element.waitFor({ state: 'detached' });
}

/** Presses Tab until the keyboard focus is on or inside an element matching `selector` (at most 12 times). */
async function tabInto(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((css) => document.activeElement?.closest(css) != null, selector)) return;
  }
  throw new Error(`the keyboard never reached ${selector}`);
}

describe('every questionnaire, end to end', () => {
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(screenshotDir, { recursive: true });
    server = await startAppServer();
    await server.waitForLinks('estresse');
    for (const entry of catalog.types) {
      if (!('definition' in entry) || !entry.slug) continue;
      for (const link of await server.waitForLinks(entry.slug)) {
        const evaluation = await getJson<{ type_evaluation: number; done: boolean }>(server.baseUrl, `/api/evaluation/find/${link.id}`);
        if (evaluation.type_evaluation !== entry.type || evaluation.done || forms.some((form) => form.id === link.id)) continue;
        const parsed = parseQuestionnaireFile(entry.definition as string);
        if (!parsed.ok) throw new Error(`${entry.definition}: ${JSON.stringify(parsed.errors)}`);
        forms.push({ slug: entry.slug, id: link.id, type: entry.type, definition: parsed.value });
        break;
      }
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has a seeded open link for every questionnaire of the catalogue', () => {
    // Every questionnaire with a link: the 360 interview is a staff form, filled on its own screen.
    const expected = catalog.types.filter((entry) => 'definition' in entry && entry.slug).map((entry) => entry.type);
    expect(forms.map((form) => form.type).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it('keeps unsent answers through a reload', async () => {
    const form = forms.find((candidate) => candidate.slug === 'mapaoperacionaldaareanew')!;
    const page = await newPage('reload');
    await page.goto(`/${form.slug}/${form.id}`);
    const first = pageQuestions(form.definition, 0)[0]!.question;
    await container(page, first.id).waitFor();
    await answer(page, form, first.id, 3);
    await page.reload();
    await container(page, first.id).waitFor();
    // The server's HTML comes unanswered (it cannot see this browser's storage); the script restores the answer.
    await expect.poll(() => container(page, first.id).locator('input[type="radio"][value="3"]').isChecked()).toBe(true);
    // Leaves the link as it was for the full run below.
    await page.evaluate(() => localStorage.clear());
  });

  it.each(catalog.types.filter((entry) => 'definition' in entry && entry.slug).map((entry) => ({ type: entry.type, name: entry.name })))(
    'fills $name ($type) on a phone up to the complete page',
    async ({ type }) => {
      const form = forms.find((candidate) => candidate.type === type)!;
      const { definition } = form;
      const keyboard = form.slug === KEYBOARD_SLUG;
      const page = await newPage(`${form.slug}-${type}`);
      const sent: WireItem[][] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/tableresponse/multiple')) sent.push((request.postDataJSON() as { questions: WireItem[] }).questions);
      });
      const findings: string[] = [];
      const target = generateAnswers(definition);
      const held: Answers = {};

      await page.goto(`/${form.slug}/${form.id}`);
      await page.getByRole('heading', { name: definition.title, level: 1 }).waitFor();
      if (definition.instructions) {
        if (keyboard) {
          await page.getByRole('dialog').waitFor();
          findings.push(...(await seriousViolations(page)));
          await page.keyboard.press('Enter');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        } else {
          await confirmDialog(page, definition.instructions, undefined, findings);
        }
      }
      await photograph(page, join(screenshotDir, `form-${form.slug}-${type}-phone.png`));
      findings.push(...(await seriousViolations(page)));

      // A refused advance or send shows the first problem of the page, in the definition's words.
      const firstErrors = pageErrors(definition, 0, {});
      const lastPage = definition.pages.length - 1;
      if (firstErrors.length > 0 && !keyboard) {
        await page.getByRole('button', { name: lastPage === 0 ? 'Enviar' : 'Avançar', exact: true }).click();
        await page.getByText(firstErrors[0]!.message, { exact: true }).first().waitFor();
      }

      for (let pageIndex = 0; pageIndex <= lastPage; pageIndex += 1) {
        if (pageIndex > 0) findings.push(...(await seriousViolations(page)).map((finding) => `page ${pageIndex + 1}: ${finding}`));
        for (const { question } of pageQuestions(definition, pageIndex)) {
          if (!isShown(question, held) || target[question.id] === undefined) continue;
          const value = target[question.id]!;
          if (keyboard) {
            await tabInto(page, `[id="question-${question.id}"]`);
            if (question.kind === 'text') {
              await page.keyboard.type(String(value));
            } else if (question.kind === 'choice') {
              const index = optionsOf(definition, question).findIndex((option) => option.value === value);
              if (index === 0) await page.keyboard.press('Space');
              for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');
              expect(await container(page, question.id).locator(`input[value="${value}"]`).isChecked(), `keyboard answer to ${question.id}`).toBe(true);
            }
          } else {
            await answer(page, form, question.id, value);
          }
          held[question.id] = value;
        }
        if (pageIndex < lastPage) {
          await page.getByRole('button', { name: 'Avançar', exact: true }).click();
          if (definition.confirmBeforeNext) await confirmDialog(page, definition.confirmBeforeNext, undefined, findings);
          await container(page, pageQuestions(definition, pageIndex + 1)[0]!.question.id).waitFor();
        }
      }
      expect(submissionErrors(definition, held)).toEqual([]);
      await photograph(page, join(screenshotDir, `form-${form.slug}-${type}-answered.png`));

      if (keyboard) {
        await tabInto(page, '[data-action="submit"]');
        await page.keyboard.press('Enter');
      } else {
        await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      }
      if (definition.confirmBeforeSubmit) {
        const summary = definition.confirmBeforeSubmit.summary ? answerSummary(definition, held) : undefined;
        await confirmDialog(page, definition.confirmBeforeSubmit, summary, findings);
      }
      await page.waitForURL((url) => url.pathname === `/evaluation/complete/${form.id}`);
      await page.getByText('Questionário concluído com sucesso!').waitFor();

      // The wire format of respondent.md section 7: one item per answer, one per tick, qualified ids where asked.
      expect(sent).toHaveLength(1);
      expect(sent[0]).toEqual(encodeAnswers(definition, held));
      for (const item of sent[0]!) {
        expect(typeof item.question === 'string' && typeof item.response === 'string').toBe(true);
        const question = definition.pages.flatMap((candidate) => candidate.questions).find((candidate) => candidate.id === item.question)!;
        if ('wire' in question && question.wire === 'qualified') expect(item.response.startsWith(`${question.id}.`)).toBe(true);
      }
      const done = await getJson<{ done: boolean }>(server!.baseUrl, `/api/evaluation/find/${form.id}`);
      expect(done.done).toBe(true);
      expect(findings).toEqual([]);
    },
  );

  it('raised no uncaught error in any page', () => {
    expect(uncaught).toEqual([]);
  });
});
