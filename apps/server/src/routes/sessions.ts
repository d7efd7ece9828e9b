import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { sessionToken } from '../plugins/auth.ts';
import { dummyHash, verifyPassword } from '../passwords.ts';
import { findUserForSignIn } from '../repositories/users.ts';
import { addressLimit, forgetQuiet, lockedUntil, recordFailure, recordSuccess, refuseLocked, throttleKey } from '../signInThrottle.ts';
import { errorResponses, type ContractProvider } from '../contract/common.ts';
import { sessionSchema, signInSchema } from '../contract/sessions.ts';
import { isStaff } from '../../../../engine/accounts.ts';
import { isEmail } from '../../../../engine/rules/email.ts';

/**
 * `POST /sessions`: sign-in of administrators and company users; rate-limited per address (`limit`
 * attempts per 10 s) and throttled per account (`signInThrottle.ts`). `clock` is the app's clock.
 */
export async function sessionRoutes(server: FastifyInstance, options: { limit: number; clock: () => Date }) {
  const app = server.withTypeProvider<ContractProvider>();
  // Made now rather than at the first unknown e-mail, which would otherwise take longer than the rest.
  await dummyHash();
  app.post(
    '/sessions',
    {
      config: { rateLimit: addressLimit(options.limit) },
      schema: {
        tags: ['sessions'],
        summary: 'Entrar (token JWT de 12 h)',
        body: signInSchema,
        response: {
          200: sessionSchema,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      const { password } = request.body;
      if (email === '') throw new HttpError(400, messages.signIn.emailRequired);
      if (!isEmail(email)) throw new HttpError(400, messages.signIn.emailInvalid);
      if (password === '') throw new HttpError(400, messages.signIn.passwordRequired);
      // The per-account lock is looked up by the e-mail as typed, known or not, before any password
      // check: a locked e-mail is answered alike (and as fast) whether it exists or not.
      const key = throttleKey(email);
      const now = options.clock();
      const locked = await lockedUntil(app.db, key, now);
      if (locked) {
        await app.db.transaction((tx) => recordAudit(tx, request, { action: 'session.signInFailed', actor: { id: null, email }, details: { reason: 'locked' } }));
        refuseLocked(reply, locked, now);
      }
      const user = await findUserForSignIn(app.db, email);
      // One argon2 verification on every path (unknown e-mail, no password, inactive, participant):
      // the answer takes as long whether the e-mail exists or not.
      const matches = await verifyPassword(user?.passwordHash, password);
      const allowed = user !== null && user.status && isStaff(user.typeAccount);
      if (!allowed || !matches) {
        // The failure is counted and recorded in one transaction of its own, then the 401 is answered
        // (429 when a lock started while the password was being checked).
        const reason = user === null ? 'unknownEmail' : !matches ? 'wrongPassword' : !user.status ? 'inactive' : 'notStaff';
        const running = await app.db.transaction(async (tx) => {
          const lock = await recordFailure(tx, request, key, now, { email, account: user && { id: user.id, companyId: user.companyId } });
          await recordAudit(tx, request, { action: 'session.signInFailed', actor: { id: null, email }, details: lock ? { reason: 'locked' } : { reason } });
          return lock;
        });
        await forgetQuiet(app.db, now);
        if (running) refuseLocked(reply, running, now);
        throw new HttpError(401, messages.api.invalidCredentials);
      }
      const running = await app.db.transaction(async (tx) => {
        const lock = await recordSuccess(tx, key, now);
        if (lock) await recordAudit(tx, request, { action: 'session.signInFailed', actor: { id: null, email }, details: { reason: 'locked' } });
        else await recordAudit(tx, request, { action: 'session.signIn', actor: { id: user.id, email }, companyId: user.companyId, target: `user:${user.id}` });
        return lock;
      });
      if (running) refuseLocked(reply, running, now);
      const token = sessionToken(app, user);
      return {
        token,
        user: { id: user.id, name: user.name, email: user.email, type_account: user.typeAccount, company_id: user.companyId, status: user.status },
      };
    },
  );
}
