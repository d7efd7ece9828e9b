/**
 * End to end, on the built app and the real server with the demo data: the administrator edits the
 * profile (Edit Profile), manages companies with their sectors and positions (Company registry), then a
 * visitor fills the company's public registration page on a phone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { assertWebBuilt, credentials, getJson, keepScreenshots, launchChromium, photograph, screenshotDir, startAppServer, type AppServer } from './appServer';
import { seriousViolations } from './axe';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const shots = join(screenshotDir, 'admin');

interface Company {
  id: number;
  commercial_name: string;
  company_name: string;
  cnpj: string | null;
  phone: string | null;
}

let server: AppServer | undefined;
let browser: Browser | undefined;
let admin: Page | undefined;
let token = '';
let companyId = 0;
const pageErrors: string[] = [];

/** A valid CNPJ built from 12 digits by computing its two check digits. */
function cnpjWithCheckDigits(base: string): string {
  const digit = (digits: string) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...digits].reduce((total, char, index) => total + Number(char) * weights[index]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = `${base}${digit(base)}`;
  return `${first}${digit(first)}`;
}
const VALID_CNPJ = cnpjWithCheckDigits('457210980001');
const INVALID_CNPJ = `${VALID_CNPJ.slice(0, 13)}${(Number(VALID_CNPJ[13]) + 1) % 10}`;

async function newPage(options: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const context: BrowserContext = await browser!.newContext({ ...options, locale: 'pt-BR', baseURL: server!.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  return page;
}

/** Leaves a screenshot of the page when the running test fails. */
function screenshotOnFailure(page: Page): void {
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') await shot(page, `FAILED-${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`).catch(() => undefined);
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await photograph(page, join(shots, `${name}.png`), true);
}

/** Desktop and phone screenshots of the page as it is now. */
async function shotBoth(page: Page, name: string): Promise<void> {
  if (!keepScreenshots) return;
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP.viewport);
  await page.waitForTimeout(300);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE.viewport);
  await page.waitForTimeout(300);
  await shot(page, `${name}-phone`);
  if (size) await page.setViewportSize(size);
}


/** Waits for a toast (notistack) with this text. */
async function toast(page: Page, text: string): Promise<void> {
  await page.locator('#notistack-snackbar', { hasText: text }).first().waitFor();
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server!.baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe('registry screens, end to end', () => {
  beforeAll(async () => {
    assertWebBuilt();
    mkdirSync(shots, { recursive: true });
    server = await startAppServer();
    browser = await launchChromium();
    admin = await newPage(DESKTOP);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs the administrator in through the sign-in page', async () => {
    const page = admin!;
    screenshotOnFailure(page);
    await page.goto('/');
    await page.getByLabel('Email', { exact: true }).fill(credentials.admin.email);
    await page.getByLabel('Senha', { exact: true }).fill(credentials.admin.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    token = (await page.evaluate(() => localStorage.getItem('avalia.token'))) ?? '';
    expect(token).not.toBe('');
  });

  it('edits the profile: the new name reaches the top bar; a wrong password is refused', async () => {
    const page = admin!;
    screenshotOnFailure(page);
    const original = (await page.evaluate(() => JSON.parse(localStorage.getItem('avalia.user') ?? '{}') as { name: string })).name;
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Editar perfil' }).waitFor();
    const name = page.getByLabel(/^Nome/);
    expect(await name.inputValue()).toBe(original);
    // Administrators have no phone on this screen.
    expect(await page.getByLabel('Telefone').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'profile');

    await name.fill('Administradora Renomeada');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Perfil atualizado com sucesso!');
    await page.getByRole('banner').getByText('Administradora Renomeada').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('avalia.user') ?? '{}') as { name: string });
    expect(stored.name).toBe('Administradora Renomeada');

    // Only one password field typed: the client asks for all three, calling nothing.
    await page.getByLabel('Senha atual', { exact: true }).fill('qualquer-coisa');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Para trocar a senha, preencha a senha atual, a nova senha e a confirmação.');
    await page.getByLabel('Nova senha', { exact: true }).fill('OutraSenha-2024!');
    await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('OutraSenha-2024!');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'A senha atual digitada está errada!');
    await page.getByText('A senha atual digitada está errada!', { exact: true }).last().waitFor();
    // Nothing typed is lost after the refusal.
    expect(await page.getByLabel('Nova senha', { exact: true }).inputValue()).toBe('OutraSenha-2024!');
    await shotBoth(page, 'profile-error');

    await page.getByLabel('Senha atual', { exact: true }).fill('');
    await page.getByLabel('Nova senha', { exact: true }).fill('');
    await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('');
    await name.fill(original);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Perfil atualizado com sucesso!');
    await page.getByRole('banner').getByText(original, { exact: true }).waitFor();
    const users = await api<{ id: number; name: string }[]>('GET', '/users/all');
    expect(users.find((user) => user.name === original)).toBeTruthy();
  });

  it('lists, searches, creates and edits companies', async () => {
    const page = admin!;
    screenshotOnFailure(page);
    await page.goto('/company');
    await page.getByRole('heading', { name: 'Cadastro de empresas' }).waitFor();
    const grid = page.getByRole('grid', { name: 'Empresas cadastradas' });
    const demoRow = grid.getByRole('row').filter({ hasText: 'Empresa Demonstração' });
    await demoRow.first().waitFor();
    // CNPJ and phone are shown formatted.
    await demoRow.getByText('11.222.333/0001-81').waitFor();
    await demoRow.getByText('(11) 3333-4444').waitFor();
    await page.getByText('Cadastrados: 1', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'company');

    await page.getByLabel('Pesquisar empresa por nome').fill('nada-assim');
    await page.getByText('Nenhuma empresa encontrada').waitFor();
    await page.getByText('Cadastrados: 0', { exact: true }).waitFor();
    await page.getByLabel('Pesquisar empresa por nome').fill('demonstra');
    await demoRow.first().waitFor();
    await page.getByLabel('Pesquisar empresa por nome').fill('');

    await page.getByRole('button', { name: 'Nova empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova empresa' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Nome Fantasia é obrigatório');
    await dialog.getByLabel('Nome Fantasia').fill('Padaria Pão Quente');
    await dialog.getByLabel('Razão Social').fill('Pão Quente Comércio de Alimentos Ltda.');
    await dialog.getByLabel('CNPJ/CPF').fill('1234');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'CPF/CNPJ deve ter no mínimo 12 dígitos');
    await dialog.getByLabel('CNPJ/CPF').fill(INVALID_CNPJ);
    await dialog.getByLabel('Telefone (opcional)').fill('11987654321');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'CNPJ/CPF inválido: confira os dígitos verificadores.');
    await dialog.getByText('CNPJ/CPF inválido: confira os dígitos verificadores.').waitFor();
    expect(await dialog.getByLabel('Razão Social').inputValue()).toBe('Pão Quente Comércio de Alimentos Ltda.');
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'company-dialog');
    await dialog.getByLabel('CNPJ/CPF').fill(VALID_CNPJ);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Empresa criada com sucesso');
    await dialog.waitFor({ state: 'detached' });
    const newRow = grid.getByRole('row').filter({ hasText: 'Padaria Pão Quente' });
    await newRow.getByText('(11) 98765-4321').waitFor();
    await page.getByText('Cadastrados: 2', { exact: true }).waitFor();
    const created = (await api<Company[]>('GET', '/companies')).find((company) => company.commercial_name === 'Padaria Pão Quente');
    expect(created).toMatchObject({ company_name: 'Pão Quente Comércio de Alimentos Ltda.', cnpj: VALID_CNPJ, phone: '11987654321' });
    companyId = created!.id;

    await newRow.getByRole('button', { name: 'Ações da empresa Padaria Pão Quente' }).click();
    await page.getByRole('menuitem', { name: 'Editar dados' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar empresa' });
    expect(await edit.getByLabel('Nome Fantasia').inputValue()).toBe('Padaria Pão Quente');
    await edit.getByLabel('Telefone (opcional)').fill('(21) 3333-2222');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Empresa criada com sucesso');
    await newRow.getByText('(21) 3333-2222').waitFor();
    expect((await api<Company[]>('GET', '/companies')).find((company) => company.id === companyId)?.phone).toBe('2133332222');
  });

  it('edits the sectors and positions of a company', async () => {
    const page = admin!;
    screenshotOnFailure(page);
    const row = page.getByRole('grid', { name: 'Empresas cadastradas' }).getByRole('row').filter({ hasText: 'Padaria Pão Quente' });

    await row.getByRole('button', { name: /Ações da empresa/ }).click();
    await page.getByRole('menuitem', { name: 'Editar setores' }).click();
    const sectors = page.getByRole('dialog', { name: 'Setores de Padaria Pão Quente' });
    await sectors.getByText('Esta empresa ainda não tem setores.', { exact: false }).waitFor();
    await sectors.getByRole('button', { name: 'Adicionar' }).click();
    await sectors.getByRole('button', { name: 'Salvar' }).click();
    await sectors.getByText('O campo não pode estar vazio').waitFor();
    await sectors.getByLabel('Setor 1', { exact: true }).fill('Produção');
    await sectors.getByRole('button', { name: 'Adicionar' }).click();
    await sectors.getByLabel('Setor 2', { exact: true }).fill('Atendimento');
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'company-sectors');
    await sectors.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Setores atualizados com sucesso');
    await sectors.waitFor({ state: 'detached' });
    const savedSectors = await api<{ sector_name: string }[]>('GET', `/sectors/list/${companyId}`);
    expect(savedSectors.map((sector) => sector.sector_name).sort()).toEqual(['Atendimento', 'Produção']);

    // Renaming keeps the row: the dialog shows the saved names.
    await row.getByRole('button', { name: /Ações da empresa/ }).click();
    await page.getByRole('menuitem', { name: 'Editar setores' }).click();
    const again = page.getByRole('dialog', { name: 'Setores de Padaria Pão Quente' });
    await again.getByRole('textbox').nth(1).waitFor();
    expect((await again.getByRole('textbox').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).sort()).toEqual(['Atendimento', 'Produção']);
    await again.getByRole('button', { name: 'Cancelar' }).click();

    await row.getByRole('button', { name: /Ações da empresa/ }).click();
    await page.getByRole('menuitem', { name: 'Editar cargos' }).click();
    const positions = page.getByRole('dialog', { name: 'Cargos de Padaria Pão Quente' });
    await positions.getByRole('button', { name: 'Adicionar' }).click();
    await positions.getByLabel('Cargo 1', { exact: true }).fill('Padeiro');
    await positions.getByRole('button', { name: 'Adicionar' }).click();
    await positions.getByLabel('Cargo 2', { exact: true }).fill('padeiro');
    await positions.getByRole('button', { name: 'Salvar' }).click();
    // The server refuses a repeated name and the dialog keeps what was typed.
    await toast(page, 'O nome "padeiro" aparece mais de uma vez nesta empresa.');
    await positions.getByLabel('Cargo 2', { exact: true }).fill('Caixa');
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'company-positions');
    await positions.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Setores atualizados com sucesso');
    await positions.waitFor({ state: 'detached' });
    const savedPositions = await api<{ position_name: string }[]>('GET', `/positions/list/${companyId}`);
    expect(savedPositions.map((position) => position.position_name).sort()).toEqual(['Caixa', 'Padeiro']);

    // The row menu's 'Cadastrados' goes to the company's users.
    await row.getByRole('button', { name: /Ações da empresa/ }).click();
    await page.getByRole('menuitem', { name: 'Cadastrados' }).click();
    await page.waitForURL((url) => url.pathname === `/users/${companyId}`);
  });

  it('shows the server message for an invalid registration link', async () => {
    const page = await newPage(PHONE);
    screenshotOnFailure(page);
    await page.goto('/company/register/nao-existe');
    await page.getByRole('heading', { name: 'Não foi possível abrir o cadastro' }).waitFor();
    await page.getByText('Link de cadastro inválido ou expirado. Peça um novo link à empresa responsável.').first().waitFor();
    await shot(page, 'registration-invalid-phone');
    await page.context().close();
  });

  it('fills the public registration page on a phone', async () => {
    const { transaction } = await api<{ transaction: string }>('POST', `/users/data/link/${companyId}`);
    const page = await newPage(PHONE);
    screenshotOnFailure(page);
    await page.goto(`/company/register/${transaction}`);
    await page.getByRole('heading', { name: 'Padaria Pão Quente', level: 1 }).waitFor();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('grid', { name: 'Setores cadastrados' }).getByText('Produção').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'registration');

    await page.getByRole('button', { name: 'Deletar' }).click();
    await toast(page, 'Ainda não implementado!');

    await page.getByRole('button', { name: 'Adicionar novo' }).click();
    await panel.getByLabel('Nome do setor').fill('  Entregas   ');
    await page.getByRole('tab', { name: 'Cargos' }).click();
    await page.getByRole('button', { name: 'Adicionar novo' }).click();
    await panel.getByLabel('Nome do cargo').fill('Entregador');
    await page.getByRole('tab', { name: 'Colaboradores' }).click();
    await panel.getByText('Nenhum colaborador cadastrado').waitFor();
    await page.getByRole('button', { name: 'Adicionar novo' }).click();
    const card = panel.getByRole('region', { name: 'Colaborador 1' });
    await card.getByLabel('Nome').fill('Marcos Vinícius Teixeira');
    await card.getByLabel('Telefone').fill('11 91234-5678');
    // The dropdowns offer 'Vazio', the saved names and those typed on this page.
    const sectorOptions = await card.getByLabel('Setor').locator('option').allTextContents();
    expect(sectorOptions[0]).toBe('Vazio');
    expect([...sectorOptions].sort()).toEqual(['Atendimento', 'Entregas', 'Produção', 'Vazio']);
    await card.getByLabel('Setor').selectOption('Entregas');
    await card.getByLabel('Cargo').selectOption('Entregador');

    // Without an e-mail the server refuses the row, and the page says which one.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Os dados têm 1 linha(s) com erro; nada foi salvo.');
    await card.getByText('o e-mail é obrigatório').waitFor();
    await page.getByText('Colaborador 1: o e-mail é obrigatório').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'registration-errors');

    await card.getByLabel('Email').fill('marcos.teixeira@paoquente.com.br');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Dados salvos com sucesso!');
    // After the reload the new rows are saved, read-only rows.
    const workers = panel.getByRole('grid', { name: 'Colaboradores cadastrados' });
    const saved = workers.getByRole('row').filter({ hasText: 'Marcos Vinícius Teixeira' });
    await saved.waitFor();
    await saved.getByText('(11) 91234-5678').waitFor();
    await saved.getByText('Entregas').waitFor();
    await saved.getByText('Entregador').waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    await page.getByRole('tab', { name: 'Setores' }).click();
    await panel.getByRole('grid', { name: 'Setores cadastrados' }).getByText('Entregas', { exact: true }).waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    await page.getByRole('tab', { name: 'Colaboradores' }).click();
    await shotBoth(page, 'registration-saved');

    const data = await getJson<{ sectors: { sector_name: string }[]; workers: { name: string; email: string; sector: string; position: string }[] }>(
      server!.baseUrl,
      `/api/users/data/${transaction}`,
    );
    expect(data.sectors.map((sector) => sector.sector_name)).toContain('Entregas');
    expect(data.workers).toContainEqual(
      expect.objectContaining({ name: 'Marcos Vinícius Teixeira', email: 'marcos.teixeira@paoquente.com.br', sector: 'Entregas', position: 'Entregador' }),
    );
    await page.context().close();
  });

  it('raised no uncaught error in any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
