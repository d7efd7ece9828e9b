import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { matchRoutes, MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { AppRoutes } from '../../../apps/web/src/App';
import { saveSession } from '../../../apps/web/src/auth/session';
import { canOpen, ROUTE_ACCESS, type PrivateRoute } from '../../../apps/web/src/layout/access';
import { menuFor } from '../../../apps/web/src/layout/menu';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };
const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };

function Where() {
  return <output aria-label="endereço">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
    </ThemeProvider>,
  );
}

/** The API as the server answers a company user on the administrators' endpoints (the server's role rules). */
function serverRefusingAdminCalls() {
  const fetchMock = vi.fn(async (url: string) =>
    /\/api\/(companies|courses|queues|outbox)/.test(url)
      ? new Response(JSON.stringify({ message: 'Você não tem permissão para esta ação.' }), { status: 403 })
      : new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('route access follows the menu', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(['/company', '/courses', '/queues', '/outbox', '/course/4'])('sends a company user from %s to the home page, saying why', { timeout: 15000 }, async (path) => {
    saveSession('token', companyUser);
    const fetchMock = serverRefusingAdminCalls();
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Bem-vindo(a), Gestão Empresa!' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('/home');
    expect(await screen.findByText('Essa página não está disponível para o seu perfil de acesso.')).toBeTruthy();
    // No screen of the administrators (no 'Nova empresa'), and none of their calls reached the server.
    expect(screen.queryByRole('button', { name: /Nova empresa/ })).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => /\/api\/(companies|courses|queues|outbox)/.test(String(url)))).toEqual([]);
  });

  it('still opens the administrator their screens', async () => {
    saveSession('token', admin);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    renderAt('/company');
    expect(await screen.findByRole('heading', { name: 'Cadastro de empresas', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('/company');
  });

  it("sends an administrator from /users, a company user's list, to the company registry to pick one", async () => {
    saveSession('token', admin);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })));
    renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Cadastro de empresas', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('/company');
    expect(screen.queryByText('Essa página não está disponível para o seu perfil de acesso.')).toBeNull();
  });

  it('links the menu only to routes its account type may open', () => {
    const routes = (Object.keys(ROUTE_ACCESS) as PrivateRoute[]).map((path) => ({ path }));
    for (const type of [1, 2]) {
      for (const { to } of menuFor(type).flatMap((section) => section.links)) {
        const route = matchRoutes(routes, to)?.[0]?.route.path as PrivateRoute;
        expect(canOpen(type, route), `type ${type}: ${to} (${route})`).toBe(true);
      }
    }
    for (const route of ['/company', '/courses', '/course/:id', '/queues', '/outbox', '/interview360/:evaluation/*'] as const) {
      expect(canOpen(2, route), route).toBe(false);
      expect(canOpen(1, route), route).toBe(true);
    }
  });
});
