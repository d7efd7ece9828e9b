/**
 * End to end, the psychosocial risk programme under NR-1 (issue 27) on the demo company, whose
 * consultant has rated the nine factors (DEMO_RESULTS on):
 * 1. the administrator runs a round of the psychosocial questionnaire ('NR-1 2026'): four people are
 *    asked and answer through their links;
 * 2. the consultant changes a factor's severity on 'Matriz de risco (NR-1)', and /dash/18 rates the
 *    factor by it;
 * 3. publishes the round's inventory on 'Inventário de riscos (NR-1)' (preview, the texts, confirm)
 *    and downloads its PDF: every field of NR-1 1.5.7.3.2, the round's levels worked by hand;
 * 4. adds a measure to the 'Plano de ação (NR-1)' for the critical factor;
 * 5. records a review trigger, and the home screen says the review is near.
 * axe finds nothing serious on each screen and dialog; screenshots at 1366 and 390 px
 * (E2E_SCREENSHOTS=1) go to test-results/e2e/risk/.
 *
 * The round's answers: Ana and Bruno answer the four 'Demandas e ritmo' statements at their worst
 * ('Sempre' on 1, 2 and 4, 'Nunca' on the reverse 3) and 'Às vezes' to everything else; Carla and Diego
 * 'Às vezes' to everything. Demands: (100 + 100 + 0 + 0) / 4 = 50% unfavourable, 'Provável' (40% to
 * under 60%); severity 3 'Grave' (the demo consultant's) → 3 × 3 = 9, Crítico. Every other factor 0%,
 * 'Improvável'.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellsOf, checkScreen, chooseFilters, DESKTOP, openDashboard, openFromMenu, PHONE, softAxe, toast } from './browserPages';
import { ANA, BRUNO, CARLA, COMPANY_A, DIEGO } from './dashboardWorld';
import { setUpWorld } from './world';

const world = setUpWorld({ shots: 'risk', variant: 'results' });

const ROUND = 'NR-1 2026';
const PEOPLE = [ANA, BRUNO, CARLA, DIEGO];
const STATEMENTS = Array.from({ length: 36 }, (_, index) => String(index + 1));
/** Everything 'Às vezes' (3); with `worstDemands`, 'Sempre' (5) on 1, 2 and 4 and 'Nunca' (1) on the reverse 3. */
const answers = (worstDemands: boolean) => ({
  ...Object.fromEntries(STATEMENTS.map((id) => [id, 3])),
  ...(worstDemands ? { '1': 5, '2': 5, '3': 1, '4': 5 } : {}),
});
const NR1_FIELDS = ['Grupo exposto', 'Processos e ambientes', 'Atividades', 'Trabalhadores expostos', 'Medidas de prevenção implementadas', 'Probabilidade', 'Severidade', 'Nível de risco', 'Critérios de avaliação e tomada de decisão'];
const MEASURE_IN_PLACE = 'Banco de horas com compensação em até 30 dias.';
const MEASURE = 'Redistribuir as metas do fechamento mensal e contratar dois temporários para os picos.';

/** A PDF's text, as `pdftotext -raw` extracts it, with runs of white space made one space. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Clicks and returns the downloaded file's path and bytes. */
async function downloadBy(page: Page, button: Locator): Promise<{ file: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45000 }), button.click()]);
  const file = (await download.path())!;
  return { file, bytes: readFileSync(file) };
}

/** No sideways scroll on the page. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Picks the demo company in a screen's company picker (administrators). */
async function chooseCompany(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByRole('option', { name: COMPANY_A, exact: true }).click();
}

describe('the psychosocial risk programme, from a round to the action plan', () => {
  let companyId = 0;

  it('runs a round of the psychosocial questionnaire: four people answer through their links', async () => {
    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    companyId = companies.find((company) => company.commercial_name === COMPANY_A)!.id;
    // Opened today: after the demo's own round of the questionnaire, so no later round gives a level 'after' yet.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const round = await world.api<{ cycle: { id: number } }>('POST', '/cycles', { company_id: companyId, name: ROUND, types: [18], opens_on: today });
    const people = await world.api<{ id: number; name: string }[]>('GET', `/users/list/${companyId}`);
    const users = PEOPLE.map((name) => ({ user_id: people.find((person) => person.name === name)!.id, type_evaluation: 18, validate: 30 }));
    const created = await world.api<{ evaluations: { evaluation_id: string; user_id: number }[] }>('POST', '/evaluation', { cycle_id: round.cycle.id, users });
    expect(created.evaluations).toHaveLength(4);
    for (const row of created.evaluations) {
      const name = people.find((person) => person.id === row.user_id)!.name;
      await world.answer(row.evaluation_id, answers(name === ANA || name === BRUNO));
    }
  });

  it("rates a factor by the severity the consultant sets on 'Matriz de risco (NR-1)', on /dash/18", async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/');
    await openFromMenu(page, 'Matriz de risco (NR-1)', '/riscos');
    await chooseCompany(page);
    // The demo's consultant rated every factor; 'Apoio da liderança' is changed to the lowest severity.
    await page.getByRole('button', { name: 'Alterar a severidade de Apoio da liderança', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar severidade' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Severidade' }).click();
    await page.getByRole('option', { name: /^1 – Leve/ }).click();
    const reason = 'Equipes pequenas com liderança próxima; sem registro de adoecimento ligado ao fator.';
    await dialog.getByRole('textbox', { name: 'Justificativa' }).fill(reason);
    await softAxe(page, "the severity dialog of 'Matriz de risco (NR-1)'");
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toast(page, 'Severidade salva.');
    await dialog.waitFor({ state: 'detached' });
    await checkScreen(page, world.shots, 'matrix-1366');

    const title = 'Fatores Psicossociais do Trabalho';
    await openDashboard(page, 18, title);
    await chooseFilters(page, [
      ['Empresa', COMPANY_A],
      ['Ciclo', ROUND],
    ]);
    const table = 'Nível de risco por fator';
    await expect.poll(async () => (await cellsOf(page, table))?.[1]?.slice(0, 5)).toEqual(['Demandas e ritmo de trabalho', '50%', 'Provável', 'Grave', 'Crítico']);
    const row = (await cellsOf(page, table))!.find((cells) => cells[0] === 'Apoio da liderança')!;
    // Severity 1 ('Leve') × 'Improvável' (0%) by the default matrix: Baixo.
    expect([row[1], row[2], row[3], row[4], row[6]]).toEqual(['0%', 'Improvável', 'Leve', 'Baixo', reason]);
    await checkScreen(page, world.shots, 'dash18-1366');
    // (Its PDF says the levels: tests/server/riskView.test.ts; the inventory's PDF is read below.)
  });

  it("publishes the round's inventory after a preview, and its PDF holds every NR-1 field", async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/');
    await openFromMenu(page, 'Inventário de riscos (NR-1)', '/inventario');
    await chooseCompany(page);
    await page.getByText('Nenhum inventário publicado ainda.', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Ciclo (rodada de avaliação)' }).click();
    await page.getByRole('option', { name: ROUND, exact: true }).click();
    await page.getByRole('textbox', { name: 'Nome do profissional responsável' }).fill('Dra. Helena Prado');
    await page.getByRole('textbox', { name: 'Registro profissional' }).fill('CRP 06/12345');
    await page.getByRole('textbox', { name: 'Forma da apresentação aos trabalhadores' }).fill('Reunião geral e cartaz no refeitório');
    await page.getByRole('button', { name: 'Pré-visualizar', exact: true }).click();
    await page.getByRole('heading', { name: 'Prévia da versão 1' }).waitFor();
    await page.getByRole('textbox', { name: 'Medidas de prevenção já implementadas: Demandas e ritmo de trabalho' }).fill(MEASURE_IN_PLACE);
    await page.getByRole('button', { name: 'Pré-visualizar', exact: true }).click();
    await page.getByText(MEASURE_IN_PLACE).first().waitFor();
    await checkScreen(page, world.shots, 'inventory-preview-1366');
    await page.getByRole('button', { name: 'Publicar versão 1', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Publicar a versão 1?' });
    await confirm.getByText('Uma versão publicada não pode ser alterada; mudanças posteriores geram nova versão.').waitFor();
    await softAxe(page, 'the inventory’s confirmation dialog');
    await confirm.getByRole('button', { name: 'Publicar', exact: true }).click();
    await toast(page, 'Inventário publicado (versão 1).');
    const versions = page.getByRole('table', { name: 'Versões publicadas do inventário' });
    await versions.getByRole('row').filter({ hasText: 'Dra. Helena Prado' }).waitFor();
    await checkScreen(page, world.shots, 'inventory-1366');

    const { bytes, file } = await downloadBy(page, page.getByRole('button', { name: 'Baixar o PDF da versão 1', exact: true }));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = pdfText(file).normalize('NFC');
    for (const field of NR1_FIELDS) expect(text, field).toContain(field);
    for (const expected of ['Dra. Helena Prado', 'CRP 06/12345', ROUND, MEASURE_IN_PLACE, 'Crítico', 'Instrumento de exemplo, não validado']) expect(text, expected).toContain(expected);

    const phone = await world.page(PHONE, { as: 'admin' });
    await phone.goto('/inventario');
    await chooseCompany(phone);
    await phone.getByText('Dra. Helena Prado').first().waitFor();
    expect(await fitsWidth(phone), 'no sideways scroll on a phone').toBe(true);
    await checkScreen(phone, world.shots, 'inventory-390');
  });

  it("adds a measure against the critical factor to the 'Plano de ação (NR-1)', with its level before", async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/');
    await openFromMenu(page, 'Plano de ação (NR-1)', '/plano-de-acao');
    await chooseCompany(page);
    await page.getByRole('button', { name: 'Nova medida', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova medida do plano de ação' });
    const choose = async (label: string, option: string | RegExp) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).first().click();
    };
    await choose('Fator de risco', 'Demandas e ritmo de trabalho');
    await choose('Ciclo a que a medida responde (nível antes)', ROUND);
    await choose('Responsável', /\(consultoria\)$/);
    await dialog.getByRole('textbox', { name: 'O que será feito' }).fill(MEASURE);
    await dialog.getByLabel(/^Prazo/).fill('2027-02-26');
    await dialog.getByRole('textbox', { name: 'Como a eficácia será verificada' }).fill('Parcela de respostas desfavoráveis de Demandas na rodada seguinte.');
    await dialog.getByLabel(/^Quando verificar a eficácia/).fill('2027-04-30');
    await softAxe(page, 'the measure dialog');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toast(page, 'Medida incluída no plano de ação.');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'Medidas do fator Demandas e ritmo de trabalho' }).getByRole('row').filter({ hasText: MEASURE });
    await row.waitFor();
    // Its level before: the round's, worked by hand above; after: none yet (no later round).
    await expect.poll(() => row.innerText()).toMatch(/Crítico \(50(,0)?% desfavoráveis\)/);
    expect(await row.innerText()).toContain('Aguardando o próximo ciclo com respostas');
    await checkScreen(page, world.shots, 'plan-1366');

    const phone = await world.page(PHONE, { as: 'company' });
    await phone.goto('/plano-de-acao');
    await phone.getByText(MEASURE).first().waitFor();
    expect(await phone.getByRole('button', { name: 'Nova medida' }).count(), 'a company user reads the plan').toBe(0);
    expect(await fitsWidth(phone), 'no sideways scroll on a phone').toBe(true);
    await checkScreen(phone, world.shots, 'plan-390');
  });

  it('records a review trigger, and the home screen says the review is near', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/riscos');
    await chooseCompany(page);
    await page.getByRole('button', { name: 'Registrar gatilho de revisão', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar gatilho de revisão' });
    await dialog.getByRole('combobox', { name: 'Tipo de gatilho' }).click();
    await page.getByRole('option', { name: 'Mudança na organização do trabalho', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Descrição' }).fill('A área de Operações passou a trabalhar em dois turnos, com nova escala.');
    await softAxe(page, 'the review trigger dialog');
    await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
    await toast(page, 'Gatilho de revisão registrado.');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Aguardando revisão', { exact: true }).first().waitFor();

    // Due 30 days after today (the trigger's default), in the app's time zone: within the 60 days of 'near'.
    const due = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + 30 * 86_400_000));
    const near = `A revisão do inventário de riscos psicossociais de ${COMPANY_A} vence em ${due}.`;
    const home = await world.page(PHONE, { as: 'company' });
    await home.goto('/home');
    await home.getByText(near, { exact: true }).waitFor();
    await home.getByRole('link', { name: `Abrir o inventário de riscos psicossociais de ${COMPANY_A}` }).waitFor();
    expect(await fitsWidth(home), 'no sideways scroll').toBe(true);
    await checkScreen(home, world.shots, 'home-390');
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
