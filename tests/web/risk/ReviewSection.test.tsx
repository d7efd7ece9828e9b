import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ReviewTrigger, ReviewTriggerList } from '../../../apps/server/src/contract/riskReviews';
import { saveSession } from '../../../apps/web/src/auth/session';
import { ReviewSection } from '../../../apps/web/src/pages/risk/ReviewSection';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };

const change: ReviewTrigger = {
  id: 2,
  company_id: 3,
  type: 18,
  kind: 'organizacao',
  occurred_on: '2026-11-20',
  review_by: '2026-12-20',
  description: 'Fusão de dois setores e novo turno noturno.',
  measure_id: null,
  recorded_by: 'Administrador',
  recorded_at: '2026-11-21T13:00:00.000Z',
};
const older: ReviewTrigger = { ...change, id: 1, kind: 'medida_ineficaz', occurred_on: '2025-01-10', review_by: '2025-02-09', description: 'Pausas programadas sem efeito.', recorded_by: null, recorded_at: '2025-01-10T13:00:00.000Z' };

const list: ReviewTriggerList = {
  today: '2026-11-28',
  reviews: [
    {
      company_id: 3,
      company_name: 'Empresa Demonstração',
      type: 18,
      title: 'Fatores Psicossociais do Trabalho',
      state: 'near',
      inventory_id: 5,
      version: 2,
      published_on: '2025-06-02',
      publication_due: '2027-06-02',
      next_review: '2026-12-20',
      due_trigger: change,
      triggers: [change],
    },
  ],
  triggers: [change, older],
};

describe('ReviewSection', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession('token-admin', admin);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the next review, the triggers pending or answered, and records a trigger checked before sending', async () => {
    const writes: unknown[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        writes.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ message: 'Gatilho de revisão registrado. A revisão deve ser feita até 28/12/2026.', trigger: { ...change, id: 3 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify(list), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <ThemeProvider theme={theme}>
        <ReviewSection companyId={3} canRecord questionnaires={[{ type: 18, title: 'Fatores Psicossociais do Trabalho' }]} />
      </ThemeProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Próxima revisão: 20/12/2026' })).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/risk/3/review-triggers');
    expect(screen.getByText('Vence em breve')).toBeTruthy();
    expect(screen.getByText('Versão 2 publicada em 02/06/2025; revisão de dois anos em 02/06/2027.')).toBeTruthy();
    expect(screen.getByText('Antecipada pelo gatilho “Mudança na organização do trabalho”, ocorrido em 20/11/2026.')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Gatilhos de revisão registrados' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Aguardando revisão'),
      expect.stringMatching(/Medida de controle ineficaz.*Atendido por publicação posterior.*Ocorrido em 10\/01\/2025 · revisão até 09\/02\/2025.*Registrado em/),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Registrar gatilho de revisão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar gatilho de revisão' });
    expect(within(dialog).getByText('Se ficar em branco: 30 dias após o ocorrido (28/12/2026).')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByText('Escolha o tipo de gatilho.')).toBeTruthy();
    expect(within(dialog).getByText('Descreva o ocorrido com pelo menos 10 caracteres.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Prazo da revisão/), { target: { value: '2026-11-27' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByText('O prazo da revisão não pode ser anterior à data do ocorrido.')).toBeTruthy();
    expect(writes).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Tipo de gatilho/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acidente ou doença relacionada ao trabalho' }));
    fireEvent.change(within(dialog).getByLabelText(/Prazo da revisão/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Descrição/ }), { target: { value: ' Queda na escada do almoxarifado. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([{ type: 18, kind: 'acidente_doenca', occurred_on: '2026-11-28', review_by: null, description: 'Queda na escada do almoxarifado.' }]);
    // Reloaded after the save.
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET')).toHaveLength(2));
  });
});
