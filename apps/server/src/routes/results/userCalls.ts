import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { visibleUsers } from '../../access.ts';
import { bearer, errorResponses } from '../../contract/common.ts';
import { findCompany } from '../../repositories/companies.ts';
import { idNameListSchema, idParams, userCompanySchema, userParams } from './contract.ts';

/** Registers the users of the scanner report dialog: the user in a list, and a user's name and company (no dataset: the user's record). */
export function userCallRoutes(app: FastifyInstance, staff: preHandlerAsyncHookHandler[]) {
  app.get<{ Params: { userId: number } }>(
    '/users/full/:userId',
    {
      preHandler: staff,
      schema: { tags: ['results'], summary: 'O usuário (nome) do diálogo Relatório Scanner, numa lista', security: bearer, params: userParams, response: { 200: idNameListSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const { userId } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [userId])).get(userId)!;
      return [{ id: user.id, name: user.name }];
    },
  );

  app.get<{ Params: { id: number } }>(
    '/users/:id',
    {
      preHandler: staff,
      schema: { tags: ['results'], summary: 'Nome e empresa (nome fantasia) de um usuário', security: bearer, params: idParams, response: { 200: userCompanySchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const { id } = request.params;
      const user = (await visibleUsers(app.db, request.account!, [id])).get(id)!;
      const company = user.companyId === null ? null : await findCompany(app.db, user.companyId);
      return { id: user.id, name: user.name, company_name: company?.commercialName ?? null };
    },
  );
}
