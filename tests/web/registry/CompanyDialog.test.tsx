import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { Company } from '../../../apps/server/src/contract/companies';
import { CompanyDialog, companyFormOf } from '../../../apps/web/src/pages/registry/CompanyDialog';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDialog(handlers: { onSaved?: () => void; onServerFailure?: (draft: unknown) => void } = {}, company: Company | null = null) {
  return render(
    <ThemeProvider theme={theme}>
        <CompanyDialog
          company={company}
          initial={companyFormOf(company)}
          onClose={() => undefined}
          onSaved={handlers.onSaved ?? (() => undefined)}
          onServerFailure={handlers.onServerFailure ?? (() => undefined)}
        />
    </ThemeProvider>,
  );
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('CompanyDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the required fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('Nome Fantasia é obrigatório')).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the dialog and the values on a refusal, showing the server message on the field', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(400, { message: 'CNPJ/CPF inválido: confira os dígitos verificadores.' })));
    renderDialog();
    fill(/Nome Fantasia/, 'Padaria');
    fill(/Razão Social/, 'Padaria Ltda.');
    fill(/CNPJ\/CPF/, '11222333000182');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findAllByText('CNPJ/CPF inválido: confira os dígitos verificadores.')).length).toBeGreaterThan(0);
    expect((screen.getByLabelText(/Razão Social/) as HTMLInputElement).value).toBe('Padaria Ltda.');
    expect(screen.getByRole('dialog', { name: 'Nova empresa' })).toBeTruthy();
  });

  it('hands the typed values back on a server failure (the dialog closes, spec section 8)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { message: 'boom' })));
    const onServerFailure = vi.fn();
    renderDialog({ onServerFailure });
    fill(/Nome Fantasia/, 'Padaria');
    fill(/Razão Social/, 'Padaria Ltda.');
    fill(/CNPJ\/CPF/, '11222333000181');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onServerFailure).toHaveBeenCalled());
    expect(onServerFailure.mock.calls[0]![0]).toMatchObject({ commercial_name: 'Padaria', cnpj: '11222333000181' });
    expect(await screen.findByText('Ocorreu um erro no servidor, entre em contato com os desenvolvedores')).toBeTruthy();
  });

  describe('retention of personal data', () => {
    const RETENTION = /Retenção de dados \(meses\)/;
    const INVALID = 'Retenção de dados: informe um número inteiro de meses de 1 a 120, ou deixe em branco para manter os dados.';
    const existing = { id: 7, commercial_name: 'Padaria', company_name: 'Padaria Ltda.', cnpj: '11222333000181', phone: null, status: true, anonymity_min: 3, retention_months: 24 } as Company;

    function sentBodies(fetchMock: ReturnType<typeof vi.fn>): Record<string, unknown>[] {
      return fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
    }

    it('is optional and explains itself; empty keeps the data (sent as null)', async () => {
      const fetchMock = vi.fn(async () => jsonResponse(201, { message: 'Empresa salva.', company: { id: 1 } }));
      vi.stubGlobal('fetch', fetchMock);
      const onSaved = vi.fn();
      renderDialog({ onSaved });
      const field = screen.getByLabelText(RETENTION) as HTMLInputElement;
      expect(field.value).toBe('');
      expect(field.required).toBe(false);
      expect(screen.getByText(/sem nenhuma atividade há esse número de meses têm os dados pessoais apagados/)).toBeTruthy();
      expect(screen.getByText(/Em branco: os dados são mantidos/)).toBeTruthy();
      fill(/Nome Fantasia/, 'Padaria');
      fill(/Razão Social/, 'Padaria Ltda.');
      fill(/CNPJ\/CPF/, '11222333000181');
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(sentBodies(fetchMock)[0]).toMatchObject({ commercial_name: 'Padaria', retention_months: null });
    });

    it("shows a company's months and sends the typed ones", async () => {
      const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Empresa salva.', company: { ...existing, retention_months: 12 } }));
      vi.stubGlobal('fetch', fetchMock);
      const onSaved = vi.fn();
      renderDialog({ onSaved }, existing);
      expect((screen.getByLabelText(RETENTION) as HTMLInputElement).value).toBe('24');
      fill(RETENTION, '12');
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(sentBodies(fetchMock)[0]).toMatchObject({ id: 7, retention_months: 12 });
    });

    it('clearing it sends null', async () => {
      const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Empresa salva.', company: { ...existing, retention_months: null } }));
      vi.stubGlobal('fetch', fetchMock);
      const onSaved = vi.fn();
      renderDialog({ onSaved }, existing);
      fill(RETENTION, '');
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(sentBodies(fetchMock)[0]).toMatchObject({ id: 7, retention_months: null });
    });

    it('refuses 0 and 121 before calling the server, with the message on the field', async () => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      renderDialog({}, existing);
      for (const typed of ['0', '121']) {
        fill(RETENTION, typed);
        fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
        expect((await screen.findAllByText(INVALID)).length).toBeGreaterThan(0);
        expect(screen.getByLabelText(RETENTION).getAttribute('aria-invalid')).toBe('true');
      }
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("puts the server's refusal on the field", async () => {
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(400, { message: INVALID })));
      renderDialog({}, existing);
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.getByLabelText(RETENTION).getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByRole('dialog', { name: /Editar empresa/ })).toBeTruthy();
    });
  });
});
