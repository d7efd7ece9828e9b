import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../../../engine/messages.ts';

import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { sessionToken } from '../plugins/auth.ts';
import { addressLimit, forgetQuiet, lockedUntil, recordFailure, recordSuccess, refuseLocked, throttleKey } from '../signInThrottle.ts';

import { emailInUse, findUserDetail, updateUser } from '../repositories/users.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { passwordValidSchema, profileUpdateSchema, userSavedWithTokenSchema, verifyPasswordSchema, type ProfileUpdate } from '../contract/users.ts';

import { checkIdentity, checkNewPassword, userJson, withUniqueEmail } from './userShared.ts';

/** Whether a profile save carries any of the password fields. */
function hasPasswordFields(body: ProfileUpdate | undefined): boolean {
  return [body?.password, body?.new_password, body?.confirm_password].some((value) => typeof value === 'string' && value !== '');
}

/**
 * One's own account: checking the current password and saving the profile. `passwordLimit`
 * rate-limits the calls that test a password per address, like sign-in (attempts per 10 s), and they
 * share sign-in's per-account throttle (`signInThrottle.ts`); `clock` is the app's clock.
 */
export async function profileRoutes(server: FastifyInstance, options: { passwordLimit?: number; clock?: () => Date } = {}) {
  const app = server.withTypeProvider<ContractProvider>();
  const passwordLimit = addressLimit(options.passwordLimit ?? 10);
  const clock = options.clock ?? (() => new Date());

  /**
   * Checks the signed-in account's current password under the per-account throttle: 429 while the
   * account is locked (nothing checked), a failure counted, a success resetting the count.
   */
  async function checkOwnPassword(request: FastifyRequest, reply: FastifyReply, password: string): Promise<boolean> {
    const account = request.account!;
    const key = throttleKey(account.email);
    const now = clock();
    const locked = await lockedUntil(app.db, key, now);
    if (locked) refuseLocked(reply, locked, now);
    const user = await findUserDetail(app.db, account.id);
    const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
    const running = await app.db.transaction((tx) =>
      valid ? recordSuccess(tx, key, now) : recordFailure(tx, request, key, now, { email: account.email, account: { id: account.id, companyId: account.companyId } }),
    );
    if (!valid) await forgetQuiet(app.db, now);
    if (running) refuseLocked(reply, running, now);
    return valid;
  }

  // A profile save counts only when it tests the current password (the guessable part); checked after
  // the body is parsed, hence the preHandler hook.
  const profileRateLimit = {
    rateLimit: {
      ...passwordLimit,
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest) => !hasPasswordFields(request.body as ProfileUpdate | undefined),
    },
  };

  app.post(
    '/users/verifypassword',
    {
      preHandler: [app.authenticate],
      config: { rateLimit: passwordLimit },
      schema: {
        tags: ['users'],
        summary: 'Confere a senha do próprio usuário (limitado por minuto, como o login); responde {valid}',
        security: bearer,
        body: verifyPasswordSchema,
        response: {
          200: passwordValidSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const account = request.account!;
      if (request.body.email.trim().toLowerCase() !== account.email.toLowerCase()) throw new HttpError(403, messages.registry.passwordCheckOnlyOwn);
      return { valid: await checkOwnPassword(request, reply, request.body.password) };
    },
  );

  app.patch(
    '/users/updateprofile',
    {
      preHandler: [app.authenticate],
      config: profileRateLimit,
      schema: {
        tags: ['users'],
        summary:
          'Editar o próprio perfil (e trocar a senha, limitado por minuto como o login); responde com o usuário atualizado. ' +
          'Trocar a senha encerra as outras sessões do usuário: a resposta traz então um token novo (token) para esta sessão',
        security: bearer,
        body: profileUpdateSchema,
        response: {
          200: userSavedWithTokenSchema,
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const account = request.account!;
      const body = request.body;
      if (body.id !== account.id) throw new HttpError(403, messages.registry.profileOnlyOwn);
      const { name, email, phone } = checkIdentity(body, false);
      const passwords = [body.password ?? '', body.new_password ?? '', body.confirm_password ?? ''];
      let passwordHash: string | undefined;
      if (hasPasswordFields(body)) {
        if (passwords.some((value) => value === '')) throw new HttpError(400, messages.registry.passwordFieldsRequired);
        const [current, next, confirmation] = passwords as [string, string, string];
        if (!(await checkOwnPassword(request, reply, current))) throw new HttpError(400, messages.registry.wrongPassword);
        if (next !== confirmation) throw new HttpError(400, messages.registry.passwordMismatch);
        checkNewPassword(next);
        // Hashing is CPU work done before the transaction, which must not wait on it.
        passwordHash = await hashPassword(next);
      }
      const user = await withUniqueEmail(() =>
        app.db.transaction(async (tx) => {
          if (await emailInUse(tx, email, account.id)) throw new HttpError(409, messages.registry.emailTaken);
          // A new password ends every session of the user, this one included: it gets a fresh token.
          const updated = await updateUser(tx, account.id, { name, email, phone, ...(passwordHash ? { passwordHash } : {}) }, { endSessions: passwordHash !== undefined });
          await recordAudit(tx, request, { action: 'profile.update', companyId: account.companyId, target: `user:${account.id}`, details: { passwordChanged: passwordHash !== undefined } });
          return updated;
        }),
      );
      const token = passwordHash === undefined ? {} : { token: sessionToken(app, { id: account.id, sessionVersion: user!.sessionVersion }) };
      return { message: messages.registry.profileUpdated, user: userJson(user!), ...token };
    },
  );
}
