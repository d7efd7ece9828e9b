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
import { bearer, errorResponses, idSchema, nullableIdSchema } from '../schemas/common.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';

const courseSchema = {
  type: 'object',
  required: ['id', 'name', 'created_at', 'count', 'status', 'company_id'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    created_at: { type: 'string' },
    count: { type: 'integer' },
    status: { type: 'boolean' },
    company_id: { type: ['integer', 'null'] },
  },
} as const;

const messageSchema = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

function courseJson(course: CourseRow) {
  return {
    id: course.id,
    name: course.name,
    created_at: course.createdAt.toISOString(),
    count: Number(course.count),
    status: course.status,
    company_id: course.companyId,
  };
}

async function existingCourse(app: FastifyInstance, id: number): Promise<CourseRow> {
  const course = await findCourse(app.db, id);
  if (!course) throw new HttpError(404, format(messages.registry.courseNotFound, { id }));
  return course;
}

/**
 * Training courses and their participants (administrators only). A participation that evaluations
 * were created from cannot be removed: the evaluations point at it, and their course reports need it.
 */
export async function courseRoutes(app: FastifyInstance) {
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];

  app.get(
    '/courses',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Treinamentos, mais recentes primeiro, com o número de participantes',
        security: bearer,
        response: { 200: { type: 'array', items: courseSchema }, ...errorResponses(401, 403) },
      },
    },
    async () => (await listCourses(app.db)).map(courseJson),
  );

  app.post<{ Body: { name?: string; company_id?: number | null } }>(
    '/courses',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Criar treinamento (opcionalmente de uma empresa)',
        security: bearer,
        body: {
          type: 'object',
          additionalProperties: { not: {} },
          properties: { name: { type: 'string', maxLength: 200 }, company_id: nullableIdSchema },
        },
        response: {
          201: { type: 'object', required: ['message', 'course'], properties: { message: { type: 'string' }, course: courseSchema } },
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

  app.get<{ Params: { courseId: number } }>(
    '/usercourses/:courseId',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Um treinamento e seus participantes (id é o da participação)',
        security: bearer,
        params: { type: 'object', required: ['courseId'], properties: { courseId: idSchema } },
        response: {
          200: {
            type: 'object',
            required: ['course', 'userCourses'],
            properties: {
              course: courseSchema,
              userCourses: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'usercourse_id', 'user_id', 'name', 'email', 'created_at'],
                  properties: {
                    id: { type: 'integer' },
                    usercourse_id: { type: 'integer' },
                    user_id: { type: 'integer' },
                    name: { type: 'string' },
                    email: { type: 'string' },
                    created_at: { type: 'string' },
                  },
                },
              },
            },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const course = await existingCourse(app, request.params.courseId);
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

  app.post<{ Body: { userId: number; courseId: number } }>(
    '/usercourses',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Adicionar participante a um treinamento',
        security: bearer,
        body: {
          type: 'object',
          required: ['userId', 'courseId'],
          additionalProperties: { not: {} },
          properties: { userId: idSchema, courseId: idSchema },
        },
        response: {
          201: {
            type: 'object',
            required: ['message', 'id', 'user_id', 'course_id', 'created_at'],
            properties: {
              message: { type: 'string' },
              id: { type: 'integer' },
              user_id: { type: 'integer' },
              course_id: { type: 'integer' },
              created_at: { type: 'string' },
            },
          },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { userId, courseId } = request.body;
      const course = await existingCourse(app, courseId);
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

  app.delete<{ Params: { id: number } }>(
    '/usercourses/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['courses'],
        summary: 'Remover participante (recusado com 409 se já há avaliações criadas pelo treinamento)',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
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
