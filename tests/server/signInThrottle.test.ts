/**
 * Issue 23, item 3: failed password checks are throttled per account (per e-mail as typed, lowercased),
 * in the database, besides the per-address limit. Five failures within 15 minutes lock the e-mail for
 * 30 s, each further lock doubles up to 15 min; a success resets the count. An unknown e-mail is
 * answered exactly like a known one. Time is the app's injected clock: nothing here waits.
 *
 * The expected figures, by hand: locks of 30, 60, 120, 240, 480 s, then 960 capped to 900 s; the
 * messages are the catalogue's texts written out.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../apps/server/src/db/schema.ts';
import { addUserWithPassword } from './fixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';

/** The app's clock: moved by hand. */
let now = Date.parse('2026-11-20T15:00:00.000Z');
setUpWorld({ clock: () => new Date(now) });

const SECOND = 1000;
const locked = (wait: string) => ({ message: `Muitas tentativas com este e-mail. Por segurança, aguarde ${wait} e tente novamente.` });
const invalid = { message: 'Email ou senha incorretos.' };

/** Every sign-in from a new address (TRUST_PROXY off: the socket address counts), as a distributed guess would. */
let address = 0;
function signIn(email: string, password: string) {
  address += 1;
  return t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email, password }, remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}` });
}

let sequence = 0;
async function freshUser() {
  sequence += 1;
  const password = 'Senha-correta-1';
  const user = await addUserWithPassword(t.db, { email: `trava${sequence}@demonstracao.com.br`, password, typeAccount: 2, companyId: demo.companyId });
  return { ...user, password };
}

async function locksOf(email: string) {
  return t.db.select().from(auditLog).where(and(eq(auditLog.action, 'session.locked'), eq(auditLog.actorEmail, email)));
}

describe('sign-in throttled per account', () => {
  it('sixty wrong passwords from sixty addresses: five answer 401, the rest and then the right password 429; the lock ends after 30 s', async () => {
    const user = await freshUser();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await signIn(user.email, `chute-${i}`)).statusCode);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(55).fill(429)]);
    const right = await signIn(user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked('30 segundos'));
    expect(right.headers['retry-after']).toBe('30');
    now += 29 * SECOND;
    const late = await signIn(user.email, user.password);
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual(locked('1 segundo'));
    now += 1 * SECOND;
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('doubles each further lock up to 15 minutes, and a success resets the count and the doubling', async () => {
    const user = await freshUser();
    const expected = [30, 60, 120, 240, 480, 900, 900];
    for (const seconds of expected) {
      for (let i = 0; i < 5; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(401);
      const refused = await signIn(user.email, user.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(locked(seconds <= 90 ? `${seconds} segundos` : `${seconds / 60} minutos`));
      expect(refused.headers['retry-after']).toBe(String(seconds));
      now += (seconds - 1) * SECOND;
      expect((await signIn(user.email, user.password)).statusCode).toBe(429);
      now += SECOND;
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    // Reset: four failures, a success, four more: never locked (eight failures without it would be).
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(401);
    expect((await signIn(user.email.toUpperCase(), user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    // And the next lock is a first one again: 30 s.
    for (let i = 0; i < 5; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).json()).toEqual(locked('30 segundos'));
    now += 30 * SECOND;
  });

  it('counts failures within 15 minutes: four, then a quiet quarter of an hour, then four more do not lock', async () => {
    const user = await freshUser();
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(401);
    now += 15 * 60 * SECOND + SECOND;
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one: same statuses, bodies and Retry-After, and the same lock', async () => {
    const user = await freshUser();
    const unknown = `ninguem${sequence}@demonstracao.com.br`;
    const trace = async (email: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 7; i += 1) {
        const response = await signIn(email, `chute-${i}`);
        seen.push([response.statusCode, response.json(), response.headers['retry-after'] ?? null]);
      }
      return seen;
    };
    const known = await trace(user.email);
    const other = await trace(unknown);
    expect(other).toEqual(known);
    expect(known).toEqual([
      ...Array(5).fill([401, invalid, null]),
      [429, locked('30 segundos'), '30'],
      [429, locked('30 segundos'), '30'],
    ]);
    now += 30 * SECOND;
  });

  it('writes each lock to the audit log, which an administrator reads', async () => {
    const user = await freshUser();
    for (let i = 0; i < 5; i += 1) await signIn(user.email, 'errada');
    // Further refused attempts during the lock do not lock again.
    for (let i = 0; i < 3; i += 1) expect((await signIn(user.email, 'errada')).statusCode).toBe(429);
    const rows = await locksOf(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: user.id,
      companyId: demo.companyId,
      target: `user:${user.id}`,
      details: { failures: 5, lockSeconds: 30, lockedUntil: new Date(now + 30 * SECOND).toISOString() },
    });
    const listed = await t.app.inject({ method: 'GET', url: '/api/audit?action=session.locked', headers: bearer(adminToken) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((item: { target: string }) => item.target)).toContain(`user:${user.id}`);
    // An unknown e-mail's lock is recorded too, with no account.
    const unknown = `desconhecido${sequence}@demonstracao.com.br`;
    for (let i = 0; i < 5; i += 1) await signIn(unknown, 'errada');
    expect(await locksOf(unknown)).toEqual([expect.objectContaining({ actorUserId: null, target: null, details: expect.objectContaining({ lockSeconds: 30 }) })]);
    now += 30 * SECOND;
  });
});

describe('the current-password checks throttled per account', () => {
  async function tokenOf(user: { email: string; password: string }) {
    const response = await signIn(user.email, user.password);
    expect(response.statusCode).toBe(200);
    return response.json().token as string;
  }
  const verify = (token: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/verifypassword', payload: { email, password }, headers: bearer(token), remoteAddress: `10.78.0.${(address++ % 250) + 1}` });

  it('verifypassword: five wrong answers {valid:false}, then even the right one 429 until the lock ends; a success resets', async () => {
    const user = await freshUser();
    const token = await tokenOf(user);
    for (let i = 0; i < 5; i += 1) expect((await verify(token, user.email, `chute-${i}`)).json()).toEqual({ valid: false });
    const right = await verify(token, user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked('30 segundos'));
    // The same account's sign-in is locked with it.
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    expect(await locksOf(user.email)).toHaveLength(1);
    now += 30 * SECOND;
    expect((await verify(token, user.email, user.password)).json()).toEqual({ valid: true });
    for (let i = 0; i < 4; i += 1) expect((await verify(token, user.email, 'errada')).json()).toEqual({ valid: false });
    expect((await verify(token, user.email, user.password)).json()).toEqual({ valid: true });
    for (let i = 0; i < 4; i += 1) expect((await verify(token, user.email, 'errada')).json()).toEqual({ valid: false });
    expect((await verify(token, user.email, user.password)).json()).toEqual({ valid: true });
  });

  it('a password change with a wrong current password counts too', async () => {
    const user = await freshUser();
    const token = await tokenOf(user);
    const change = (current: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/users/updateprofile',
        payload: { id: user.id, name: user.name, email: user.email, phone: '', password: current, new_password: 'Senha-nova-123', confirm_password: 'Senha-nova-123' },
        headers: bearer(token),
        remoteAddress: `10.79.0.${(address++ % 250) + 1}`,
      });
    for (let i = 0; i < 5; i += 1) expect((await change(`chute-${i}`)).statusCode).toBe(400);
    const right = await change(user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked('30 segundos'));
    now += 30 * SECOND;
    expect((await change(user.password)).statusCode).toBe(200);
  });
});

describe('the per-address limit', () => {
  it('refuses an eleventh attempt within 10 s from one address, saying to wait at most 10 seconds', async () => {
    const attempt = (email: string) => t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email, password: 'errada' }, remoteAddress: '10.99.99.99' });
    // Different e-mails, so no account lock is involved.
    for (let i = 0; i < 10; i += 1) expect((await attempt(`nat${i}@demonstracao.com.br`)).statusCode).toBe(401);
    const limited = await attempt('nat10@demonstracao.com.br');
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(10);
    expect(limited.json()).toEqual({ message: `Muitas tentativas a partir deste endereço. Aguarde ${seconds === 1 ? '1 segundo' : `${seconds} segundos`} e tente novamente.` });
  });
});
