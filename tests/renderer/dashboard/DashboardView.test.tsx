import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import dashboard13 from '../../../definitions/dashboards/13.json' with { type: 'json' };
import estresse from '../../../definitions/questionnaires/estresse.json' with { type: 'json' };
import type { DashboardDefinition } from '../../../engine/definition/dashboard';
import type { QuestionnaireDefinition } from '../../../engine/definition/types';
import { DashboardView } from '../../../renderer/dashboard/DashboardView';
import type { DashboardSource } from '../../../renderer/dashboard/types';
import { listCompanies, listSectors, scoredRows } from '../../../apps/web/src/api/endpoints';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

// echarts needs a real layout engine; the chart component is checked through its text alternative.
vi.mock('../../../renderer/Chart', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const dashboard = dashboard13 as DashboardDefinition;
const questionnaire = estresse as QuestionnaireDefinition;
const source: DashboardSource = { companies: listCompanies, sectors: listSectors, rows: scoredRows };

type Routes = Record<string, unknown>;

/** A fetch stub answering by "METHOD path"; unknown paths get a 500 without a message. */
function stubFetch(routes: Routes) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (!(key in routes)) return new Response('', { status: 500 });
    return new Response(JSON.stringify(routes[key]), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderView(accountType: number) {
  return render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>
        <DashboardView dashboard={dashboard} questionnaire={questionnaire} accountType={accountType} source={source} />
      </SnackbarProvider>
    </ThemeProvider>,
  );
}

const companies = [{ id: 5, commercial_name: 'Empresa Cinco' }];
const sectors = [{ id: 9, sector_name: 'Vendas' }];
const responses = [
  { evaluation_id: 'a1', name: 'Ana', total: 10, band: 'Estresse baixo' },
  { evaluation_id: 'b2', name: 'Bruno', total: 30, band: 'Estresse alto' },
];

describe('DashboardView', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("renders the title, the respondents' rows with their bands and the gauge's summary", async () => {
    const fetchMock = stubFetch({
      'GET /api/companies': companies,
      'GET /api/sectors/list/5': sectors,
      'POST /api/tableresponse/evaluations': { responses },
    });
    renderView(2);
    expect(screen.getByRole('heading', { level: 1, name: dashboard.title })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Respondentes' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Ana')).toBeTruthy();
    expect(within(rows[1]!).getByText('10')).toBeTruthy();
    expect(within(rows[2]!).getByText('Estresse alto')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /20,0 \(Estresse moderado\)/ })).toBeTruthy();
    // A company user gets no company filter, and the query is locked to the own company.
    expect(screen.queryByLabelText('Empresa')).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ type_evaluation: 13, company_id: 5 });
  });

  it("shows the spec's empty text when nobody answered", async () => {
    stubFetch({ 'GET /api/companies': companies, 'POST /api/tableresponse/evaluations': { responses: [] } });
    renderView(1);
    expect(await screen.findByText('Sem respostas')).toBeTruthy();
    expect(screen.getByLabelText('Empresa')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('toasts the load error', async () => {
    stubFetch({ 'GET /api/companies': companies });
    renderView(1);
    expect((await screen.findAllByText('Erro ao buscar dados')).length).toBeGreaterThan(0);
  });
});
