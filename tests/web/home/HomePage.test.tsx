import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import type { ReviewTrigger, RiskReview, RiskReviewList } from '../../../apps/server/src/contract/riskReviews';
import { saveSession } from '../../../apps/web/src/auth/session';
import HomePage from '../../../apps/web/src/pages/HomePage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };

const accident: ReviewTrigger = {
  id: 4,
  company_id: 3,
  type: 18,
  kind: 'acidente_doenca',
  occurred_on: '2026-11-10',
  review_by: '2026-12-10',
  description: 'Afastamento por burnout de um operador.',
  measure_id: null,
  recorded_by: 'Administrador',
  recorded_at: '2026-11-11T13:00:00.000Z',
};

function review(fields: Partial<RiskReview>): RiskReview {
  return {
    company_id: 3,
    company_name: 'Empresa Demonstração',
    type: 18,
    title: 'Fatores Psicossociais do Trabalho',
    state: 'ok',
    inventory_id: 1,
    version: 1,
    published_on: '2025-03-02',
    publication_due: '2027-03-02',
    next_review: '2027-03-02',
    due_trigger: null,
    triggers: [],
    ...fields,
  };
}

function answer(reviews: RiskReview[], status = 200) {
  const body: RiskReviewList | { message: string } = status === 200 ? { today: '2026-11-28', reviews } : { message: 'Erro interno.' };
  const fetch = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderHome() {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={['/home']}>
        <HomePage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('HomePage: the reviews of the psychosocial risk inventories', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession('token-company', companyUser);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('warns of a review near and one past, with the trigger that brought it forward and a link to the inventory', async () => {
    const fetch = answer([
      review({ company_id: 9, company_name: 'Metalúrgica Aço Firme', state: 'past', next_review: '2026-11-27', publication_due: '2026-11-27' }),
      review({ state: 'near', next_review: '2026-12-10', due_trigger: accident, triggers: [accident] }),
      review({ company_id: 5, company_name: 'Empresa Em Dia' }),
      review({ company_id: 6, company_name: 'Empresa Sem Inventário', state: 'unpublished', inventory_id: null, version: null, published_on: null, publication_due: null, next_review: null }),
    ]);
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo(a), Gestão Empresa!' })).toBeTruthy();
    const past = await screen.findByRole('alert');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/risk/reviews');
    expect(past.textContent).toContain('A revisão do inventário de riscos psicossociais de Metalúrgica Aço Firme venceu em 27/11/2026.');
    const near = screen.getByRole('status');
    expect(near.textContent).toContain('A revisão do inventário de riscos psicossociais de Empresa Demonstração vence em 10/12/2026.');
    expect(near.textContent).toContain('Prazo antecipado por um gatilho de revisão: Acidente ou doença relacionada ao trabalho, ocorrido em 10/11/2026.');
    const link = within(near).getByRole('link', { name: 'Abrir o inventário de riscos psicossociais de Empresa Demonstração' });
    expect(link.getAttribute('href')).toBe('/inventario?company=3');
    expect(screen.queryByText(/Empresa Em Dia|Empresa Sem Inventário/)).toBeNull();
  });

  it('shows nothing when every review is in order, and a small note when the load fails', async () => {
    const fetch = answer([review({})]);
    const { unmount } = renderHome();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    answer([], 500);
    renderHome();
    expect(await screen.findByText('Não foi possível verificar as revisões dos inventários de riscos psicossociais.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo(a), Gestão Empresa!' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
