import type { FastifyInstance } from 'fastify';
import { listUsers } from '../repositories/users.ts';
import { bearer, errorResponses } from '../schemas/common.ts';

/** `GET /users/all`: every user (administrators only). */
export async function userRoutes(app: FastifyInstance) {
  app.get(
    '/users/all',
    {
      preHandler: [app.authenticate, app.requireTypes(1)],
      schema: {
        tags: ['users'],
        summary: 'Todos os usuários (administrador)',
        security: bearer,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'email', 'company_id', 'type_account', 'status'],
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                email: { type: 'string' },
                company_id: { type: ['integer', 'null'] },
                type_account: { type: 'integer' },
                status: { type: 'boolean' },
              },
            },
          },
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
}
