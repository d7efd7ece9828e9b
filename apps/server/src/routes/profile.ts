import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../../../engine/messages.ts';

import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { sessionToken } from '../plugins/auth.ts';

import { emailInUse, findUserDetail, updateUser } from '../repositories/users.ts';
import { bearer, errorResponses } from '../schemas/common.ts';

import { checkIdentity, checkNewPassword, closed, savedUserSchema, text, userJson, withUniqueEmail, identityProperties } from './userShared.ts';

interface ProfileBody {
  id: number;
  name?: string;
  email?: string;
  phone?: string | null;
  password?: string | null;
  new_password?: string | null;
  confirm_password?: string | null;
}

/** Whether a profile save carries any of the password fields. */
function hasPasswordFields(body: ProfileBody | undefined): boolean {
  return [body?.password, body?.new_password, body?.confirm_password].some((value) => typeof value === 'string' && value !== '');
}

/**
 * One's own account: checking the current password and saving the profile. `passwordLimit`
 * rate-limits the calls that test a password, like sign-in.
 */
export async function profileRoutes(app: FastifyInstance, options: { passwordLimit?: number } = {}) {
  const passwordLimit = { max: options.passwordLimit ?? 10, timeWindow: '1 minute' };
  // A profile save counts only when it tests the current password (the guessable part); checked after
  // the body is parsed, hence the preHandler hook.
  const profileRateLimit = {
    rateLimit: {
      ...passwordLimit,
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest) => !hasPasswordFields(request.body as ProfileBody | undefined),
    },
  };

  app.post<{ Body: { password: string; email: string } }>(
    '/users/verifypassword',
    {
      preHandler: [app.authenticate],
      config: { rateLimit: passwordLimit },
      schema: {
        tags: ['users'],
        summary: 'Confere a senha do próprio usuário (limitado por minuto, como o login); responde {valid}',
        security: bearer,
        body: {
          type: 'object',
          required: ['password', 'email'],
          additionalProperties: closed,
          properties: { password: text(256), email: text(254) },
        },
        response: {
          200: { type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' } } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      if (request.body.email.trim().toLowerCase() !== account.email.toLowerCase()) throw new HttpError(403, messages.registry.passwordCheckOnlyOwn);
      const user = await findUserDetail(app.db, account.id);
      const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, request.body.password) : false;
      return { valid };
    },
  );

  app.patch<{ Body: ProfileBody }>(
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
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: closed,
          properties: {
            ...identityProperties,
            password: { type: ['string', 'null'], maxLength: 256 },
            new_password: { type: ['string', 'null'], maxLength: 256 },
            confirm_password: { type: ['string', 'null'], maxLength: 256 },
          },
        },
        response: {
          200: { ...savedUserSchema, properties: { ...savedUserSchema.properties, token: { type: 'string' } } },
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const body = request.body;
      if (body.id !== account.id) throw new HttpError(403, messages.registry.profileOnlyOwn);
      const { name, email, phone } = checkIdentity(body, false);
      const passwords = [body.password ?? '', body.new_password ?? '', body.confirm_password ?? ''];
      let passwordHash: string | undefined;
      if (hasPasswordFields(body)) {
        if (passwords.some((value) => value === '')) throw new HttpError(400, messages.registry.passwordFieldsRequired);
        const [current, next, confirmation] = passwords as [string, string, string];
        const user = await findUserDetail(app.db, account.id);
        if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, current))) throw new HttpError(400, messages.registry.wrongPassword);
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
