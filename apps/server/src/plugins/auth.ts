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

/**
 * Sign-in tokens: HS256 only (pinned on both sides), 12 h. Every private call reloads the user, so a
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
    let claims: { uid?: unknown; sv?: unknown };
    try {
      claims = await request.jwtVerify<{ uid?: unknown; sv?: unknown }>();
    } catch {
      throw new HttpError(401, messages.api.unauthorized);
    }
    const { uid } = claims;
    // Tokens issued before session versions existed carry none: they stand for version 0.
    const version = claims.sv ?? 0;
    const user = typeof uid === 'number' && Number.isInteger(uid) ? await findSessionUser(app.db, uid) : null;
    if (!user || !user.status || !isStaff(user.typeAccount) || version !== user.sessionVersion) {
      throw new HttpError(401, messages.api.unauthorized);
    }
    request.account = { id: user.id, name: user.name, email: user.email, typeAccount: user.typeAccount, companyId: user.companyId };
  });
  app.decorate('requireTypes', (...types: number[]) => async (request: FastifyRequest) => {
    if (!request.account || !types.includes(request.account.typeAccount)) throw new HttpError(403, messages.api.forbidden);
  });
});
