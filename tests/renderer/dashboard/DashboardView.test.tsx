import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { DashboardData, DashboardDefinition, DashboardFilters } from '../../../engine/definition/dashboard';
import { DashboardView } from '../../../renderer/dashboard/DashboardView';
import type { DashboardSource, FilterField, FilterOption } from '../../../renderer/dashboard/types';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

// A view written for the test: tabs, a 'Mudar Gráfico' toggle between a bar chart and a table, free texts.
const dashboard: DashboardDefinition = {
  id: 99,
  title: 'Painel de teste',
  menu: { group: 'Testes', label: 'Painel de teste', order: 1 },
  filters: ['company', 'sector', 'colleague'],
  empty: 'Não há respostas',
  datasets: {
    themes: { query: 'summary', types: [7] },
    people: { query: 'scores', types: [7], perPerson: true },
    answers: { query: 'texts', types: [8], questions: ['q1', 'q2'] },
  },
  layout: [
    {
      kind: 'tabs',
      tabs: [
        {
          label: 'Resultados',
          content: [
            {
              kind: 'toggle',
              style: 'cycle',
              label: 'Mudar Gráfico',
              options: [
                {
                  label: 'Barras',
                  content: [{ kind: 'bar', title: 'Equipe por tema', dataset: 'themes', category: 'label', value: 'value', format: 'decimal' }],
                },
                {
                  label: 'Tabela',
                  content: [
                    {
                      kind: 'table',
                      title: 'Pessoas',
                      dataset: 'people',
                      columns: [
                        { field: 'name', label: 'Nome' },
                        { field: 'total', label: 'Total', format: 'decimal', color: 'bandColor' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          label: 'Sugestões',
          content: [
            {
              kind: 'texts',
              title: 'Sugestões de melhorias',
              dataset: 'answers',
              text: 'text',
              group: 'questionText',
              where: [{ field: 'question', in: ['q1'] }],
            },
          ],
        },
      ],
    },
  ],
};

const data: DashboardData = {
  respondents: 12,
  datasets: {
    themes: {
      rows: [
        { label: 'Clareza', value: 7.25 },
        { label: 'Resultados', value: 1234.5 },
      ],
    },
    people: {
      rows: [
        { name: 'Ana', total: 40.06, bandColor: '#c62828' },
        { name: 'Bruno', total: 12, bandColor: '#2e7d32' },
      ],
    },
    answers: {
      rows: [
        { question: 'q1', questionText: 'O que melhorar?', text: 'Mais reuniões curtas' },
        { question: 'q1', questionText: 'O que melhorar?', text: 'Metas mais claras' },
        { question: 'q2', questionText: 'Outra pergunta', text: 'Não deve aparecer' },
      ],
    },
  },
};

/** Staff's first choice of the company filter, as the server offers it. */
const ALL: FilterOption = { value: 'all', label: 'Todas as empresas' };
const FIVE: FilterOption = { value: 5, label: 'Empresa Cinco' };
/** The hint of a staff view with the company filter before a company is chosen. */
const CHOOSE = 'Escolha em Filtros a empresa, um curso ou "Todas as empresas".';

const OPTIONS: Partial<Record<FilterField, FilterOption[]>> = {
  company: [ALL, FIVE, { value: 6, label: 'Empresa Seis' }],
  course: [{ value: 3, label: 'Curso Três' }],
  sector: [{ value: 9, label: 'Vendas' }],
  colleague: [{ value: 21, label: 'Carla' }],
  // The company's rounds with answers, newest first, then the pooled choice (as the server offers them).
  cycle: [
    { value: 42, label: 'Clima 2026 – 2º semestre' },
    { value: 41, label: 'Clima 2026 – 1º semestre' },
    { value: 'all', label: 'Todos os ciclos' },
  ],
};

/**
 * A source answering the test's data; `answer` replaces the data call. `companyUser`: the company call
 * answers only the user's company, as the server does for a company user.
 */
function makeSource(answer: (filters: DashboardFilters) => Promise<DashboardData> = async () => data, companyUser = false) {
  const options = vi.fn(async (_id: number, filter: FilterField, _chosen: DashboardFilters) => (companyUser && filter === 'company' ? [FIVE] : (OPTIONS[filter] ?? [])));
  const dataCall = vi.fn(async (_id: number, filters: DashboardFilters) => answer(filters));
  const report = vi.fn(async (_id: number, _filters: DashboardFilters) => ({ blob: new Blob(['%PDF-1.7']), fileName: 'Relatório.pdf' }));
  const sendReport = vi.fn(async (_id: number, _userId: number) => ({ message: 'O relatório foi colocado em fila de envio', jobId: 'envio-1' }));
  const sendState = vi.fn(async (_jobId: string) => 'sent' as const);
  const exportFile = vi.fn(async (_id: number, _index: number, _filters: DashboardFilters) => ({ blob: new Blob(['x']), fileName: 'Respondentes.xlsx' }));
  const cyclePending = vi.fn(async (_cycleId: number) => ({ people: 2, evaluations: 3, send_at: new Date().toISOString() }));
  const remindCycle = vi.fn(async (_cycleId: number) => ({ message: 'Lembretes colocados em fila para 2 pessoas.' }));
  const source: DashboardSource = { options, data: dataCall, report, exportFile, sendReport, sendState, cyclePending, remindCycle };
  return { source, options, data: dataCall, report, exportFile, sendReport, sendState, cyclePending, remindCycle };
}

/**
 * Renders the view. Staff come with 'Empresa Cinco' already chosen (as from another dashboard) unless
 * `initialCompany` says otherwise (null: nothing chosen yet).
 */
function renderView(
  source: DashboardSource,
  accountType = 1,
  definition: DashboardDefinition = dashboard,
  initialCompany: FilterOption | null = FIVE,
  onCompanyChange?: (option: FilterOption | null) => void,
) {
  return render(
    <ThemeProvider theme={theme}>
        <DashboardView dashboard={definition} accountType={accountType} source={source} initialCompany={initialCompany} onCompanyChange={onCompanyChange} />
    </ThemeProvider>,
  );
}

/** The rows of a table as arrays of cell texts. */
function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

/** Picks an option of a filter in the open 'Filtros' dialog. */
async function pickFilter(label: string, option: string) {
  const dialog = screen.getByRole('dialog', { name: 'Filtros' });
  const input = within(dialog).getByRole('combobox', { name: label });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: option }, WAIT));
}

// A shared 2-core machine: MUI's dialogs and autocompletes are slow in jsdom, so waits are generous.
const WAIT = { timeout: 5000 };

describe('DashboardView', { timeout: 30000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it("draws the title, the count and the bar chart's numbers as an accessible pt-BR table", async () => {
    const { source, data: dataCall } = makeSource();
    renderView(source);
    expect(screen.getByRole('heading', { level: 1, name: 'Painel de teste' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    expect(table.getAttribute('data-widget')).toBe('Equipe por tema');
    expect(cells(table)).toEqual([
      ['Item', 'Valor'],
      ['Clareza', '7,3'],
      ['Resultados', '1.234,5'],
    ]);
    expect(screen.getByText('12 avaliações respondidas')).toBeTruthy();
    // The company chosen on the dashboard before stays chosen.
    expect(dataCall).toHaveBeenCalledWith(99, { company_id: 5 });
  });

  it("switches widgets with the cycle toggle, and switching tabs shows the tab's content and resets the toggle", async () => {
    const { source } = makeSource();
    renderView(source);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);

    fireEvent.click(screen.getByRole('button', { name: 'Mudar Gráfico' }));
    const people = await screen.findByRole('table', { name: 'Pessoas' }, WAIT);
    expect(screen.queryByRole('table', { name: 'Equipe por tema' })).toBeNull();
    expect(cells(people)).toEqual([
      ['Nome', 'Total'],
      ['Ana', '40,1'],
      ['Bruno', '12,0'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mudar Gráfico' }));
    expect(await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mudar Gráfico' }));
    await screen.findByRole('table', { name: 'Pessoas' }, WAIT);

    fireEvent.click(screen.getByRole('tab', { name: 'Sugestões' }));
    const panel = screen.getByRole('tabpanel', { name: 'Sugestões' });
    expect(within(panel).getByRole('heading', { name: 'O que melhorar?' })).toBeTruthy();
    expect(within(panel).getByText('Metas mais claras')).toBeTruthy();
    // The widget's `where` keeps only its question's answers.
    expect(screen.queryByText('Não deve aparecer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mudar Gráfico' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Resultados' }));
    expect(await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Pessoas' })).toBeNull();
  });

  it('names under the title each example instrument the view reads (validated: false), and none otherwise', async () => {
    const { source } = makeSource();
    const { unmount } = render(
      <ThemeProvider theme={theme}>
        <DashboardView dashboard={dashboard} accountType={1} source={source} initialCompany={FIVE} unvalidated={['Fatores Psicossociais do Trabalho']} />
      </ThemeProvider>,
    );
    expect(screen.getByText('Fatores Psicossociais do Trabalho — Instrumento de exemplo, não validado')).toBeTruthy();
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    unmount();
    renderView(makeSource().source);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    expect(screen.queryByText(/Instrumento de exemplo/)).toBeNull();
  });

  it("shows only the view's empty text when nobody answered", async () => {
    const { source } = makeSource(async () => ({ respondents: 0, datasets: {} }));
    renderView(source);
    expect(await screen.findByText('Não há respostas', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText(/respondentes/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Imprimir' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the hint of the required filter and asks for no data until it is chosen', async () => {
    const { source, data: dataCall } = makeSource();
    renderView(source, 1, { ...dashboard, requires: { filter: 'colleague', hint: 'Selecione um colaborador' } });
    expect(screen.getByText('Selecione um colaborador')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Empresa Cinco');
    expect(screen.getByText('Selecione um colaborador')).toBeTruthy();
    await pickFilter('Colaborador', 'Carla');
    await waitFor(() => expect(dataCall).toHaveBeenCalledTimes(1), WAIT);
    expect(dataCall).toHaveBeenCalledWith(99, { company_id: 5, colleague_id: 21 });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT)).toBeTruthy();
    expect(screen.queryByText('Selecione um colaborador')).toBeNull();
  });

  it("names the chosen colleague after a section's title (the scanner's 'Resultado do colaborador')", async () => {
    const { source } = makeSource();
    const named: DashboardDefinition = {
      ...dashboard,
      filters: ['company', 'sector', 'colleague'],
      layout: [{ kind: 'section', title: 'Resultado do colaborador', subject: 'colleague', content: [{ kind: 'bar', title: 'Equipe por tema', dataset: 'themes', category: 'label', value: 'value' }] }],
    };
    renderView(source, 1, named);
    expect(await screen.findByRole('heading', { name: 'Resultado do colaborador' }, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Colaborador', 'Carla');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByRole('heading', { name: 'Resultado do colaborador: Carla' }, WAIT)).toBeTruthy();
  });

  it('keeps only the newly chosen value of a filter and clears the lower filters', async () => {
    const { source, options, data: dataCall } = makeSource();
    renderView(source, 1, dashboard, null);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const dialog = screen.getByRole('dialog', { name: 'Filtros' });
    // The sector waits for a company.
    expect((within(dialog).getByRole('combobox', { name: 'Setor' }) as HTMLInputElement).disabled).toBe(true);

    await pickFilter('Empresa', 'Empresa Cinco');
    await pickFilter('Setor', 'Vendas');
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 5, sector_id: 9 }), WAIT);
    expect(options).toHaveBeenCalledWith(99, 'sector', { company_id: 5 });

    await pickFilter('Empresa', 'Empresa Seis');
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 6 }), WAIT);
    expect((within(dialog).getByRole('combobox', { name: 'Empresa' }) as HTMLInputElement).value).toBe('Empresa Seis');
    expect((within(dialog).getByRole('combobox', { name: 'Setor' }) as HTMLInputElement).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const chosen = screen.getByRole('list', { name: 'Filtros escolhidos' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Empresa: Empresa Seis']);

    // Staff may filter by course instead: switching clears the company.
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Filtros' })).getByRole('radio', { name: 'Curso' }));
    await pickFilter('Curso', 'Curso Três');
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { course_id: 3 }), WAIT);
  });

  it('never shows a company user the company filter and locks the data to their company', async () => {
    const { source, options, data: dataCall } = makeSource(undefined, true);
    // A company remembered from an administrator's session is no choice of theirs.
    renderView(source, 2, dashboard, { value: 6, label: 'Empresa Seis' });
    expect(screen.queryByText(CHOOSE)).toBeNull();
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    // Whose results these are, though the filter is hidden (issue 24: a company user never saw the name).
    expect(screen.getByRole('heading', { level: 1 }).parentElement!.textContent).toContain('Empresa Cinco');
    expect(screen.queryByText('Empresa Seis')).toBeNull();
    expect(dataCall).toHaveBeenCalledTimes(1);
    expect(dataCall).toHaveBeenCalledWith(99, { company_id: 5 });
    expect(options).toHaveBeenCalledWith(99, 'company', {});

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const dialog = screen.getByRole('dialog', { name: 'Filtros' });
    expect(within(dialog).queryByRole('combobox', { name: 'Empresa' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Curso' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Filtros escolhidos' })).toBeNull();
    await pickFilter('Setor', 'Vendas');
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 5, sector_id: 9 }), WAIT);
  });

  it('starts on the latest round with answers once the company is known, asking no data before, and pools them on request', async () => {
    const { source, options, data: dataCall } = makeSource(undefined, true);
    renderView(source, 2, { ...dashboard, filters: ['company', 'cycle', 'sector'] });
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    // Never the company's every round first: the view waits for the rounds, then asks for the latest.
    expect(dataCall.mock.calls.map((call) => call[1])).toEqual([{ company_id: 5, cycle_id: 42 }]);
    expect(options).toHaveBeenCalledWith(99, 'cycle', { company_id: 5 });
    expect(within(screen.getByRole('list', { name: 'Filtros escolhidos' })).getByText('Ciclo: Clima 2026 – 2º semestre')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Ciclo', 'Clima 2026 – 1º semestre');
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 5, cycle_id: 41 }), WAIT);
    await pickFilter('Ciclo', 'Todos os ciclos');
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 5 }), WAIT);
  });

  it("shows 'Sem opções' for a filter without choices", async () => {
    const { source } = makeSource();
    renderView(source, 1, { ...dashboard, filters: ['company', 'evaluated'] });
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Empresa Cinco');
    const input = screen.getByRole('combobox', { name: 'Avaliado' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(await screen.findByText('Sem opções', {}, WAIT)).toBeTruthy();
  });

  it("toasts 'Erro ao buscar dados' when the data call fails", async () => {
    const { source } = makeSource(async () => {
      throw new Error('falhou');
    });
    renderView(source);
    // The toast and the view's error text.
    await waitFor(() => expect(screen.getAllByText('Erro ao buscar dados')).toHaveLength(2), WAIT);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows why a filter was refused beside the filters, instead of a failure', async () => {
    const reason = 'Este filtro não pode ser usado: ele separaria um grupo de menos de 3 pessoas e permitiria identificar quem respondeu. Escolha um grupo maior.';
    const { source } = makeSource(async (filters) => {
      if (filters.sector_id !== undefined) throw Object.assign(new Error(reason), { status: 403 });
      return data;
    });
    renderView(source);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Empresa Cinco');
    await pickFilter('Setor', 'Vendas');
    // In the dialog, under the filter just chosen…
    const dialog = screen.getByRole('dialog', { name: 'Filtros' });
    expect((await within(dialog).findByRole('alert', {}, WAIT)).textContent).toBe(reason);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    // …and on the page, right after the filters, in place of the view: no failure is reported.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(reason);
    expect(screen.queryByText('Erro ao buscar dados')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Equipe por tema' })).toBeNull();
    const chosen = screen.getByRole('list', { name: 'Filtros escolhidos' });
    expect(chosen.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("opens the print dialog with each chart's image download and the view's PDF", async () => {
    const { source } = makeSource();
    renderView(source);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    const dialog = screen.getByRole('dialog', { name: 'Imprimir e baixar' });
    // The chart registers once echarts has drawn it.
    expect(await within(dialog).findByRole('button', { name: 'Baixar imagem: Equipe por tema' }, WAIT)).toBeTruthy();
    const report = within(dialog).getByRole('button', { name: 'Download Relatório' }) as HTMLButtonElement;
    expect(report.disabled).toBe(false);
    expect(within(dialog).getByText('O PDF traz todas as abas e gráficos desta tela, com os filtros escolhidos.')).toBeTruthy();
  });

  it('repeats a block per person with its rows, and switches options with pressed buttons', async () => {
    const repeated: DashboardDefinition = {
      ...dashboard,
      datasets: { people: { query: 'scores', types: [15], perPerson: true }, values: { query: 'scores', types: [15] } },
      layout: [
        {
          kind: 'toggle',
          style: 'buttons',
          options: [
            {
              label: 'Valores',
              content: [
                {
                  kind: 'repeat',
                  dataset: 'people',
                  key: 'person',
                  title: 'name',
                  content: [
                    { kind: 'stat', title: 'Total', dataset: 'people', value: 'total', label: 'pontos', format: 'decimal' },
                    { kind: 'names', title: 'Quem respondeu', dataset: 'people', name: 'name', label: '{n} respostas' },
                  ],
                },
              ],
            },
            {
              label: 'Necessidades',
              content: [
                {
                  kind: 'columns',
                  title: 'Alinhamento',
                  dataset: 'values',
                  item: 'item',
                  by: 'side',
                  columns: [
                    { value: 'left', label: 'Só do participante' },
                    { value: 'both', label: 'Em comum' },
                  ],
                },
                { kind: 'legend', title: 'Critérios', items: [{ label: 'Bom', text: 'De 41 a 60', color: '#2e7d32' }] },
              ],
            },
          ],
        },
      ],
    };
    const { source } = makeSource(async () => ({
      respondents: 2,
      datasets: {
        people: {
          rows: [
            { person: 1, name: 'Ana', total: 3.25 },
            { person: 2, name: 'Bruno', total: 4 },
          ],
        },
        values: {
          rows: [
            { item: 'Respeito', side: 'left' },
            { item: 'Ética', side: 'both' },
          ],
        },
      },
    }));
    renderView(source, 1, repeated);
    const ana = await screen.findByRole('region', { name: 'Ana' }, WAIT);
    expect(within(ana).getByText('3,3')).toBeTruthy();
    expect(within(ana).getByRole('button', { name: '1 respostas' })).toBeTruthy();
    const bruno = screen.getByRole('region', { name: 'Bruno' });
    expect(within(bruno).getByText('4,0')).toBeTruthy();
    expect(within(bruno).queryByText('Ana')).toBeNull();

    const values = screen.getByRole('button', { name: 'Valores' });
    expect(values.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Necessidades' }));
    expect(screen.getByRole('button', { name: 'Necessidades' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Ana' })).toBeNull();
    expect(within(screen.getByRole('heading', { name: 'Só do participante' }).parentElement!).getByText('Respeito')).toBeTruthy();
    expect(within(screen.getByRole('heading', { name: 'Em comum' }).parentElement!).getByText('Ética')).toBeTruthy();
    expect(screen.getByText('De 41 a 60')).toBeTruthy();
  });
});

describe('a paged table', () => {
  afterEach(() => {
    cleanup();
  });

  it('asks the server for the next page and shows it, keeping the filters', async () => {
    const paged: DashboardDefinition = {
      ...dashboard,
      datasets: { people: { query: 'scores', types: [13], perPerson: true, pageSize: 2 } },
      layout: [{ kind: 'table', title: 'Respondentes', dataset: 'people', columns: [{ field: 'name', label: 'Nome' }] }],
    };
    // Five people, two a page: the server answers the page it is asked for.
    const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa'];
    const { source, data: dataCall } = makeSource(async (filters) => {
      const page = filters.pages?.people ?? 0;
      return { respondents: 5, datasets: { people: { rows: names.slice(page * 2, page * 2 + 2).map((name) => ({ name })), page, total: 5 } } };
    });
    renderView(source, 1, paged);
    const table = await screen.findByRole('table', { name: 'Respondentes' });
    expect(within(table).getByText('Ana')).toBeTruthy();
    expect(screen.getByText('1–2 de 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Respondentes' })).getByText('Carla')).toBeTruthy());
    expect(screen.getByText('3–4 de 5')).toBeTruthy();
    expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 5, pages: { people: 1 } });
  });
});

describe('printing the scanner', () => {
  afterEach(() => {
    cleanup();
  });

  it("keeps 'Imprimir' disabled until a sector or a course is chosen, saying so", async () => {
    const scanner: DashboardDefinition = { ...dashboard, printRequires: { anyOf: ['sector', 'course'], hint: 'Para imprimir, escolha um setor ou um curso em Filtros.' }, sendReport: true };
    const { source } = makeSource();
    renderView(source, 1, scanner);
    const print = await screen.findByRole('button', { name: 'Imprimir' });
    await waitFor(() => expect(screen.getByText('12 avaliações respondidas')).toBeTruthy());
    expect(print).toHaveProperty('disabled', true);
    expect(screen.getByText('Para imprimir, escolha um setor ou um curso em Filtros.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar Relatório' })).toHaveProperty('disabled', true);
  });
});

describe('sending and downloading the report', { timeout: 30000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it("sends the chosen colleague's report after the confirmation, says it is queued, then that it was sent", async () => {
    const team: DashboardDefinition = { ...dashboard, sendReport: true };
    const { source, sendReport, sendState } = makeSource();
    renderView(source, 1, team);
    const send = await screen.findByRole('button', { name: 'Enviar Relatório' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Empresa Cinco');
    await pickFilter('Colaborador', 'Carla');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar Relatório' })).toHaveProperty('disabled', false), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Relatório' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enviar Relatório' }, WAIT);
    expect(within(confirm).getByText('Você tem certeza que deseja enviar este relatório?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('O relatório foi colocado em fila de envio', {}, WAIT)).toBeTruthy();
    expect(sendReport).toHaveBeenCalledWith(99, 21);
    // The sending is followed every 3 s until the e-mail left.
    expect(await screen.findByText('Relatório enviado com sucesso.', {}, { timeout: 10000 })).toBeTruthy();
    expect(sendState).toHaveBeenCalledWith('envio-1');
  });

  it("says 'Erro ao enviar relatório.' when the sending fails", async () => {
    const { source, sendReport } = makeSource();
    sendReport.mockRejectedValueOnce(new Error('falhou'));
    renderView(source, 1, { ...dashboard, sendReport: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Empresa Cinco');
    await pickFilter('Colaborador', 'Carla');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar Relatório' })).toHaveProperty('disabled', false), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Relatório' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Enviar Relatório' }, WAIT)).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Erro ao enviar relatório.', {}, WAIT)).toBeTruthy();
  });

  it("downloads the view's PDF under the chosen filters from the print dialog", async () => {
    const { source, report } = makeSource();
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:relatorio');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderView(source, 1, dashboard);
    await waitFor(() => expect(screen.getByText('12 avaliações respondidas')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download Relatório' }, WAIT));
    expect(await screen.findByText('Relatório gerado com sucesso', {}, WAIT)).toBeTruthy();
    expect(report).toHaveBeenCalledWith(99, { company_id: 5 });
    expect(saved).toEqual(['Relatório.pdf']);
    click.mockRestore();
  });
});

describe("the view's own report buttons (the 360's)", { timeout: 30000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it("downloads the report at once and opens it in a full-screen panel", async () => {
    const view: DashboardDefinition = { ...dashboard, report: { downloadButton: 'Relatório Avaliação 360', previewButton: 'Imprimir Relatório' } };
    const { source, report } = makeSource();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:relatorio'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderView(source, 1, view);
    await waitFor(() => expect(screen.getByText('12 avaliações respondidas')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Relatório Avaliação 360' }));
    expect(await screen.findByText('Relatório gerado com sucesso', {}, WAIT)).toBeTruthy();
    expect(report).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir Relatório' }));
    const panel = await screen.findByRole('dialog', { name: 'Imprimir Relatório' }, WAIT);
    // The download's toast is gone: at the top right it covered the panel's 'Fechar' (issue 24).
    await waitFor(() => expect(screen.queryByText('Relatório gerado com sucesso')).toBeNull(), WAIT);
    expect(await within(panel).findByTitle('Relatório.pdf', {}, WAIT)).toBeTruthy();
    expect(report).toHaveBeenCalledTimes(2);
    fireEvent.click(within(panel).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Imprimir Relatório' })).toBeNull(), WAIT);
    click.mockRestore();
  });

  it('closes the report panel when its report fails, saying so, instead of a spinner that never ends', async () => {
    const view: DashboardDefinition = { ...dashboard, report: { previewButton: 'Imprimir Relatório' } };
    const { source, report } = makeSource();
    report.mockRejectedValueOnce(new Error('falhou'));
    renderView(source, 1, view);
    await waitFor(() => expect(screen.getByText('12 avaliações respondidas')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir Relatório' }));
    expect(await screen.findByText('Erro ao gerar relatório', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Imprimir Relatório' })).toBeNull(), WAIT);
  });
});

describe('a failed data call of the area maps', () => {
  afterEach(() => {
    cleanup();
  });

  it("says 'Um erro ocorreu ao procurar os dados' with the error (results.md 8)", async () => {
    const map: DashboardDefinition = { ...dashboard, loadFailed: { text: 'Um erro ocorreu ao procurar os dados', withError: true } };
    const { source } = makeSource(async () => {
      throw new Error('Setor 9 não encontrado.');
    });
    renderView(source, 1, map);
    expect(await screen.findByText('Um erro ocorreu ao procurar os dados: Setor 9 não encontrado.')).toBeTruthy();
  });
});

describe('the quadrants widget', () => {
  afterEach(() => {
    cleanup();
  });

  it('draws the four styles in their cells, the best one marked', async () => {
    const objections: DashboardDefinition = {
      ...dashboard,
      layout: [
        { kind: 'quadrants', title: 'Quadrantes', dataset: 'themes', category: 'label', value: 'value', cells: ['Clareza', 'Resultados', 'Outro', 'Mais um'], best: 'Resultados', format: 'decimal' },
      ],
    };
    const { source } = makeSource();
    renderView(source, 1, objections);
    const list = await screen.findByRole('list', { name: 'Quadrantes' });
    const cells = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(cells).toEqual(['Clareza7,3', 'Resultados1.234,5O melhor estilo', 'Outro–', 'Mais um–']);
  });
});

describe('the heatmap widget', () => {
  afterEach(() => {
    cleanup();
  });

  it("writes every cell in its table: a shown group's numbers with n, a hidden group's dash and why", async () => {
    const UNDER = 'Oculto: menos de 3 respondentes neste grupo, para preservar o anonimato.';
    const COMPLEMENT = 'Oculto: com este grupo à vista, um grupo de menos de 3 respondentes poderia ser deduzido dos outros e do total.';
    const heatmap: DashboardDefinition = {
      ...dashboard,
      layout: [{ kind: 'heatmap', title: 'Por setor', dataset: 'themes', row: 'group', column: 'label', value: 'value', count: 'respondents', color: 'bandColor', withheld: 'withheld', format: 'decimal' }],
    };
    const row = (group: string, label: string, value: number | null, respondents: number, withheld: string | null) => ({ group, label, value, respondents, withheld, bandColor: value === null ? null : '#2e7d32' });
    const { source } = makeSource(async () => ({
      respondents: 9,
      datasets: {
        themes: {
          rows: [
            row('Atendimento', 'Geral', null, 3, COMPLEMENT),
            row('Atendimento', 'Clareza', null, 3, COMPLEMENT),
            row('Cozinha', 'Geral', 3, 4, null),
            row('Cozinha', 'Clareza', 3.25, 4, null),
            row('Entrega', 'Geral', null, 2, UNDER),
            row('Entrega', 'Clareza', null, 2, UNDER),
          ],
        },
      },
    }));
    renderView(source, 1, heatmap);
    const table = await screen.findByRole('table', { name: 'Por setor' }, WAIT);
    expect(cells(table)).toEqual([
      ['Grupo', 'Geral', 'Clareza', 'Observação'],
      ['Atendimento', '—', '—', COMPLEMENT],
      ['Cozinha', '3,0 (n = 4)', '3,3 (n = 4)', ''],
      ['Entrega', '—', '—', UNDER],
    ]);
  });
});

describe('answers from questionnaire versions scored differently', () => {
  afterEach(() => {
    cleanup();
  });

  it('says which version the numbers use, and asks for another when the viewer chooses it', async () => {
    const editions = (chosen: number) => [{ type: 7, name: 'Avaliação Desempenho Líder vs Equipe', chosen, available: [{ major: 1, respondents: 4 }, { major: 2, respondents: 8 }] }];
    const { source, data: dataCall } = makeSource(async (filters) => ({ ...data, editions: editions(filters.editions?.['7'] ?? 2) }));
    renderView(source);
    const notice = await screen.findByText(
      'As respostas de Avaliação Desempenho Líder vs Equipe vêm de versões do questionário com pontuações diferentes, que não se misturam: os números abaixo usam só as da versão 2.',
      {},
      WAIT,
    );
    expect(notice).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Versão do questionário (Avaliação Desempenho Líder vs Equipe)' });
    expect(select.textContent).toBe('Versão 2 (8 respostas)');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Versão 1 (4 respostas)' }, WAIT));
    await waitFor(() => expect(dataCall).toHaveBeenLastCalledWith(99, { company_id: 5, editions: { '7': 1 } }), WAIT);
    expect(await screen.findByText(/os números abaixo usam só as da versão 1\./, {}, WAIT)).toBeTruthy();
  });
});

describe('an anonymous group under the minimum', () => {
  afterEach(() => {
    cleanup();
  });

  const reason = 'Para preservar o anonimato, as respostas deste grupo só aparecem a partir de 3 respondentes. Respondentes até agora: 2.';

  it('says why above what is still shown, once however many datasets were withheld', async () => {
    const withheld = [
      { dataset: 'themes', respondents: 2, minimum: 3, message: reason },
      { dataset: 'answers', respondents: 2, minimum: 3, message: reason },
    ];
    const { source } = makeSource(async () => ({ ...data, withheld }));
    renderView(source);
    expect(await screen.findByText(reason, {}, WAIT)).toBeTruthy();
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain(reason);
  });

  it('says why instead of "no answers" when nothing is left to show', async () => {
    const emptied: DashboardData = { respondents: 2, datasets: Object.fromEntries(Object.keys(data.datasets).map((name) => [name, { rows: [] }])), withheld: [{ dataset: 'themes', respondents: 2, minimum: 3, message: reason }] };
    const { source } = makeSource(async () => emptied);
    renderView(source, 1, { ...dashboard, emptyWhen: 'themes' });
    expect(await screen.findByText(reason, {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Não há respostas')).toBeNull();
  });
});

describe('client companies are never pooled unless asked for', { timeout: 30000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('asks staff to choose a company first: no data call, the hint where the view would be, nothing to print', async () => {
    const { source, data: dataCall } = makeSource();
    renderView(source, 1, dashboard, null);
    expect(screen.getByText(CHOOSE)).toBeTruthy();
    expect(dataCall).not.toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Imprimir' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    // 'Todas as empresas' is a choice of its own, offered first.
    const dialog = screen.getByRole('dialog', { name: 'Filtros' });
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Empresa' }), { key: 'ArrowDown' });
    const offered = await screen.findAllByRole('option', {}, WAIT);
    expect(offered.map((option) => option.textContent)).toEqual(['Todas as empresas', 'Empresa Cinco', 'Empresa Seis']);
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Empresa' }), { key: 'Escape' });
    expect(dataCall).not.toHaveBeenCalled();

    await pickFilter('Empresa', 'Empresa Seis');
    await waitFor(() => expect(dataCall).toHaveBeenCalledWith(99, { company_id: 6 }), WAIT);
    expect(dataCall).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT)).toBeTruthy();
    expect(screen.queryByText(CHOOSE)).toBeNull();
  });

  it("sends all_companies when staff choose 'Todas as empresas', to the data, the lower filters' choices and the report", async () => {
    const { source, options, data: dataCall, report } = makeSource();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:relatorio'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const remembered = vi.fn();
    renderView(source, 1, dashboard, null, remembered);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Todas as empresas');
    await waitFor(() => expect(dataCall).toHaveBeenCalledWith(99, { all_companies: true }), WAIT);
    expect(remembered).toHaveBeenLastCalledWith(ALL);
    await waitFor(() => expect(options).toHaveBeenCalledWith(99, 'sector', { all_companies: true }), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const chosen = screen.getByRole('list', { name: 'Filtros escolhidos' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Empresa: Todas as empresas']);
    await screen.findByText('12 avaliações respondidas', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download Relatório' }, WAIT));
    expect(await screen.findByText('Relatório gerado com sucesso', {}, WAIT)).toBeTruthy();
    expect(report).toHaveBeenCalledWith(99, { all_companies: true });
    click.mockRestore();
  });

  it('starts on the company chosen on another dashboard, and says when the choice changes or is removed', async () => {
    const { source, data: dataCall } = makeSource();
    const remembered = vi.fn();
    renderView(source, 1, dashboard, { value: 6, label: 'Empresa Seis' }, remembered);
    expect(dataCall).toHaveBeenCalledTimes(1);
    expect(dataCall).toHaveBeenCalledWith(99, { company_id: 6 });
    expect(screen.queryByText(CHOOSE)).toBeNull();
    const chosen = screen.getByRole('list', { name: 'Filtros escolhidos' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Empresa: Empresa Seis']);
    expect(remembered).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Empresa', 'Empresa Cinco');
    expect(remembered).toHaveBeenLastCalledWith(FIVE);
    // A lower choice leaves the remembered company alone.
    await pickFilter('Setor', 'Vendas');
    expect(remembered).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    fireEvent.click(within(screen.getByRole('button', { name: 'Empresa: Empresa Cinco' })).getByTestId('CancelIcon'));
    expect(remembered).toHaveBeenLastCalledWith(null);
    expect(await screen.findByText(CHOOSE, {}, WAIT)).toBeTruthy();
  });

  it("shows the view's own required-filter hint instead, and a view without the company filter ignores the remembered company", async () => {
    const first = makeSource();
    renderView(first.source, 1, { ...dashboard, requires: { filter: 'colleague', hint: 'Selecione um colaborador' } }, null);
    expect(screen.getByText('Selecione um colaborador')).toBeTruthy();
    expect(screen.queryByText(CHOOSE)).toBeNull();
    expect(first.data).not.toHaveBeenCalled();
    cleanup();

    const second = makeSource();
    renderView(second.source, 1, { ...dashboard, filters: ['colleague'] }, FIVE);
    expect(second.data).toHaveBeenCalledWith(99, {});
    expect(await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT)).toBeTruthy();
    expect(screen.queryByText(CHOOSE)).toBeNull();
  });
});

describe("a live round's view: 'Atualizar' and 'Lembrar pendentes' (the participation)", { timeout: 30000 }, () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const live: DashboardDefinition = { ...dashboard, filters: ['company', 'cycle'], refresh: 60, remindPending: true };

  it("asks for the same round's data again on 'Atualizar', keeping what it shows meanwhile", async () => {
    // The second answer waits until the test lets it go: meanwhile the view must still show the first.
    let release: (value: DashboardData) => void = () => undefined;
    let calls = 0;
    const { source, data: dataCall } = makeSource(async () => (++calls === 1 ? data : new Promise<DashboardData>((resolve) => (release = resolve))));
    renderView(source, 1, live);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    expect(screen.getByText(/^Atualizado às \d\d:\d\d$/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Atualizar' });
    fireEvent.click(button);
    await waitFor(() => expect(dataCall).toHaveBeenCalledTimes(2), WAIT);
    expect(dataCall.mock.calls[1]![1]).toEqual({ company_id: 5, cycle_id: 42 });
    expect(screen.getByRole('table', { name: 'Equipe por tema' })).toBeTruthy();
    // Still focusable while loading (the keyboard keeps its place), and a second press asks nothing more.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(dataCall).toHaveBeenCalledTimes(2);
    release(data);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'), WAIT);
    expect(screen.getByRole('table', { name: 'Equipe por tema' })).toBeTruthy();
  });

  it('keeps what it shows when a refresh fails, and says the refresh failed', async () => {
    let calls = 0;
    const { source, data: dataCall } = makeSource(async () => {
      calls += 1;
      if (calls === 2) throw new Error('offline');
      return data;
    });
    renderView(source, 1, live);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Erro ao buscar dados', {}, WAIT)).toBeTruthy();
    expect(dataCall).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('table', { name: 'Equipe por tema' })).toBeTruthy();
  });

  it('asks again on its own every `refresh` seconds while the page is in sight, and not while hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { source, data: dataCall } = makeSource();
    renderView(source, 1, live);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    const calls = dataCall.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(dataCall.mock.calls.length).toBe(calls + 1), WAIT);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(dataCall.mock.calls.length).toBe(calls + 1);
    // Back in sight: it catches up at once.
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(dataCall.mock.calls.length).toBe(calls + 2), WAIT);
  });

  it("reminds the round's pending people after a confirmation saying how many and when", async () => {
    const { source, cyclePending, remindCycle, data: dataCall } = makeSource();
    renderView(source, 2, live);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Lembrar pendentes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lembrar pendentes' }, WAIT);
    expect(cyclePending).toHaveBeenCalledWith(42);
    expect(
      await within(confirm).findByText(
        'Enviar um lembrete por e-mail às 2 pessoas deste ciclo que ainda não responderam (3 avaliações pendentes)? Cada pessoa recebe um só e-mail. Os e-mails saem agora.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    const before = dataCall.mock.calls.length;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar lembretes' }));
    expect(await screen.findByText('Lembretes colocados em fila para 2 pessoas.', {}, WAIT)).toBeTruthy();
    expect(remindCycle).toHaveBeenCalledWith(42);
    // The view asks again: the reminded are still pending, but the numbers are the latest.
    await waitFor(() => expect(dataCall.mock.calls.length).toBe(before + 1), WAIT);
  });

  it("says when the reminders wait for a business day, and that nobody is pending when so", async () => {
    const monday = new Date(Date.now() + 3 * 86_400_000);
    const { source, cyclePending } = makeSource();
    cyclePending.mockResolvedValueOnce({ people: 1, evaluations: 1, send_at: monday.toISOString() });
    renderView(source, 1, live);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Lembrar pendentes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lembrar pendentes' }, WAIT);
    const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(monday);
    expect(
      await within(confirm).findByText(
        (text) => text.startsWith('Enviar um lembrete por e-mail à 1 pessoa deste ciclo que ainda não respondeu (1 avaliação pendente)? Fora do horário comercial (dias úteis, das 9h às 18h)') && text.includes(`os e-mails saem em ${day}, às `),
        {},
        WAIT,
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lembrar pendentes' })).toBeNull(), WAIT);

    cyclePending.mockResolvedValueOnce({ people: 0, evaluations: 0, send_at: new Date().toISOString() });
    fireEvent.click(screen.getByRole('button', { name: 'Lembrar pendentes' }));
    const none = await screen.findByRole('dialog', { name: 'Lembrar pendentes' }, WAIT);
    expect(await within(none).findByText('Ninguém tem avaliação pendente neste ciclo.', {}, WAIT)).toBeTruthy();
    expect(within(none).queryByRole('button', { name: 'Enviar lembretes' })).toBeNull();
  });

  it("keeps 'Lembrar pendentes' disabled over every round, saying to choose one", async () => {
    const { source } = makeSource();
    renderView(source, 1, live);
    await screen.findByRole('table', { name: 'Equipe por tema' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await pickFilter('Ciclo', 'Todos os ciclos');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lembrar pendentes' })).toHaveProperty('disabled', true), WAIT);
    expect(screen.getByText('Escolha um ciclo em Filtros para lembrar quem não respondeu.')).toBeTruthy();
  });
});
