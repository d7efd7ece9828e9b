/**
 * End to end, on the built app and the real server with the demo company's sample answers
 * (DEMO_RESULTS on): each report is downloaded from its screen as a signed-in user would. The PSS-14's
 * 'Download Relatório' (its text holds the view's title and the mean the screen's table shows),
 * the 360's 'Relatório Avaliação 360' and 'Imprimir Relatório' as the company user, the scanner's
 * 'Respondentes Excel' and 'Respondentes PDF', and the team performance's 'Enviar Relatório', whose
 * e-mail reaches the outbox with the PDF attached (the psychosocial risks' view and PDF:
 * journey-risk.test.ts). axe finds nothing serious in the print dialog and the confirmation dialog.
 * Failure screenshots go to test-results/e2e/reports/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { overlappingTexts, runTogether, textBoxes } from '../engine/charts/textBoxes';
import { cellsOf, chooseFilters, closeDialog, DESKTOP, openDashboard, PHONE, softAxe, toast } from './browserPages';
import { ids, Respondents, same } from './dashboardWorld';
import { setUpWorld } from './world';
const COMPANY = 'Empresa Demonstração';
/** A PDF's first bytes. */
const PDF_MAGIC = '%PDF';
/** A ZIP's (an .xlsx is one) first bytes. */
const ZIP_MAGIC = 'PK';

const world = setUpWorld({ shots: 'reports', variant: 'results' });

/** A signed-in desktop page for the running test (closed when it ends). */
const signedIn = (who: 'admin' | 'company') => world.page(DESKTOP, { as: who });

/** Clicks and returns the download the click starts (reports are made on the server: up to 45 s). */
async function downloadBy(page: Page, button: Locator): Promise<{ download: Download; bytes: Buffer; file: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45000 }), button.click()]);
  const file = (await download.path())!;
  return { download, bytes: readFileSync(file), file };
}

/** A PDF's text, as `pdftotext -raw` extracts it, with runs of white space made one space. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The option texts of a filter in the open 'Filtros' dialog (the list is closed again with Escape). */
async function optionsOf(page: Page, dialog: Locator, label: string): Promise<string[]> {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().waitFor();
  const texts = await page.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  return texts;
}

/** The view has loaded the chosen filters' data (not busy, something to show). */
async function loaded(page: Page): Promise<void> {
  // The line above the view saying how many answered evaluations it counts (the 360's says whose).
  await page.locator('[aria-busy="false"]').getByText(/^\d+ avaliaç(ão respondida|ões respondidas)$|^Avaliações contadas nesta data: \d+ /).waitFor();
}

describe('reports downloaded from their screens, end to end (demo answers)', () => {
  it("13 PSS-14: 'Download Relatório' in the print dialog downloads the view's PDF with the screen's mean", async () => {
    const page = await signedIn('admin');
    const title = 'Escala de Estresse Percebido (PSS-14)';
    await openDashboard(page, 13, title);
    await chooseFilters(page, [['Empresa', COMPANY]]);
    await loaded(page);
    // The mean as the accessible table under the gauge shows it (header row, then value and band).
    const gauge = await cellsOf(page.locator('[aria-busy="false"]'), 'Média de estresse percebido (0 a 56)');
    expect(gauge?.[0]).toEqual(['Valor', 'Faixa']);
    const [mean, band] = gauge![1]!;
    expect(mean).toMatch(/^\d+,\d$/);

    await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
    const print = page.getByRole('dialog', { name: 'Imprimir e baixar' });
    await print.waitFor();
    await softAxe(page, "/dash/13's print dialog");
    const { download, bytes, file } = await downloadBy(page, print.getByRole('button', { name: 'Download Relatório', exact: true }));
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe(PDF_MAGIC);
    const text = pdfText(file);
    expect(text).toContain(title);
    expect(text).toContain(`Empresa: ${COMPANY}`);
    // The gauge's table in the PDF: its header, then the same value and band as the screen's.
    expect(text).toContain(`Valor Faixa ${mean} ${band}`);
    await toast(page, 'Relatório gerado com sucesso');
    await closeDialog(page, print);
    expect(world.errors).toEqual([]);
  });

  it("2 360, company user: 'Relatório Avaliação 360' downloads the evaluated person's PDF; 'Imprimir Relatório' shows it full screen", async () => {
    const page = await signedIn('company');
    await openDashboard(page, 2, 'Avaliação 360');
    // The demo's 360 evaluates one person: the only one the 'Avaliado' filter offers.
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    const evaluated = await optionsOf(page, filters, 'Avaliado');
    expect(evaluated).toHaveLength(1);
    const name = evaluated[0]!;
    await closeDialog(page, filters);
    await chooseFilters(page, [
      ['Avaliado', name],
      ['Data', /\(versão 1\)$/],
    ]);
    await loaded(page);

    const { download, bytes } = await downloadBy(page, page.getByRole('button', { name: 'Relatório Avaliação 360', exact: true }));
    expect(download.suggestedFilename()).toBe(`Relatório Avaliação 360 - ${name}.pdf`);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe(PDF_MAGIC);
    await toast(page, 'Relatório gerado com sucesso');

    await page.getByRole('button', { name: 'Imprimir Relatório', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Imprimir Relatório' });
    await preview.waitFor();
    await expect.poll(() => preview.locator('iframe').getAttribute('title'), { timeout: 45000 }).toMatch(/\.pdf$/);
    // The frame shows the PDF: a frame the page's CSP refused is an error page ("This content is blocked").
    const frame = await (await preview.locator('iframe').elementHandle())!.contentFrame();
    expect(frame?.url()).toMatch(/^blob:/);
    // Nothing (the download's toast) covers the panel's 'Fechar'.
    const close = preview.getByRole('button', { name: 'Fechar', exact: true });
    const box = (await close.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe('Fechar');
    await close.click();
    await preview.waitFor({ state: 'detached' });
    expect(world.errors).toEqual([]);
  });

  it('7 team performance on a phone (a leader with equal notes): no text of a drawn chart lands on another', async () => {
    // Ana answers her open team-performance link with every note 0 (her latest answers are the ones the
    // view shows): twenty equal numbers over ten pairs of bars on 342 pixels.
    const respondents = await Respondents.load(world);
    await respondents.answer(7, 'Ana Paula Souza', same(ids(1, 20), 0));
    const page = await world.page(PHONE, { as: 'admin' });
    await openDashboard(page, 7, 'Avaliação Desempenho Líder vs Equipe');
    await chooseFilters(page, [
      ['Empresa', COMPANY],
      ['Colaborador', 'Ana Paula Souza'],
    ]);
    await loaded(page);
    const drawn = page.locator('[data-drawn="true"] svg');
    await drawn.first().waitFor();
    // The chart as the browser drew it (SVG), its texts boxed with the font's widths: numbers that
    // would touch another are left to the chart's table (ECharts' label layout, as in the PDF), and no
    // two stand side by side closer than a gap ('0,00,0').
    for (const svg of await drawn.evaluateAll((elements) => elements.map((element) => element.outerHTML))) {
      const boxes = textBoxes(svg);
      expect([...overlappingTexts(boxes), ...runTogether(boxes)]).toEqual([]);
    }
  });

  it("-1 scanner: with a sector chosen, 'Respondentes Excel' downloads a spreadsheet and 'Respondentes PDF' a PDF", async () => {
    const page = await signedIn('admin');
    await openDashboard(page, -1, 'Scanner');
    await chooseFilters(page, [['Empresa', COMPANY]]);
    // Printing needs a sector or a course: the first sector with respondents.
    const print = page.getByRole('button', { name: 'Imprimir', exact: true });
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const sectors = await optionsOf(page, page.getByRole('dialog', { name: 'Filtros' }), 'Setor');
    await closeDialog(page, page.getByRole('dialog', { name: 'Filtros' }));
    expect(sectors.length).toBeGreaterThan(0);
    let chosen: string | undefined;
    for (const sector of sectors) {
      await chooseFilters(page, [['Setor', sector]]);
      await page.locator('[aria-busy="false"]').getByText(/^(\d+ avaliaç(ão respondida|ões respondidas)|Sem respostas)$/).waitFor();
      if (await print.isEnabled()) {
        chosen = sector;
        break;
      }
    }
    expect(chosen, `a sector of ${sectors.join(', ')} with respondents`).toBeDefined();

    await print.click();
    const dialog = page.getByRole('dialog', { name: 'Imprimir e baixar' });
    await dialog.waitFor();
    const excel = await downloadBy(page, dialog.getByRole('button', { name: 'Respondentes Excel', exact: true }));
    expect(excel.download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(excel.bytes.subarray(0, 2).toString('latin1')).toBe(ZIP_MAGIC);
    await expect.poll(() => dialog.getByRole('button', { name: 'Respondentes PDF', exact: true }).isEnabled()).toBe(true);
    const pdf = await downloadBy(page, dialog.getByRole('button', { name: 'Respondentes PDF', exact: true }));
    expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe(PDF_MAGIC);
    await closeDialog(page, dialog);
    expect(world.errors).toEqual([]);
  });

  it("7 team performance: 'Enviar Relatório' queues the colleague's report, which reaches the outbox with the PDF attached", async () => {
    const page = await signedIn('admin');
    await openDashboard(page, 7, 'Avaliação Desempenho Líder vs Equipe');
    // Every demo employee answered the team performance (apps/server/src/demoResults.ts).
    await chooseFilters(page, [
      ['Empresa', COMPANY],
      ['Colaborador', 'Ana Paula Souza'],
    ]);
    await loaded(page);

    await page.getByRole('button', { name: 'Enviar Relatório', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Enviar Relatório' });
    await confirm.getByText('Você tem certeza que deseja enviar este relatório?', { exact: true }).waitFor();
    await softAxe(page, "/dash/7's confirmation dialog");
    await confirm.getByRole('button', { name: 'Enviar', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await toast(page, 'O relatório foi colocado em fila de envio');

    // The queue's worker runs in the server: the e-mail shows in the outbox once it has been made.
    await page.goto('/outbox');
    await page.getByRole('heading', { name: 'Caixa de saída' }).waitFor();
    // (The report's file name is the view's: 'Avaliação desempenho de equipe - {name}.pdf'.)
    const attachment = page.getByRole('button', { name: /Avaliação desempenho de equipe - Ana Paula Souza\.pdf/ });
    await expect
      .poll(
        async () => {
          if ((await attachment.count()) > 0) return true;
          await page.reload();
          await page.getByRole('heading', { name: 'Caixa de saída' }).waitFor();
          await page.waitForLoadState('networkidle');
          return (await attachment.count()) > 0;
        },
        { timeout: 20000, interval: 1000 },
      )
      .toBe(true);
    expect(world.errors).toEqual([]);
  });
});
