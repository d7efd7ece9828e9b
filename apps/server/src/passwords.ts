import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

// argon2id with OWASP's minimum memory (19 MiB): strong, and quick enough for a 2-core machine.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random secret nobody knows, made once with the same parameters as every stored hash:
 * checking a password against it costs what a real check costs and never succeeds.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummy;
}

/**
 * Whether `password` matches `hash`; false (never a throw) for a malformed hash. A missing hash (an
 * unknown e-mail, an account without a password) is checked against the dummy hash, so every answer
 * takes one argon2 verification and the time does not tell which e-mails exist.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  const real = typeof hash === 'string' && hash !== '';
  try {
    const matches = await argon2.verify(real ? hash : await dummyHash(), password);
    return real && matches;
  } catch {
    return false;
  }
}
