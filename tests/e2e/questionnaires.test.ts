/**
 * End to end, on the built app and the real server with the demo data: the questionnaires a respondent
 * fills from a seeded link on a phone, one form per widget kind and per interaction (issue 21), each
 * tapped (one typed) through its dialogs up to the complete page, with the answers sent on the wire
 * checked against the definition's encoding.
 *
 * Which form covers what:
 * - Segurança Psicológica (16): keyboard only, from the instructions dialog (Enter) through radio
 *   sentences (Tab, Space, arrows) and a text box to 'Enviar'; one page, 'answered' progress.
 * - Inquérito VIA (4): 24 ranked slots (`display: select`, `exclusiveGroup`): a strength chosen in one
 *   slot leaves the others' lists and comes back when cleared; a refused send in the definition's
 *   words; the `confirmBeforeSubmit` dialog with the `summary` of the ranking, in order; one page.
 * - Temperamentos (5): checkbox lists with `columns` (two on a phone), nothing required; the
 *   `instructions`, `confirmBeforeNext` (cancelled once with 'Revisar', then confirmed on every page)
 *   and `confirmBeforeSubmit` dialogs; four pages.
 * - Avaliação Desempenho Líder vs Equipe (7): the 0–10 wide scale, wrapped in two rows of 44 px
 *   targets on a phone, its `caption`s spelled out under it; a refused advance; two pages.
 * - Alinhamento de Valores e Necessidades (Gestor) (17): a type that `extends` another and shares its
 *   slug `alinhamentovalores` (the link opens the gestor's questions); checkboxes with
 *   `select.exactly` 10 and option descriptions (live count, a refused advance at 9 in the
 *   definition's words, the others disabled at 10); text answers; three pages.
 * - Mapa Operacional da Área (8): conditional `when` follow-ups (shown, hidden by a new answer, shown
 *   again and answered; hidden ones not sent); a refused advance; unsent answers kept through a
 *   reload (the follow-up and its text included) and forgotten once sent; five pages.
 * - Avaliação 360 (2), its first page only: an `exclusive` option ('Não sei avaliar') clears the
 *   statements ticked, disables them while it stands, and gives them back (the server's refusal of
 *   a mix: tests/server/answerCounting.test.ts).
 *
 * axe, once per distinct page or dialog: radio sentences with a text follow-up and problems marked
 * (Mapa), ranked slots, the summary dialog and the complete page (VIA), the instructions and a
 * confirmation with 'Revisar' (Temperamentos), the 0–10 scale (Desempenho), checkboxes with
 * descriptions and a count (Gestor).
 *
 * The other ten questionnaires use only these widgets and dialogs: each is submitted through the API
 * (tests/server/questionnaires.test.ts), run to the end by the machine (tests/definitions/definitions.test.ts),
 * and its link served here with its first page drawn by the server (the first test).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions';
import { encodeAnswers } from '../../engine/answers/encoding';
import { answerSummary } from '../../engine/answers/summary';
import { submissionErrors } from '../../engine/answers/validation';
import { findQuestion, isShown, optionsOf, pageQuestions } from '../../engine/definition/questions';
import type { Answers, DialogText, QuestionnaireDefinition, WireItem } from '../../engine/definition/types';
import { format } from '../../engine/messages';
import catalog from '../../definitions/catalog.json' with { type: 'json' };
import { generateAnswers } from '../definitions/generate';
import { PHONE, saveScreenshot, softAxe } from './browserPages';
import { setUpWorld } from './world';

/** A questionnaire of the catalogue and its seeded open link. */
interface Form {
  slug: string;
  id: string;
  type: number;
  definition: QuestionnaireDefinition;
}

/** A form being filled: its page, the answers given so far and what was sent. */
interface Run {
  page: Page;
  form: Form;
  held: Answers;
  sent: WireItem[][];
}

const world = setUpWorld({ shots: 'questionnaires' });
const forms = new Map<number, Form>();
const withLink = catalog.types.filter((entry) => 'definition' in entry && entry.slug) as { type: number; name: string; slug: string; definition: string }[];

const container = (page: Page, questionId: string) => page.locator(`[id="question-${questionId}"]`);
const optionLabel = (page: Page, questionId: string, type: 'radio' | 'checkbox', value: number) =>
  container(page, questionId).locator('label').filter({ has: page.locator(`input[type="${type}"][value="${value}"]`) });

/** Waits until the script has taken over the server's form (the runner marks the document). */
async function waitForLiveForm(page: Page): Promise<void> {
  await page.locator('html[data-form-live="true"]').waitFor({ state: 'attached' });
}

/** Opens the form's seeded link on a phone, recording what it sends, and waits until the form is live. */
async function open(type: number): Promise<Run> {
  const form = forms.get(type)!;
  const page = await world.page(PHONE);
  const sent: WireItem[][] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/tableresponse/multiple')) sent.push((request.postDataJSON() as { questions: WireItem[] }).questions);
  });
  await page.goto(`/${form.slug}/${form.id}`);
  await page.getByRole('heading', { name: form.definition.title, level: 1 }).waitFor();
  await waitForLiveForm(page);
  return { page, form, held: {}, sent };
}

/** Answers one question as a person would: taps the options' labels, picks from the list, or types. */
async function answer(run: Run, questionId: string, value: Answers[string]): Promise<void> {
  const { page, form, held } = run;
  const question = findQuestion(form.definition, questionId)!.question;
  const box = container(page, questionId);
  if (question.kind === 'text') {
    await box.getByRole('textbox').fill(String(value));
    held[questionId] = value;
  } else if (question.kind === 'choice' && question.display === 'select') {
    await box.locator('select').selectOption(String(value));
    held[questionId] = value;
  } else if (question.kind === 'checkboxes') {
    // Ticks these options (adding to those already ticked).
    const values = Array.isArray(value) ? value : [Number(value)];
    for (const option of values) await optionLabel(page, questionId, 'checkbox', option).click();
    held[questionId] = [...((held[questionId] as number[] | undefined) ?? []), ...values];
  } else {
    await optionLabel(page, questionId, 'radio', Number(value)).click();
    held[questionId] = value;
  }
}

/** Answers every question of the page shown and not answered yet, with the target answers. */
async function fillPage(run: Run, pageIndex: number, target: Answers): Promise<void> {
  for (const { question } of pageQuestions(run.form.definition, pageIndex)) {
    if (question.id in run.held || !isShown(question, run.held) || target[question.id] === undefined) continue;
    await answer(run, question.id, target[question.id]!);
  }
}

/** Waits for the dialog, runs axe on it if asked, presses its button and waits for it to close. */
async function closeDialog(page: Page, dialog: DialogText, { axe, button = dialog.confirm ?? 'Confirmar' }: { axe?: string; button?: string } = {}): Promise<void> {
  const element = page.getByRole('dialog', { name: dialog.title });
  await element.waitFor();
  if (axe) await softAxe(page, axe);
  await element.getByRole('button', { name: button, exact: true }).click();
  await element.waitFor({ state: 'detached' });
}

/** 'Avançar' from this page (confirming the definition's dialog if it has one), up to the next page's first question. */
async function advance(run: Run, pageIndex: number): Promise<void> {
  const { page, form } = run;
  await page.getByRole('button', { name: 'Avançar', exact: true }).click();
  if (form.definition.confirmBeforeNext) await closeDialog(page, form.definition.confirmBeforeNext);
  await container(page, pageQuestions(form.definition, pageIndex + 1)[0]!.question.id).waitFor();
}

/** Fills every page from `from` on with the target answers, advancing between them. */
async function fillFrom(run: Run, from: number, target: Answers): Promise<void> {
  const last = run.form.definition.pages.length - 1;
  for (let pageIndex = from; pageIndex <= last; pageIndex += 1) {
    await fillPage(run, pageIndex, target);
    if (pageIndex < last) await advance(run, pageIndex);
  }
}

/** Waits for the complete page, then checks that the one send held exactly the answers given, in the wire format. */
async function expectCompleted(run: Run): Promise<void> {
  const { page, form, held, sent } = run;
  await page.waitForURL((url) => url.pathname === `/evaluation/complete/${form.id}`);
  await page.getByText('Questionário concluído com sucesso!').waitFor();
  expect(submissionErrors(form.definition, held)).toEqual([]);
  expect(sent).toEqual([encodeAnswers(form.definition, held)]);
}

/** 'Enviar' (through the definition's confirmation), then the complete page and the wire. */
async function send(run: Run): Promise<void> {
  const { page, form } = run;
  await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-answered`);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  if (form.definition.confirmBeforeSubmit) await closeDialog(page, form.definition.confirmBeforeSubmit);
  await expectCompleted(run);
}

/** Clicks the button and waits for the first problem's message, in the definition's words. */
async function refused(page: Page, button: 'Avançar' | 'Enviar', message: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByText(message, { exact: true }).first().waitFor();
}

/** Presses Tab until the keyboard focus is on or inside an element matching `selector` (at most 12 times). */
async function tabInto(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((css) => document.activeElement?.closest(css) != null, selector)) return;
  }
  throw new Error(`the keyboard never reached ${selector}`);
}

describe('questionnaires on a phone, one per widget and interaction', () => {
  beforeAll(async () => {
    for (const entry of withLink) {
      for (const link of await world.server.waitForLinks(entry.slug)) {
        // Two types share the slug 'alinhamentovalores': the evaluation says which one a link is.
        const evaluation = await world.api<{ type_evaluation: number; done: boolean }>('GET', `/evaluation/find/${link.id}`, undefined, null);
        if (evaluation.type_evaluation !== entry.type || evaluation.done) continue;
        const parsed = parseQuestionnaireFile(entry.definition);
        if (!parsed.ok) throw new Error(`${entry.definition}: ${JSON.stringify(parsed.errors)}`);
        forms.set(entry.type, { slug: entry.slug, id: link.id, type: entry.type, definition: parsed.value });
        break;
      }
    }
  });

  it('has a seeded open link for every questionnaire of the catalogue, served with its first page drawn', async () => {
    // Every questionnaire with a link: the 360 interview is a staff form, filled on its own screen.
    expect([...forms.keys()].sort((a, b) => a - b)).toEqual(withLink.map((entry) => entry.type).sort((a, b) => a - b));
    // Each link's HTML holds every question of its first page, drawn by the server (the forms not filled below included).
    for (const { slug, id, definition } of forms.values()) {
      const response = await fetch(`${world.baseUrl}/${slug}/${id}`);
      expect(response.status, slug).toBe(200);
      const html = await response.text();
      const drawn = pageQuestions(definition, 0).filter(({ question }) => isShown(question, {}));
      for (const { question } of drawn) expect(html, `${slug} (${definition.type}), question ${question.id}`).toContain(`id="question-${question.id}"`);
    }
  });

  it('Segurança Psicológica: keyboard only, from the instructions to the complete page', async () => {
    const run = await open(16);
    const { page, form } = run;
    const { definition } = form;
    // The instructions dialog opens with its button focused: Enter dismisses it.
    await page.getByRole('dialog', { name: definition.instructions!.title }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-phone`);

    const target = generateAnswers(definition);
    for (const { question } of pageQuestions(definition, 0)) {
      const value = target[question.id]!;
      await tabInto(page, `[id="question-${question.id}"]`);
      if (question.kind === 'text') {
        await page.keyboard.type(String(value));
      } else if (question.kind === 'choice') {
        // Tab lands on the group's first radio: Space ticks it, each arrow moves the tick one option on.
        const index = optionsOf(definition, question).findIndex((option) => option.value === value);
        if (index === 0) await page.keyboard.press('Space');
        for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');
        expect(await container(page, question.id).locator(`input[value="${value}"]`).isChecked(), `keyboard answer to ${question.id}`).toBe(true);
      }
      run.held[question.id] = value;
    }
    await tabInto(page, '[data-action="submit"]');
    await page.keyboard.press('Enter');
    await expectCompleted(run);
  });

  it('Inquérito VIA: ranked slots, a refused send and the summary to check before sending', async () => {
    const run = await open(4);
    const { page, form } = run;
    const { definition } = form;
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-phone`);
    await softAxe(page, 'ranked slots');
    await refused(page, 'Enviar', 'Por favor, preencha a sua 1ª força');

    // A strength chosen in one slot leaves the other slots' lists; cleared, it comes back.
    const target = generateAnswers(definition);
    const first = String(target['1']);
    const secondSlot = () => container(page, '2').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    await container(page, '1').locator('select').selectOption(first);
    await expect.poll(secondSlot).not.toContain(first);
    await container(page, '1').locator('select').selectOption('');
    await expect.poll(secondSlot).toContain(first);

    await fillPage(run, 0, target);
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-answered`);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    // The confirmation lists the 24 strengths in the order chosen.
    const dialog = page.getByRole('dialog', { name: definition.confirmBeforeSubmit!.title });
    await dialog.waitFor();
    expect(await dialog.getByRole('list').locator('li').allTextContents()).toEqual(answerSummary(definition, run.held));
    await closeDialog(page, definition.confirmBeforeSubmit!, { axe: 'the confirmation with a summary' });
    await expectCompleted(run);
    await softAxe(page, 'the complete page');
  });

  it('Temperamentos: checkbox columns and the instructions, next and send dialogs', async () => {
    const run = await open(5);
    const { page, form } = run;
    const { definition } = form;
    await closeDialog(page, definition.instructions!, { axe: 'the instructions dialog' });
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-phone`);
    // Three columns of words on wide screens, two on a phone.
    const grid = container(page, '1').locator('label').first().locator('..');
    expect(await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)).toBe(2);

    const target = generateAnswers(definition);
    await fillPage(run, 0, target);
    // 'Revisar' stays on the page; 'Avançar' again goes on.
    await page.getByRole('button', { name: 'Avançar', exact: true }).click();
    await closeDialog(page, definition.confirmBeforeNext!, { axe: 'the confirmation before the next page', button: definition.confirmBeforeNext!.cancel! });
    expect(await container(page, '1').isVisible()).toBe(true);
    await advance(run, 0);
    await fillFrom(run, 1, target);
    await send(run);
  });

  it('Avaliação Desempenho Líder vs Equipe: the 0–10 scale with its anchors, and a refused advance', async () => {
    const run = await open(7);
    const { page, form } = run;
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-phone`);
    // On a phone the eleven options wrap in two rows (0–5, 6–10) of targets at least 44 px square.
    const boxes = await container(page, '1')
      .locator('label')
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()).map(({ top, width, height }) => ({ top: Math.round(top), width, height })));
    expect(boxes).toHaveLength(11);
    expect(new Set(boxes.slice(0, 6).map((box) => box.top)).size).toBe(1);
    expect(new Set(boxes.slice(6).map((box) => box.top)).size).toBe(1);
    expect(boxes[6]!.top).toBeGreaterThan(boxes[0]!.top);
    for (const box of boxes) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await container(page, '1').getByText('0 = Discordo Totalmente · 5 = Em Dúvida · 10 = Concordo Totalmente', { exact: true }).waitFor();
    await softAxe(page, 'the 0–10 scale');
    await refused(page, 'Avançar', 'Você precisa responder a pergunta número: 1');

    await fillFrom(run, 0, generateAnswers(form.definition));
    await send(run);
  });

  it('Alinhamento de Valores (Gestor): the extended type behind a shared slug, exactly ten ticks', async () => {
    const run = await open(17);
    const { page, form } = run;
    const { definition } = form;
    // The gestor's own wording, not the colaborador's it extends (same slug, same title).
    const question = findQuestion(definition, '1')!.question;
    if (question.kind !== 'checkboxes') throw new Error('question 1 of the gestor form is not a checkbox list');
    expect(question.select?.exactly).toBe(10);
    expect(question.text).not.toBe(findQuestion(forms.get(15)!.definition, '1')!.question.text);
    await container(page, '1').getByText(question.text).waitFor();
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-phone`);
    await softAxe(page, 'checkboxes with descriptions and a count');

    // Nine ticks are refused with the definition's message; the tenth disables the rest.
    const target = generateAnswers(definition);
    const ticks = target['1'] as number[];
    const box = container(page, '1');
    await answer(run, '1', ticks.slice(0, 9));
    await box.getByText('9 de 10 marcadas', { exact: true }).waitFor();
    await refused(page, 'Avançar', format(question.select!.message!, { count: 9 }));
    await answer(run, '1', ticks.slice(9));
    await box.getByText('10 de 10 marcadas', { exact: true }).waitFor();
    expect(await box.locator('input[type="checkbox"]:not(:checked):not(:disabled)').count()).toBe(0);
    expect(await box.locator('input[type="checkbox"]:disabled').count()).toBe(optionsOf(definition, question).length - 10);

    await fillFrom(run, 0, target);
    await send(run);
  });

  it('Mapa Operacional da Área: follow-ups, a refused advance, answers kept through a reload', async () => {
    const run = await open(8);
    const { page, form } = run;
    const { definition } = form;
    await saveScreenshot(page, world.shots, `form-${form.slug}-${form.type}-phone`);
    await refused(page, 'Avançar', 'Por favor, preencha a questão 1!');

    // 'Discordo totalmente' (below 2) opens the follow-up; another answer hides it; back again, it is answered.
    const followUp = container(page, '1.1.1');
    await answer(run, '1.1', 1);
    await followUp.waitFor();
    await softAxe(page, 'a follow-up open and problems marked');
    await answer(run, '1.1', 3);
    await followUp.waitFor({ state: 'detached' });
    await answer(run, '1.1', 1);
    await answer(run, '1.1.1', 'As metas mudam no meio do período.');
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`avalia.answers.${id}`), form.id)).toContain('As metas mudam no meio do período.');

    // Unsent answers survive a reload: the server's HTML comes unanswered, the script restores them.
    await page.reload();
    await waitForLiveForm(page);
    await container(page, '1.1').locator('input[type="radio"][value="1"]:checked').waitFor();
    await expect.poll(() => followUp.getByRole('textbox').inputValue()).toBe('As metas mudam no meio do período.');

    await fillFrom(run, 0, generateAnswers(definition));
    await send(run);
    // Sent answers are forgotten.
    expect(await page.evaluate((id) => localStorage.getItem(`avalia.answers.${id}`), form.id)).toBeNull();
  });

  it("Avaliação 360: 'Não sei avaliar' clears and disables the statements, and gives them back", async () => {
    const run = await open(2);
    const { page } = run;
    const box = container(page, '1');
    const statement = (value: number) => box.locator(`input[type="checkbox"][value="${value}"]`);
    await optionLabel(page, '1', 'checkbox', 1).click();
    await optionLabel(page, '1', 'checkbox', 3).click();
    await optionLabel(page, '1', 'checkbox', 13).click();
    // The statements ticked before are cleared, and none can be ticked while it stands.
    const note = 'Com "Não sei avaliar" marcada, as outras opções ficam desmarcadas. Desmarque-a para escolher outras.';
    await box.getByText(note, { exact: true }).waitFor();
    expect(await statement(1).isChecked()).toBe(false);
    expect(await statement(1).isDisabled()).toBe(true);
    expect(await statement(13).isChecked()).toBe(true);
    await saveScreenshot(page, world.shots, 'form-question360new-2-nao-sei');
    await softAxe(page, "the 360's statements with 'Não sei avaliar' ticked");
    await optionLabel(page, '1', 'checkbox', 13).click();
    await box.getByText(note, { exact: true }).waitFor({ state: 'detached' });
    expect(await statement(1).isDisabled()).toBe(false);
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
