import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, saveSession, signOut } from '../../../apps/web/src/auth/session';

// Sign-out ends the session on the server and forgets it here, even when the server cannot be reached.
describe('signOut', () => {
  const assign = vi.fn();
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    assign.mockReset();
  });

  function stubLocation() {
    vi.stubGlobal('location', { ...window.location, assign });
  }

  it('asks the server to end the session with its token, then clears it and goes to the sign-in page', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    stubLocation();
    saveSession('the-token', { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1 });
    signOut();
    expect(fetch).toHaveBeenCalledWith('/api/sessions', expect.objectContaining({ method: 'DELETE', headers: { authorization: 'Bearer the-token' }, keepalive: true }));
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('clears the session even when the call fails (offline)', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    stubLocation();
    saveSession('the-token', { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1 });
    signOut();
    await Promise.resolve();
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('calls nothing when no session is kept', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    stubLocation();
    signOut();
    expect(fetch).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/');
  });
});
