import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { sessionToken } from '../plugins/auth.ts';
import { dummyHash, verifyPassword } from '../passwords.ts';
import { findUserForSignIn } from '../repositories/users.ts';
import { errorResponses } from '../schemas/common.ts';
import { isStaff } from '../../../../engine/accounts.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `POST /sessions`: sign-in of administrators and company users; rate-limited per IP. */
export async function sessionRoutes(app: FastifyInstance, options: { limit: number }) {
  // Made now rather than at the first unknown e-mail, which would otherwise take longer than the rest.
  await dummyHash();
  app.post<{ Body: { email: string; password: string } }>(
    '/sessions',
    {
      config: { rateLimit: { max: options.limit, timeWindow: '1 minute' } },
      schema: {
        tags: ['sessions'],
        summary: 'Entrar (token JWT de 12 h)',
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', maxLength: 256 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['token', 'user'],
            properties: {
              token: { type: 'string' },
              user: {
                type: 'object',
                required: ['id', 'name', 'email', 'type_account', 'company_id', 'status'],
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  email: { type: 'string' },
                  phone: { type: ['string', 'null'] },
                  type_account: { type: 'integer' },
                  company_id: { type: ['integer', 'null'] },
                  status: { type: 'boolean' },
                },
              },
            },
          },
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => {
      const email = request.body.email.trim();
      const { password } = request.body;
      if (email === '') throw new HttpError(400, messages.signIn.emailRequired);
      if (!EMAIL.test(email)) throw new HttpError(400, messages.signIn.emailInvalid);
      if (password === '') throw new HttpError(400, messages.signIn.passwordRequired);
      const user = await findUserForSignIn(app.db, email);
      // One argon2 verification on every path (unknown e-mail, no password, inactive, participant):
      // the answer takes as long whether the e-mail exists or not.
      const matches = await verifyPassword(user?.passwordHash, password);
      const allowed = user !== null && user.status && isStaff(user.typeAccount);
      if (!allowed || !matches) {
        // Recorded in a transaction of its own (nothing else is written), then the 401 is answered.
        const reason = user === null ? 'unknownEmail' : !matches ? 'wrongPassword' : !user.status ? 'inactive' : 'notStaff';
        await app.db.transaction((tx) => recordAudit(tx, request, { action: 'session.signInFailed', actor: { id: null, email }, details: { reason } }));
        throw new HttpError(401, messages.api.invalidCredentials);
      }
      await app.db.transaction((tx) =>
        recordAudit(tx, request, { action: 'session.signIn', actor: { id: user.id, email }, companyId: user.companyId, target: `user:${user.id}` }),
      );
      const token = sessionToken(app, user);
      return {
        token,
        user: { id: user.id, name: user.name, email: user.email, type_account: user.typeAccount, company_id: user.companyId, status: user.status },
      };
    },
  );
}
