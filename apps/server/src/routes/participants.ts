import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';

import { HttpError } from '../errors.ts';

import { findCourses, listParticipants } from '../repositories/courses.ts';

import { findSectors } from '../repositories/sectors.ts';
import { listUsersIn, relationsOf } from '../repositories/users.ts';
import { bearer, errorResponses, idSchema } from '../schemas/common.ts';

import { closed, relationItems } from './userShared.ts';

interface ParticipantsBody {
  sector_ids?: number[];
  course_ids?: number[];
  company_ids?: number[];
  allSectors?: boolean;
  type_evaluation?: number | null;
}

/** `POST /users/different-companies/evaluation`: the participants of a new evaluation batch, by sector, company or course. */
export async function participantRoutes(app: FastifyInstance) {
  app.post<{ Body: ParticipantsBody }>(
    '/users/different-companies/evaluation',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['users'],
        summary:
          'Participantes de uma nova avaliação: usuários ativos das empresas (allSectors) ou dos setores, e participantes dos treinamentos (com usercourse_id)',
        security: bearer,
        body: {
          type: 'object',
          additionalProperties: closed,
          properties: {
            sector_ids: { type: 'array', maxItems: 1000, items: idSchema },
            course_ids: { type: 'array', maxItems: 1000, items: idSchema },
            company_ids: { type: 'array', maxItems: 1000, items: idSchema },
            allSectors: { type: 'boolean' },
            // Accepted for the web app's call; every type evaluates the same people.
            type_evaluation: { type: ['integer', 'null'], minimum: -1000, maximum: 1000 },
          },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['user_id', 'name', 'email', 'company_id', 'sector', 'position', 'usercourse_id', 'course_id'],
              properties: {
                user_id: { type: 'integer' },
                name: { type: 'string' },
                email: { type: 'string' },
                company_id: { type: ['integer', 'null'] },
                sector: relationItems('sector_name'),
                position: relationItems('position_name'),
                usercourse_id: { type: ['integer', 'null'] },
                course_id: { type: ['integer', 'null'] },
              },
            },
          },
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
      const entry = (userId: number, user: { name: string; email: string; companyId: number | null }, usercourseId: number | null, courseId: number | null) => ({
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
