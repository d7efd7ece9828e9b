/** The signed-in user as `POST /api/sessions` returns it. */
export interface SessionUser {
  id: number | string;
  name: string;
  email: string;
  /** 1 product administrator, 2 company user, 3 participant without platform access. */
  type_account: number;
  /** The company of a company user (type 2); null for administrators. */
  company_id?: number | null;
  phone?: string | null;
  status?: number | string | boolean;
}

const TOKEN_KEY = 'avalia.token';
const USER_KEY = 'avalia.user';

/** The bearer token kept after sign-in, or null. */
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The signed-in user kept after sign-in, or null. */
export function getUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Whether a session is kept. */
export function isSignedIn(): boolean {
  return getToken() !== null && getUser() !== null;
}

/** Keeps the session in local storage. */
export function saveSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/**
 * Replaces the kept user after a profile save, and the token when the server sent a fresh one: a
 * password change ends every earlier session of the user, so the old token no longer works.
 */
export function renewSession(user: SessionUser, token?: string): void {
  const kept = token ?? getToken();
  if (kept) saveSession(kept, user);
}

/** Forgets everything kept in local storage (sign-out clears all of it). */
export function clearSession(): void {
  localStorage.clear();
}

/** Signs out: clears local storage and reloads the sign-in page. */
export function signOut(): void {
  clearSession();
  window.location.assign('/');
}
