import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DashboardData, DashboardDefinition, DashboardFilters, Widget } from '../../../engine/definition/dashboard';
import { resolveDashboard } from '../../../engine/definition/dashboardSource';
import { AccountTypeContext } from '../../../renderer/dashboard/accountType';
import { DashboardView } from '../../../renderer/dashboard/DashboardView';
import { TableView } from '../../../renderer/dashboard/widgets/TableView';
import type { DashboardSource, FilterField, FilterOption } from '../../../renderer/dashboard/types';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

/*
 * The 360-by-interview report is the view definitions/dashboards/11.json (administration.md 5): the
 * chosen evaluator's row with its status and, for administrators only, an 'Avaliar' button opening the
 * interview form in a new tab (a table column's `link` and `accounts`); with nobody chosen the table
 * says 'Nenhum avaliador selecionado'; before any finished interview the table is still drawn (the
 * view's `pending`), so a pending interview can be opened, and printing waits.
 */

const file = JSON.parse(readFileSync(join(process.cwd(), 'definitions/dashboards/11.json'), 'utf8')) as unknown;
const resolved = resolveDashboard(file, () => undefined);
if (!resolved.ok) throw new Error('definitions/dashboards/11.json does not resolve');
const view: DashboardDefinition = resolved.value;

const ANA: FilterOption = { value: 7, label: 'Ana Avaliada' };
const BRUNO: FilterOption = { value: 8, label: 'Bruno Barros' };
const COMPANY: FilterOption = { value: 5, label: 'Empresa Cinco' };

const bruno = { evaluation: '0b6c2f7e-1111-4aaa-8bbb-000000000001', person: 8, name: 'Bruno Barros', position: 'Analista', status: 'Entrevista em andamento', done: false };

/** A source whose data has the evaluator's row when one is chosen, and grades only when `finished`. */
function makeSource(finished: boolean) {
  const options = vi.fn(async (_id: number, filter: FilterField) => ({ company: [COMPANY], evaluated: [ANA], evaluator: [BRUNO] })[filter as 'company'] ?? []);
  const data = vi.fn(
    async (_id: number, filters: DashboardFilters): Promise<DashboardData> => ({
      respondents: finished ? 2 : 0,
      datasets: {
        grades: { rows: finished ? [{ pageTitle: 'Responsabilidade', series: 'Média', value: 6.75 }] : [] },
        evaluators: { rows: filters.evaluator_id === undefined ? [] : [bruno] },
        comments: { rows: [] },
      },
    }),
  );
  const source: DashboardSource = {
    options,
    data,
    report: vi.fn(),
    exportFile: vi.fn(),
    sendReport: vi.fn(),
    sendState: vi.fn(),
  } as unknown as DashboardSource;
  return { source, data };
}

function renderView(source: DashboardSource, accountType: number) {
  return render(
    <ThemeProvider theme={theme}>
      <DashboardView dashboard={view} accountType={accountType} source={source} initialCompany={COMPANY} />
    </ThemeProvider>,
  );
}

const WAIT = { timeout: 5000 };

/** The view's table of evaluators (its first widget). */
const table = view.layout[0] as Extract<Widget, { kind: 'table' }>;

function renderTable(accountType: number | undefined) {
  return render(
    <AccountTypeContext.Provider value={accountType}>
      <TableView widget={table} rows={[bruno]} name={table.title!} level={3} />
    </AccountTypeContext.Provider>,
  );
}

describe('the 360-by-interview view', { timeout: 30000 }, () => {
  afterEach(() => cleanup());

  it("gives administrators the evaluator's row with 'Avaliar', opening the interview form in a new tab", () => {
    renderTable(1);
    const grid = screen.getByRole('table', { name: 'Avaliadores selecionados' });
    expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Avaliador', 'Cargo', 'Status', 'Ações']);
    const evaluate = within(grid).getByRole('link', { name: 'Avaliar: entrevista de Bruno Barros (abre em nova aba)' });
    expect(evaluate.textContent).toBe('Avaliar');
    expect(evaluate.getAttribute('href')).toBe(`/interview360/${bruno.evaluation}`);
    expect(evaluate.getAttribute('target')).toBe('_blank');
    expect(evaluate.getAttribute('rel')).toContain('noopener');
    expect(within(grid).getByText('Entrevista em andamento')).toBeTruthy();
  });

  it('shows a company user the row without the Ações column', () => {
    renderTable(2);
    const grid = screen.getByRole('table', { name: 'Avaliadores selecionados' });
    expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Avaliador', 'Cargo', 'Status']);
    expect(within(grid).queryByRole('link')).toBeNull();
  });

  it("asks for a rated person first, with the definition's hint", async () => {
    const { source, data } = makeSource(true);
    renderView(source, 1);
    expect(await screen.findByText('Escolha um avaliado para ver os avaliadores e o gráfico.', undefined, WAIT)).toBeTruthy();
    expect(data).not.toHaveBeenCalled();
  });

  it("draws the view before any finished interview ('pending'), each widget with its empty text, and printing waits", async () => {
    // The view as it is once a rated person is chosen (the filter dialog is tested with the other views).
    const { source } = makeSource(false);
    render(
      <ThemeProvider theme={theme}>
        <DashboardView dashboard={{ ...view, requires: undefined }} accountType={1} source={source} initialCompany={COMPANY} />
      </ThemeProvider>,
    );
    expect(await screen.findByText('Nenhum avaliador selecionado', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('Ainda não há entrevistas finalizadas deste avaliado.')).toBeTruthy();
    expect(screen.getByText('Entrevistas finalizadas consideradas: 0')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Imprimir' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a view without pending shows only its empty text when nothing is answered', async () => {
    const { source } = makeSource(false);
    render(
      <ThemeProvider theme={theme}>
        <DashboardView dashboard={{ ...view, requires: undefined, pending: undefined }} accountType={1} source={source} initialCompany={COMPANY} />
      </ThemeProvider>,
    );
    expect(await screen.findByText('Ainda não há entrevistas finalizadas deste avaliado.', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByText('Nenhum avaliador selecionado')).toBeNull();
  });
});
