import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { companyScope, visibleCompany, visibleUsers } from '../access.ts';

import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { hashPassword } from '../passwords.ts';
import { sessionToken } from '../plugins/auth.ts';

import { addRelations, deleteRelations, emailInUse, findUserDetail, insertUser, listCompanyUsers, listUsers, updateUser } from '../repositories/users.ts';
import { bearer, companyParamsSchema, errorResponses, messageSchema, type ContractProvider } from '../contract/common.ts';
import {
  anyUserListSchema,
  emailExistsSchema,
  listedUserListSchema,
  relationCreateSchema,
  relationUserParamsSchema,
  userCreateSchema,
  userSavedSchema,
  userSavedWithTokenSchema,
  userUpdateSchema,
  verifyEmailParamsSchema,
} from '../contract/users.ts';

import { checkIdentity, checkNewPassword, checkRelations, checkTypeAllowed, listedUserJson, STAFF, userJson, withUniqueEmail } from './userShared.ts';
import { ACCOUNT, isAdministrator } from '../../../../engine/accounts.ts';

/**
 * Users of the registry: lists, creation and edition (company users within their company), relations
 * to sectors and positions, and the e-mail check. The profile and the participants of a new
 * evaluation batch are `profile.ts` and `participants.ts`.
 */
export async function userRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.get(
    '/users/all',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['users'],
        summary: 'Todos os usuários (administrador)',
        security: bearer,
        response: {
          200: anyUserListSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    async () => {
      const users = await listUsers(app.db);
      return users.map((user) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        company_id: user.companyId,
        type_account: user.typeAccount,
        status: user.status,
      }));
    },
  );

  app.get(
    '/users/list/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: "Usuários de uma empresa (Cadastrados), com setores, cargos e os indicadores evaluator/rated ('true' ou null)",
        security: bearer,
        params: companyParamsSchema,
        response: {
          200: listedUserListSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return (await listCompanyUsers(app.db, companyId)).map(listedUserJson);
    },
  );

  app.get(
    '/users/verify/:id/:email',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary:
          'Se o e-mail já é usado por outro usuário que não {id} (use id 0 para um usuário novo); responde {exists}. ' +
          'Um usuário de empresa só consulta os e-mails da sua empresa (um e-mail de outra empresa responde false; o cadastro ainda o recusa)',
        security: bearer,
        params: verifyEmailParamsSchema,
        response: {
          200: emailExistsSchema,
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { id, email } = request.params;
      const account = request.account!;
      // An existing user must be one the caller may see: ids of other companies cannot be probed.
      if (id !== 0) await visibleUsers(app.db, account, [id]);
      // Nor can their e-mails: a company user's check looks only at its own company. E-mails stay
      // unique across companies, so saving such an address is still refused, with the message that
      // names neither the other user nor the other company.
      return { exists: await emailInUse(app.db, email, id === 0 ? undefined : id, companyScope(account)) };
    },
  );

  app.post(
    '/users',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Cadastrar usuário: tipo 2 com acesso à plataforma (senha obrigatória), 3 sem acesso; tipo 1 só por administrador',
        security: bearer,
        body: userCreateSchema,
        response: { 201: userSavedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const account = request.account!;
      const body = request.body;
      const { name, email, phone } = checkIdentity(body, true);
      const typeAccount = body.type_account;
      checkTypeAllowed(account, typeAccount);
      // Administrators belong to no company: they see every one.
      let companyId: number | null = null;
      if (!isAdministrator(typeAccount)) {
        if (body.company_id == null) throw new HttpError(400, messages.registry.companyRequired);
        companyId = (await visibleCompany(app.db, account, body.company_id)).id;
      }
      const sectorIds = body.sector_id ? [body.sector_id] : [];
      const positionIds = body.position_id ? [body.position_id] : [];
      await checkRelations(app.db, companyId, sectorIds, positionIds);
      let passwordHash: string | null = null;
      if (STAFF.includes(typeAccount)) {
        const password = body.password ?? '';
        if (password === '') throw new HttpError(400, messages.registry.passwordRequired);
        checkNewPassword(password);
        passwordHash = await hashPassword(password);
      }
      const user = await withUniqueEmail(() =>
        app.db.transaction(async (tx) => {
          if (await emailInUse(tx, email)) throw new HttpError(409, messages.registry.emailTaken);
          const created = await insertUser(tx, { name, email, phone, typeAccount, companyId, passwordHash });
          await addRelations(tx, created.id, sectorIds, positionIds);
          await recordAudit(tx, request, { action: 'user.create', companyId, target: `user:${created.id}`, details: { type_account: typeAccount } });
          return created;
        }),
      );
      const incomplete = !isAdministrator(typeAccount) && (sectorIds.length === 0 || positionIds.length === 0);
      const message = incomplete ? messages.registry.userCreatedWithoutRelations : messages.registry.userCreated;
      return reply.code(201).send({ message, user: userJson(user) });
    },
  );

  app.patch(
    '/users/update',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Editar usuário (cargo e ao menos um setor obrigatórios; setores e cargo substituem os anteriores)',
        security: bearer,
        body: userUpdateSchema,
        response: {
          200: userSavedWithTokenSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const body = request.body;
      const target = (await visibleUsers(app.db, account, [body.id])).get(body.id)!;
      if (target.id === account.id && body.status === false) throw new HttpError(400, messages.registry.cannotDeactivateSelf);
      // {id, status} alone activates or deactivates, whatever the rest of the record lacks (the
      // registry's delete confirmation deactivates: nothing of the user is lost). Deactivating ends the
      // user's sessions.
      if (body.status !== undefined && Object.keys(body).every((key) => key === 'id' || key === 'status')) {
        const user = await app.db.transaction(async (tx) => {
          const updated = await updateUser(tx, target.id, { status: body.status }, { endSessions: body.status === false });
          await recordAudit(tx, request, { action: 'user.update', companyId: target.companyId, target: `user:${target.id}`, details: { status: body.status! } });
          return updated;
        });
        return { message: messages.registry.userUpdated, user: userJson(user!) };
      }
      const { name, email, phone } = checkIdentity(body, true);
      const sectorIds = [...new Set(body.sector_ids ?? [])];
      if (sectorIds.length === 0) throw new HttpError(400, messages.registry.sectorsRequired);
      if (body.position_id == null) throw new HttpError(400, messages.registry.positionRequired);
      checkTypeAllowed(account, body.type_account);
      await checkRelations(app.db, target.companyId, sectorIds, [body.position_id]);
      const typeAccount = body.type_account ?? target.typeAccount;
      let passwordHash: string | undefined;
      const password = body.password ?? '';
      if (password !== '') {
        checkNewPassword(password);
        passwordHash = await hashPassword(password);
      } else if (STAFF.includes(typeAccount) && !(await findUserDetail(app.db, target.id))?.passwordHash) {
        // Granting platform access needs a password, or the new company user could never sign in.
        throw new HttpError(400, messages.registry.passwordRequired);
      }
      const positionId = body.position_id;
      const user = await withUniqueEmail(() =>
        app.db.transaction(async (tx) => {
          if (await emailInUse(tx, email, target.id)) throw new HttpError(409, messages.registry.emailTaken);
          const fields = {
            name,
            email,
            phone,
            typeAccount,
            ...(body.status === undefined ? {} : { status: body.status }),
            ...(passwordHash ? { passwordHash } : {}),
          };
          // A new password or a deactivation ends the user's sessions.
          const updated = await updateUser(tx, target.id, fields, { endSessions: passwordHash !== undefined || body.status === false });
          await deleteRelations(tx, target.id);
          await addRelations(tx, target.id, sectorIds, [positionId]);
          await recordAudit(tx, request, {
            action: 'user.update',
            companyId: target.companyId,
            target: `user:${target.id}`,
            details: { type_account: typeAccount, passwordChanged: passwordHash !== undefined, ...(body.status === undefined ? {} : { status: body.status }) },
          });
          return updated;
        }),
      );
      // A new password ends the user's sessions; when it is the caller's own, this session goes on with a fresh token.
      const token = passwordHash !== undefined && target.id === account.id ? { token: sessionToken(app, { id: account.id, sessionVersion: user!.sessionVersion }) } : {};
      return { message: messages.registry.userUpdated, user: userJson(user!), ...token };
    },
  );

  app.delete(
    '/relationusers/:userId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Remover os setores e cargos de um usuário',
        security: bearer,
        params: relationUserParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [userId])).get(userId)!;
      await app.db.transaction(async (tx) => {
        await deleteRelations(tx, userId);
        await recordAudit(tx, request, { action: 'userRelations.delete', companyId: user.companyId, target: `user:${userId}` });
      });
      return { message: messages.registry.relationsRemoved };
    },
  );

  app.post(
    '/relationusers',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary: 'Relacionar um usuário a um setor e/ou cargo da sua empresa',
        security: bearer,
        body: relationCreateSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user_id: userId, position_id: positionId, sector_id: sectorId } = request.body;
      const user = (await visibleUsers(app.db, request.account!, [userId])).get(userId)!;
      const sectorIds = sectorId ? [sectorId] : [];
      const positionIds = positionId ? [positionId] : [];
      await checkRelations(app.db, user.companyId, sectorIds, positionIds);
      await app.db.transaction(async (tx) => {
        await addRelations(tx, userId, sectorIds, positionIds);
        await recordAudit(tx, request, { action: 'userRelations.create', companyId: user.companyId, target: `user:${userId}`, details: { sector_ids: sectorIds, position_ids: positionIds } });
      });
      return { message: messages.registry.relationsSaved };
    },
  );
}
