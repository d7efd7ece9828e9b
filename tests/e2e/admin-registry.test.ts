/**
 * End to end, on the built app and the real server with the demo data: the administrator signs in
 * through the sign-in page, edits the profile (Edit Profile), manages companies with their sectors and
 * positions (Company registry), then a visitor fills the company's public registration page on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { credentials, keepScreenshots } from './appServer';
import { seriousViolations } from './axe';
import { DESKTOP, PHONE, saveScreenshot, toast } from './browserPages';
import { cnpjWithCheckDigits } from './journeyCast';
import { setUpWorld } from './world';

interface Company {
  id: number;
  commercial_name: string;
  company_name: string;
  cnpj: string | null;
  phone: string | null;
}

const world = setUpWorld({ shots: 'admin' });
/** The company the registry tests create (its sectors, positions and registration link follow). */
let companyId = 0;

/** The companies page waits this long after the last key before it filters (CompaniesPage.tsx). */
const SEARCH_DELAY_MS = 500;

const VALID_CNPJ = cnpjWithCheckDigits('457210980001');

async function shot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, world.shots, name);
}

/** Resizes the page and waits until it is drawn at the new width, its transitions ended. */
async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction(
    (width) =>
      window.innerWidth === width &&
      !document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity),
    viewport.width,
  );
  // Two frames: the resize's re-render (media queries, the grids' resize observers) is painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Desktop and phone screenshots of the page as it is now. */
async function shotBoth(page: Page, name: string): Promise<void> {
  if (!keepScreenshots) return;
  const size = page.viewportSize();
  await resize(page, DESKTOP.viewport);
  await shot(page, `${name}-desktop`);
  await resize(page, PHONE.viewport);
  await shot(page, `${name}-phone`);
  if (size) await resize(page, size);
}

/** The administrator's companies page, drawn with the demo company; its search's delay runs on Playwright's clock. */
async function openCompanies(): Promise<Page> {
  const page = await world.page(DESKTOP, { as: 'admin' });
  await page.clock.install();
  await page.goto('/company');
  await page.getByRole('heading', { name: 'Cadastro de empresas' }).waitFor();
  await page.getByRole('grid', { name: 'Empresas cadastradas' }).getByRole('row').filter({ hasText: 'Empresa Demonstração' }).first().waitFor();
  return page;
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Pesquisar empresa por nome').fill(text);
  await page.clock.fastForward(SEARCH_DELAY_MS);
}

describe('registry screens, end to end', () => {
  it('signs the administrator in through the sign-in page', async () => {
    const page = await world.page(DESKTOP);
    await page.goto('/');
    await page.getByLabel('Email', { exact: true }).fill(credentials.admin.email);
    await page.getByLabel('Senha', { exact: true }).fill(credentials.admin.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    expect(await page.evaluate(() => localStorage.getItem('avalia.token'))).toMatch(/\S/);
  });

  it('edits the profile: the new name reaches the top bar; a wrong password is refused', async () => {
    const page = await world.page(DESKTOP, { as: 'admin' });
    await page.goto('/home');
    const original = (await world.session('admin')).user.name;
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
    expect((await world.api<{ id: number; name: string }[]>('GET', '/users/all')).some((user) => user.name === 'Administradora Renomeada')).toBe(true);

    // The server refuses a wrong current password; nothing typed is lost.
    await page.getByLabel('Senha atual', { exact: true }).fill('qualquer-coisa');
    await page.getByLabel('Nova senha', { exact: true }).fill('OutraSenha-2024!');
    await page.getByLabel('Confirmação da nova senha', { exact: true }).fill('OutraSenha-2024!');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'A senha atual digitada está errada!');
    await page.getByText('A senha atual digitada está errada!', { exact: true }).last().waitFor();
    expect(await page.getByLabel('Nova senha', { exact: true }).inputValue()).toBe('OutraSenha-2024!');
    await shotBoth(page, 'profile-error');
  });

  it('lists, searches, creates and edits companies', async () => {
    const page = await openCompanies();
    const grid = page.getByRole('grid', { name: 'Empresas cadastradas' });
    const demoRow = grid.getByRole('row').filter({ hasText: 'Empresa Demonstração' });
    // CNPJ and phone are shown formatted.
    await demoRow.getByText('11.222.333/0001-81').waitFor();
    await demoRow.getByText('(11) 3333-4444').waitFor();
    await page.getByText('Cadastrados: 1', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'company');

    await search(page, 'nada-assim');
    await page.getByText('Nenhuma empresa encontrada').waitFor();
    await page.getByText('Cadastrados: 0', { exact: true }).waitFor();
    await search(page, 'demonstra');
    await demoRow.first().waitFor();
    await search(page, '');

    await page.getByRole('button', { name: 'Nova empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova empresa' });
    await dialog.waitFor();
    await dialog.getByLabel('Nome Fantasia').fill('Padaria Pão Quente');
    await dialog.getByLabel('Razão Social').fill('Pão Quente Comércio de Alimentos Ltda.');
    await dialog.getByLabel('CNPJ/CPF').fill(VALID_CNPJ);
    await dialog.getByLabel('Telefone (opcional)').fill('11987654321');
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'company-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Empresa criada com sucesso');
    await dialog.waitFor({ state: 'detached' });
    const newRow = grid.getByRole('row').filter({ hasText: 'Padaria Pão Quente' });
    await newRow.getByText('(11) 98765-4321').waitFor();
    await page.getByText('Cadastrados: 2', { exact: true }).waitFor();
    const created = (await world.api<Company[]>('GET', '/companies')).find((company) => company.commercial_name === 'Padaria Pão Quente');
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
    expect((await world.api<Company[]>('GET', '/companies')).find((company) => company.id === companyId)?.phone).toBe('2133332222');
  });

  it('edits the sectors and positions of a company', async () => {
    const page = await openCompanies();
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
    const savedSectors = await world.api<{ sector_name: string }[]>('GET', `/sectors/list/${companyId}`);
    expect(savedSectors.map((sector) => sector.sector_name).sort()).toEqual(['Atendimento', 'Produção']);

    // Renaming keeps the row: the dialog shows the saved names.
    await row.getByRole('button', { name: /Ações da empresa/ }).click();
    await page.getByRole('menuitem', { name: 'Editar setores' }).click();
    const again = page.getByRole('dialog', { name: 'Setores de Padaria Pão Quente' });
    await again.getByRole('textbox').nth(1).waitFor();
    expect((await again.getByRole('textbox').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).sort()).toEqual(['Atendimento', 'Produção']);
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });

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
    expect(await positions.getByLabel('Cargo 1', { exact: true }).inputValue()).toBe('Padeiro');
    await positions.getByLabel('Cargo 2', { exact: true }).fill('Caixa');
    await shotBoth(page, 'company-positions');
    await positions.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Setores atualizados com sucesso');
    await positions.waitFor({ state: 'detached' });
    const savedPositions = await world.api<{ position_name: string }[]>('GET', `/positions/list/${companyId}`);
    expect(savedPositions.map((position) => position.position_name).sort()).toEqual(['Caixa', 'Padeiro']);

    // The row menu's 'Cadastrados' goes to the company's users.
    await row.getByRole('button', { name: /Ações da empresa/ }).click();
    await page.getByRole('menuitem', { name: 'Cadastrados' }).click();
    await page.waitForURL((url) => url.pathname === `/users/${companyId}`);
  });

  it('shows the server message for an invalid registration link', async () => {
    const page = await world.page(PHONE);
    await page.goto('/company/register/nao-existe');
    await page.getByRole('heading', { name: 'Não foi possível abrir o cadastro' }).waitFor();
    await page.getByText('Link de cadastro inválido ou expirado. Peça um novo link à empresa responsável.').first().waitFor();
    await shot(page, 'registration-invalid-phone');
  });

  it('fills the public registration page on a phone', async () => {
    const { transaction } = await world.api<{ transaction: string }>('POST', `/users/data/link/${companyId}`);
    const page = await world.page(PHONE);
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
    // Read-only rows show the e-mail masked and no phone: the link is public.
    await saved.getByText('m***@p***.com.br').waitFor();
    expect(await saved.getByText('(11) 91234-5678').count()).toBe(0);
    await saved.getByText('Entregas').waitFor();
    await saved.getByText('Entregador').waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    await page.getByRole('tab', { name: 'Setores' }).click();
    await panel.getByRole('grid', { name: 'Setores cadastrados' }).getByText('Entregas', { exact: true }).waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    await page.getByRole('tab', { name: 'Colaboradores' }).click();
    await shotBoth(page, 'registration-saved');

    const data = await world.api<{ sectors: { sector_name: string }[]; workers: { name: string; email: string; sector: string; position: string }[] }>(
      'GET',
      `/users/data/${transaction}`,
      undefined,
      null,
    );
    expect(data.sectors.map((sector) => sector.sector_name)).toContain('Entregas');
    expect(data.workers).toContainEqual(
      // The public link masks the e-mails (README, "The API").
      expect.objectContaining({ name: 'Marcos Vinícius Teixeira', email: 'm***@p***.com.br', sector: 'Entregas', position: 'Entregador' }),
    );
  });

  it('raised no uncaught error in any page', () => {
    expect(world.errors).toEqual([]);
  });
});
