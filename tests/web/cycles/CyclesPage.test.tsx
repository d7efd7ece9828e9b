import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import CyclesPage from '../../../apps/web/src/pages/CyclesPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';
import type { Cycle } from '../../../apps/server/src/contract/cycles';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };
const COMPANIES = [{ id: 3, commercial_name: 'Empresa Demonstração', company_name: 'x', cnpj: null, phone: null, status: true }];

function cycle(fields: Partial<Cycle>): Cycle {
  return {
    id: 1,
    company_id: 3,
    course_id: null,
    name: 'Clima 2026 – 1º semestre',
    types: [13, 16],
    opens_on: '2026-03-02',
    closes_on: '2026-03-31',
    closed: false,
    closed_at: null,
    target: 75,
    evaluations: 20,
    answered: 12,
    created_at: '2026-03-02T12:00:00.000Z',
    ...fields,
  };
}

const CYCLES = [cycle({}), cycle({ id: 2, name: 'Estresse 2025', types: [13], opens_on: '2025-09-01', closes_on: null, closed: true, closed_at: '2025-10-01T12:00:00.000Z', target: 80, evaluations: 3, answered: 1 })];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering the companies, the cycles and the writes; `writes` gets each write's method, address and body. */
function api(answers: { cycles?: () => Response; write?: (url: string, body: unknown) => Response } = {}) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = JSON.parse(String(init?.body)) as unknown;
      writes.push({ method, url, body });
      return answers.write ? answers.write(url, body) : json(200, { message: 'Ciclo salvo', cycle: CYCLES[0] });
    }
    if (url.includes('/api/companies')) return json(200, COMPANIES);
    if (url.includes('/api/cycles')) return answers.cycles ? answers.cycles() : json(200, CYCLES);
    return json(404, { message: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, writes };
}

function renderPage(path = '/ciclos') {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <CyclesPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('CyclesPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists a company user’s own cycles with their numbers, and no actions', async () => {
    saveSession('token-company', companyUser);
    const { fetch } = api();
    renderPage();
    const grid = await screen.findByRole('grid', { name: 'Ciclos da empresa' });
    expect(await within(grid).findByText('Clima 2026 – 1º semestre')).toBeTruthy();
    expect(within(grid).getByText('Escala de Estresse Percebido, Segurança Psicológica')).toBeTruthy();
    expect(within(grid).getByText('02/03/2026')).toBeTruthy();
    expect(within(grid).getByText('31/03/2026')).toBeTruthy();
    expect(within(grid).getByText('12 de 20 (60%)')).toBeTruthy();
    expect(within(grid).getByText('1 de 3 (33%)')).toBeTruthy();
    expect(within(grid).getByText('75%')).toBeTruthy();
    expect(within(grid).getByText('Aberto')).toBeTruthy();
    expect(within(grid).getByText('Encerrado')).toBeTruthy();
    // Its own company's: no company is asked for, nor chosen in the call.
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/cycles');
    expect(screen.queryByLabelText('Empresa')).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar|Encerrar|Reabrir|Novo ciclo/ })).toBeNull();
  });

  it('asks an administrator for the company, then renames and closes a cycle, sending what changed', async () => {
    saveSession('token-admin', admin);
    const { fetch, writes } = api({
      write: (_url, body) => json(200, { message: (body as { closed?: boolean }).closed ? 'Ciclo encerrado' : 'Ciclo salvo', cycle: CYCLES[0] }),
    });
    renderPage();
    expect(await screen.findByText('Escolha uma empresa para ver os ciclos dela.')).toBeTruthy();
    const picker = screen.getByLabelText('Empresa');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Empresa Demonstração' }));
    const grid = await screen.findByRole('grid', { name: 'Ciclos da empresa' });
    await within(grid).findByText('Clima 2026 – 1º semestre');
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/cycles?company_id=3');

    fireEvent.click(within(grid).getByRole('button', { name: 'Editar o ciclo Clima 2026 – 1º semestre' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar ciclo' });
    fireEvent.change(within(edit).getByLabelText(/Nome do ciclo/), { target: { value: '  Clima 2026 – março ' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Ciclo salvo')).toBeTruthy();
    expect(writes[0]).toEqual({ method: 'PATCH', url: '/api/cycles/1', body: { name: 'Clima 2026 – março' } });

    fireEvent.click(within(grid).getByRole('button', { name: 'Encerrar o ciclo Clima 2026 – 1º semestre' }));
    const confirm = await screen.findByRole('dialog', { name: 'Encerrar o ciclo?' });
    expect(within(confirm).getByText(/não recebe novas avaliações/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Encerrar ciclo' }));
    expect(await screen.findByText('Ciclo encerrado')).toBeTruthy();
    expect(writes[1]).toEqual({ method: 'PATCH', url: '/api/cycles/1', body: { closed: true } });
    // The closed cycle offers to reopen.
    expect(await within(grid).findByRole('button', { name: 'Reabrir o ciclo Estresse 2025' })).toBeTruthy();
  });

  it('creates a cycle with the default target of 75%', async () => {
    saveSession('token-admin', admin);
    const { writes } = api({ write: () => json(201, { message: 'Ciclo criado', cycle: CYCLES[0] }) });
    renderPage('/ciclos?company=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Novo ciclo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo ciclo' });
    expect((within(dialog).getByLabelText(/Meta de participação/) as HTMLInputElement).value).toBe('75');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByText('Informe o nome do ciclo.')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Nome do ciclo/), { target: { value: 'Clima 2026 – 2º semestre' } });
    fireEvent.change(within(dialog).getByLabelText(/Fechamento/), { target: { value: '2026-12-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Ciclo criado')).toBeTruthy();
    expect(writes).toEqual([{ method: 'POST', url: '/api/cycles', body: { company_id: 3, name: 'Clima 2026 – 2º semestre', target: 75, closes_on: '2026-12-15' } }]);
  });

  it('shows the server’s message when a save fails, keeping the dialog open', async () => {
    saveSession('token-admin', admin);
    api({ write: () => json(400, { message: 'O ciclo não pode fechar antes de abrir.' }) });
    renderPage('/ciclos?company=3');
    const grid = await screen.findByRole('grid', { name: 'Ciclos da empresa' });
    fireEvent.click(await within(grid).findByRole('button', { name: 'Editar o ciclo Clima 2026 – 1º semestre' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar ciclo' });
    fireEvent.change(within(edit).getByLabelText(/Fechamento/), { target: { value: '2026-01-01' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(edit).getByText('O ciclo não pode fechar antes de abrir.')).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Editar ciclo' })).toBeTruthy();
  });

  it('shows the load error with the server’s message, and the empty state', async () => {
    saveSession('token-company', companyUser);
    api({ cycles: () => json(403, { message: 'Você não tem permissão para esta ação.' }) });
    renderPage();
    expect(await screen.findByText(/Não foi possível carregar os ciclos\. Você não tem permissão/)).toBeTruthy();
    cleanup();
    api({ cycles: () => json(200, []) });
    renderPage();
    expect(await screen.findByText('Nenhum ciclo desta empresa ainda.')).toBeTruthy();
  });

  it('shows cards on a phone, ten at first, without actions for a company user', async () => {
    saveSession('token-company', companyUser);
    const many = Array.from({ length: 12 }, (_, index) => cycle({ id: index + 1, name: `Ciclo ${index + 1}` }));
    api({ cycles: () => json(200, many) });
    // A narrow screen: every media query of the theme's "down" breakpoints matches.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Ciclos da empresa (lista)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByText('12 de 20 (60%)')).toHaveLength(10);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar|Encerrar/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar mais 2 (faltam 2)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
  });
});
