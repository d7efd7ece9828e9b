import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import type { Inventory, InventoryContent, InventoryEntry, InventoryPreview, InventorySummary } from '../../../apps/server/src/contract/riskInventories';
import { saveSession } from '../../../apps/web/src/auth/session';
import InventoryPage from '../../../apps/web/src/pages/InventoryPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';
import defaultMatrix from '../../../definitions/riskMatrix.json' with { type: 'json' };

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const companyUser = { id: 7, name: 'Gestão Empresa', email: 'empresa@avalia.test', type_account: 2, company_id: 3 };
const COMPANIES = [{ id: 3, commercial_name: 'Empresa Demonstração', company_name: 'x', cnpj: null, phone: null, status: true }];
const { $schema: _schema, ...matrix } = defaultMatrix;

const SUMMARY: InventorySummary = {
  id: 11,
  type: 18,
  cycle_id: 5,
  cycle_name: 'Psicossocial 2026',
  version: 2,
  published_at: '2026-05-10T15:00:00.000Z',
  published_by: 'Ana Consultora',
  responsible_name: 'Dra. Helena Prado',
  review_due: '2028-05-10',
};

function entry(fields: Partial<InventoryEntry>): InventoryEntry {
  return {
    group: 'Empresa toda (todos os setores)',
    group_id: null,
    whole: true,
    processes: 'Todos os processos e ambientes de trabalho da empresa',
    activities: 'Todas as atividades da empresa',
    exposed: 12,
    withheld: null,
    factor: 'demands',
    factor_label: 'Demandas e ritmo de trabalho',
    hazard: 'Sobrecarga de trabalho',
    sources: 'Não informadas.',
    harms: 'Estresse, fadiga',
    measures: 'Nenhuma medida de prevenção informada.',
    share: 45,
    respondents: 11,
    probability_label: 'Provável',
    probability_criterion: 'De 40% a menos de 60%',
    severity_label: 'Grave',
    severity_criterion: 'Adoecimento',
    severity_reason: 'Metas acima da capacidade.',
    level_label: 'Alto',
    level_color: '#ef6c00',
    level_action: 'Adotar medidas de controle.',
    ...fields,
  };
}

const NULL_FACTOR = Object.fromEntries(
  ['factor', 'factor_label', 'hazard', 'sources', 'harms', 'measures', 'share', 'respondents', 'probability_label', 'probability_criterion', 'severity_label', 'severity_criterion', 'severity_reason', 'level_label', 'level_color', 'level_action'].map((key) => [key, null]),
) as Partial<InventoryEntry>;

const CONTENT: InventoryContent = {
  company: { name: 'Empresa Demonstração', legal_name: 'x', cnpj: null },
  cycle: null,
  questionnaire: { type: 18, title: 'Fatores Psicossociais do Trabalho', version: '1.1', validated: false, notice: 'Instrumento de exemplo, não validado' },
  participation: { invited: 12, answered: 11, rate: 91.7 },
  responsible: { name: 'Dra. Helena Prado', registration: 'CRP 06/12345' },
  presented: { on: '2026-03-10', how: 'Reunião geral' },
  ergonomics: 'Não se aplica a este inventário psicossocial',
  matrix,
  criteria: { probability: ['a', 'b', 'c', 'd'] },
  entries: [
    entry({}),
    entry({ group: 'Produção', group_id: 2, whole: false, processes: 'Produção', activities: 'Produção', exposed: 5 }),
    entry({ group: 'Portaria', group_id: 4, whole: false, processes: 'Portaria', activities: 'Portaria', exposed: 2, withheld: 'Grupo com menos de 3 respondentes.', ...NULL_FACTOR }),
  ],
};

const INVENTORY: Inventory = { ...SUMMARY, company_id: 3, responsible_registration: 'CRP 06/12345', presented_on: '2026-03-10', presented_how: 'Reunião geral', content: CONTENT };
const PREVIEW: InventoryPreview = { version: 3, review_due: '2028-11-28', content: CONTENT };
const RISK = { matrix, own: false, questionnaires: [{ type: 18, title: 'Fatores Psicossociais do Trabalho', factors: [] }] };
const CYCLES = [{ id: 5, company_id: 3, course_id: null, name: 'Psicossocial 2026', types: [18], opens_on: '2026-01-05', closes_on: null, closed: false, closed_at: null, target: 75, evaluations: 12, answered: 11, created_at: '2026-01-05T12:00:00.000Z' }];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering the reads; `write` answers the POSTs, each recorded in `writes`. */
function api(answers: { list?: InventorySummary[]; write?: (url: string, body: unknown) => Response } = {}) {
  const writes: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if ((init?.method ?? 'GET') !== 'GET') {
      const body = JSON.parse(String(init!.body)) as unknown;
      writes.push({ url, body });
      if (answers.write) return answers.write(url, body);
      return url.endsWith('/preview') ? json(200, PREVIEW) : json(200, { message: 'Inventário publicado (versão 3).', inventory: { ...INVENTORY, id: 12, version: 3 } });
    }
    if (url.includes('/api/companies')) return json(200, COMPANIES);
    if (url.endsWith('/api/risk/3/inventories')) return json(200, { inventories: answers.list ?? [SUMMARY] });
    if (url.endsWith('/api/risk/inventories/11')) return json(200, INVENTORY);
    if (url.endsWith('/api/risk/3')) return json(200, RISK);
    if (url.includes('/api/cycles')) return json(200, CYCLES);
    return json(404, { message: 'não encontrado' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, writes };
}

function renderPage(path = '/inventario') {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <InventoryPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** Types into a field found by its label (a label query: role queries are slow on the long preview). */
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** A button by its text. */
const button = (name: string) => screen.getByText(name, { selector: 'button' });

describe('InventoryPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists a company user’s versions and shows one read-only, with no publishing form', async () => {
    saveSession('token-company', companyUser);
    api();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Versões publicadas do inventário' });
    const row = within(table).getByRole('rowheader', { name: '2' }).closest('tr')!;
    expect(within(row).getByText('Psicossocial 2026')).toBeTruthy();
    expect(within(row).getByText('10/05/2028')).toBeTruthy();
    expect(within(row).getByText('Dra. Helena Prado')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Baixar o PDF da versão 2' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Baixar a planilha .xlsx da versão 2' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Preparar nova versão' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pré-visualizar' })).toBeNull();
    expect(screen.queryByLabelText('Empresa')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Ver a versão 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inventário – versão 2' });
    const factors = await within(dialog).findByRole('table', { name: 'Fatores de risco: Produção' });
    const demands = within(factors).getByRole('rowheader', { name: /Demandas e ritmo de trabalho/ }).closest('tr')!;
    expect(within(demands).getByText('Alto')).toBeTruthy();
    expect(within(demands).getByText('45,0% de respostas desfavoráveis')).toBeTruthy();
    expect(within(dialog).getByText('Grupo com menos de 3 respondentes.')).toBeTruthy();
    expect(within(dialog).getByText('11 de 12 convidados responderam (91,7%)')).toBeTruthy();
    expect(within(dialog).getByText('Dra. Helena Prado – CRP 06/12345')).toBeTruthy();
    expect(within(dialog).getByText('10/03/2026')).toBeTruthy();
  });

  it('lets an administrator preview, write the texts of each factor and group, and publish after confirming', async () => {
    saveSession('token-admin', admin);
    const { fetch, writes } = api();
    renderPage('/inventario?company=3');
    await screen.findByLabelText(/Nome do profissional responsável/);
    expect(screen.getByText('Preparar nova versão').tagName).toBe('H2');
    expect(screen.queryByRole('button', { name: /Publicar versão/ })).toBeNull();
    type(/Nome do profissional responsável/, 'Dra. Helena Prado');
    type(/Registro profissional/, 'CRP 06/12345');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grupos de exposição' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cargo' }));
    fireEvent.click(button('Pré-visualizar'));
    expect((await screen.findByText('Prévia da versão 3')).tagName).toBe('H3');
    expect(writes[0]).toEqual({
      url: '/api/risk/3/inventories/preview',
      body: { type: 18, cycle_id: null, group_by: 'position', responsible_name: 'Dra. Helena Prado', responsible_registration: 'CRP 06/12345', presented_on: null, presented_how: null, ergonomics: null, measures: {}, sources: {}, processes: {}, activities: {} },
    });

    type('Medidas de prevenção já implementadas: Demandas e ritmo de trabalho', 'Pausas programadas.');
    type('Processos e ambientes de trabalho: Produção', 'Linha de solda');
    type('Atividades: Empresa toda (todos os setores)', 'Todas');
    expect(screen.getByText(/O formulário mudou depois desta prévia/)).toBeTruthy();
    fireEvent.click(button('Publicar versão 3'));
    const confirm = await screen.findByRole('dialog', { name: 'Publicar a versão 3?' });
    expect(within(confirm).getByText('Uma versão publicada não pode ser alterada; mudanças posteriores geram nova versão.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Inventário publicado (versão 3).')).toBeTruthy();
    expect(writes[1]).toEqual({
      url: '/api/risk/3/inventories',
      body: {
        type: 18,
        cycle_id: null,
        group_by: 'position',
        responsible_name: 'Dra. Helena Prado',
        responsible_registration: 'CRP 06/12345',
        presented_on: null,
        presented_how: null,
        ergonomics: null,
        measures: { demands: 'Pausas programadas.' },
        sources: {},
        processes: { '2': 'Linha de solda' },
        activities: { '*': 'Todas' },
      },
    });
    await waitFor(() => expect(fetch.mock.calls.filter(([input, init]) => String(input).endsWith('/api/risk/3/inventories') && (init?.method ?? 'GET') === 'GET').length).toBe(2));
  });

  it('shows the server’s refusal and the empty state, keeping what was typed', async () => {
    saveSession('token-admin', admin);
    const { writes } = api({ list: [], write: () => json(400, { message: 'Um inventário precisa do nível de risco de cada fator: defina a severidade de Assédio e violência.' }) });
    renderPage('/inventario?company=3');
    expect(await screen.findByText('Nenhum inventário publicado ainda.')).toBeTruthy();
    await screen.findByLabelText(/Nome do profissional responsável/);
    // Required fields first, without a call.
    fireEvent.click(button('Pré-visualizar'));
    expect(await screen.findByText('Preencha os campos obrigatórios.')).toBeTruthy();
    expect(writes).toEqual([]);
    type(/Nome do profissional responsável/, 'Dra. Helena Prado');
    type(/Registro profissional/, 'CRP 06/12345');
    type(/Forma da apresentação/, 'Reunião geral');
    fireEvent.click(button('Pré-visualizar'));
    expect(await screen.findByText('Um inventário precisa do nível de risco de cada fator: defina a severidade de Assédio e violência.')).toBeTruthy();
    expect((screen.getByLabelText(/Nome do profissional responsável/) as HTMLInputElement).value).toBe('Dra. Helena Prado');
    expect((screen.getByLabelText(/Forma da apresentação/) as HTMLTextAreaElement).value).toBe('Reunião geral');
    expect(screen.queryByRole('button', { name: /Publicar versão/ })).toBeNull();
  });

  it('groups by the exposure groups staff defined, each named as one in the preview', async () => {
    saveSession('token-admin', admin);
    const night = entry({ group: 'Operação noturna', group_id: 21, group_kind: 'exposure', whole: false, processes: 'Operação noturna', activities: 'Operação noturna', exposed: 6 });
    const preview: InventoryPreview = { ...PREVIEW, content: { ...CONTENT, entries: [entry({ group_kind: 'whole' }), night] } };
    const { writes } = api({ write: () => json(200, preview) });
    renderPage('/inventario?company=3');
    await screen.findByLabelText(/Nome do profissional responsável/);
    type(/Nome do profissional responsável/, 'Dra. Helena Prado');
    type(/Registro profissional/, 'CRP 06/12345');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grupos de exposição' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Setor', 'Cargo', 'Grupos definidos']);
    fireEvent.click(screen.getByRole('option', { name: 'Grupos definidos' }));
    expect(screen.getByText(/Os grupos de exposição definidos na Matriz de risco/)).toBeTruthy();
    fireEvent.click(button('Pré-visualizar'));
    const heading = await screen.findByText('Operação noturna', { selector: 'h5' });
    expect(writes[0]!.body).toMatchObject({ group_by: 'exposure' });
    expect(within(heading.parentElement!).getByText('Grupo de exposição')).toBeTruthy();
    type('Processos e ambientes de trabalho: Operação noturna', 'Linha e expedição à noite');
    fireEvent.click(button('Pré-visualizar'));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]!.body).toMatchObject({ group_by: 'exposure', processes: { '21': 'Linha e expedição à noite' } });
  });
});
