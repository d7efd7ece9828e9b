/**
 * End to end, a round of assessments (issue 26) on the demo company: the administrator creates the
 * round on the Ciclos screen, three people are asked for their PSS-14 in it, and the 'Participação'
 * view follows it: nobody answered, then one answer arrives through a link and 'Atualizar' shows it
 * (the view also asks again on its own every minute, tested in the renderer's tests on a fake clock).
 * 'Lembrar pendentes' then says how many will be reminded and queues one reminder per pending person,
 * seen in Filas. The PSS-14 view then compares the round with an earlier one ('Comparar com').
 * Screenshots at 1366 and 390 px (E2E_SCREENSHOTS=1) go to test-results/e2e/cycles/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellsOf, checkScreen, chooseFilters, closeToasts, DESKTOP, openDashboard, openFromMenu, PHONE, toast } from './browserPages';
import { COMPANY_A, pss, tab } from './dashboardWorld';
import { setUpWorld } from './world';

const world = setUpWorld({ shots: 'cycles' });

const ROUND = 'Clima 2026 – piloto';
const EARLIER = 'Clima 2025 – 2º semestre';
const PEOPLE = ['Ana Paula Souza', 'Bruno Henrique Lima', 'Carla Mendes Ribeiro'];
const TYPES_TABLE = 'Participação por questionário';
const HEADER = ['Questionário', 'Convidados', 'Responderam', 'Pendentes', 'Expirados', 'Taxa de resposta'];
const evaluationOf = new Map<string, string>();

/** The participation view of the round, its questionnaire tab shown. */
async function openParticipation(page: Page): Promise<void> {
  await openDashboard(page, -3, 'Participação');
  await chooseFilters(page, [
    ['Empresa', COMPANY_A],
    ['Ciclo', ROUND],
  ]);
  await tab(page, 'Questionário');
}

describe('a round followed from its creation to its reminders', () => {
  it('creates the round on the Ciclos screen', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/');
    await openFromMenu(page, 'Ciclos', '/ciclos');
    await page.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: COMPANY_A, exact: true }).click();
    await page.getByRole('button', { name: 'Novo ciclo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo ciclo' });
    await dialog.getByLabel('Nome do ciclo').fill(ROUND);
    await dialog.getByLabel('Meta de participação (%)').fill('60');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await page.getByRole('grid', { name: 'Ciclos da empresa' }).getByRole('row').filter({ hasText: ROUND }).waitFor();

    // Three people asked for their PSS-14 in the round (the evaluations screen's Ciclo field makes the same call).
    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    const companyId = companies.find((company) => company.commercial_name === COMPANY_A)!.id;
    const round = (await world.api<{ id: number; name: string }[]>('GET', `/cycles?company_id=${companyId}`)).find((cycle) => cycle.name === ROUND)!;
    const people = await world.api<{ id: number; name: string }[]>('GET', `/users/list/${companyId}`);
    const users = PEOPLE.map((name) => ({ user_id: people.find((person) => person.name === name)!.id, type_evaluation: 13, validate: 30 }));
    const created = await world.api<{ evaluations: { evaluation_id: string; user_id: number }[] }>('POST', '/evaluation', { cycle_id: round.id, users });
    for (const row of created.evaluations) evaluationOf.set(people.find((person) => person.id === row.user_id)!.name, row.evaluation_id);
    expect(evaluationOf.size).toBe(3);
  });

  it('shows the participation move as an answer arrives through a link', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await openParticipation(page);
    // The round's target, and nobody yet: 3 asked, 3 pending.
    await expect.poll(() => cellsOf(page, TYPES_TABLE)).toEqual([HEADER, ['Escala de Estresse Percebido', '3', '0', '3', '0', '0%']]);
    await page.getByText('60%', { exact: true }).first().waitFor();

    // Ana answers her link (the public call the form makes): 28 points, though only counting matters here.
    await world.answer(evaluationOf.get(PEOPLE[0]!)!, pss(2, 2));
    await page.getByRole('button', { name: 'Atualizar', exact: true }).click();
    // 1 of 3 → 33%.
    await expect.poll(() => cellsOf(page, TYPES_TABLE)).toEqual([HEADER, ['Escala de Estresse Percebido', '3', '1', '2', '0', '33%']]);
    expect(await page.getByText('Avaliações respondidas no ciclo: 1', { exact: true }).count()).toBe(1);
    // The daily curve's last day holds the answer.
    await tab(page, 'Evolução diária');
    const curve = (await cellsOf(page, 'Taxa de resposta acumulada por dia'))!;
    expect(curve.at(-2)).toEqual([expect.stringMatching(/^\d\d\/\d\d$/), '33%']);
    expect(curve.at(-1)).toEqual(['Meta', '60%']);
    await checkScreen(page, world.shots, 'participation-1366');

    const phone = await world.page(PHONE, { as: 'admin' });
    await openParticipation(phone);
    await expect.poll(() => cellsOf(phone, TYPES_TABLE)).toEqual([HEADER, ['Escala de Estresse Percebido', '3', '1', '2', '0', '33%']]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll on a phone').toBe(true);
    await checkScreen(phone, world.shots, 'participation-390');
  });

  it('reminds only the two pending people, once each, after saying so', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await openParticipation(page);
    await expect.poll(() => cellsOf(page, TYPES_TABLE)).toEqual([HEADER, ['Escala de Estresse Percebido', '3', '1', '2', '0', '33%']]);
    await page.getByRole('button', { name: 'Lembrar pendentes', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Lembrar pendentes' });
    await dialog.getByText(/^Enviar um lembrete por e-mail às 2 pessoas deste ciclo que ainda não responderam \(2 avaliações pendentes\)\?/).waitFor();
    await checkScreen(page, world.shots, 'remind-confirm-1366');
    await dialog.getByRole('button', { name: 'Enviar lembretes', exact: true }).click();
    // Now, or at 09:00 of the next business day: either way, queued for the two.
    await toast(page, /^Lembrete (em envio|agendado)/);
    await closeToasts(page);

    await openFromMenu(page, 'Filas', '/queues');
    const jobs = page.getByRole('grid', { name: 'Trabalhos da fila' }).getByRole('row').filter({ hasText: 'Lembrete do ciclo' });
    await expect.poll(() => jobs.count()).toBe(2);
    const named = await jobs.allInnerTexts();
    expect(PEOPLE.slice(1).every((name) => named.some((row) => row.includes(name)))).toBe(true);
    expect(named.some((row) => row.includes(PEOPLE[0]!))).toBe(false);
  });

  it("compares the round with an earlier one ('Comparar com'): 35,0 → 28,0 is -7,0, from few people", async () => {
    // An earlier round of the company (opened 01/09/2025): Bruno answers every item 3 (42 points) and
    // Carla every item 2 (28): a mean of 35,0. The pilot holds Ana's 28 points alone.
    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    const companyId = companies.find((company) => company.commercial_name === COMPANY_A)!.id;
    const earlier = await world.api<{ cycle: { id: number } }>('POST', '/cycles', { company_id: companyId, name: EARLIER, types: [13], opens_on: '2025-09-01' });
    const people = await world.api<{ id: number; name: string }[]>('GET', `/users/list/${companyId}`);
    const users = PEOPLE.slice(1).map((name) => ({ user_id: people.find((person) => person.name === name)!.id, type_evaluation: 13, validate: 30 }));
    const created = await world.api<{ evaluations: { evaluation_id: string; user_id: number }[] }>('POST', '/evaluation', { cycle_id: earlier.cycle.id, users });
    const links = new Map(created.evaluations.map((row) => [people.find((person) => person.id === row.user_id)!.name, row.evaluation_id]));
    await world.answer(links.get(PEOPLE[1]!)!, pss(3, 1));
    await world.answer(links.get(PEOPLE[2]!)!, pss(2, 2));

    const choose = async (page: Page) => {
      await openDashboard(page, 13, 'Escala de Estresse Percebido (PSS-14)');
      await chooseFilters(page, [
        ['Empresa', COMPANY_A],
        ['Ciclo', ROUND],
        ['Comparar com', EARLIER],
      ]);
    };
    const page = await world.page(DESKTOP, { as: 'admin' });
    await choose(page);
    const table = 'Média por ciclo e mudança';
    const few = 'Poucos respondentes (menos de 10) num dos ciclos: a mudança pode ser acaso.';
    await expect.poll(() => cellsOf(page, table)).toEqual([
      ['Ciclo', 'Média', 'Respondentes', 'Mudança', 'Observação'],
      [EARLIER, '35,0', '2', '—', ''],
      [ROUND, '28,0', '1', '-7,0 ▼', few],
    ]);
    // The line holds the two rounds compared.
    expect((await cellsOf(page, 'Média de estresse por ciclo'))!.slice(1)).toEqual([
      [EARLIER, '35,0'],
      [ROUND, '28,0'],
    ]);
    await checkScreen(page, world.shots, 'compare-1366');

    const phone = await world.page(PHONE, { as: 'admin' });
    await choose(phone);
    await expect.poll(async () => (await cellsOf(phone, table))?.length).toBe(3);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll on a phone').toBe(true);
    await checkScreen(phone, world.shots, 'compare-390');
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
