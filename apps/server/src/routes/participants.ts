import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';

import { HttpError } from '../errors.ts';

import { findCourses, listParticipants } from '../repositories/courses.ts';

import { findSectors } from '../repositories/sectors.ts';
import { listUsersIn, relationsOf } from '../repositories/users.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { batchParticipantListSchema, participantsQuerySchema, type BatchParticipant } from '../contract/users.ts';

/** `POST /users/different-companies/evaluation`: the participants of a new evaluation batch, by sector, company or course. */
export async function participantRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.post(
    '/users/different-companies/evaluation',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary:
          'Participantes de uma nova avaliação: usuários ativos das empresas (allSectors) ou dos setores, e participantes dos treinamentos (com usercourse_id)',
        security: bearer,
        body: participantsQuerySchema,
        response: {
          200: batchParticipantListSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const account = request.account!;
      const companyIds = [...new Set(request.body.company_ids ?? [])];
      const sectorIds = [...new Set(request.body.sector_ids ?? [])];
      const courseIds = [...new Set(request.body.course_ids ?? [])];
      for (const id of companyIds) await visibleCompany(app.db, account, id);
      const sectors = new Map((await findSectors(app.db, sectorIds)).map((row) => [row.id, row]));
      for (const id of sectorIds) {
        if (!canSeeCompany(account, sectors.get(id)?.companyId)) throw new HttpError(404, format(messages.api.sectorNotFound, { id }));
      }
      const courses = new Map((await findCourses(app.db, courseIds)).map((row) => [row.id, row]));
      for (const id of courseIds) {
        const course = courses.get(id);
        if (!course || !canSeeCompany(account, course.companyId)) throw new HttpError(404, format(messages.registry.courseNotFound, { id }));
      }
      const members = await listUsersIn(app.db, request.body.allSectors ? { companyIds, sectorIds: [] } : { companyIds: [], sectorIds });
      const participants = (await listParticipants(app.db, courseIds)).filter((row) => row.status);
      const relations = await relationsOf(app.db, [...new Set([...members.map((row) => row.id), ...participants.map((row) => row.userId)])]);
      const entry = (userId: number, user: { name: string; email: string; companyId: number | null }, usercourseId: number | null, courseId: number | null): BatchParticipant => ({
        user_id: userId,
        name: user.name,
        email: user.email,
        company_id: user.companyId,
        sector: relations.get(userId)!.sectors.map((sector) => ({ id: sector.id, sector_name: sector.name })),
        position: relations.get(userId)!.positions.map((position) => ({ id: position.id, position_name: position.name })),
        usercourse_id: usercourseId,
        course_id: courseId,
      });
      return [...members.map((user) => entry(user.id, user, null, null)), ...participants.map((row) => entry(row.userId, row, row.id, row.courseId))];
    },
  );
}
