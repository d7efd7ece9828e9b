import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import {
  deleteParticipant,
  findCourse,
  findParticipant,
  insertCourse,
  insertParticipant,
  isParticipant,
  listCourses,
  listParticipants,
  participationHasEvaluations,
  type CourseRow,
} from '../repositories/courses.ts';
import { findCompany } from '../repositories/companies.ts';
import { findUser } from '../repositories/users.ts';
import type { Db } from '../db/client.ts';
import { bearer, errorResponses, messageSchema, type ContractProvider } from '../contract/common.ts';
import {
  courseCreatedSchema,
  courseCreateSchema,
  courseDetailSchema,
  courseListSchema,
  courseParamsSchema,
  participantCreatedSchema,
  participantCreateSchema,
  participationParamsSchema,
  type Course,
} from '../contract/courses.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

function courseJson(course: CourseRow): Course {
  return {
    id: course.id,
    name: course.name,
    created_at: course.createdAt.toISOString(),
    count: Number(course.count),
    status: course.status,
    company_id: course.companyId,
  };
}

async function existingCourse(db: Db, id: number): Promise<CourseRow> {
  const course = await findCourse(db, id);
  if (!course) throw new HttpError(404, format(messages.registry.courseNotFound, { id }));
  return course;
}

/**
 * Training courses and their participants (administrators only). A participation that evaluations
 * were created from cannot be removed: the evaluations point at it, and their course reports need it.
 */
export async function courseRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];

  app.get(
    '/courses',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Treinamentos, mais recentes primeiro, com o número de participantes',
        security: bearer,
        response: { 200: courseListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => (await listCourses(app.db)).map(courseJson),
  );

  app.post(
    '/courses',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Criar treinamento (opcionalmente de uma empresa)',
        security: bearer,
        body: courseCreateSchema,
        response: {
          201: courseCreatedSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const name = (request.body?.name ?? '').trim();
      if (name === '') throw new HttpError(400, messages.registry.courseNameRequired);
      const companyId = request.body.company_id ?? null;
      if (companyId !== null && !(await findCompany(app.db, companyId))) {
        throw new HttpError(404, format(messages.api.companyNotFound, { id: companyId }));
      }
      const course = await app.db.transaction(async (tx) => {
        const created = await insertCourse(tx, { name, companyId });
        await recordAudit(tx, request, { action: 'course.create', companyId, target: `course:${created.id}` });
        return created;
      });
      return reply.code(201).send({ message: messages.registry.courseCreated, course: courseJson(course) });
    },
  );

  app.get(
    '/usercourses/:courseId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Um treinamento e seus participantes (id é o da participação)',
        security: bearer,
        params: courseParamsSchema,
        response: {
          200: courseDetailSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const course = await existingCourse(app.db, request.params.courseId);
      const participants = await listParticipants(app.db, [course.id]);
      return {
        course: courseJson(course),
        userCourses: participants.map((row) => ({
          id: row.id,
          usercourse_id: row.id,
          user_id: row.userId,
          name: row.name,
          email: row.email,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/usercourses',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Adicionar participante a um treinamento',
        security: bearer,
        body: participantCreateSchema,
        response: {
          201: participantCreatedSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { userId, courseId } = request.body;
      const course = await existingCourse(app.db, courseId);
      const user = await findUser(app.db, userId);
      if (!user) throw new HttpError(404, format(messages.api.userNotFound, { id: userId }));
      if (course.companyId !== null && user.companyId !== course.companyId) throw new HttpError(400, messages.registry.participantOtherCompany);
      const created = await app.db.transaction(async (tx) => {
        if (await isParticipant(tx, userId, courseId)) throw new HttpError(409, messages.registry.participantExists);
        const inserted = await insertParticipant(tx, userId, courseId);
        await recordAudit(tx, request, { action: 'participant.create', companyId: user.companyId, target: `participant:${inserted.id}`, details: { user_id: userId, course_id: courseId } });
        return inserted;
      });
      return reply.code(201).send({
        message: messages.registry.participantAdded,
        id: created.id,
        user_id: userId,
        course_id: courseId,
        created_at: created.createdAt.toISOString(),
      });
    },
  );

  app.delete(
    '/usercourses/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Remover participante (recusado com 409 se já há avaliações criadas pelo treinamento)',
        security: bearer,
        params: participationParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const participant = await findParticipant(tx, id);
        if (!participant) throw new HttpError(404, format(messages.registry.participantNotFound, { id }));
        if (await participationHasEvaluations(tx, id)) throw new HttpError(409, messages.registry.participantHasEvaluations);
        await deleteParticipant(tx, id);
        await recordAudit(tx, request, {
          action: 'participant.delete',
          companyId: participant.companyId,
          target: `participant:${id}`,
          details: { user_id: participant.userId, course_id: participant.courseId },
        });
      });
      return { message: messages.registry.participantRemoved };
    },
  );
}
