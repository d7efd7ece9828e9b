import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import { CreateEvaluationDialog } from '../../../apps/web/src/pages/users/CreateEvaluationDialog';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

/*
 * The 'Criar avaliação' dialog's round (Ciclo, issue 26): by default a new round per questionnaire
 * (the call carries no cycle), an open cycle of the company (its id), or a new one by a name that must
 * be typed. Every call goes through a stubbed fetch; the bodies expected are the API contract's.
 */

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const cycle = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  company_id: 5,
  course_id: null,
  name,
  types: [13],
  opens_on: '2026-03-02',
  closes_on: null,
  closed: false,
  closed_at: null,
  target: 75,
  evaluations: 3,
  answered: 1,
  created_at: '2026-03-02T13:00:00.000Z',
  ...extra,
});
const CYCLES = [cycle(7, 'Clima 2026 – 1º semestre'), cycle(8, 'Encerrado 2025', { closed: true }), cycle(9, 'Do curso', { course_id: 3 })];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let posted: unknown[];

beforeEach(() => {
  localStorage.clear();
  saveSession('token-admin', admin);
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/api/cycles?company_id=5')) return jsonResponse(200, CYCLES);
      if (url.endsWith('/api/evaluation') && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { message: 'Avaliação Criada', evaluations: [] });
      }
      return jsonResponse(404, { message: 'não encontrado' });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <CreateEvaluationDialog open participants={[{ user_id: 11, name: 'Bruno' }]} companyId={5} onClose={onClose} />
    </ThemeProvider>,
  );
  return onClose;
}

/** Chooses an option of a MUI select by its label. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  fireEvent.click(within(list).getByRole('option', { name: option }));
  if (screen.queryByRole('listbox')) fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
}

async function fillPss() {
  await choose('Tipo de avaliação', 'Escala de Estresse Percebido');
  fireEvent.change(screen.getByLabelText('Dias para responder'), { target: { value: '7' } });
}

describe('CreateEvaluationDialog: the round the evaluations join', () => {
  it('sends no cycle by default (a new round per questionnaire)', async () => {
    const onClose = renderDialog();
    await fillPss();
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ users: [expect.objectContaining({ user_id: 11, type_evaluation: 13, validate: 7 })] }]);
  });

  it("offers the company's open cycles only, and sends the one chosen", async () => {
    const onClose = renderDialog();
    await fillPss();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ciclo' }));
    const list = await screen.findByRole('listbox');
    await within(list).findByRole('option', { name: 'Clima 2026 – 1º semestre (desde 02/03/2026)' });
    expect(within(list).queryByText(/Encerrado 2025/)).toBeNull();
    expect(within(list).queryByText(/Do curso/)).toBeNull();
    fireEvent.click(within(list).getByRole('option', { name: 'Clima 2026 – 1º semestre (desde 02/03/2026)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([expect.objectContaining({ cycle_id: 7 })]);
  });

  it('asks for the name of a new cycle before sending, then sends it trimmed', async () => {
    const onClose = renderDialog();
    await fillPss();
    await choose('Ciclo', 'Um ciclo novo, com o nome abaixo');
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
    expect(await screen.findAllByText('Campo obrigatório')).not.toHaveLength(0);
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('Nome do novo ciclo'), { target: { value: '  Clima 2026 – 2º semestre ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([expect.objectContaining({ cycle_name: 'Clima 2026 – 2º semestre' })]);
  });
});
