/**
 * End to end, on the built app and the real server with the demo data: the LGPD rights of one person
 * (issue 14). The administrator opens 'Dados pessoais (LGPD)' on a participant of the registered-users
 * list, downloads everything held about them (JSON and PDF), types the name and erases the personal
 * data; the person leaves the list. A company user is not offered the action.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot, softAxe } from './browserPages';
import { setUpWorld } from './world';

/** The demo participant whose data is exported and erased (apps/server/src/seed.ts). */
const PERSON = { name: 'Diego Alves Santos', email: 'diego.santos@demonstracao.com.br' };
const DIALOG = 'Dados pessoais (LGPD)';

interface ListedUser {
  id: number;
  name: string;
  email: string;
  status: boolean;
}

const world = setUpWorld({ shots: 'lgpd' });
let companyId = 0;

const companyUsers = () => world.api<ListedUser[]>('GET', `/users/list/${companyId}`);

/** The administrator's registered users of the demo company. */
async function openUsers(size: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const page = await world.page(size, { as: 'admin', context: { acceptDownloads: true } });
  await page.goto(`/users/${companyId}`);
  await page.getByRole('row', { name: new RegExp(PERSON.name) }).waitFor();
  return page;
}

describe('LGPD rights of one person (administrator)', () => {
  beforeAll(async () => {
    const companies = await world.api<{ id: number; commercial_name: string }[]>('GET', '/companies');
    companyId = companies.find((company) => company.commercial_name === 'Empresa Demonstração')!.id;
  });

  it('does not offer the action to a company user', async () => {
    const page = await world.page(DESKTOP, { as: 'company' });
    await page.goto('/users');
    await page.getByRole('row', { name: new RegExp(PERSON.name) }).waitFor();
    await page.getByRole('button', { name: `Editar ${PERSON.name}` }).waitFor();
    expect(await page.getByRole('button', { name: /Dados pessoais \(LGPD\)/ }).count()).toBe(0);
  });

  it('lays the dialog out on a phone', async () => {
    const page = await openUsers(PHONE);
    // The row actions are the last column: on a phone the grid is swiped sideways to reach them.
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => scroller.scrollTo({ left: scroller.scrollWidth }));
    await saveScreenshot(page, world.shots, 'lgpd-users-phone', false);
    await page.getByRole('button', { name: `${DIALOG} de ${PERSON.name}` }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.getByText(PERSON.email).waitFor();
    await saveScreenshot(page, world.shots, 'lgpd-dialog-phone', false);
    await dialog.getByRole('button', { name: 'Apagar dados pessoais' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, world.shots, 'lgpd-dialog-phone-erase', false);
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('exports the person’s data, then erases it once the name is typed', async () => {
    const page = await openUsers(DESKTOP);
    const person = (await companyUsers()).find((user) => user.name === PERSON.name)!;
    expect(person).toMatchObject({ email: PERSON.email, status: true });

    const action = page.getByRole('button', { name: `${DIALOG} de ${PERSON.name}` });
    await action.hover();
    await page.getByRole('tooltip', { name: DIALOG }).waitFor();
    await action.click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.getByText(PERSON.email).waitFor();
    await saveScreenshot(page, world.shots, 'lgpd-dialog-desktop', false);
    await softAxe(page, 'LGPD dialog');

    // The JSON export holds the person's name and e-mail, under the contract's file name.
    const [json] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exportar (JSON)' }).click()]);
    expect(json.suggestedFilename()).toBe(`dados-pessoais-${person.id}.json`);
    const exported = readFileSync((await json.path())!, 'utf8');
    const parsed = JSON.parse(exported) as unknown;
    expect(JSON.stringify(parsed)).toContain(PERSON.name);
    expect(JSON.stringify(parsed)).toContain(PERSON.email);

    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exportar (PDF)' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`dados-pessoais-${person.id}.pdf`);
    expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    // The erase button waits for the exact name (any case); keyboard only from the field on.
    const erase = dialog.getByRole('button', { name: 'Apagar dados pessoais' });
    const field = dialog.getByLabel('Nome da pessoa');
    expect(await erase.isDisabled()).toBe(true);
    await field.fill('Diego Alves');
    expect(await erase.isDisabled()).toBe(true);
    await field.fill(PERSON.name.toUpperCase());
    expect(await erase.isEnabled()).toBe(true);
    await saveScreenshot(page, world.shots, 'lgpd-dialog-confirmed-desktop', false);
    await field.press('Enter');

    // The success toast carries the server's message.
    await page.locator('.notistack-MuiContent-success[role="alert"]').getByText(/^Dados pessoais apagados\./).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(PERSON.name) }).waitFor({ state: 'detached' });
    await saveScreenshot(page, world.shots, 'lgpd-erased-desktop', false);
    // Others stay.
    await page.getByRole('row', { name: /Ana Paula Souza/ }).waitFor();

    const after = await companyUsers();
    expect(after.some((user) => user.name === PERSON.name || user.email === PERSON.email)).toBe(false);
    const erased = after.find((user) => user.id === person.id);
    if (erased) expect(erased.status).toBe(false);
    expect(world.errors).toEqual([]);
  });
});
