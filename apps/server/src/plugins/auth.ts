import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { findSessionUser } from '../repositories/users.ts';
import { shared } from './shared.ts';
import { isStaff } from '../../../../engine/accounts.ts';


/**
 * A sign-in token of the user: its id and its session version (`sv`). A password change or a
 * deactivation raises the version, which ends every token issued before.
 */
export function sessionToken(app: FastifyInstance, user: { id: number; sessionVersion: number }): string {
  // Built apart from the call: the declared payload type (types.ts) names only `uid`.
  const payload = { uid: user.id, sv: user.sessionVersion };
  return app.jwt.sign(payload);
}

/** How long a sign-in token lives (seconds): its `exp` is at most this after its `iat`. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** How far ahead of the server's clock a token's `iat` may be (seconds). */
const CLOCK_LEEWAY_SECONDS = 60;

interface Claims {
  uid?: unknown;
  sv?: unknown;
  iat?: unknown;
  exp?: unknown;
}

const integer = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * Whether a verified token's claims are those the server issues: a user id, a session version, an
 * `iat` not in the future and an `exp` at most the session length after it. A token signed with the
 * secret but made otherwise (no `exp`, a century's `exp`, no session version) is refused.
 */
function wellFormed(claims: Claims, now: number): boolean {
  const { uid, sv, iat, exp } = claims;
  if (!integer(uid) || uid < 1 || !integer(sv) || sv < 0 || !integer(iat) || !integer(exp)) return false;
  return iat <= now + CLOCK_LEEWAY_SECONDS && exp > iat && exp - iat <= SESSION_SECONDS;
}

/**
 * Sign-in tokens: HS256 only (pinned on both sides), 12 h, their claims checked (`wellFormed`). Every private call reloads the user, so a
 * deactivated account, a changed type or a changed password (session version) takes effect at once.
 */
export const authPlugin = shared(async (app: FastifyInstance, options: { secret: string }) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: '12h' },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('account', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    let claims: Claims;
    try {
      claims = await request.jwtVerify<Claims>();
    } catch {
      throw new HttpError(401, messages.api.unauthorized);
    }
    if (!wellFormed(claims, Date.now() / 1000)) throw new HttpError(401, messages.api.unauthorized);
    const { uid, sv } = claims;
    const user = await findSessionUser(app.db, uid as number);
    if (!user || !user.status || !isStaff(user.typeAccount) || sv !== user.sessionVersion) {
      throw new HttpError(401, messages.api.unauthorized);
    }
    request.account = { id: user.id, name: user.name, email: user.email, typeAccount: user.typeAccount, companyId: user.companyId };
  });
  app.decorate('requireTypes', (...types: number[]) => async (request: FastifyRequest) => {
    if (!request.account || !types.includes(request.account.typeAccount)) throw new HttpError(403, messages.api.forbidden);
  });
});
