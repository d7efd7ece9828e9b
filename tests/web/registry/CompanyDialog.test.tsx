import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { CompanyDialog, companyFormOf } from '../../../apps/web/src/pages/registry/CompanyDialog';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDialog(handlers: { onSaved?: () => void; onServerFailure?: (draft: unknown) => void } = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>
        <CompanyDialog
          company={null}
          initial={companyFormOf(null)}
          onClose={() => undefined}
          onSaved={handlers.onSaved ?? (() => undefined)}
          onServerFailure={handlers.onServerFailure ?? (() => undefined)}
        />
      </SnackbarProvider>
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
});
