import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import RiskPage from '../../../apps/web/src/pages/RiskPage';
import type { RiskFactorView, RiskView } from '../../../apps/web/src/pages/risk/riskTypes';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';
import defaultMatrix from '../../../definitions/riskMatrix.json' with { type: 'json' };

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };
const COMPANIES = [{ id: 3, commercial_name: 'Empresa Demonstração', company_name: 'x', cnpj: null, phone: null, status: true }];

function factor(fields: Partial<RiskFactorView>): RiskFactorView {
  return {
    id: 'demands',
    label: 'Demandas e ritmo de trabalho',
    hazard: 'Sobrecarga de trabalho, ritmo intenso e prazos apertados',
    harms: 'Estresse, fadiga, distúrbios do sono',
    severity: null,
    reason: null,
    updated_at: null,
    updated_by: null,
    ...fields,
  };
}

const { $schema: _schema, ...matrix } = defaultMatrix;

function view(fields: Partial<RiskView> = {}): RiskView {
  return {
    matrix,
    own: false,
    questionnaires: [
      {
        type: 18,
        title: 'Fatores Psicossociais do Trabalho',
        factors: [
          factor({}),
          factor({
            id: 'harassment',
            label: 'Assédio e violência',
            hazard: 'Assédio moral ou sexual',
            harms: 'Ansiedade, depressão',
            severity: 4,
            reason: 'Relatos de assédio na última avaliação.',
            updated_at: '2026-04-03T15:00:00.000Z',
            updated_by: 'Ana Consultora',
          }),
        ],
      },
    ],
    ...fields,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering the companies, the risk view and the writes; `writes` gets each write's method, address and body. */
function api(answers: { risk?: () => Response | Promise<Response>; write?: (method: string, url: string, body: unknown) => Response } = {}) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown);
      writes.push({ method, url, body });
      if (answers.write) return answers.write(method, url, body);
      return json(200, { message: 'Severidade salva.', factor: factor({ severity: 3, reason: (body as { reason: string }).reason, updated_at: '2026-05-10T12:00:00.000Z', updated_by: 'Administrador' }) });
    }
    if (url.includes('/api/companies')) return json(200, COMPANIES);
    // The review's section (tests/web/risk/ReviewSection.test.tsx): nothing published, no trigger.
    if (url.includes('/review-triggers')) return json(200, { today: '2026-11-28', reviews: [], triggers: [] });
    if (url.includes('/exposure-groups')) return json(200, { groups: [], sectors: [], positions: [] });
    if (url.includes('/api/risk/')) return answers.risk ? answers.risk() : json(200, view());
    return json(404, { message: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, writes };
}

function renderPage(path = '/riscos') {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <RiskPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The row of a factor in its questionnaire's table. */
async function rowOf(label: string) {
  const table = await screen.findByRole('table', { name: 'Severidade dos fatores: Fatores Psicossociais do Trabalho' });
  return within(table).getByRole('rowheader', { name: new RegExp(label) }).closest('tr')!;
}

/** Picks a step in the dialog's severity select. */
async function chooseSeverity(dialog: HTMLElement, name: RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Severidade/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('RiskPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws the matrix as a table, highest severity on top, each cell its level on its colour with readable text', async () => {
    saveSession('token-company', companyUser);
    const { fetch } = api();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Matriz de risco psicossocial 4 × 4 (severidade × probabilidade)' });
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/risk/3');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Probabilidade →', 'Severidade ↓', '1 – Improvável', '2 – Possível', '3 – Provável', '4 – Muito provável']);
    const rows = within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toEqual(['4 – Gravíssima', '3 – Grave', '2 – Moderada', '1 – Leve']);
    expect(within(table).getAllByRole('rowheader')[0]!.getAttribute('scope')).toBe('row');
    expect(within(table).getByRole('columnheader', { name: 'Probabilidade' }).getAttribute('scope')).toBe('colgroup');
    // Top row (Gravíssima), last column (Muito provável): Crítico in red with white text.
    const top = within(table).getAllByRole('row')[2]!;
    const critical = within(top).getAllByRole('cell').at(-1)!;
    expect(critical.textContent).toBe('Crítico');
    expect(getComputedStyle(critical).backgroundColor).toBe('rgb(198, 40, 40)');
    expect(getComputedStyle(critical).color).toBe('rgb(255, 255, 255)');
    // Bottom row (Leve), first column: Baixo in green; Moderado's yellow takes dark text.
    const bottom = within(table).getAllByRole('row').at(-1)!;
    expect(within(bottom).getAllByRole('cell')[0]!.textContent).toBe('Baixo');
    const moderate = within(bottom).getAllByRole('cell')[2]!;
    expect(moderate.textContent).toBe('Moderado');
    expect(getComputedStyle(moderate).color).toBe('rgb(17, 17, 17)');
    expect(screen.getByText('Matriz padrão do Avalia')).toBeTruthy();
    expect(screen.getByText(/produto de 1 a 2, Baixo/)).toBeTruthy();
    expect(screen.getByText('Agir de imediato: medidas de controle prioritárias e acompanhamento próximo dos trabalhadores expostos.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Matriz de risco' })).toBeTruthy();
  });

  it('shows the factors with their severities, read-only for a company user', async () => {
    saveSession('token-company', companyUser);
    api({ risk: () => json(200, view({ own: true })) });
    renderPage();
    expect(await screen.findByText('Matriz própria da empresa')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Fatores Psicossociais do Trabalho' })).toBeTruthy();
    const open = await rowOf('Demandas e ritmo de trabalho');
    expect(within(open).getByText('Não definida')).toBeTruthy();
    expect(within(open).getByText('Sobrecarga de trabalho, ritmo intenso e prazos apertados')).toBeTruthy();
    const set = await rowOf('Assédio e violência');
    expect(within(set).getByText('4 – Gravíssima')).toBeTruthy();
    expect(within(set).getByText('Relatos de assédio na última avaliação.')).toBeTruthy();
    expect(within(set).getByText('Definida por Ana Consultora em 03/04/2026')).toBeTruthy();
    expect(screen.queryByLabelText('Empresa')).toBeNull();
    expect(screen.queryByRole('button', { name: /Definir|Alterar|Limpar/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).toBeNull();
  });

  it('lets staff pick the company and set a severity, sending it and updating the row', async () => {
    saveSession('token-admin', admin);
    const { fetch, writes } = api();
    renderPage();
    expect(await screen.findByText(/Escolha uma empresa para ver a matriz de risco/)).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Empresa'));
    fireEvent.click(await screen.findByRole('option', { name: 'Empresa Demonstração' }));
    const row = await rowOf('Demandas e ritmo de trabalho');
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/risk/3');

    fireEvent.click(within(row).getByRole('button', { name: 'Definir a severidade de Demandas e ritmo de trabalho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir severidade' });
    await chooseSeverity(dialog, /^3 – Grave/);
    expect(within(dialog).getByText(/Adoecimento \(ansiedade, depressão, esgotamento\)/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Justificativa/ }), { target: { value: '  Metas diárias acima da capacidade da equipe.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Severidade salva.')).toBeTruthy();
    expect(writes).toEqual([{ method: 'PUT', url: '/api/risk/3/severities/18/demands', body: { severity: 3, reason: 'Metas diárias acima da capacidade da equipe.' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = await rowOf('Demandas e ritmo de trabalho');
    expect(within(saved).getByText('3 – Grave')).toBeTruthy();
    expect(within(saved).getByText('Metas diárias acima da capacidade da equipe.')).toBeTruthy();
    expect(within(saved).getByText('Definida por Administrador em 10/05/2026')).toBeTruthy();
    expect(within(saved).getByRole('button', { name: 'Alterar a severidade de Demandas e ritmo de trabalho' })).toBeTruthy();
  });

  it('checks the severity and the reason’s length before sending', async () => {
    saveSession('token-admin', admin);
    const { writes } = api();
    renderPage('/riscos?company=3');
    fireEvent.click(within(await rowOf('Demandas')).getByRole('button', { name: /Definir a severidade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir severidade' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Escolha a severidade.')).toBeTruthy();
    expect(within(dialog).getByText('Escreva a justificativa com pelo menos 10 caracteres.')).toBeTruthy();
    await chooseSeverity(dialog, /^2 – Moderada/);
    const reason = within(dialog).getByRole('textbox', { name: /Justificativa/ });
    fireEvent.change(reason, { target: { value: 'Curta.' } });
    expect(within(dialog).getByText('6/1000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Escreva a justificativa com pelo menos 10 caracteres.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('maxlength')).toBe('1000');
    expect(writes).toEqual([]);
    fireEvent.change(reason, { target: { value: 'Agora com o tamanho certo.' } });
    expect(within(dialog).queryByText('Escreva a justificativa com pelo menos 10 caracteres.')).toBeNull();
    expect(within(dialog).getByText('26/1000')).toBeTruthy();
  });

  it('shows a refusal’s message in the dialog, keeping what was typed', async () => {
    saveSession('token-admin', admin);
    api({ write: () => json(400, { message: 'A severidade deve ser um degrau da matriz (1 a 4).' }) });
    renderPage('/riscos?company=3');
    fireEvent.click(within(await rowOf('Assédio')).getByRole('button', { name: 'Alterar a severidade de Assédio e violência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar severidade' });
    const reason = within(dialog).getByRole('textbox', { name: /Justificativa/ }) as HTMLTextAreaElement;
    expect(reason.value).toBe('Relatos de assédio na última avaliação.');
    fireEvent.change(reason, { target: { value: 'Relatos de assédio grave confirmados pelo RH.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('A severidade deve ser um degrau da matriz (1 a 4).')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Alterar severidade' })).toBe(dialog);
    expect(reason.value).toBe('Relatos de assédio grave confirmados pelo RH.');
    expect(within(dialog).getByRole('combobox', { name: /Severidade/ }).textContent).toMatch(/4 – Gravíssima/);
  });

  it('clears a severity after confirmation', async () => {
    saveSession('token-admin', admin);
    const { writes } = api({ write: () => json(200, { message: 'Severidade removida.' }) });
    renderPage('/riscos?company=3');
    fireEvent.click(within(await rowOf('Assédio')).getByRole('button', { name: 'Limpar a severidade de Assédio e violência' }));
    const confirm = await screen.findByRole('dialog', { name: 'Limpar a severidade?' });
    expect(within(confirm).getByText(/"Assédio e violência" e a justificativa serão apagadas/)).toBeTruthy();
    // Cancelling sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([]);
    fireEvent.click(within(await rowOf('Assédio')).getByRole('button', { name: 'Limpar a severidade de Assédio e violência' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Limpar a severidade?' })).getByRole('button', { name: 'Limpar severidade' }));
    expect(await screen.findByText('Severidade removida.')).toBeTruthy();
    expect(writes).toEqual([{ method: 'DELETE', url: '/api/risk/3/severities/18/harassment', body: undefined }]);
    const row = await rowOf('Assédio');
    await waitFor(() => expect(within(row).getByText('Não definida')).toBeTruthy());
    expect(within(row).queryByText('Relatos de assédio na última avaliação.')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Limpar/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Definir a severidade de Assédio e violência' })).toBeTruthy();
  });

  it('shows loading, then the load error with the server’s message, and the empty state', async () => {
    saveSession('token-company', companyUser);
    let answer: (response: Response) => void = () => {};
    api({ risk: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage();
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    answer(json(403, { message: 'Você não tem permissão para esta ação.' }));
    expect(await screen.findByText(/Não foi possível carregar os riscos psicossociais\. Você não tem permissão/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
    cleanup();
    api({ risk: () => json(200, view({ questionnaires: [] })) });
    renderPage();
    expect(await screen.findByText('Nenhum questionário com fatores de risco.')).toBeTruthy();
    expect(screen.getByRole('table', { name: /Matriz de risco psicossocial/ })).toBeTruthy();
  });

  it('stacks the factors as cards on a phone', async () => {
    saveSession('token-admin', admin);
    api();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }));
    renderPage('/riscos?company=3');
    const list = await screen.findByRole('list', { name: 'Severidade dos fatores: Fatores Psicossociais do Trabalho (lista)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Não definida')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Definir a severidade de Demandas e ritmo de trabalho' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Severidade dos fatores/ })).toBeNull();
  });
});
