import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import SignInPage from '../../apps/web/src/pages/SignInPage';
import { getToken, getUser } from '../../apps/web/src/auth/session';
import { staffTheme as theme } from '../../apps/web/src/staffTheme';

function renderSignIn() {
  return render(
    <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<SignInPage />} />
            <Route path="/home" element={<p>página inicial</p>} />
          </Routes>
        </MemoryRouter>
    </ThemeProvider>,
  );
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('SignInPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the required e-mail message on an empty submit and calls nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSignIn();
    expect(screen.getByRole('heading', { name: 'Acesso' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email é um campo obrigatório')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a valid e-mail, then for the password', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Digite um email válido')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@empresa.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Senha é um campo obrigatório')).toBeTruthy();
  });

  it('toggles the password visibility', () => {
    renderSignIn();
    const password = screen.getByLabelText('Senha') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar senha' })).toBeTruthy();
  });

  it('signs in, stores the session and goes home', async () => {
    const user = { id: 7, name: 'Ana', email: 'ana@empresa.com', type_account: 1, status: 1 };
    const fetchMock = vi.fn(async () => jsonResponse(200, { token: 'tok-123', user }));
    vi.stubGlobal('fetch', fetchMock);
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@empresa.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('página inicial')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/sessions');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@empresa.com', password: 'segredo' });
    expect(getToken()).toBe('tok-123');
    expect(getUser()).toEqual(user);
  });

  it("shows the server's Portuguese message on failure", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'Email ou senha incorretos.' })));
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@empresa.com' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email ou senha incorretos.')).toBeTruthy();
    await waitFor(() => expect(getToken()).toBeNull());
  });
});
