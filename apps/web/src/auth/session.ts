import type { Session } from '../../../server/src/contract/sessions';

/**
 * The signed-in user as `POST /api/sessions` answers it (a profile save answers the same fields), kept
 * in the browser: `type_account` 1 product administrator, 2 company user; `company_id` the company of a
 * company user, null for administrators. The fields the screens do not need may be absent.
 */
export type SessionUser = Pick<Session['user'], 'id' | 'name' | 'email' | 'type_account'> & Partial<Pick<Session['user'], 'company_id' | 'phone' | 'status'>>;

const TOKEN_KEY = 'avalia.token';
const USER_KEY = 'avalia.user';
/** The company option staff last chose on a dashboard (this tab only). */
const DASHBOARD_COMPANY_KEY = 'avalia.dashboardCompany';

/** A company option of the dashboards' company filter ('Todas as empresas' too). */
export interface CompanyChoice {
  value: number | string;
  label: string;
}

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

/** The company option last chosen on a dashboard, so that the next one opens on it; null when none. */
export function getDashboardCompany(): CompanyChoice | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(DASHBOARD_COMPANY_KEY) ?? 'null') as Partial<CompanyChoice> | null;
    return kept && (typeof kept.value === 'number' || typeof kept.value === 'string') && typeof kept.label === 'string' ? { value: kept.value, label: kept.label } : null;
  } catch {
    return null;
  }
}

/** Keeps the company option chosen on a dashboard (null forgets it). */
export function saveDashboardCompany(choice: CompanyChoice | null): void {
  try {
    if (choice) sessionStorage.setItem(DASHBOARD_COMPANY_KEY, JSON.stringify({ value: choice.value, label: choice.label }));
    else sessionStorage.removeItem(DASHBOARD_COMPANY_KEY);
  } catch {
    // Storage refused (private mode, full): the next dashboard asks again.
  }
}

/** Forgets everything kept in local storage (sign-out clears all of it) and the dashboards' chosen company. */
export function clearSession(): void {
  localStorage.clear();
  saveDashboardCompany(null);
}

/**
 * Signs out: asks the server to end the session (`DELETE /api/sessions`, which ends the user's other
 * sessions too), then clears local storage and reloads the sign-in page. The local clearing never waits
 * for the server and happens even when the call fails (offline, an already ended session).
 */
export function signOut(): void {
  const token = getToken();
  clearSession();
  if (token) {
    try {
      void fetch('/api/sessions', { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    } catch {
      // No fetch (or it threw at once): the local session is gone all the same.
    }
  }
  window.location.assign('/');
}
