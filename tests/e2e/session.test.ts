/**
 * End to end, on the built app and the real server: changing one's password on the profile page ends
 * the user's other sessions (another browser is signed out at its next call) while the session that
 * made the change goes on with the fresh token the server handed it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { credentials } from './appServer';
import { DESKTOP, signIn } from './browserPages';
import { setUpWorld } from './world';

const NEW_PASSWORD = 'Empresa-trocada-2025!';

const world = setUpWorld({ shots: 'session' });

/** A page of its own, signed in through the screen: each sign-in starts a session of its own. */
async function signedInPage(): Promise<Page> {
  const page = await world.page(DESKTOP);
  await signIn(page, credentials.company);
  return page;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('avalia.token'));

/** Status of a private call made with this token. */
async function statusWith(token: string | null): Promise<number> {
  const response = await fetch(`${world.baseUrl}/api/companies`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  return response.status;
}

describe('password change and sessions, end to end', () => {
  it('keeps the page that changed the password signed in and signs the other browser out', async () => {
    const elsewhere = await signedInPage();
    const here = await signedInPage();
    const before = await storedToken(here);
    expect(await statusWith(before)).toBe(200);

    await here.getByRole('button', { name: 'Perfil' }).click();
    await here.getByRole('menuitem', { name: 'Perfil' }).click();
    await here.waitForURL((url) => url.pathname === '/profile');
    await here.getByRole('heading', { name: 'Editar perfil' }).waitFor();
    await here.getByLabel('Senha atual', { exact: true }).fill(credentials.company.password);
    await here.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await here.getByLabel('Confirmação da nova senha', { exact: true }).fill(NEW_PASSWORD);
    await here.getByRole('button', { name: 'Salvar' }).click();
    await here.locator('#notistack-snackbar', { hasText: 'Perfil atualizado com sucesso!' }).first().waitFor();

    // The page keeps the fresh token; the one it had is ended.
    await expect.poll(() => storedToken(here)).not.toBe(before);
    expect(await statusWith(before)).toBe(401);
    expect(await statusWith(await storedToken(here))).toBe(200);
    // A page that calls the API right away still works: no sign-out.
    await here.goto('/users');
    await here.getByRole('heading', { name: /^Cadastrados/ }).waitFor();
    expect(new URL(here.url()).pathname).toBe('/users');
    expect(await storedToken(here)).not.toBeNull();

    // The other browser's session ended: its next call signs it out.
    expect(await statusWith(await storedToken(elsewhere))).toBe(401);
    await elsewhere.goto('/users');
    await elsewhere.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(elsewhere)).toBeNull();
  });
});
