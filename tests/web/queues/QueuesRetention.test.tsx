import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import QueuesPage from '../../../apps/web/src/pages/QueuesPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const RETENTION = {
  next_run: { at: '2026-11-26T06:00:00.000Z', local: '26/11/2026 03:00' },
  last_run: { finished_at: '2026-11-25T06:00:04.000Z', finished_local: '25/11/2026 03:00', state: 'completed', erased: 4, failed: 0 },
  companies: [
    { company_id: 3, company_name: 'Padaria Pão Bom', active: true, retention_months: 12, due: 2 },
    { company_id: 5, company_name: 'Antiga SA', active: false, retention_months: 24, due: 0 },
  ],
};

function stub(retention: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).endsWith('/queues/retention') ? retention() : json(200, []))),
  );
}

function renderPage() {
  return render(
    <ThemeProvider theme={theme}>
        <QueuesPage />
    </ThemeProvider>,
  );
}

describe('Filas: Retenção de dados', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession('token-admin', admin);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the next and last run and the companies with months and people due', async () => {
    stub(() => json(200, RETENTION));
    renderPage();
    expect(await screen.findByText('Próxima execução: 26/11/2026 03:00')).toBeTruthy();
    expect(screen.getByText('Última execução: 25/11/2026 03:00 — 4 pessoa(s) com dados apagados')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Retenção de dados' })).toBeTruthy();
    const table = screen.getByRole('grid', { name: 'Empresas com retenção de dados' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('gridcell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Padaria Pão Bom', '12', '2'],
      ['Antiga SA (desativada)', '24', '0'],
    ]);
  });

  it('says when it is not scheduled, never ran, or a run failed', async () => {
    stub(() => json(200, { next_run: null, last_run: null, companies: [] }));
    renderPage();
    expect(await screen.findByText(/^Próxima execução: não agendada/)).toBeTruthy();
    expect(screen.getByText('Última execução: nenhuma até agora.')).toBeTruthy();
    expect(await screen.findByText('Nenhuma empresa tem retenção de dados definida.')).toBeTruthy();
    cleanup();
    stub(() => json(200, { ...RETENTION, last_run: { ...RETENTION.last_run, state: 'failed', erased: null, failed: null } }));
    renderPage();
    expect(await screen.findByText('Última execução: 25/11/2026 03:00 — falhou (nova tentativa na próxima execução)')).toBeTruthy();
    cleanup();
    stub(() => json(200, { ...RETENTION, last_run: { ...RETENTION.last_run, erased: 3, failed: 1 } }));
    renderPage();
    expect(await screen.findByText('Última execução: 25/11/2026 03:00 — 3 pessoa(s) com dados apagados, 1 com falha (nova tentativa na próxima execução)')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    let calls = 0;
    stub(() => (++calls === 1 ? json(500, { message: 'Ocorreu um erro no servidor.' }) : json(200, RETENTION)));
    renderPage();
    expect(await screen.findByText(/^Não foi possível carregar a retenção de dados\./)).toBeTruthy();
    const alert = screen.getByText(/^Não foi possível carregar a retenção de dados\./).closest('[role="alert"]') as HTMLElement;
    within(alert).getByRole('button').click();
    expect(await screen.findByText('Próxima execução: 26/11/2026 03:00')).toBeTruthy();
  });
});
