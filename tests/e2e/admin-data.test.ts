/**
 * End to end, on the built app and the real server with demo data: the administrator filters data
 * management by company, user and product, pages, renews two evaluations, reminds, e-mails a 360,
 * copies a link, e-mails a report, deletes one, then finds the jobs in /queues and the
 * e-mails in /outbox; the company user sees only its own rows and no administrator actions.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAnswers } from '../definitions/generate.ts';
import { seriousViolations } from './axe';
import { DESKTOP, PHONE, saveScreenshot, tick, toast } from './browserPages';
import { definitionOf, setUpWorld } from './world';

interface ListRow {
  evaluation_id: string;
  user_id: number;
  user_name: string;
  type: string;
  expire_at: string | null;
  done: boolean;
}
interface ListPage {
  total: number;
  more: boolean;
  evaluations: ListRow[];
}
interface QueueJob {
  type: string;
  state: string;
}

const world = setUpWorld({ shots: 'admin' });
let companyId = 0;

/** How long a toast stays (apps/web/src/toast.ts, TOAST_MS.default). */
const TOAST_MS = 3000;

const dateBR = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

/**
 * A signed-in page in São Paulo's time zone, with the clipboard, whose timers run on Playwright's clock
 * (installed before the app loads), so the toasts' 3 s can be run forward instead of waited out.
 */
async function newPage(size: typeof PHONE | typeof DESKTOP, as: 'admin' | 'company' = 'admin'): Promise<Page> {
  const page = await world.page(size, { as, clipboard: true, context: { timezoneId: 'America/Sao_Paulo' } });
  await page.clock.install();
  return page;
}

async function screenshot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, world.shots, name);
}

/** Serious and critical axe findings once the toasts have gone. */
async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Toasts are faded in and out: checked once they have gone, so the colours measured are final. Their
  // time is run forward on the page's clock (a queued toast shows when one leaves, so until none is left).
  const toasts = page.locator('#notistack-snackbar');
  await expect
    .poll(async () => {
      if ((await toasts.count()) > 0) await page.clock.fastForward(TOAST_MS);
      return toasts.count();
    })
    .toBe(0);
  return seriousViolations(page);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Avaliações' });
const dataRows = (page: Page) => grid(page).getByRole('row').filter({ has: page.getByRole('gridcell') });

/** Waits until the grid shows exactly `count` rows and no loading overlay. */
async function expectRows(page: Page, count: number): Promise<void> {
  await expect.poll(async () => (await grid(page).locator('.MuiDataGrid-overlay').count()) === 0 && (await dataRows(page).count()), { timeout: 15000 }).toBe(count);
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(option);
  // The option's name, alone or followed by the e-mail in parentheses (the user filter).
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped}( \\(.*\\))?$`) }).first().click();
}

/** The row of an evaluation (the grid's rows carry the row id). */
const rowOf = (page: Page, id: string): Locator => grid(page).locator(`[role="row"][data-id="${id}"]`);

async function rowAction(page: Page, id: string, action: string): Promise<void> {
  await rowOf(page, id).getByRole('button', { name: /^Ações da avaliação/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('data management, queues and outbox, end to end', () => {
  beforeAll(async () => {
    companyId = Number((await world.session('company')).user.company_id);
  });

  it('lets the administrator filter, page, renew, remind, e-mail, copy a link and delete', async () => {
    const all = await world.api<ListPage>('POST', '/evaluation/find', { company_id: companyId, limit: 500 });
    expect(all.total).toBeGreaterThan(10);
    const stress = all.evaluations.filter((row) => row.type === '13');
    // One PSS-14 answered through the API, so the report e-mail has something to send.
    const answered = stress[stress.length - 1]!;
    await world.answer(answered.evaluation_id, generateAnswers(definitionOf(13)));

    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Gestão de dados' }).click();
    await page.waitForURL((url) => url.pathname === '/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);

    // Company filter: every evaluation of the demo company, 25 to a page.
    await choose(page, 'Empresa', 'Empresa Demonstração');
    await expectRows(page, Math.min(all.total, 25));
    await page.getByText(`de ${all.total}`).first().waitFor();
    await screenshot(page, 'gestaodados-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Paging by the server: 10 a page, then the second page.
    await page.getByRole('combobox', { name: 'Linhas por página:' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expectRows(page, 10);
    const firstPageIds = await dataRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    expect(firstPageIds).toEqual(all.evaluations.slice(0, 10).map((row) => row.evaluation_id));
    await page.getByRole('button', { name: 'Ir para a próxima página' }).click();
    await page.getByText(`11–20 de ${all.total}`).waitFor();
    await expect
      .poll(() => dataRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id'))))
      .toEqual(all.evaluations.slice(10, 20).map((row) => row.evaluation_id));

    // User filter: Ana's evaluations only.
    const ana = all.evaluations.find((row) => row.user_name === 'Ana Paula Souza')!;
    const anaRows = all.evaluations.filter((row) => row.user_id === ana.user_id);
    await choose(page, 'Usuário', 'Ana Paula Souza');
    await expectRows(page, Math.min(anaRows.length, 10));
    expect(await grid(page).getByRole('gridcell', { name: 'Bruno Henrique Lima', exact: true }).count()).toBe(0);

    // Product filter: the PSS-14 of the company.
    await page.getByRole('button', { name: 'Produto', exact: true }).click();
    await choose(page, 'Produto', 'Escala de Estresse Percebido');
    await expectRows(page, stress.length);
    await expect.poll(() => rowOf(page, answered.evaluation_id).getByRole('gridcell', { name: 'Sim', exact: true }).count()).toBe(1);

    // Renew two selected evaluations.
    const [one, two] = stress.filter((row) => row.evaluation_id !== answered.evaluation_id);
    const before = dateBR(one!.expire_at!);
    await tick(rowOf(page, one!.evaluation_id).getByRole('checkbox'));
    await tick(rowOf(page, two!.evaluation_id).getByRole('checkbox'));
    // The answered one cannot be selected.
    expect(await rowOf(page, answered.evaluation_id).getByRole('checkbox').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Renovar avaliação' }).click();
    const renew = page.getByRole('dialog', { name: 'Renovar avaliação' });
    await renew.getByText('Novo prazo para 2 avaliação(ões)').waitFor();
    await renew.getByLabel('Dias para responder').fill('400');
    await renew.getByRole('button', { name: 'Renovar', exact: true }).click();
    await renew.getByText('Informe um número de dias entre 1 e 365').waitFor();
    await renew.getByLabel('Dias para responder').fill('90');
    await screenshot(page, 'gestaodados-renew-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await renew.getByRole('button', { name: 'Renovar', exact: true }).click();
    await toast(page, 'Ação concluída com sucesso!');
    await renew.waitFor({ state: 'hidden' });
    const renewed = (await world.api<ListPage>('POST', '/evaluation/find', { company_id: companyId, type_evaluation: 13, limit: 500 })).evaluations;
    for (const id of [one!.evaluation_id, two!.evaluation_id]) {
      const after = renewed.find((row) => row.evaluation_id === id)!.expire_at!;
      expect(dateBR(after)).not.toBe(before);
      expect(new Date(after).getTime() - Date.now()).toBeGreaterThan(88 * 86400000);
      await rowOf(page, id).getByRole('gridcell', { name: dateBR(after), exact: true }).waitFor();
    }

    // Reminder.
    await rowAction(page, one!.evaluation_id, 'Enviar lembrete');
    await toast(page, 'Lembrete enviado');

    // Report e-mail of the answered one (no reminder nor renewal in its menu).
    await rowOf(page, answered.evaluation_id).getByRole('button', { name: /^Ações da avaliação/ }).click();
    expect(await page.getByRole('menuitem', { name: 'Enviar lembrete' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Enviar relatório por email' }).click();
    await toast(page, 'O relatório foi colocado em fila de envio');

    // Copy a link: the clipboard holds the respondent link the toast shows.
    await rowAction(page, two!.evaluation_id, 'Copiar Link');
    const link = `${world.baseUrl}/estresse/${two!.evaluation_id}`;
    await toast(page, `Link copiado: ${link}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A type-2 evaluation: 'Enviar email'.
    await choose(page, 'Produto', 'Avaliação 360');
    const type2 = all.evaluations.find((row) => row.type === '2')!;
    await rowOf(page, type2.evaluation_id).waitFor();
    await rowAction(page, type2.evaluation_id, 'Enviar email');
    await toast(page, 'Email de avaliação enviado.');

    // Delete one, after the confirmation.
    const victim = all.evaluations.find((row) => row.type === '16')!;
    await choose(page, 'Produto', 'Segurança Psicológica');
    await rowOf(page, victim.evaluation_id).waitFor();
    await rowAction(page, victim.evaluation_id, 'Deletar');
    const confirm = page.getByRole('dialog', { name: 'Deletar avaliação' });
    await confirm.getByText('Você tem certeza que deseja deletar essa avaliação? Será irreversível').waitFor();
    await screenshot(page, 'gestaodados-delete-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Deletar', exact: true }).click();
    await toast(page, 'Ação concluída com sucesso!');
    await page.getByText('Nenhuma avaliação encontrada').waitFor();
    const gone = await fetch(`${world.baseUrl}/api/evaluation/find/${victim.evaluation_id}`);
    expect(gone.status).toBe(404);
  });

  it('lays data management out on a phone without sideways scrolling', async () => {
    const phone = await newPage(PHONE);
    await phone.goto('/gestaodados');
    await expect.poll(() => dataRows(phone).count()).toBeGreaterThan(0);
    await screenshot(phone, 'gestaodados-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows the jobs in /queues and the e-mails in /outbox', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Filas' }).click();
    await page.waitForURL((url) => url.pathname === '/queues');
    await page.getByRole('heading', { name: 'Filas' }).waitFor();
    const queueGrid = page.getByRole('grid', { name: 'Trabalhos da fila' });
    // The renewal and report jobs run in the background: once the monitor's call says they are done,
    // 'Atualizar' shows them.
    await expect
      .poll(
        async () => {
          const jobs = await world.api<QueueJob[]>('GET', '/queues');
          return ['updateEvaluation', 'reportEmail'].map((type) => jobs.filter((job) => job.type === type && job.state === 'completed').length);
        },
        { timeout: 30000 },
      )
      .toEqual([2, 1]);
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await queueGrid.getByRole('row').filter({ hasText: 'Renovação de avaliação' }).filter({ hasText: 'Sucesso' }).nth(1).waitFor();
    expect(await queueGrid.getByRole('row').filter({ hasText: 'Renovação de avaliação' }).count()).toBe(2);
    await queueGrid.getByRole('row').filter({ hasText: 'E-mail de relatório' }).first().waitFor();
    await queueGrid.getByText(/E-mail guardado na caixa de saída para/).first().waitFor();
    await screenshot(page, 'queues-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Caixa de saída' }).click();
    await page.waitForURL((url) => url.pathname === '/outbox');
    await page.getByText('Sem servidor SMTP configurado').waitFor();
    const outbox = page.getByRole('grid', { name: 'E-mails guardados' });
    const renewedMail = outbox.getByRole('row').filter({ hasText: 'Avaliação renovada: Escala de Estresse Percebido' }).first();
    await renewedMail.waitFor();
    await outbox.getByRole('row').filter({ hasText: 'Lembrete' }).first().waitFor();
    await screenshot(page, 'outbox-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await renewedMail.getByRole('button', { name: /^Ler o e-mail/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Avaliação renovada: Escala de Estresse Percebido' });
    await dialog.getByText(new RegExp(`/estresse/[0-9a-f-]{36}`)).first().waitFor();
    await screenshot(page, 'outbox-mail-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const phone = await newPage(PHONE);
    await phone.goto('/queues');
    await phone.getByRole('grid', { name: 'Trabalhos da fila' }).getByRole('row').nth(1).waitFor();
    await screenshot(phone, 'queues-phone');
    await phone.goto('/outbox');
    await phone.getByRole('grid', { name: 'E-mails guardados' }).getByRole('row').nth(1).waitFor();
    await screenshot(phone, 'outbox-phone');
    await phone.getByRole('button', { name: /^Ler o e-mail/ }).first().click();
    await phone.getByRole('dialog').waitFor();
    await screenshot(phone, 'outbox-mail-phone');
  });

  it('shows the company user only its own rows, with no company filter and no Deletar', async () => {
    const own = await world.api<ListPage>('POST', '/evaluation/find', { limit: 500 }, 'company');
    const page = await newPage(PHONE, 'company');
    await page.goto('/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await expectRows(page, Math.min(own.total, 25));
    expect(await page.getByRole('combobox', { name: 'Empresa' }).count()).toBe(0);
    const shown = await dataRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    const ownIds = new Set(own.evaluations.map((row) => row.evaluation_id));
    expect(shown.every((id) => ownIds.has(id!))).toBe(true);
    const pending = own.evaluations.find((row) => !row.done && row.type === '2')!;
    await page.getByRole('button', { name: 'Produto', exact: true }).click();
    await choose(page, 'Produto', 'Avaliação 360');
    await rowOf(page, pending.evaluation_id).getByRole('button', { name: /^Ações da avaliação/ }).click();
    await page.getByRole('menuitem', { name: 'Enviar email de avaliação' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Deletar' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Copiar Link' }).count()).toBe(0);
    await screenshot(page, 'gestaodados-company-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Enviar email de avaliação' }).click();
    await toast(page, 'Email de avaliação enviado.');
  });

  it('lets the administrator filter by course instead of company', async () => {
    const course = (await world.api<{ course: { id: number; name: string } }>('POST', '/courses', { name: 'Liderança em Campo' })).course;
    const all = await world.api<ListPage>('POST', '/evaluation/find', { company_id: companyId, limit: 500 });
    const participant = all.evaluations.find((row) => row.user_name === 'Carla Mendes Ribeiro')!;
    const joined = await world.api<{ id: number }>('POST', '/usercourses', { userId: participant.user_id, courseId: course.id });
    const created = await world.api<{ evaluations: { evaluation_id: string }[] }>('POST', '/evaluation', {
      users: [{ user_id: participant.user_id, type_evaluation: 16, validate: 10, usercourse_id: joined.id }],
    });
    const page = await newPage(DESKTOP);
    await page.goto('/gestaodados');
    await page.getByRole('heading', { name: 'Gestão de Dados' }).waitFor();
    await page.getByRole('button', { name: 'Treinamento', exact: true }).click();
    await choose(page, 'Treinamento', course.name);
    await expectRows(page, 1);
    expect(await dataRows(page).getAttribute('data-id')).toBe(created.evaluations[0]!.evaluation_id);
    await screenshot(page, 'gestaodados-course-desktop');
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
