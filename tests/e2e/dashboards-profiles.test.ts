/**
 * End to end, on the built app and the real server with the demo data: the results views of the
 * profiles (`/dash/3` Alpha, `/dash/4` VIA, `/dash/5` Temperamentos, `/dash/6` Motivacional, `/dash/9`
 * Objeções) and of the scanner that bundles them (`/dash/-1`, `/dash/-2`), over answers this file sends
 * through the public call the form makes, with answer sets chosen so that every number checked below
 * was computed by hand from them (the computations are in the comments next to the answers and the
 * checks). Each view is opened as the administrator, its filters and tabs driven, and the numbers read
 * from the accessible tables under the charts (`table[data-widget]`); a company user sees only its
 * company and is offered no company filter; axe finds nothing serious on any view. Screenshots (E2E_SCREENSHOTS=1) go to test-results/e2e/dashboards/.
 * Some checks are soft (they fail the test but let its other checks run): axe, the chart numbers
 * written the Brazilian way, and a tab staying chosen when a filter changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { softAxe as axe, cellsOf, chooseFilters, closeDialog, DESKTOP, openDashboard, PHONE } from './browserPages';
import {
  ANA,
  CARLA,
  chooseOnTab,
  COMPANY_A,
  COMPANY_B,
  dashboardPage,
  DIEGO,
  filtersWithoutCompany,
  optionsOf,
  pairsOf,
  pick,
  PICK_COLLEAGUE,
  range,
  Respondents,
  rowOf,
  screenshot,
  sortedRows,
  tab,
  ZE,
} from './dashboardWorld';
import { setUpWorld } from './world';

const world = setUpWorld({ shots: 'dashboards', variant: 'demo' });

const CLOUD = 'Nuvem das forças de assinatura (as 5 primeiras de cada colaborador)';

/**
 * The word cloud as the browser drew it (issue 22, defect 4): every word of its table drawn once,
 * inside the chart's box, none over another, in the Roboto the app serves (the font its layout
 * measured; a family the browser lacks would draw wider words that touch).
 */
async function expectCloudDrawn(page: Page): Promise<void> {
  const table = page.locator(`table[data-widget="${CLOUD}"]`);
  // The cloud's own card (a chart redrawn after a filter changed is not "drawn" until it rests).
  await table.locator('xpath=ancestor::*[@role="group"][1]//*[@data-drawn="true"]').waitFor();
  await page.evaluate(() => document.fonts.ready);
  const drawn = await table.evaluate((element) => {
    const chart = element.closest('[role="group"]')?.querySelector('[data-drawn="true"]');
    if (!chart) return null;
    const frame = chart.getBoundingClientRect();
    return {
      width: frame.width,
      height: frame.height,
      words: [...chart.querySelectorAll('svg text')].map((text) => {
        const edge = text.getBoundingClientRect();
        return { text: text.textContent ?? '', left: edge.left - frame.left, right: edge.right - frame.left, top: edge.top - frame.top, bottom: edge.bottom - frame.top };
      }),
      listed: [...element.querySelectorAll('tbody tr')].map((row) => row.querySelector('th, td')?.textContent ?? ''),
      roboto: [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Roboto' && face.status === 'loaded'),
      family: chart.querySelector('svg text') ? getComputedStyle(chart.querySelector('svg text')!).fontFamily : '',
    };
  });
  expect(drawn).not.toBeNull();
  const { width, height, words, listed, roboto, family } = drawn!;
  expect(words.map((word) => word.text).sort()).toEqual([...listed].sort());
  expect(words.filter((word) => word.left < 0 || word.top < 0 || word.right > width || word.bottom > height).map((word) => word.text)).toEqual([]);
  const overlaps = words.flatMap((one, index) =>
    words.slice(index + 1).filter((two) => one.left < two.right && two.left < one.right && one.top < two.bottom && two.top < one.bottom).map((two) => `${one.text} × ${two.text}`),
  );
  expect(overlaps).toEqual([]);
  expect([roboto, family.split(',')[0]]).toEqual([true, 'Roboto']);
}

/** Carla's signature strengths (VIA), as the scanner shows them for her alone. */
const CARLA_VIA = [
  ['Posição', 'Força'],
  ['1', 'Amor'],
  ['2', 'Bravura'],
  ['3', 'Vitalidade'],
  ['4', 'Trabalho em Equipe'],
  ['5', 'Prudência'],
];

/**
 * Ana's profiles are seeded, a round per questionnaire; Carla's and Diego's come in one scanner round
 * (the bundle's five questionnaires at once). The group views start on the latest round, the scanner's:
 * to count Ana and Carla together they are asked for every round ('Todos os ciclos').
 */
const ALL_ROUNDS: [string, string] = ['Ciclo', 'Todos os ciclos'];

describe('the results views of the profiles and the scanner (3, 4, 5, 6, 9, -1, -2), end to end', () => {
  beforeAll(async () => {
    const people = await Respondents.load(world);
    // Ana's profiles are seeded. The scanner bundle (Alpha, VIA, Temperamentos, Motivacional, Objeções
    // at once): Carla answers hers, Diego's stays pending (a yellow row of the scanner). José of the
    // second company answers an Alpha.
    await people.create([
      { person: CARLA, type: -1 },
      { person: DIEGO, type: -1 },
    ]);
    await people.addSecondCompany([3]);

    // ---- Alpha (3). Each *.forca / *.risco tag is on 4 options (share = ticks / 4); each subtype
    // (comandante, …) on 8 (share = ticks / 8).
    // Ana: p1 1 alpha.forca, 4 comandante.forca, 5 alpha.risco, 6 estrategista.forca, 7 visionario.forca,
    // 8 comandante.risco; p2 1 executor.risco, 3 executor.forca, 4 visionario.forca, 6 comandante.forca,
    // 8 comandante.risco; p3 2 alpha.forca, 4 executor.forca; p4 1 executor.forca, 2 alpha.forca,
    // 3 comandante.forca; p5 4 comandante.forca.
    // → alpha 3/4 = 75% força, 1/4 = 25% risco (Alpha: ≥ 50%); comandante 4/4 = 100%, 2/4 = 50%;
    // visionário 2/4 = 50%, 0%; estrategista 1/4 = 25%, 0%; executor 3/4 = 75%, 1/4 = 25%.
    // Subtypes: comandante 6/8, executor 4/8, visionário 2/8, estrategista 1/8 → Comandante, Executor.
    await people.answer(3, ANA, { '1': [1, 4, 5, 6, 7, 8], '2': [1, 3, 4, 6, 8], '3': [2, 4], '4': [1, 2, 3], '5': [4] });
    // Carla: p1 2 visionario.risco, 6 estrategista.forca, 7 visionario.forca; p2 4 visionario.forca,
    // 7 estrategista.forca; p3 1 visionario.forca, 3 alpha.risco, 5 estrategista.forca; p5 5 alpha.forca,
    // 6 visionario.forca → alpha 25%/25% (Não alpha); visionário 100%/25%; estrategista 75%/0%;
    // comandante and executor 0%. Subtypes: visionário 5/8, estrategista 3/8 → Visionário, Estrategista.
    await people.answer(3, CARLA, { '1': [2, 6, 7], '2': [4, 7], '3': [1, 3, 5], '5': [5, 6] });
    // José (Empresa Beta): one tick, alpha.forca 25%: never on the first company's screens.
    await people.answer(3, ZE, { '1': [1] });

    // ---- VIA (4): the 24 strengths in order (value = position in the list of the scale).
    // Ana: 1..24 → top 5 Amor (humanidade), Amor ao Aprendizado (sabedoria), Apreciação da Beleza
    // (transcendência), Autocontrole (temperança), Bravura (coragem); 24th Vitalidade (coragem).
    await people.answer(4, ANA, Object.fromEntries(range(1, 24).map((value) => [String(value), value])));
    // Carla: Amor, Bravura, Vitalidade (coragem), Trabalho em Equipe (justiça), Prudência (temperança), then the rest.
    const carlaVia = [1, 5, 24, 23, 22, 2, 3, 4, ...range(6, 21)];
    await people.answer(4, CARLA, Object.fromEntries(carlaVia.map((value, index) => [String(index + 1), value])));

    // ---- Temperamentos (5): words counted per temperament.
    // Ana: p1 Sensível (M), Entusiasmado (S), Decidido (C), Impulsivo (S), Inquieto (S); p2 Expressivo (S),
    // Divertido (S), Empreendedor (C) → Sanguíneo 5, Colérico 2, Melancólico 1, Fleumático 0.
    await people.answer(5, ANA, { '1': [1, 3, 10, 15, 17], '2': [1, 2, 7] });
    // Carla: p1 Pessimista (M), Analítico (M), Conciliador (F), Detalhista (M), Indeciso (F), Acomodado (F),
    // Sereno (F) → Melancólico 3, Fleumático 4.
    await people.answer(5, CARLA, { '1': [2, 4, 5, 6, 7, 8, 12] });

    // ---- Motivacional (6): share of the 5 answers per type.
    // Ana: B intrínseca, C intrínseca, E intrínseca, B identificada, E integrada → 60, 20 (integrada), 20 (identificada).
    await people.answer(6, ANA, { '1': 2, '2': 3, '3': 5, '4': 2, '5': 5 });
    // Carla: C externa, A externa, B introjetada, A introjetada, B externa → externa 60, introjetada 40.
    await people.answer(6, CARLA, { '1': 3, '2': 1, '3': 2, '4': 1, '5': 2 });

    // ---- Objeções (9): answers counted per style.
    // Ana: q1–q7 convergente, q8–q10 concorrente, q11–q12 divergente → Div 2, Conf 0, Conv 7, Conc 3.
    await people.answer(9, ANA, { '1': 2, '2': 3, '3': 1, '4': 4, '5': 4, '6': 1, '7': 3, '8': 1, '9': 1, '10': 2, '11': 2, '12': 1 });
    // Carla: q1–q6 conflitante, q7–q10 divergente, q11–q12 convergente → Div 4, Conf 6, Conv 2, Conc 0.
    await people.answer(9, CARLA, { '1': 4, '2': 2, '3': 3, '4': 1, '5': 2, '6': 3, '7': 4, '8': 3, '9': 4, '10': 3, '11': 1, '12': 3 });
  });

  it('3 Alpha: the consolidated counts and table, and one person’s force and risk', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 3, 'Teste Alpha');
    // Nothing before a company is chosen; every company only when asked for: Ana, Carla and José (Empresa Beta).
    await page.getByText('Escolha em Filtros a empresa, um curso ou "Todas as empresas".', { exact: true }).waitFor();
    await chooseFilters(page, [['Empresa', 'Todas as empresas']]);
    await expect.poll(() => sortedRows(page, 'Colaboradores').then((rows) => rows?.map((row) => row[0]))).toEqual([ANA, CARLA, ZE]);
    await chooseFilters(page, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    await expect.poll(() => sortedRows(page, 'Colaboradores')).toEqual([
      [ANA, 'Alpha', 'Comandante', 'Executor'],
      [CARLA, 'Não alpha', 'Visionário', 'Estrategista'],
    ]);
    expect(await pairsOf(page, 'Alpha')).toEqual({ Alpha: '1', 'Não alpha': '1' });
    // No subtype tie here (a shared place would count under Empate).
    expect(await pairsOf(page, 'Subtipo primário')).toEqual({ Comandante: '1', Visionário: '1', Estrategista: '0', Executor: '0', Empate: '0' });
    expect(await pairsOf(page, 'Subtipo secundário')).toEqual({ Comandante: '0', Visionário: '0', Estrategista: '1', Executor: '1', Empate: '0' });
    await screenshot(page, world, 'dash3-consolidated-desktop');
    await axe(page, '/dash/3');

    await tab(page, 'Individual');
    await page.getByText(PICK_COLLEAGUE).first().waitFor();
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    await expect.poll(() => cellsOf(page, 'Força e risco por estilo')).toEqual([
      ['Item', 'Força', 'Risco'],
      ['Alpha', '75%', '25%'],
      ['Comandante', '100%', '50%'],
      ['Visionário', '50%', '0%'],
      ['Estrategista', '25%', '0%'],
      ['Executor', '75%', '25%'],
    ]);
    expect(await cellsOf(page, 'Perfil')).toEqual([['Alpha', 'Subtipo primário', 'Subtipo secundário'], ['Alpha', 'Comandante', 'Executor']]);
    await screenshot(page, world, 'dash3-individual-desktop');
  });

  it('4 VIA: the signature strengths of the group, and one person’s ranking and virtues', async () => {
    // With the charts' animations, as most people see them (the other pages draw them at once): the
    // cloud, redrawn after each filter, is read once it rests.
    const page = await dashboardPage(world, DESKTOP, 'admin', { motion: true });
    await openDashboard(page, 4, 'Inquérito VIA');
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    await pick(page, filters, [['Empresa', COMPANY_B]]);
    await page.getByText('Colaboradores ainda não responderam ao questionário', { exact: true }).waitFor();
    await pick(page, filters, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    await closeDialog(page, filters);
    // Top 5: Ana Amor, Amor ao Aprendizado, Apreciação da Beleza, Autocontrole, Bravura; Carla Amor,
    // Bravura, Vitalidade, Trabalho em Equipe, Prudência → Amor 2, Bravura 2, the six others 1.
    await expect.poll(() => pairsOf(page, 'Colaboradores com a força entre as 5 primeiras')).toEqual({
      Amor: '2',
      Bravura: '2',
      'Amor ao Aprendizado': '1',
      'Apreciação da Beleza': '1',
      Autocontrole: '1',
      Prudência: '1',
      'Trabalho em Equipe': '1',
      Vitalidade: '1',
    });
    // Virtues of the top 5 per person, mean of the two: Ana 1 each but justiça; Carla humanidade 1,
    // coragem 2, justiça 1, temperança 1 → sabedoria 0,5; coragem 1,5; humanidade 1,0; justiça 0,5;
    // temperança 1,0; transcendência 0,5.
    expect(await pairsOf(page, 'Virtudes das forças de assinatura (média por colaborador)')).toEqual({
      'Sabedoria e Conhecimento': '0,5',
      Coragem: '1,5',
      Humanidade: '1,0',
      Justiça: '0,5',
      Temperança: '1,0',
      Transcendência: '0,5',
    });
    expect((await pairsOf(page, CLOUD))?.Amor).toBe('2');
    await expectCloudDrawn(page);
    await screenshot(page, world, 'dash4-consolidated-desktop');
    await axe(page, '/dash/4');

    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    const ranking = 'Forças em ordem (as 5 primeiras são as de assinatura; as 5 últimas, as menos utilizadas)';
    await expect.poll(() => cellsOf(page, ranking).then((cells) => cells?.length)).toBe(25);
    const cells = (await cellsOf(page, ranking))!;
    expect(cells[1]).toEqual(['1', 'Amor', 'Humanidade', 'Força de assinatura']);
    expect(cells[12]).toEqual(['12', 'Gratidão', 'Transcendência', '']);
    expect(cells[24]).toEqual(['24', 'Vitalidade', 'Coragem', 'Força menos utilizada']);
    await screenshot(page, world, 'dash4-individual-desktop');
    await page.getByRole('button', { name: 'Virtudes', exact: true }).click();
    // Ana's top 5: one strength of each virtue but justiça.
    await expect.poll(() => pairsOf(page, 'Virtudes das 5 forças de assinatura')).toEqual({
      'Sabedoria e Conhecimento': '1',
      Coragem: '1',
      Humanidade: '1',
      Justiça: '0',
      Temperança: '1',
      Transcendência: '1',
    });
    // The cloud on a phone: laid out anew for its narrower box, every word still drawn.
    const phone = await dashboardPage(world, PHONE);
    await openDashboard(phone, 4, 'Inquérito VIA');
    await chooseFilters(phone, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    await expect.poll(async () => (await pairsOf(phone, CLOUD))?.Amor).toBe('2');
    await expectCloudDrawn(phone);
    await screenshot(phone, world, 'dash4-cloud-phone');
  });

  it('5 Temperamentos: group means, primary and secondary counts, one person’s words', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 5, 'Temperamentos');
    await chooseFilters(page, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    // Means: Sanguíneo (5 + 0)/2 = 2,5; Colérico (2 + 0)/2 = 1,0; Melancólico (1 + 3)/2 = 2,0; Fleumático (0 + 4)/2 = 2,0.
    await expect.poll(() => pairsOf(page, 'Média do grupo')).toEqual({ Sanguíneo: '2,5', Colérico: '1,0', Melancólico: '2,0', Fleumático: '2,0' });
    expect(await pairsOf(page, 'Primário')).toEqual({ Sanguíneo: '1', Colérico: '0', Melancólico: '0', Fleumático: '1', Empate: '0' });
    expect(await pairsOf(page, 'Secundário')).toEqual({ Sanguíneo: '0', Colérico: '1', Melancólico: '1', Fleumático: '0', Empate: '0' });
    expect(await sortedRows(page, 'Colaboradores')).toEqual([
      [ANA, 'Sanguíneo', 'Colérico'],
      [CARLA, 'Fleumático', 'Melancólico'],
    ]);
    await screenshot(page, world, 'dash5-consolidated-desktop');
    await axe(page, '/dash/5');
    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', CARLA]]);
    await expect.poll(() => pairsOf(page, 'Palavras marcadas por temperamento')).toEqual({ Sanguíneo: '0', Colérico: '0', Melancólico: '3', Fleumático: '4' });
    expect(await cellsOf(page, 'Temperamentos predominantes')).toEqual([['Primário', 'Secundário'], ['Fleumático', 'Melancólico']]);
    await screenshot(page, world, 'dash5-individual-desktop');
  });

  it('6 Motivacional: group means of the shares, one person’s types', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 6, 'Motivacional');
    await chooseFilters(page, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    // Ana 60/20/20/0/0, Carla 0/0/0/40/60 (intrínseca, integrada, identificada, introjetada, externa) → means 30, 10, 10, 20, 30.
    await expect.poll(() => pairsOf(page, 'Média do grupo')).toEqual({ Intrínseca: '30%', Integrada: '10%', Identificada: '10%', Introjetada: '20%', Externa: '30%' });
    expect(await pairsOf(page, 'Tipo principal')).toEqual({ Intrínseca: '1', Integrada: '0', Identificada: '0', Introjetada: '0', Externa: '1', Empate: '0' });
    // Ana's second place is shared by integrada and identificada (20% each): counted as a tie, not for either.
    expect(await pairsOf(page, 'Segundo tipo')).toEqual({ Intrínseca: '0', Integrada: '0', Identificada: '0', Introjetada: '1', Externa: '0', Empate: '1' });
    await screenshot(page, world, 'dash6-consolidated-desktop');
    await axe(page, '/dash/6');
    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    await expect.poll(() => pairsOf(page, 'Tipos de motivação')).toEqual({ Intrínseca: '60%', Integrada: '20%', Identificada: '20%', Introjetada: '0%', Externa: '0%' });
    // Integrada and identificada tie at 20%: they share the second place, named in the definition's order.
    expect(await cellsOf(page, 'Tipos de motivação predominantes')).toEqual([['Tipo principal', 'Segundo tipo'], ['Intrínseca', 'Empate: Integrada, Identificada']]);
    await screenshot(page, world, 'dash6-individual-desktop');
  });

  it('9 Objeções: group means, main and second styles, one person’s counts', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 9, 'Tratamento de Objeções');
    await chooseFilters(page, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    // Ana Div 2, Conf 0, Conv 7, Conc 3; Carla Div 4, Conf 6, Conv 2, Conc 0 → means 3,0 3,0 4,5 1,5.
    await expect.poll(() => pairsOf(page, 'Média do grupo')).toEqual({ Divergente: '3,0', Conflitante: '3,0', Convergente: '4,5', Concorrente: '1,5' });
    expect(await pairsOf(page, 'Estilo principal')).toEqual({ Divergente: '0', Conflitante: '1', Convergente: '1', Concorrente: '0', Empate: '0' });
    expect(await pairsOf(page, 'Segundo estilo')).toEqual({ Divergente: '1', Conflitante: '0', Convergente: '0', Concorrente: '1', Empate: '0' });
    expect(await sortedRows(page, 'Colaboradores')).toEqual([
      [ANA, 'Convergente', 'Concorrente'],
      [CARLA, 'Conflitante', 'Divergente'],
    ]);
    await screenshot(page, world, 'dash9-consolidated-desktop');
    await axe(page, '/dash/9');
    await tab(page, 'Individual');
    await chooseOnTab(page, 'Individual', [['Colaborador', ANA]]);
    await expect.poll(() => pairsOf(page, 'Respostas por estilo de comunicação')).toEqual({ Divergente: '2', Conflitante: '0', Convergente: '7', Concorrente: '3' });
    expect(await cellsOf(page, 'Estilos de comunicação predominantes')).toEqual([['Estilo principal', 'Segundo estilo'], ['Convergente', 'Concorrente']]);
    await screenshot(page, world, 'dash9-individual-desktop');
  });

  it('-1 Scanner: the respondents, green when all done and yellow when any is pending, and one person', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, -1, 'Scanner');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    const respondents = 'Respondentes: o dia da última resposta a cada teste (verde: todos respondidos; amarelo: algum pendente)';
    // One row a person: Ana (seeded links) and Carla (bundle) answered all five; Diego's bundle is pending.
    await expect.poll(() => cellsOf(page, respondents).then((cells) => cells?.length)).toBe(4);
    expect((await cellsOf(page, respondents))![0]).toEqual(['Nome', 'Alpha', 'VIA', 'Temperamentos', 'Motivacional', 'Objeções']);
    const rows = (await sortedRows(page, respondents))!;
    const day = /^\d{2}\/\d{2}\/\d{4}$/;
    for (const name of [ANA, CARLA]) {
      const cells = rows.find((row) => row[0] === name)!.slice(1);
      expect(cells, name).toHaveLength(5);
      for (const cell of cells) expect(cell, name).toMatch(day);
    }
    expect(rows.find((row) => row[0] === DIEGO)!.slice(1)).toEqual(['Pendente', 'Pendente', 'Pendente', 'Pendente', 'Pendente']);
    const colours = await page.locator(`table[data-widget="${respondents}"] tbody tr`).evaluateAll((trs) =>
      trs.map((tr) => `${tr.querySelector('td')?.textContent}|${getComputedStyle(tr).backgroundColor}`),
    );
    expect(new Set(colours.filter((entry) => entry.startsWith(ANA)).map((entry) => entry.split('|')[1]))).toEqual(new Set(['rgb(200, 230, 201)']));
    expect(new Set(colours.filter((entry) => entry.startsWith(DIEGO)).map((entry) => entry.split('|')[1]))).toEqual(new Set(['rgb(255, 249, 196)']));
    await screenshot(page, world, 'dash-1-desktop');
    await axe(page, '/dash/-1');

    await chooseFilters(page, [['Colaborador', CARLA]]);
    await expect.poll(() => pairsOf(page, 'Temperamentos')).toEqual({ Sanguíneo: '0', Colérico: '0', Melancólico: '3', Fleumático: '4' });
    expect(await cellsOf(page, 'VIA: forças de assinatura')).toEqual(CARLA_VIA);
    expect(await rowOf(page, 'Alpha: força e risco', 'Visionário', ['Força', 'Risco'])).toEqual(['100%', '25%']);
    expect(await pairsOf(page, 'Motivacional')).toEqual({ Intrínseca: '0%', Integrada: '0%', Identificada: '0%', Introjetada: '40%', Externa: '60%' });
    expect(await pairsOf(page, 'Tratamento de Objeções')).toEqual({ Divergente: '4', Conflitante: '6', Convergente: '2', Concorrente: '0' });
    await screenshot(page, world, 'dash-1-person-desktop');
  });

  it('-2 consolidated scanner: group means and one block per person', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, -2, 'Scanner Consolidado');
    await chooseFilters(page, [['Empresa', COMPANY_A], ALL_ROUNDS]);
    // Means of Ana and Carla (whole numbers only: the .5 ones are left to the unit tests of rounding).
    const alpha = 'Alpha: força e risco (média)';
    await expect.poll(() => rowOf(page, alpha, 'Alpha', ['Força', 'Risco'])).toEqual(['50%', '25%']); // (75+25)/2, (25+25)/2
    expect(await rowOf(page, alpha, 'Comandante', ['Força', 'Risco'])).toEqual(['50%', '25%']); // (100+0)/2, (50+0)/2
    expect(await rowOf(page, alpha, 'Estrategista', ['Força', 'Risco'])).toEqual(['50%', '0%']); // (25+75)/2
    expect(await pairsOf(page, 'Temperamentos (média)')).toEqual({ Sanguíneo: '2,5', Colérico: '1,0', Melancólico: '2,0', Fleumático: '2,0' });
    expect(await pairsOf(page, 'Motivacional (média)')).toEqual({ Intrínseca: '30%', Integrada: '10%', Identificada: '10%', Introjetada: '20%', Externa: '30%' });
    expect(await pairsOf(page, 'Tratamento de Objeções (média)')).toEqual({ Divergente: '3,0', Conflitante: '3,0', Convergente: '4,5', Concorrente: '1,5' });
    expect((await pairsOf(page, 'VIA: forças de assinatura (colaboradores)'))?.Bravura).toBe('2');
    // One block per person, in which each widget shows only that person.
    const carla = page.getByRole('region', { name: CARLA, exact: true });
    await expect.poll(() => pairsOf(carla, 'Temperamentos')).toEqual({ Sanguíneo: '0', Colérico: '0', Melancólico: '3', Fleumático: '4' });
    expect(await cellsOf(carla, 'VIA: forças de assinatura')).toEqual(CARLA_VIA);
    const ana = page.getByRole('region', { name: ANA, exact: true });
    expect(await rowOf(ana, 'Alpha: força e risco', 'Comandante', ['Força', 'Risco'])).toEqual(['100%', '50%']);
    expect(await page.getByRole('region', { name: DIEGO }).count(), 'no block for pending evaluations').toBe(0);
    await screenshot(page, world, 'dash-2-desktop');
    await axe(page, '/dash/-2');
  });

  it('shows a company user only its company on 3, without the company filter', async () => {
    const page = await dashboardPage(world, DESKTOP, 'company');
    await openDashboard(page, 3, 'Teste Alpha');
    await chooseFilters(page, [ALL_ROUNDS]);
    // Ana (Alpha) and Carla (Não alpha); José (Empresa Beta) is left out.
    await expect.poll(() => sortedRows(page, 'Colaboradores').then((rows) => rows?.map((row) => row[0]))).toEqual([ANA, CARLA]);
    expect(await pairsOf(page, 'Alpha')).toEqual({ Alpha: '1', 'Não alpha': '1' });
    const dialog = await filtersWithoutCompany(page);
    expect((await optionsOf(page, dialog, 'Colaborador')).sort()).toEqual([ANA, CARLA]);
    // (The other views as a company user: the scales file.)
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
