import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { findUser } from '../repositories/users.ts';
import { shared } from './shared.ts';

/** Account types that may sign in: administrators (1) and company users (2). */
export const STAFF_TYPES = [1, 2];

/**
 * Sign-in tokens: HS256 only (pinned on both sides), 12 h. Every private call reloads the user, so a
 * deactivated account or a changed type takes effect at once.
 */
export const authPlugin = shared(async (app: FastifyInstance, options: { secret: string }) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: '12h' },
    verify: { algorithms: ['HS256'] },
  });
  app.decorateRequest('account', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    let uid: unknown;
    try {
      uid = (await request.jwtVerify<{ uid: number }>()).uid;
    } catch {
      throw new HttpError(401, messages.api.unauthorized);
    }
    const user = typeof uid === 'number' && Number.isInteger(uid) ? await findUser(app.db, uid) : null;
    if (!user || !user.status || !STAFF_TYPES.includes(user.typeAccount)) throw new HttpError(401, messages.api.unauthorized);
    request.account = { id: user.id, name: user.name, email: user.email, typeAccount: user.typeAccount, companyId: user.companyId };
  });
  app.decorate('requireTypes', (...types: number[]) => async (request: FastifyRequest) => {
    if (!request.account || !types.includes(request.account.typeAccount)) throw new HttpError(403, messages.api.forbidden);
  });
});
