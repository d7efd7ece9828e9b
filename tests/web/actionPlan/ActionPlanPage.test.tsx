import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import type { Measure, MeasureOptions } from '../../../apps/server/src/contract/riskMeasures';
import { saveSession } from '../../../apps/web/src/auth/session';
import ActionPlanPage from '../../../apps/web/src/pages/ActionPlanPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };
const COMPANIES = [{ id: 3, commercial_name: 'Empresa Demonstração', company_name: 'x', cnpj: null, phone: null, status: true }];

function measure(fields: Partial<Measure> = {}): Measure {
  return {
    id: 11,
    company_id: 3,
    type: 18,
    questionnaire: 'Fatores Psicossociais do Trabalho',
    factor: 'demands',
    factor_label: 'Demandas e ritmo de trabalho',
    group_kind: 'sector',
    group_id: 4,
    group_name: 'Produção',
    cycle_id: 2,
    cycle_name: 'Ciclo 1',
    description: 'Pausas programadas a cada duas horas.',
    owner_id: 1,
    owner_name: 'Ana Consultora',
    due_on: '2026-03-31',
    status: 'em_andamento',
    overdue: true,
    effectiveness_check: 'Nova aplicação do questionário.',
    effectiveness_on: '2026-09-30',
    effectiveness_result: null,
    effectiveness_note: null,
    levels: {
      before: { cycle_id: 2, cycle_name: 'Ciclo 1', label: 'Crítico', color: '#c62828', share: 55.6, reason: null },
      after: { cycle_id: 5, cycle_name: 'Ciclo 2', label: 'Moderado', color: '#f9a825', share: 13.9, reason: null },
    },
    updated_at: '2026-03-01T12:00:00.000Z',
    ...fields,
  };
}

const OPTIONS: MeasureOptions = {
  questionnaires: [{ type: 18, title: 'Fatores Psicossociais do Trabalho', factors: [{ id: 'demands', label: 'Demandas e ritmo de trabalho' }] }],
  sectors: [{ id: 4, name: 'Produção' }],
  positions: [{ id: 6, name: 'Operador' }],
  exposure_groups: [{ id: 21, name: 'Operação noturna' }],
  cycles: [{ id: 2, name: 'Ciclo 1', opens_on: '2026-01-05', types: [18] }],
  owners: [{ id: 1, name: 'Ana Consultora', email: 'ana@avalia.test', staff: true }],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering the companies, the plan, the options and the writes (each recorded). */
function api(list: Measure[]) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  let measures = list;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      writes.push({ method, url, body });
      const group = body.group_kind === 'exposure' ? { group_kind: 'exposure' as const, group_id: Number(body.group_id), group_name: 'Operação noturna' } : { group_kind: 'whole' as const, group_id: null, group_name: 'Empresa toda' };
      const saved = measure({ id: 12, description: String(body.description), ...group, overdue: false, due_on: String(body.due_on), status: 'planejada' });
      measures = [...measures, saved];
      return json(200, { message: 'Medida incluída no plano de ação.', measure: saved });
    }
    if (url.includes('/api/companies')) return json(200, COMPANIES);
    if (url.endsWith('/measures/options')) return json(200, OPTIONS);
    if (url.includes('/measures')) return json(200, { today: '2026-11-28', measures });
    return json(404, { message: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, writes };
}

function renderPage(path = '/plano-de-acao') {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <ActionPlanPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

async function choose(dialog: HTMLElement, field: RegExp, option: RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: field }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ActionPlanPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the company's measures read-only, an overdue one marked in words, the level before and after", async () => {
    saveSession('token-company', companyUser);
    const { fetch } = api([measure()]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Medidas do fator Demandas e ritmo de trabalho' });
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/risk/3/measures');
    const row = within(table).getByRole('rowheader', { name: /Pausas programadas/ }).closest('tr')!;
    expect(within(row).getByText('Atrasada')).toBeTruthy();
    expect(within(row).getByLabelText('Atrasada: o prazo venceu em 31/03/2026')).toBeTruthy();
    expect(within(row).getByText('Em andamento')).toBeTruthy();
    expect(within(row).getByText('Grupo: Produção')).toBeTruthy();
    expect(within(row).getByText('Antes (Ciclo 1)')).toBeTruthy();
    expect(within(row).getByText('Crítico (55,6% desfavoráveis)')).toBeTruthy();
    expect(within(row).getByText('Moderado (13,9% desfavoráveis)')).toBeTruthy();
    expect(within(row).getByText('Ainda não verificada')).toBeTruthy();
    expect(screen.getByText('1 medida(s), 1 em aberto, 1 atrasada(s).')).toBeTruthy();
    expect(screen.getByText(/Somente a consultoria inclui/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nova medida' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar a medida/ })).toBeNull();
  });

  it('an administrator adds a measure in the dialog; the list shows it', async () => {
    saveSession('token-admin', admin);
    const { writes } = api([]);
    renderPage('/plano-de-acao?company=3');
    expect(await screen.findByText(/Nenhuma medida no plano de ação desta empresa/)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Nova medida' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Nova medida do plano de ação' });
    // Nothing filled: the required fields say so and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getAllByText('Campo obrigatório.').length).toBeGreaterThan(0);
    expect(writes).toHaveLength(0);
    await choose(dialog, /Fator de risco/, /Demandas e ritmo/);
    await choose(dialog, /Responsável/, /Ana Consultora/);
    fireEvent.change(within(dialog).getByLabelText(/O que será feito/), { target: { value: 'Rodízio de tarefas na linha.' } });
    fireEvent.change(within(dialog).getByLabelText(/^Prazo/), { target: { value: '2030-06-28' } });
    fireEvent.change(within(dialog).getByLabelText(/Como a eficácia será verificada/), { target: { value: 'Nova aplicação do questionário.' } });
    fireEvent.change(within(dialog).getByLabelText(/Quando verificar a eficácia/), { target: { value: '2030-09-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      url: '/api/risk/3/measures',
      body: {
        type: 18,
        factor: 'demands',
        group_kind: 'whole',
        group_id: null,
        cycle_id: 2,
        description: 'Rodízio de tarefas na linha.',
        owner_id: 1,
        due_on: '2030-06-28',
        status: 'planejada',
        effectiveness_check: 'Nova aplicação do questionário.',
        effectiveness_on: '2030-09-30',
        effectiveness_result: null,
        effectiveness_note: null,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Rodízio de tarefas na linha.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar a medida: Rodízio de tarefas na linha.' })).toBeTruthy();
  });

  it('offers the exposure groups staff defined beside the sectors and positions, and lists a measure aimed at one', async () => {
    saveSession('token-admin', admin);
    const { writes } = api([]);
    renderPage('/plano-de-acao?company=3');
    const add = await screen.findByRole('button', { name: 'Nova medida' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Nova medida do plano de ação' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Grupo exposto/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Empresa toda', 'Setor: Produção', 'Cargo: Operador', 'Grupo de exposição: Operação noturna']);
    fireEvent.click(screen.getByRole('option', { name: 'Grupo de exposição: Operação noturna' }));
    expect(within(dialog).getByRole('combobox', { name: /Grupo exposto/ }).textContent).toBe('Grupo de exposição: Operação noturna');
    await choose(dialog, /Fator de risco/, /Demandas e ritmo/);
    await choose(dialog, /Responsável/, /Ana Consultora/);
    fireEvent.change(within(dialog).getByLabelText(/O que será feito/), { target: { value: 'Revezamento no turno da noite.' } });
    fireEvent.change(within(dialog).getByLabelText(/^Prazo/), { target: { value: '2030-06-28' } });
    fireEvent.change(within(dialog).getByLabelText(/Como a eficácia será verificada/), { target: { value: 'Nova aplicação do questionário.' } });
    fireEvent.change(within(dialog).getByLabelText(/Quando verificar a eficácia/), { target: { value: '2030-09-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ group_kind: 'exposure', group_id: 21 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByRole('rowheader', { name: /Revezamento no turno da noite/ })).closest('tr')!;
    expect(within(row).getByText('Grupo de exposição: Operação noturna')).toBeTruthy();
  });
});
