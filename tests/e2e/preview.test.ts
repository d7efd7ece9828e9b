/**
 * End to end, on the built app and the real server: an administrator opens 'Pré-visualização de
 * questionários' from the side menu, pastes the PSS-14 definition, answers it in the phone-sized frame
 * and sees the total and band the answers give (computed here from the file by the scale's own rule,
 * not by the engine) and the wire payload, without any call to the server; a changed definition gives
 * a fresh form; broken JSON shows its line and column, and a broken definition its JSON path. axe finds
 * nothing serious. Screenshots (E2E_SCREENSHOTS=1) and failure screenshots go to test-results/e2e/preview/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { photograph, repoRoot } from './appServer';
import { DESKTOP, softAxe } from './browserPages';
import { setUpWorld } from './world';

interface Question {
  id: string;
  text: string;
  scale: string;
  reverse?: boolean;
}
interface Band {
  label: string;
  below?: number;
  color: string;
}
interface StressFile {
  title: string;
  scales: Record<string, { value: number; label: string }[]>;
  pages: { questions: Question[] }[];
  scoring: { classification: { bands: Band[] } };
}

const text = readFileSync(join(repoRoot, 'definitions/questionnaires/estresse.json'), 'utf8');
const stress = JSON.parse(text) as StressFile;
const questions = stress.pages.flatMap((page) => page.questions);
const scale = stress.scales[questions[0]!.scale]!;

// The PSS-14 (Cohen, Kamarck & Mermelstein, 1983; Luft et al., 2007 in Portuguese): 14 items scored
// 0 (Nunca) to 4 (Sempre); the positive items 4, 5, 6, 7, 9, 10 and 13 count reversed (4 - answer).
const PSS_REVERSED = ['4', '5', '6', '7', '9', '10', '13'];
/** The answers: a mixed pattern, one of each option in turn, starting from 'Às vezes'. */
const chosen = questions.map((_, index) => (index + 2) % 5);
const expectedTotal = questions.reduce((sum, question, index) => sum + (PSS_REVERSED.includes(question.id) ? 4 - chosen[index]! : chosen[index]!), 0);
/** The band: the first whose upper bound (exclusive) is above the total, else the last. */
const bands = stress.scoring.classification.bands;
const expectedBand = bands.find((band) => band.below === undefined || expectedTotal < band.below)!;

const FRAME = 'iframe[title="Questionário em pré-visualização"]';
const EDITOR = 'Definição do questionário (JSON)';

const world = setUpWorld({ shots: 'preview' });

/** Puts a text in the editor as a person pasting it would: select all, paste from the clipboard. */
async function paste(page: Page, content: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), content);
  const editor = page.getByLabel(EDITOR, { exact: true });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await expect.poll(() => editor.inputValue()).toBe(content);
}

/** The width of the window the form lays itself out in. */
async function frameWidth(page: Page): Promise<number> {
  return page.locator(FRAME).evaluate((frame: HTMLIFrameElement) => frame.contentWindow!.innerWidth);
}

async function answerAll(frame: FrameLocator): Promise<void> {
  for (const [index, question] of questions.entries()) {
    const group = frame.getByRole('radiogroup', { name: question.text });
    const label = scale.find((option) => option.value === chosen[index])!.label;
    await group.getByText(label, { exact: true }).click();
    expect(await group.getByRole('radio', { name: label, exact: true }).isChecked()).toBe(true);
  }
}

describe('questionnaire preview, end to end', () => {
  it('reads the reverse items from the file as the PSS-14 has them', () => {
    expect(questions).toHaveLength(14);
    expect(questions.filter((question) => question.reverse).map((question) => question.id)).toEqual(PSS_REVERSED);
    expect(scale.map((option) => option.value)).toEqual([0, 1, 2, 3, 4]);
  });

  it('runs a pasted definition on a phone frame and shows what the answers score, without calling the server', async () => {
    const page = await world.page(DESKTOP, { as: 'admin', clipboard: true });
    await page.goto('/home');
    await page.getByRole('link', { name: 'Pré-visualização de questionários', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/preview');
    await page.getByRole('heading', { level: 1, name: 'Pré-visualização de questionários' }).waitFor();
    await page.getByText('Escolha um questionário do repositório ou cole uma definição para vê-la aqui.').waitFor();

    await paste(page, text);
    await page.getByText(`Definição válida: ${stress.title}.`).waitFor();
    await page.getByText('Igual à versão 1.0 publicada de estresse.json.').waitFor();
    const frame = page.frameLocator(FRAME);
    await frame.getByRole('heading', { name: stress.title }).first().waitFor();
    // A phone's window: the form takes its phone layout.
    expect(await frameWidth(page)).toBe(390);
    await expect.poll(() => frame.getByRole('radiogroup').count()).toBe(questions.length);
    await photograph(page, join(world.shots, 'preview-phone-form.png'));

    await answerAll(frame);
    await photograph(page, join(world.shots, 'preview-phone.png'));
    await softAxe(page, 'the preview with the form answered');

    const calls: string[] = [];
    page.on('request', (request) => calls.push(`${request.method()} ${request.url()}`));
    await frame.getByRole('button', { name: 'Enviar', exact: true }).click();
    const results = page.getByRole('region', { name: 'Resultado das respostas' });
    await results.waitFor();
    await frame.getByRole('button', { name: 'Responder de novo', exact: true }).waitFor();
    expect(calls.filter((call) => call.includes('/api/')), 'no API call when the form is sent').toEqual([]);

    expect(await results.locator('dd[data-score="total"]').textContent()).toBe(String(expectedTotal));
    const band = results.getByTestId('preview-band');
    expect(await band.textContent()).toContain(`${expectedBand.label} (Total: ${expectedTotal}, de 0 a 56)`);
    expect(await band.textContent()).toContain(`cor ${expectedBand.color}`);
    const wire = JSON.parse((await results.getByRole('region', { name: 'Itens do envio, em JSON' }).textContent())!) as unknown;
    expect(wire).toEqual(questions.map((question, index) => ({ question: question.id, response: String(chosen[index]) })));
    await results.scrollIntoViewIfNeeded();
    await photograph(results, join(world.shots, 'preview-results.png'));
    await photograph(page, join(world.shots, 'preview-done.png'), true);
    // The form's own success toast is closed first: its notistack green (renderer/Toaster.tsx) is not
    // this screen's, and axe cannot wait for its fade inside the frame.
    await page.evaluate(() => window.scrollTo(0, 0));
    await frame.getByRole('button', { name: 'Fechar', exact: true }).click();
    await frame.locator('#notistack-snackbar').waitFor({ state: 'detached' });
    await softAxe(page, 'the preview with its results');

    // The whole page's width: the same form, laid out for it.
    await page.getByRole('button', { name: 'Página inteira', exact: true }).click();
    await expect.poll(() => frameWidth(page)).toBeGreaterThan(900);
    await page.getByRole('button', { name: 'Recomeçar', exact: true }).click();
    await page.getByText('Responda o questionário e clique no botão de envio', { exact: false }).waitFor();
    await expect.poll(() => frame.getByRole('radio', { checked: true }).count()).toBe(0);
    await photograph(page, join(world.shots, 'preview-page.png'));

    // A changed definition is a fresh form.
    await paste(page, text.replace(`"title": "${stress.title}"`, '"title": "Estresse em revisão"'));
    await frame.getByRole('heading', { name: 'Estresse em revisão' }).first().waitFor();
    // And says what a publication would make of it.
    await page.getByText('Diferente da versão 1.0 publicada de estresse.json: alterações de texto. Publicada com o comando npm run definitions:publish, seria a versão 1.1.').waitFor();
    await page.getByRole('list', { name: 'Alterações desde a versão publicada (caminho JSON — o que mudou)' }).getByText('/title').waitFor();
    await photograph(page, join(world.shots, 'preview-version.png'));
  });

  it('shows where pasted JSON breaks, and the JSON path of each problem of a broken definition', async () => {
    const page = await world.page(DESKTOP, { as: 'admin', clipboard: true });
    await page.goto('/preview');
    await page.getByRole('heading', { level: 1, name: 'Pré-visualização de questionários' }).waitFor();

    // A comma left out at the end of line 3: the next property starts at line 4, column 3.
    const lines = text.split('\n');
    expect(lines[2]).toBe('  "type": 13,');
    await paste(page, [...lines.slice(0, 2), '  "type": 13', ...lines.slice(3)].join('\n'));
    await page.getByText('JSON inválido na linha 4, coluna 3: esperava “,” ou “}”.').waitFor();

    const broken = JSON.parse(text) as StressFile;
    broken.pages[0]!.questions[3]!.scale = 'escala-inexistente';
    await paste(page, JSON.stringify(broken, null, 2));
    const problems = page.getByRole('list', { name: 'Problemas da definição (caminho JSON — mensagem)' });
    await problems.getByText('/pages/0/questions/3/scale', { exact: true }).waitFor();
    // Announced: the list is in an alert.
    expect(await page.getByRole('alert').filter({ has: problems }).count()).toBe(1);
    await problems.scrollIntoViewIfNeeded();
    await photograph(page, join(world.shots, 'preview-errors.png'));
    await softAxe(page, 'the preview with a broken definition');
  });

  it('loads a repository file from the picker', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/preview');
    await page.getByRole('combobox', { name: 'Questionário do repositório' }).click();
    await page.getByRole('option', { name: `13 – ${stress.title} (estresse.json)`, exact: true }).click();
    expect(JSON.parse(await page.getByLabel(EDITOR, { exact: true }).inputValue())).toEqual(stress);
    await page.frameLocator(FRAME).getByRole('heading', { name: stress.title }).first().waitFor();
  });

  it('runs the 360 interview, a staff form, from the picker: its blocks, and each Salvar shows its wire items', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/preview');
    await page.getByRole('combobox', { name: 'Questionário do repositório' }).click();
    await page.getByRole('option', { name: '11 – Avaliação 360 por entrevista (interview360.json)', exact: true }).click();
    await page.getByRole('button', { name: 'Página inteira', exact: true }).click();
    const frame = page.frameLocator(FRAME);
    const competencies = JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')).competencies as { block: number; name: string }[];
    // The competency names the 360 shares, each a block with its own grade.
    for (const { block, name } of competencies) await frame.getByLabel(`Nota ${block}. ${name}`, { exact: true }).waitFor();
    await frame.getByLabel('Nota 2. Planejamento', { exact: true }).fill('8,25');
    await frame.locator('#bloco-2').getByRole('checkbox', { name: /Revisado/ }).check();
    await frame.getByRole('link', { name: 'Bloco 2: revisado' }).waitFor();
    await frame.getByRole('button', { name: 'Salvar', exact: true }).click();
    const results = page.getByRole('region', { name: 'Resultado das respostas' });
    await results.waitFor();
    const wire = JSON.parse((await results.getByRole('region', { name: 'Itens do envio, em JSON' }).textContent())!) as { question: string; response: string }[];
    // 10 blocks of four questions, three open blocks and the confidential comments: every one sent, blanks included.
    expect(wire).toHaveLength(competencies.length * 4 + 4);
    expect(wire.find((item) => item.question === '2.grade')?.response).toBe('8.25');
    expect(wire.find((item) => item.question === '2.reviewed')?.response).toBe('true');
    expect(wire.find((item) => item.question === '1.grade')?.response).toBe('0');
    expect(wire.find((item) => item.question === '13.final')?.response).toBe(' ');
    // The form stays open: staff save as often as they like.
    await frame.getByLabel('Nota 2. Planejamento', { exact: true }).waitFor();
    await photograph(page, join(world.shots, 'preview-interview.png'));
  });

  it('shows nothing in the frame page opened on its own', async () => {
    const page = await world.page(DESKTOP);
    await page.goto('/preview/frame');
    await page.getByText('Esta página só mostra um questionário dentro da pré-visualização de questionários.').waitFor();
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
