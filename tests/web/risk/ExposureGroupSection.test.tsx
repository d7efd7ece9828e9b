import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ExposureGroup, ExposureGroupList } from '../../../apps/server/src/contract/exposureGroups';
import { saveSession } from '../../../apps/web/src/auth/session';
import { ExposureGroupSection } from '../../../apps/web/src/pages/risk/ExposureGroupSection';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };

const SECTORS = [
  { id: 4, name: 'Produção' },
  { id: 5, name: 'Logística' },
  { id: 6, name: 'Administrativo' },
];
const POSITIONS = [
  { id: 8, name: 'Operador' },
  { id: 9, name: 'Supervisor' },
];

const night: ExposureGroup = {
  id: 21,
  company_id: 3,
  name: 'Operação noturna',
  description: 'Turno das 22h às 6h na linha e na expedição.',
  sectors: [SECTORS[0]!, SECTORS[1]!],
  positions: [POSITIONS[0]!],
  people: 14,
  measures: 2,
  updated_at: '2026-11-20T12:00:00.000Z',
};
const office: ExposureGroup = { ...night, id: 22, name: 'Escritório', description: null, sectors: [SECTORS[2]!], positions: [], people: 6, measures: 0 };

const LIST: ExposureGroupList = { groups: [office, night], sectors: SECTORS, positions: POSITIONS };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering the list and the writes (each recorded; `write` answers them, else a saved group). */
function api(answers: { list?: ExposureGroupList; write?: (method: string, url: string, body: unknown) => Response } = {}) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown);
      writes.push({ method, url, body });
      if (answers.write) return answers.write(method, url, body);
      return json(200, { message: 'Grupo de exposição "Expedição" criado.', group: { ...night, id: 23, name: 'Expedição' } });
    }
    if (url === '/api/risk/3/exposure-groups') return json(200, answers.list ?? LIST);
    return json(404, { message: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, writes };
}

function renderSection(canEdit: boolean, cards = false) {
  return render(
    <ThemeProvider theme={theme}>
      <ExposureGroupSection companyId={3} canEdit={canEdit} cards={cards} />
    </ThemeProvider>,
  );
}

/** Picks an option of a multi-select by typing part of its name. */
async function pick(dialog: HTMLElement, field: RegExp, name: string) {
  const input = within(dialog).getByRole('combobox', { name: field });
  fireEvent.change(input, { target: { value: name.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('ExposureGroupSection', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the company's groups with their sectors, positions ('Todos' when any), people and measures", async () => {
    saveSession('token-admin', admin);
    const { fetch } = api();
    renderSection(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Grupos de exposição' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Grupos de exposição da empresa' });
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/risk/3/exposure-groups');
    const row = within(table).getByRole('rowheader', { name: /Operação noturna/ }).closest('tr')!;
    expect(within(row).getByText('Turno das 22h às 6h na linha e na expedição.')).toBeTruthy();
    expect(within(row).getByText('Produção, Logística')).toBeTruthy();
    expect(within(row).getByText('Operador')).toBeTruthy();
    expect(within(row).getByText('14')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    const other = within(table).getByRole('rowheader', { name: 'Escritório' }).closest('tr')!;
    expect(within(other).getByText('Administrativo')).toBeTruthy();
    expect(within(other).getByText('Todos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Novo grupo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar o grupo Operação noturna' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excluir o grupo Escritório' })).toBeTruthy();
  });

  it('says when there is no group and what groups are for', async () => {
    saveSession('token-admin', admin);
    api({ list: { groups: [], sectors: SECTORS, positions: POSITIONS } });
    renderSection(true);
    expect(await screen.findByText('Nenhum grupo de exposição definido para esta empresa.')).toBeTruthy();
    expect(screen.getByText(/compartilham atividades e processos.*Use “Novo grupo” para criar o primeiro/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('creates a group checked before sending, and reloads the list', async () => {
    saveSession('token-admin', admin);
    const { fetch, writes } = api();
    renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Novo grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo grupo de exposição' });
    expect(within(dialog).getByText(/faz parte do grupo quando o setor dela está entre os setores escolhidos e o cargo entre os cargos escolhidos/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Informe o nome do grupo de exposição.')).toBeTruthy();
    // Under both fields: a screen reader on either hears why it is invalid.
    expect(within(dialog).getAllByText('Escolha ao menos um setor ou um cargo para o grupo de exposição.')).toHaveLength(2);
    expect(writes).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome do grupo/ }), { target: { value: '  Expedição ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Descrição/ }), { target: { value: 'Carga e descarga de caminhões.' } });
    await pick(dialog, /Setores/, 'Logística');
    await pick(dialog, /Cargos/, 'Operador');
    await pick(dialog, /Cargos/, 'Supervisor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      { method: 'POST', url: '/api/risk/3/exposure-groups', body: { name: 'Expedição', description: 'Carga e descarga de caminhões.', sector_ids: [5], position_ids: [8, 9] } },
    ]);
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(2));
  });

  it("shows the server's refusal in the dialog and keeps what was typed; an edit sends only what changed", async () => {
    saveSession('token-admin', admin);
    const refusal = 'Já existe um grupo de exposição chamado "Escritório" nesta empresa.';
    const { writes } = api({ write: () => json(400, { message: refusal }) });
    renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar o grupo Operação noturna' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar grupo de exposição' });
    const name = within(dialog).getByRole('textbox', { name: /Nome do grupo/ }) as HTMLInputElement;
    expect(name.value).toBe('Operação noturna');
    expect(within(dialog).getByRole('button', { name: 'Produção' })).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Escritório' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(writes).toEqual([{ method: 'PATCH', url: '/api/risk/exposure-groups/21', body: { name: 'Escritório' } }]);
    expect(screen.getByRole('dialog', { name: 'Editar grupo de exposição' })).toBeTruthy();
    expect(name.value).toBe('Escritório');
    expect((within(dialog).getByRole('textbox', { name: /Descrição/ }) as HTMLTextAreaElement).value).toBe('Turno das 22h às 6h na linha e na expedição.');
  });

  it("deletes after a confirmation; a group the plan's measures use shows the server's 409 message", async () => {
    saveSession('token-admin', admin);
    const inUse = 'O grupo de exposição "Operação noturna" tem 2 medida(s) no plano de ação e não pode ser excluído: cada medida guarda o grupo a que se aplica. Você ainda pode mudar o nome, os setores e os cargos do grupo.';
    const { writes } = api({ write: (_method, url) => (url.endsWith('/21') ? json(409, { message: inUse }) : json(200, { message: 'Grupo de exposição "Escritório" excluído.' })) });
    renderSection(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir o grupo Operação noturna' }));
    let dialog = await screen.findByRole('dialog', { name: 'Excluir o grupo de exposição?' });
    expect(within(dialog).getByText(/O grupo "Operação noturna" será excluído/)).toBeTruthy();
    expect(within(dialog).getByText(/tem 2 medida\(s\) no plano de ação/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir grupo' }));
    expect(await within(dialog).findByText(inUse)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Excluir o grupo Escritório' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir o grupo de exposição?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir grupo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.map(({ method, url }) => `${method} ${url}`)).toEqual(['DELETE /api/risk/exposure-groups/21', 'DELETE /api/risk/exposure-groups/22']);
    // The button pressed is gone with the group: the focus goes to the section's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Grupos de exposição' })));
  });

  it('shows a company user the groups read-only, as cards on a phone', async () => {
    saveSession('token-company', companyUser);
    api();
    renderSection(false, true);
    const list = await screen.findByRole('list', { name: 'Grupos de exposição da empresa (lista)' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Escritório', 'Operação noturna']);
    expect(within(cards[0]!).getByText('Todos')).toBeTruthy();
    expect(within(cards[1]!).getByText('14 pessoa(s) hoje')).toBeTruthy();
    expect(within(cards[1]!).getByText('2 medida(s)')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Somente a consultoria define os grupos de exposição; aqui você os consulta.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo grupo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar o grupo|Excluir o grupo/ })).toBeNull();
  });
});
