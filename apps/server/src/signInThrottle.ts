import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { format, messages } from '../../../engine/messages.ts';
import { recordAudit } from './audit.ts';
import type { Db, Tx } from './db/client.ts';
import { signInThrottle } from './db/schema.ts';
import { HttpError } from './errors.ts';

/*
 * Failed password checks throttled per account (issue 23), besides the per-address limit: a guess
 * spread over many addresses is slowed down all the same. The count is kept in the database
 * (`sign_in_throttle`), keyed by the e-mail as typed (trimmed, lowercased) whether an account has it or
 * not, so an unknown e-mail is answered exactly like a known one and every server process counts the
 * same failures. Sign-in, `POST /users/verifypassword` and a profile's password change share it.
 *
 * The rule: FAILURES failures within WINDOW_MS lock the e-mail for FIRST_LOCK_MS; each further lock
 * doubles, up to MAX_LOCK_MS. While locked, every check of that e-mail answers 429 (the right password
 * too, so the answer tells nothing) and no password is checked. A success deletes the row (count and
 * doubling); a row with no failure for FORGET_MS is deleted. Each lock is written to the audit log.
 */

/** Failures within the window that lock. */
export const FAILURES = 5;
/** The window failures are counted in. */
export const WINDOW_MS = 15 * 60_000;
/** The first lock. */
export const FIRST_LOCK_MS = 30_000;
/** The longest lock. */
export const MAX_LOCK_MS = 15 * 60_000;
/** After a day without failures, the doubling starts over (the row is deleted). */
export const FORGET_MS = 24 * 60 * 60_000;

/** The key of an e-mail as typed. */
export function throttleKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The account concerned, when the e-mail has one (for the audit entry only: the rule ignores it). */
export interface ThrottleAccount {
  id: number;
  companyId: number | null;
}

/** When the e-mail's lock ends, if it is locked at `now`. */
export async function lockedUntil(db: Db | Tx, key: string, now: Date): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: signInThrottle.lockedUntil }).from(signInThrottle).where(eq(signInThrottle.email, key));
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null;
}

/** "30 segundos", "1 segundo", "15 minutos": the wait until `until`, rounded up. */
export function waitText(until: Date, now: Date): string {
  return secondsText(retryAfterSeconds(until, now));
}

/** A wait of whole seconds in words: seconds up to 90, whole minutes (rounded up) beyond. */
function secondsText(seconds: number): string {
  if (seconds <= 1) return messages.api.waitOneSecond;
  if (seconds <= 90) return format(messages.api.waitSeconds, { n: seconds });
  return format(messages.api.waitMinutes, { n: Math.ceil(seconds / 60) });
}

/**
 * The per-address limit of the calls that check a password (sign-in, verifypassword, a profile's
 * password change): `max` attempts per address in a window of 10 seconds. Short, so a flood from a
 * shared NAT keeps a colleague behind it out for at most 10 s after it stops; high enough a rate (a
 * minute's worth is six windows) not to matter to people, while guessing one account is held by the
 * per-account rule above whatever the number of addresses.
 */
export function addressLimit(max: number) {
  return {
    max,
    timeWindow: ADDRESS_WINDOW_MS,
    // An HttpError, so the error handler keeps this message rather than the generic one of a 429.
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new HttpError(429, format(messages.api.addressLimited, { wait: secondsText(Math.ceil(context.ttl / 1000)) })),
  };
}

/** The window of the per-address limit of password checks. */
export const ADDRESS_WINDOW_MS = 10_000;

/** Whole seconds until `until`, rounded up, at least 1. */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** Answers 429 for a locked e-mail: the wait in the message and in Retry-After. */
export function refuseLocked(reply: FastifyReply, until: Date, now: Date): never {
  void reply.header('retry-after', String(retryAfterSeconds(until, now)));
  throw new HttpError(429, format(messages.api.accountLocked, { wait: waitText(until, now) }));
}

/**
 * Records a failed check of `key` at `now`, in `tx` (a transaction: the row is locked while it is
 * read and written). Returns the end of a lock that was already running (the failure is then not
 * counted: the caller answers 429), or null; a failure that starts a lock is answered as a failure, the
 * lock applies from the next check, and is written to the audit log.
 */
export async function recordFailure(
  tx: Tx,
  request: FastifyRequest,
  key: string,
  now: Date,
  who: { email: string; account: ThrottleAccount | null },
): Promise<Date | null> {
  await tx.insert(signInThrottle).values({ email: key, lastFailureAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(signInThrottle).where(eq(signInThrottle.email, key)).for('update');
  if (!row) return null;
  const at = now.getTime();
  if (row.lockedUntil && row.lockedUntil.getTime() > at) return row.lockedUntil;
  const forgotten = at - row.lastFailureAt.getTime() > FORGET_MS;
  const locks = forgotten ? 0 : row.locks;
  const fresh = forgotten || row.windowStartedAt === null || at - row.windowStartedAt.getTime() > WINDOW_MS;
  const failures = (fresh ? 0 : row.failures) + 1;
  const windowStartedAt = fresh ? now : row.windowStartedAt;
  if (failures < FAILURES) {
    await tx.update(signInThrottle).set({ failures, windowStartedAt, lastFailureAt: now, locks, lockedUntil: null }).where(eq(signInThrottle.email, key));
    return null;
  }
  const lockMs = Math.min(FIRST_LOCK_MS * 2 ** Math.min(locks, 30), MAX_LOCK_MS);
  const until = new Date(at + lockMs);
  await tx.update(signInThrottle).set({ failures: 0, windowStartedAt: null, lastFailureAt: now, locks: locks + 1, lockedUntil: until }).where(eq(signInThrottle.email, key));
  await recordAudit(tx, request, {
    action: 'session.locked',
    actor: { id: who.account?.id ?? null, email: who.email },
    companyId: who.account?.companyId ?? null,
    target: who.account ? `user:${who.account.id}` : null,
    details: { failures, lockSeconds: lockMs / 1000, lockedUntil: until.toISOString(), lock: locks + 1 },
  });
  return null;
}

/**
 * Records a successful check of `key` at `now`, in `tx`: returns the end of a lock that started while
 * the password was being checked (the caller answers 429 as if the password were wrong), or null
 * after deleting the count.
 */
export async function recordSuccess(tx: Tx, key: string, now: Date): Promise<Date | null> {
  const [row] = await tx.select({ lockedUntil: signInThrottle.lockedUntil }).from(signInThrottle).where(eq(signInThrottle.email, key)).for('update');
  if (!row) return null;
  if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) return row.lockedUntil;
  await tx.delete(signInThrottle).where(eq(signInThrottle.email, key));
  return null;
}

/** Deletes the rows with no failure for a day and no running lock (after a failure, so the table stays small). */
export async function forgetQuiet(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - FORGET_MS);
  await db
    .delete(signInThrottle)
    .where(and(lt(signInThrottle.lastFailureAt, cutoff), or(isNull(signInThrottle.lockedUntil), lt(signInThrottle.lockedUntil, now))));
}
