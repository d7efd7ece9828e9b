/**
 * End to end, on the built app and the real server with the demo data: the results views about people
 * at work together (`/dash/2` 360, `/dash/7` team performance, `/dash/8` and `/dash/10` the area maps,
 * `/dash/14` the HR map) over answers this file sends through the public call the form makes, with
 * answer sets chosen so that every number checked below was computed by hand from them (the
 * computations are in the comments next to the answers and the checks). Each view is opened as the
 * administrator, its filters, tabs and toggles driven, and the numbers read from the accessible tables
 * under the charts (`table[data-widget]`); a company user sees only its company and is offered no
 * company filter; axe finds nothing serious on any view, with the filter dialog open once. Screenshots (E2E_SCREENSHOTS=1) go to test-results/e2e/dashboards/.
 * Some checks are soft (they fail the test but let its other checks run): axe, the chart numbers
 * written the Brazilian way, and a tab staying chosen when a filter changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { softAxe as axe, cellsOf, chooseFilters, closeDialog, DESKTOP, openDashboard, PHONE } from './browserPages';
import {
  ANA,
  AREA_LIKERT,
  AREA_NO_OBSTACLE,
  BRUNO,
  CARLA,
  chooseOnTab,
  COMPANY_A,
  COMPANY_B,
  dashboardPage,
  DIEGO,
  FERNANDA,
  filtersWithoutCompany,
  ids,
  LEVELS5,
  LIKERT,
  listUnder,
  pageWidth,
  pairsOf,
  pick,
  rowOf,
  same,
  screenshot,
  Respondents,
  tab,
  tabTexts,
} from './dashboardWorld';
import { definitionOf, setUpWorld } from './world';

const world = setUpWorld({ shots: 'dashboards', variant: 'demo' });

const AREA_MAP = 'Mapa Operacional da Área';
const GAPS =
  'Consolidado das lacunas (só respostas desfavoráveis e neutras quando as desfavoráveis somam 50% ou mais; afirmações invertidas já desinvertidas)';

/**
 * An area map's table cells in the columns of `LEVELS5` (what an answer means for the area), each
 * followed by the answer it is: on a plain statement level i is the i-th answer of `LIKERT`, on a
 * reverse one the i-th from the end ('Muito desfavorável' is 'Concordo Totalmente'). An empty cell
 * (no row) stays empty.
 */
function answered(cells: string[], statement: 'plain' | 'reverse' = 'plain'): string[] {
  const answers = statement === 'reverse' ? [...LIKERT].reverse() : LIKERT;
  return cells.map((cell, index) => (cell === '' ? '' : `${cell} (${answers[index]})`));
}

describe('the results views of teams and areas (2, 7, 8, 10, 14), end to end', () => {
  beforeAll(async () => {
    const people = await Respondents.load(world);
    // Ana's are seeded (her 360 evaluates Bruno, version 1; her area maps rate Administrativo). Two more
    // evaluators of Bruno's 360 and his self-evaluation (type 1, version 1); Bruno's HR map; two more
    // operational area maps and one tactical one. The second company only has to exist (its views are empty).
    await people.create([
      { person: CARLA, type: 2, evaluated: BRUNO, version: 1 },
      { person: DIEGO, type: 2, evaluated: BRUNO, version: 1 },
      { person: BRUNO, type: 1, version: 1 },
      { person: BRUNO, type: 14 },
      { person: BRUNO, type: 8, sector: 'Administrativo' },
      { person: DIEGO, type: 8, sector: 'Operações' },
      { person: FERNANDA, type: 10, sector: 'Operações' },
    ]);
    await people.addSecondCompany([]);

    // ---- 360 of Bruno, version 1 (types 2 and 1). Options 1,3,4,7,9,12 positive; 2,5,6,8,10,11
    // negative; 13 'Não sei avaliar' (neutral), in every competency.
    const rest = (values: number[]) => Object.fromEntries(ids(2, 10).map((id) => [id, values]));
    await people.answer(2, ANA, { '1': [1, 2, 3, 4], ...rest([1, 3, 5]), '11': 'Comprometido com a equipe', '12': 'Centraliza decisões', '13': CARLA });
    await people.answer(2, CARLA, { '1': [1, 5, 7, 9, 12], ...rest([2, 5, 6, 8]), '11': 'Organizado', '12': 'Impaciente', '13': DIEGO });
    await people.answer(2, DIEGO, { '1': [13], ...rest([1, 3, 4, 7, 9, 12]), '11': 'Prestativo', '12': 'Pouco feedback', '13': ANA });
    await people.answer(1, BRUNO, { '1': [1, 3, 4, 7, 9, 12], ...rest([2]), '11': 'Dedicação', '12': 'Delego pouco', '13': CARLA, '14': 'Quero crescer na empresa' });

    // ---- Team performance (7), Ana: team (1–10) and leadership (11–20) notes.
    const team = [8, 7, 6, 9, 5, 4, 10, 3, 6, 7]; // sum 65
    const leader = [9, 9, 8, 7, 6, 5, 4, 10, 8, 6]; // sum 72
    await people.answer(7, ANA, Object.fromEntries([...team, ...leader].map((value, index) => [String(index + 1), value])));

    // ---- Operational area map (8). Ana (Administrativo): page 1 all 5, pages 2–4 all 4; Bruno
    // (Administrativo): all 2, an obstacle in 1.7; Diego (Operações): all 1 (the justifications asked).
    await people.answer(8, ANA, {
      ...same(AREA_LIKERT, 4),
      ...same(ids(1, 6).map((item) => `1.${item}`), 5),
      ...AREA_NO_OBSTACLE,
      '1.3.1': 'Retrabalho constante',
      '5.1': 'Mais treinamento para a equipe',
      '5.2': 'A área está bem organizada.',
    });
    await people.answer(8, BRUNO, { ...same(AREA_LIKERT, 2), ...AREA_NO_OBSTACLE, '1.7': 1, '1.7.1': 'Falta de pessoal', '5.1': 'Contratar mais uma pessoa' });
    await people.answer(8, DIEGO, {
      ...same(AREA_LIKERT, 1),
      ...AREA_NO_OBSTACLE,
      '1.1.1': 'Metas irreais',
      '2.3.1': 'Papéis confusos',
      '3.1.1': 'Pouca colaboração',
      '4.3.1': 'Sem retorno da gestão',
      '5.1': 'Rever as metas',
    });

    // ---- Tactical area map (10). Ana (Administrativo): Clareza all 1, the rest all 3; Fernanda (Operações): all 5.
    await people.answer(10, ANA, {
      ...same(AREA_LIKERT, 3),
      ...same(ids(1, 6).map((item) => `1.${item}`), 1),
      ...AREA_NO_OBSTACLE,
      '1.1.1': 'Objetivos pouco claros',
      '5.1': 'Definir prioridades',
    });
    await people.answer(10, FERNANDA, {
      ...same(AREA_LIKERT, 5),
      ...AREA_NO_OBSTACLE,
      '1.3.1': 'Mudanças sem aviso',
      '2.2.1': 'Burocracia',
      '3.4.1': 'Tarefas desiguais',
      '4.3.1': 'Centralização',
      '5.1': 'Delegar mais',
      '5.2': 'Obrigada pela pesquisa.',
    });

    // ---- HR map (14): Ana all level 1; Bruno 1–12 level 2, 13–24 level 4.
    await people.answer(14, ANA, { ...same(ids(1, 24), 1), '25': 'Desenvolver líderes', '26': 'Orçamento curto' });
    await people.answer(14, BRUNO, { ...same(ids(1, 12), 2), ...same(ids(13, 24), 4), '25': 'Reter talentos', '26': 'Falta de tempo', '27': 'Nada a acrescentar.' });
  });

  it('2 360: the percent rule of section 5 per statement, per kind and in the reading table', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 2, 'Avaliação 360');
    await page.getByText('Escolha em Filtros a empresa, o avaliado e a data da avaliação.', { exact: true }).waitFor();
    const dialog = await chooseFilters(
      page,
      [
        ['Empresa', COMPANY_A],
        ['Avaliado', BRUNO],
        ['Data', /\(versão 1\)$/],
      ],
      true,
    );
    // The view behind the dialog has its data (its print buttons light up, a colour transition axe must
    // not catch half-way).
    await page.getByText('Avaliações contadas nesta data: 4 (a última de cada avaliador e a autoavaliação mais recente da rodada)', { exact: true }).waitFor();
    await axe(page, "/dash/2's filter dialog");
    await screenshot(page, world, 'dash2-filters-dialog');
    await closeDialog(page, dialog);

    // Evaluators Ana, Carla, Diego (Diego: only 'Não sei avaliar' in competency 1); Bruno's self-evaluation.
    // Competency 1, evaluators: positive ticks 3 (Ana) + 4 (Carla) = 7, negative 1 + 1 = 2, neutral 1.
    // Positive 7 / (6 × (3 − 1)) = 58,3 → 58% (Bom, 41–60); negative 2/12 = 16,7 → 16% (Bom, 16–30);
    // neutral 1/3 = 33,3 → 33%.
    // Competency 2: positive 2 (Ana) + 6 (Diego) = 8 / (6 × 3) = 44,4 → 44% (Bom); negative 1 (Ana) + 4
    // (Carla) = 5/18 = 27,8 → 27% (Bom); neutral 0%.
    const reading = 'Leitura dos resultados';
    await expect.poll(() => cellsOf(page, reading).then((cells) => cells?.slice(1, 3))).toEqual([
      ['Responsabilidade', '58%', 'Bom', '16%', 'Bom', '33%'],
      ['Planejamento', '44%', 'Bom', '27%', 'Bom', '0%'],
    ]);
    expect(await rowOf(page, 'Comportamentos por competência (avaliadores)', 'Responsabilidade', ['Positivas', 'Negativas', 'Não sei avaliar'])).toEqual(['58%', '16%', '33%']);
    // The evaluators who answered (a stat without a title: its card is named after the view).
    expect((await page.getByRole('group', { name: 'Avaliação 360', exact: true }).innerText()).split(/\s+/).join(' ')).toBe('3 Avaliadores que responderam');
    await screenshot(page, world, 'dash2-consolidated-desktop');
    await axe(page, '/dash/2');

    await tab(page, 'Detalhes');
    // Competency 1 per kind: evaluators as above; self (1 respondent) 6 positive / 6 = 100%.
    const summary = '1. Responsabilidade: resumo';
    await expect.poll(() => rowOf(page, summary, 'Positivas', ['Avaliadores', 'Autoavaliação'])).toEqual(['58%', '100%']);
    expect(await rowOf(page, summary, 'Negativas', ['Avaliadores', 'Autoavaliação'])).toEqual(['16%', '0%']);
    expect(await rowOf(page, summary, 'Não sei avaliar', ['Avaliadores', 'Autoavaliação'])).toEqual(['33%', '0%']);
    // Per statement, evaluators: count / (3 respondents − 1 neutral): option 1 (Ana, Carla) 2/2 = 100%,
    // option 2 (Ana) 1/2 = 50%, option 6 (nobody) 0%; 'Não sei avaliar' 1/3 = 33%.
    const options = definitionOf(2).scales!.responsabilidade!;
    const statements = '1. Responsabilidade: cada afirmação';
    expect(await rowOf(page, statements, options[0]!.label, ['Avaliadores', 'Autoavaliação'])).toEqual(['100%', '100%']);
    expect(await rowOf(page, statements, options[1]!.label, ['Avaliadores', 'Autoavaliação'])).toEqual(['50%', '0%']);
    expect(await rowOf(page, statements, options[5]!.label, ['Avaliadores', 'Autoavaliação'])).toEqual(['0%', '0%']);
    expect(await rowOf(page, statements, 'Não sei avaliar', ['Avaliadores', 'Autoavaliação'])).toEqual(['33%', '0%']);
    await screenshot(page, world, 'dash2-details-desktop');

    // Competency 2: evaluators 44% / 27%; self one negative tick of 6 → 16%.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rowOf(page, '2. Planejamento: resumo', 'Negativas', ['Avaliadores', 'Autoavaliação'])).toEqual(['27%', '16%']);
    expect(await rowOf(page, '2. Planejamento: resumo', 'Positivas', ['Avaliadores', 'Autoavaliação'])).toEqual(['44%', '0%']);

    // Question 11: free text by self and by evaluators.
    await page.getByRole('button', { name: '11', exact: true }).click();
    const answers = page.getByRole('group', { name: 'Pergunta 11' });
    await answers.getByRole('heading', { name: 'Avaliadores' }).waitFor();
    expect((await listUnder(answers, 'Avaliadores')).sort()).toEqual(['Comprometido com a equipe', 'Organizado', 'Prestativo']);
    expect(await listUnder(answers, 'Autoavaliação')).toEqual(['Dedicação']);
    await axe(page, "/dash/2's details");

    // Switching tabs resets the question to 1 (results.md 2.2).
    await tab(page, 'Consolidado');
    await tab(page, 'Detalhes');
    await expect.poll(() => page.getByRole('button', { name: '1', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('group', { name: summary }).waitFor();

    // A new company clears the evaluated person and the date (a higher filter clears the lower ones).
    await chooseFilters(page, [['Empresa', COMPANY_B]]);
    await page.getByText('Escolha em Filtros a empresa, o avaliado e a data da avaliação.', { exact: true }).waitFor();
    expect(await page.locator('ul[aria-label="Filtros escolhidos"] li').allInnerTexts()).toEqual([`Empresa: ${COMPANY_B}`]);
  });

  it('7 team performance: themes, totals, and the line and quadrant views of Mudar Gráfico', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 7, 'Avaliação Desempenho Líder vs Equipe');
    await page.getByText('Escolha em Filtros o colaborador cuja avaliação deseja ver.', { exact: true }).waitFor();
    await chooseFilters(page, [
      ['Empresa', COMPANY_A],
      ['Colaborador', ANA],
    ]);
    // Ana's notes: team 8 7 6 9 5 4 10 3 6 7 (sum 65), leadership 9 9 8 7 6 5 4 10 8 6 (sum 72).
    const bars = 'Equipe e liderança por tema (0 a 10)';
    await expect.poll(() => rowOf(page, bars, 'Resultados', ['Equipe', 'Liderança'])).toEqual(['8,0', '9,0']);
    expect(await rowOf(page, bars, 'Posição', ['Equipe', 'Liderança'])).toEqual(['3,0', '10,0']);
    expect(await rowOf(page, bars, 'Inovação', ['Equipe', 'Liderança'])).toEqual(['10,0', '4,0']);
    expect(await pairsOf(page, 'Totais')).toEqual({ 'Total da equipe': '65', 'Total da liderança': '72' });
    await screenshot(page, world, 'dash7-bars-desktop');
    await axe(page, '/dash/7');

    await page.getByRole('button', { name: 'Mudar Gráfico', exact: true }).click();
    const line = 'Equipe e liderança por tema, com as faixas de desempenho';
    await expect.poll(() => rowOf(page, line, 'Conflitos', ['Equipe', 'Liderança'])).toEqual(['9,0', '7,0']);
    // Quadrants on 0–100: leadership × 10 on x, team × 10 on y.
    const quadrants = 'Quadrantes: individual (liderança) e grupo (equipe)';
    expect(await rowOf(page, quadrants, 'Resultados', ['Individual (liderança)', 'Grupo (equipe)'])).toEqual(['90', '80']);
    expect(await rowOf(page, quadrants, 'Posição', ['Individual (liderança)', 'Grupo (equipe)'])).toEqual(['100', '30']);
    await screenshot(page, world, 'dash7-lines-desktop');
    await axe(page, "/dash/7's second view");
  });

  it('8 operational area map: likert shares per question, the gaps, the respondents, a sector', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 8, AREA_MAP);
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    await pick(page, filters, [['Empresa', COMPANY_B]]);
    await page.getByText('Não há respostas', { exact: true }).waitFor();
    // The colleague filter is hidden (results.md 2.1).
    await filters.getByRole('combobox', { name: 'Setor', exact: true }).waitFor();
    expect(await filters.getByRole('combobox', { name: 'Colaborador', exact: true }).count()).toBe(0);
    await pick(page, filters, [['Empresa', COMPANY_A]]);
    await closeDialog(page, filters);

    // Three respondents per question: page 1 Ana 5, Bruno 2, Diego 1 → 1/3 = 33% each of Concordo
    // Totalmente, Discordo, Discordo totalmente; pages 2–4 Ana 4 instead (Concordo). The columns say
    // what an answer means for the area, each cell the answer: on a plain statement (1.1) agreeing is
    // favourable, on a reverse one (1.3, "Erros e retrabalhos…") unfavourable.
    const q11 = definitionOf(8).pages[0]!.questions[0]!.text;
    const q13 = definitionOf(8).pages[0]!.questions[3]!.text;
    await expect.poll(() => rowOf(page, 'Resultados', q11, LEVELS5)).toEqual(answered(['33%', '33%', '0%', '0%', '33%']));
    expect(await rowOf(page, 'Resultados', q13, LEVELS5)).toEqual(answered(['33%', '0%', '0%', '33%', '33%'], 'reverse'));
    await page.getByRole('button', { name: '3 respostas', exact: true }).click();
    expect((await page.getByRole('button', { name: '3 respostas' }).locator('xpath=following-sibling::ul[1]/li').allInnerTexts()).sort()).toEqual([ANA, BRUNO, DIEGO]);
    // Justifications of page 1 (1.1.1, 1.3.1, 1.7.1).
    const justifications = page.getByRole('group', { name: 'Justificativas e sugestões' });
    expect((await justifications.locator('li').allInnerTexts()).sort()).toEqual(['Falta de pessoal', 'Metas irreais', 'Retrabalho constante']);
    await screenshot(page, world, 'dash8-results-desktop');
    await axe(page, '/dash/8');

    await tab(page, 'Organização');
    const q21 = definitionOf(8).pages[1]!.questions[0]!.text;
    await expect.poll(() => rowOf(page, 'Organização', q21, LEVELS5)).toEqual(answered(['33%', '33%', '0%', '33%', '0%']));

    await tab(page, 'Sugestões de melhorias');
    await expect.poll(() => tabTexts(page)).toEqual(['Contratar mais uma pessoa', 'Mais treinamento para a equipe', 'Rever as metas']);
    await tab(page, 'Considerações');
    await expect.poll(() => page.getByRole('tabpanel').locator('li').allInnerTexts()).toEqual(['A área está bem organizada.']);

    // Gaps, by item score (a reverse item's agreement is its negative side): 1.1 (plain) Discordo totalmente
    // + Discordo = 66,7% ≥ 50% → only the scores 1–3 (disagreement and neutrality) stay; 1.3 (reverse,
    // "Erros e retrabalhos…") negative = Ana's Concordo Totalmente alone, 33% < 50% → every share stays.
    await tab(page, 'Consolidado');
    await expect.poll(() => cellsOf(page, GAPS).then((cells) => cells?.[0])).toEqual(['Item', ...LEVELS5]);
    expect(await rowOf(page, GAPS, q11, LEVELS5)).toEqual(answered(['33%', '33%', '0%', '', '']));
    // 1.3 by item score: Concordo Totalmente 33% is 'Muito desfavorável', the two disagreements favourable.
    expect(await rowOf(page, GAPS, q13, LEVELS5)).toEqual(answered(['33%', '0%', '0%', '33%', '33%'], 'reverse'));
    await screenshot(page, world, 'dash8-consolidated-desktop');
    await axe(page, "/dash/8's consolidated tab");

    // Administrativo (the rated sector): Ana and Bruno → 1.1: Discordo 50% ≥ 50% → 0/50/0; 1.3 (reverse):
    // Ana's Concordo Totalmente (score 1) is 50% → only the scores 1–3, i.e. neutral, Concordo, Concordo Totalmente.
    await chooseOnTab(page, 'Consolidado', [['Setor', 'Administrativo']]);
    // Every statement of the sector reaches 50% unfavourable: no favourable answer is left to draw at all.
    await expect.poll(() => cellsOf(page, GAPS).then((cells) => cells?.[0])).toEqual(['Item', ...LEVELS5.slice(0, 3)]);
    expect(await rowOf(page, GAPS, q11, LEVELS5.slice(0, 3))).toEqual(answered(['0%', '50%', '0%']));
    expect(await rowOf(page, GAPS, q13, LEVELS5.slice(0, 3))).toEqual(answered(['50%', '0%', '0%'], 'reverse'));
    await page.getByRole('button', { name: '2 respostas', exact: true }).waitFor();
    await tab(page, 'Resultados');
    await expect.poll(() => rowOf(page, 'Resultados', q11, LEVELS5)).toEqual(answered(['0%', '50%', '0%', '0%', '50%']));
  });

  it('8 operational area map on a phone: the first company’s shares, without sideways scrolling', async () => {
    const phone = await dashboardPage(world, PHONE);
    await openDashboard(phone, 8, AREA_MAP);
    await chooseFilters(phone, [['Empresa', COMPANY_A]]);
    // 1.1: Ana 5, Bruno 2, Diego 1 → 33% each, as on the desktop.
    const q11 = definitionOf(8).pages[0]!.questions[0]!.text;
    await expect.poll(() => rowOf(phone, 'Resultados', q11, LEVELS5)).toEqual(answered(['33%', '33%', '0%', '0%', '33%']));
    await screenshot(phone, world, 'dash8-phone');
    expect(await pageWidth(phone), 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
  });

  it('10 tactical area map: likert shares, gaps kept whole below 50% of disagreement', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 10, 'Mapa Tático da Área');
    await chooseFilters(page, [['Empresa', COMPANY_A]]);
    const definition = definitionOf(10);
    const q11 = definition.pages[0]!.questions[0]!.text;
    const q21 = definition.pages[1]!.questions[0]!.text;
    // Clareza: Ana 1, Fernanda 5 → 50% / 50%. Eficiência: Ana 3, Fernanda 5.
    await expect.poll(() => rowOf(page, 'Clareza', q11, LEVELS5)).toEqual(answered(['50%', '0%', '0%', '0%', '50%']));
    await page.getByRole('button', { name: '2 respostas', exact: true }).waitFor();
    await screenshot(page, world, 'dash10-desktop');
    await axe(page, '/dash/10');
    await tab(page, 'Eficiência');
    await expect.poll(() => rowOf(page, 'Eficiência', q21, LEVELS5)).toEqual(answered(['0%', '0%', '50%', '0%', '50%']));
    await tab(page, 'Respostas');
    await expect.poll(() => tabTexts(page)).toEqual(['Burocracia', 'Centralização', 'Mudanças sem aviso', 'Objetivos pouco claros', 'Tarefas desiguais']);
    // Gaps, by item score: 1.1 (plain) Discordo totalmente 50% ≥ 50% → only scores 1–3; 1.3 (reverse):
    // Fernanda's Concordo Totalmente scores 1, 50% → only Concordo Totalmente, Concordo, neutral; 2.1
    // (plain) no disagreement → every share; 2.2 (reverse) Fernanda's 5 scores 1, 50% → neutral side up.
    await tab(page, 'Consolidado');
    const q13 = definition.pages[0]!.questions[3]!.text;
    const q22 = definition.pages[1]!.questions[1]!.text;
    await expect.poll(() => rowOf(page, GAPS, q11, LEVELS5)).toEqual(answered(['50%', '0%', '0%', '', '']));
    expect(await rowOf(page, GAPS, q13, LEVELS5)).toEqual(answered(['50%', '0%', '0%', '', ''], 'reverse'));
    expect(await rowOf(page, GAPS, q21, LEVELS5)).toEqual(answered(['0%', '0%', '50%', '0%', '50%']));
    expect(await rowOf(page, GAPS, q22, LEVELS5)).toEqual(answered(['50%', '0%', '50%', '', ''], 'reverse'));
    await screenshot(page, world, 'dash10-consolidated-desktop');
  });

  it('14 HR map: levels per question, the gaps, the considerations; no sector or colleague filter', async () => {
    const page = await dashboardPage(world, DESKTOP);
    await openDashboard(page, 14, 'Mapa Estratégico e Tático de RH');
    const dialog = await chooseFilters(page, [['Empresa', COMPANY_A]], true);
    // The company filter (results.md 2.1) and the round's with its comparison (issue 26), on its latest round by default.
    expect(await dialog.getByRole('combobox').count(), 'only the company, round and comparison filters').toBe(3);
    expect(await dialog.getByRole('combobox', { name: 'Ciclo', exact: true }).count()).toBe(1);
    expect(await dialog.getByRole('combobox', { name: 'Comparar com', exact: true }).count()).toBe(1);
    await closeDialog(page, dialog);
    // Every tab in sight at 1366 px, 'Consolidado' and 'Considerações' too: no scroll arrow to find them.
    const scroller = (await page.locator('.MuiTabs-scroller').first().boundingBox())!;
    for (const tab of await page.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(scroller.x + scroller.width + 1);
    }
    const levels = ['Nível 1 (inicial)', 'Nível 2', 'Nível 3', 'Nível 4 (estratégico)'];
    const definition = definitionOf(14);
    const q1 = definition.pages[0]!.questions[0]!.text;
    const q13 = definition.pages[2]!.questions[0]!.text;
    // Ana level 1 everywhere; Bruno 2 on 1–12, 4 on 13–24.
    await expect.poll(() => rowOf(page, 'Desenvolvimento de Pessoas', q1, levels)).toEqual(['50%', '50%', '0%', '0%']);
    await page.getByRole('button', { name: '2 respostas', exact: true }).waitFor();
    await screenshot(page, world, 'dash14-desktop');
    await axe(page, '/dash/14');
    await tab(page, 'Gestão de Desempenho e Retenção');
    await expect.poll(() => rowOf(page, 'Gestão de Desempenho e Retenção', q13, levels)).toEqual(['50%', '0%', '0%', '50%']);
    // Gaps: levels 1 + 2 reach 50% on every question → only levels 1 and 2 stay.
    await tab(page, 'Consolidado');
    const gaps = 'Consolidado das lacunas (só os níveis 1 e 2 quando somam 50% ou mais)';
    await expect.poll(() => cellsOf(page, gaps).then((cells) => cells?.[0])).toEqual(['Item', 'Nível 1 (inicial)', 'Nível 2']);
    expect(await rowOf(page, gaps, q1, levels.slice(0, 2))).toEqual(['50%', '50%']);
    expect(await rowOf(page, gaps, q13, levels.slice(0, 2))).toEqual(['50%', '0%']);
    await tab(page, 'Considerações');
    await expect.poll(() => tabTexts(page)).toEqual(['Desenvolver líderes', 'Falta de tempo', 'Nada a acrescentar.', 'Orçamento curto', 'Reter talentos']);
  });

  it('shows a company user only its company on 2, without the company filter', async () => {
    const page = await dashboardPage(world, DESKTOP, 'company');
    await openDashboard(page, 2, 'Avaliação 360');
    // Before the filters are chosen: the view's hint and no chips at all (the empty text of other views
    // is drawn alike). The screen with data has axe in the administrator's test above.
    await page.getByText('Escolha em Filtros a empresa, o avaliado e a data da avaliação.', { exact: true }).waitFor();
    await axe(page, '/dash/2 as a company user, before its filters');
    const dialog = await filtersWithoutCompany(page);
    // Only the company's evaluated people.
    await dialog.getByRole('combobox', { name: 'Avaliado', exact: true }).click();
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([BRUNO]);
    await page.getByRole('option', { name: BRUNO, exact: true }).click();
    await page.locator('ul[aria-label="Filtros escolhidos"]').getByText(`Avaliado: ${BRUNO}`).waitFor();
    await pick(page, dialog, [['Data', /\(versão 1\)$/]]);
    await closeDialog(page, dialog);
    // Competency 1 as the administrator sees it (the 360 test above).
    await expect.poll(() => cellsOf(page, 'Leitura dos resultados').then((cells) => cells?.[1])).toEqual(['Responsabilidade', '58%', 'Bom', '16%', 'Bom', '33%']);
    await screenshot(page, world, 'company-dash2-desktop');
    // (The other views as a company user: the scales file.)
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
