import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema.ts';
import { bearer, errorResponses } from '../contract/common.ts';
import { noContentSchema } from '../contract/sessions.ts';

/**
 * `DELETE /sessions`: sign-out. Raises the user's session version, as a password change does, so the
 * token of this call and every other token of the user (other browsers, other devices) stop working.
 */
export async function signOutRoutes(app: FastifyInstance) {
  app.delete(
    '/sessions',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sessions'],
        summary: 'Sair: encerra a sessão (e as demais sessões do usuário, como a troca de senha)',
        security: bearer,
        response: { 204: noContentSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await app.db
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, request.account!.id));
      return reply.code(204).send();
    },
  );
}
