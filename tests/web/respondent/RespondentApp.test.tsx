import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RespondentApp } from '../../../apps/web/src/respondent/RespondentApp';
import { expiredDate } from '../../../apps/web/src/respondent/OutcomePage';

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<RespondentApp initialPath={path} />);
}

describe('RespondentApp', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the complete page with the evaluation id and the support lines', async () => {
    renderAt('/evaluation/complete/abc-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionário concluído com sucesso!' })).toBeTruthy();
    expect(screen.getByText('Avaliação (abc-1)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'suporte@avalia.com.br' }).getAttribute('href')).toBe('mailto:suporte@avalia.com.br');
    expect(screen.getByRole('link', { name: '+55 11 99999-0000' }).getAttribute('href')).toBe('https://wa.me/5511999990000');
  });

  it('dates the expired link in São Paulo time', async () => {
    // 2025-03-06T02:59:59.999Z is still 5 March in São Paulo (UTC-3).
    renderAt(`/evaluation/expired/${Date.UTC(2025, 2, 6, 2, 59, 59, 999)}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('O Link do Questionário expirou ao final do dia 05/03/2025');
    expect(expiredDate('abc')).toBe('');
  });

  it('sends an unknown evaluation to the invalid page, replacing the address', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Questionário/avaliação não existente!' }), { status: 404 })));
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    renderAt('/estresse/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionário/avaliação não existente!' })).toBeTruthy();
    expect(window.location.pathname).toBe('/evaluation/invalid/00000000-0000-4000-8000-000000000000');
  });

  it('sends an answered evaluation to the done page and an expired one to the expired page', async () => {
    const evaluation = { id: 'e1', user_id: 1, rated: 1, rated_sector: null, type_evaluation: 13, version: 1, expire_at: '2020-01-01T02:59:59.999Z' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ...evaluation, done: true }), { status: 200 })));
    renderAt('/estresse/e1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Esse questionário já foi respondido!' })).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ...evaluation, done: false }), { status: 200 })));
    renderAt('/estresse/e1');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('O Link do Questionário expirou ao final do dia 31/12/2019');
  });
});
