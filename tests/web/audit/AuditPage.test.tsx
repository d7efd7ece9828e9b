import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import AuditPage from '../../../apps/web/src/pages/AuditPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };

/** A page of the log as GET /api/audit answers it. */
const PAGE = {
  total: 1,
  limit: 25,
  offset: 0,
  items: [
    {
      id: 7,
      // 15:05 UTC is 12:05 in São Paulo.
      at: '2026-03-10T15:05:00.000Z',
      actor_user_id: 1,
      actor_name: 'Administrador',
      actor_email: 'admin@avalia.test',
      company_id: 3,
      company_name: 'Empresa Demonstração',
      action: 'evaluation.delete',
      target: 'evaluation:abc',
      details: { type_evaluation: 13 },
      ip: '10.0.0.7',
    },
  ],
};
const EMPTY = { total: 0, limit: 25, offset: 0, items: [] };
const COMPANIES = [{ id: 3, commercial_name: 'Empresa Demonstração', company_name: 'x', cnpj: null, phone: null, status: true }];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage() {
  return render(
    <ThemeProvider theme={theme}>
        <AuditPage />
    </ThemeProvider>,
  );
}

describe('AuditPage', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession('token-admin', admin);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows records in São Paulo time with their action label, and sends the filters typed', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/companies')) return json(200, COMPANIES);
      return json(200, url.includes('user=') ? EMPTY : PAGE);
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByText('Avaliação excluída')).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Registro de auditoria' });
    expect(within(grid).getByText(/10\/03\/2026,? 12:05/)).toBeTruthy();
    expect(within(grid).getByText('Administrador (admin@avalia.test)')).toBeTruthy();
    expect(within(grid).getByText('10.0.0.7')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Pessoa (id ou e-mail)'), { target: { value: 'ana@' } });
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Nenhum registro encontrado com esses filtros.')).toBeTruthy();
    const urls = fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/audit'));
    const last = new URL(urls.at(-1)!, 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toEqual({ user: 'ana@', from: '2026-03-01', to: '2026-03-31', limit: '25', offset: '0' });
  });

  it('shows the server’s Portuguese message when the load fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => (String(input).includes('/api/companies') ? json(200, COMPANIES) : json(400, { message: 'Data inicial inválida: use o formato aaaa-mm-dd.' }))),
    );
    renderPage();
    await waitFor(() => expect(screen.getByText(/Data inicial inválida/)).toBeTruthy());
  });
});
