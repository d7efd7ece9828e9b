import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { manualReminderAt } from '../../../../engine/lifecycle/reminderSchedule.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { formatStampBR, isIsoDate, localDay } from '../../../../engine/rules/dates.ts';
import { canSeeCompany, companyScope, visibleCompany } from '../access.ts';
import { recordAudit, type AuditAction } from '../audit.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import {
  cycleCreateSchema,
  cycleListSchema,
  cycleParamsSchema,
  cyclePendingSchema,
  cycleQuerySchema,
  cycleRemindedSchema,
  cycleSavedSchema,
  cycleUpdateSchema,
  type Cycle,
  type CyclePending,
} from '../contract/cycles.ts';
import { canSeeCycle } from '../cycles.ts';
import { HttpError } from '../errors.ts';
import { remindableOfCycle, remindedPeople } from '../jobs/cycleReminders.ts';
import { findCourse } from '../repositories/courses.ts';
import type { Account } from '../types.ts';
import { findCycle, insertCycle, listCycles, lockAndLastReminded, updateCycle, type CycleChanges, type CycleOwner, type CycleRow } from '../repositories/cycles.ts';

/** The least time between two reminders of a round's pending people. */
const REMIND_GAP_HOURS = 20;

function cycleJson(cycle: CycleRow): Cycle {
  return {
    id: cycle.id,
    company_id: cycle.companyId,
    course_id: cycle.courseId,
    name: cycle.name,
    types: cycle.types,
    opens_on: cycle.opensOn,
    closes_on: cycle.closesOn,
    closed: cycle.closedAt !== null,
    closed_at: cycle.closedAt ? cycle.closedAt.toISOString() : null,
    target: cycle.target,
    evaluations: cycle.evaluations,
    answered: cycle.answered,
    created_at: cycle.createdAt.toISOString(),
  };
}

/** A day sent by the client: a real `YYYY-MM-DD` day, else 400. */
function day(text: string): string {
  if (!isIsoDate(text)) throw new HttpError(400, format(messages.api.invalidRequest, { detail: text }));
  return text;
}

/**
 * The rounds of assessments (Ciclos): `GET /cycles` (a company's, its courses' included, or a course's;
 * a company user sees only its own company's), and for administrators `POST /cycles` (a new, empty
 * round) and `PATCH /cycles/{id}` (rename, closing day, target, close and reopen), each audited.
 * Evaluations join a round when they are created (`POST /evaluation`, see `cycles.ts`). 'Lembrar
 * pendentes' (issue 26): `GET /cycles/{id}/pending` counts who a reminder would reach and when it would
 * go out, `POST /cycles/{id}/remind` queues one reminder per person (see `jobs/cycleReminders.ts`).
 */
export async function cycleRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();

  /** The course if the account may see it (a company user: its own company's courses), else 404. */
  const visibleCourse = async (account: Account, id: number) => {
    const course = await findCourse(app.db, id);
    if (!course || !canSeeCompany(account, course.companyId)) throw new HttpError(404, format(messages.evaluation.courseNotFound, { id }));
    return course;
  };

  /** The cycle if the account may see it (a company user: its own company's), else 404. */
  const visibleCycle = async (account: Account, id: number) => {
    const cycle = await findCycle(app.db, id);
    if (!cycle || !canSeeCycle(account, cycle)) throw new HttpError(404, format(messages.cycles.notFound, { id }));
    return cycle;
  };

  /**
   * Who a reminder of the cycle reaches now: its pending evaluations (neither answered nor expired,
   * with a link), their people (evaluators) once each, and when the reminders go out (`send_at`: the
   * reminders' business hours, from the clock now).
   */
  const pendingOf = async (cycleId: number) => {
    const now = new Date();
    const pending = await remindableOfCycle(app, cycleId, now);
    const people = remindedPeople(pending);
    const sendAt = manualReminderAt(now, app.settings.timeZone);
    const summary: CyclePending = { people: people.length, evaluations: pending.length, send_at: sendAt.toISOString() };
    return { now, people, sendAt, summary };
  };

  app.get(
    '/cycles',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['cycles'],
        summary: 'Ciclos de avaliação de uma empresa ou de um treinamento',
        security: bearer,
        querystring: cycleQuerySchema,
        response: { 200: cycleListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const account = request.account!;
      const { company_id: companyId, course_id: courseId } = request.query;
      let owner: CycleOwner;
      if (courseId !== undefined) {
        await visibleCourse(account, courseId);
        owner = { courseId };
      } else if (companyId !== undefined) {
        await visibleCompany(app.db, account, companyId);
        owner = { companyId };
      } else {
        const own = companyScope(account);
        owner = own === undefined ? 'all' : { companyId: own };
      }
      return (await listCycles(app.db, owner)).map(cycleJson);
    },
  );

  app.post(
    '/cycles',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['cycles'],
        summary: 'Criar um ciclo de avaliação (administradores)',
        security: bearer,
        body: cycleCreateSchema,
        response: { 201: cycleSavedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const account = request.account!;
      const body = request.body;
      if ((body.company_id === undefined) === (body.course_id === undefined)) throw new HttpError(400, messages.cycles.ownerRequired);
      const name = body.name.trim();
      if (name === '') throw new HttpError(400, messages.cycles.nameRequired);
      const types = body.types ?? [];
      for (const type of types) if (!app.definitions.types.has(type)) throw new HttpError(400, format(messages.cycles.unknownType, { type }));
      const owner =
        body.course_id !== undefined
          ? { courseId: body.course_id, companyId: (await visibleCourse(account, body.course_id)).companyId }
          : { courseId: null, companyId: (await visibleCompany(app.db, account, body.company_id!)).id };
      const opensOn = body.opens_on === undefined ? localDay(new Date(), app.settings.timeZone) : day(body.opens_on);
      const closesOn = body.closes_on == null ? null : day(body.closes_on);
      if (closesOn !== null && closesOn < opensOn) throw new HttpError(400, messages.cycles.datesInvalid);
      const cycle = await app.db.transaction(async (tx) => {
        const id = await insertCycle(tx, { ...owner, name, types, opensOn, closesOn, target: body.target });
        await recordAudit(tx, request, { action: 'cycle.create', companyId: owner.companyId, target: `cycle:${id}`, details: { course_id: owner.courseId, types: types.length } });
        return (await findCycle(tx, id))!;
      });
      return reply.code(201).send({ message: messages.cycles.created, cycle: cycleJson(cycle) });
    },
  );

  app.patch(
    '/cycles/:id',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['cycles'],
        summary: 'Renomear, mudar o fechamento ou a meta, encerrar ou reabrir um ciclo (administradores)',
        security: bearer,
        params: cycleParamsSchema,
        body: cycleUpdateSchema,
        response: { 200: cycleSavedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const found = await findCycle(app.db, id);
      if (!found || !canSeeCycle(request.account!, found)) throw new HttpError(404, format(messages.cycles.notFound, { id }));
      const changes: CycleChanges = {};
      if (body.name !== undefined) {
        changes.name = body.name.trim();
        if (changes.name === '') throw new HttpError(400, messages.cycles.nameRequired);
      }
      if (body.closes_on !== undefined) {
        changes.closesOn = body.closes_on === null ? null : day(body.closes_on);
        if (changes.closesOn !== null && changes.closesOn < found.opensOn) throw new HttpError(400, messages.cycles.datesInvalid);
      }
      if (body.target !== undefined) changes.target = body.target;
      let action: AuditAction = 'cycle.update';
      let message = messages.cycles.saved;
      if (body.closed === true && found.closedAt === null) {
        changes.closedAt = new Date();
        action = 'cycle.close';
        message = messages.cycles.closedDone;
      } else if (body.closed === false && found.closedAt !== null) {
        changes.closedAt = null;
        action = 'cycle.reopen';
        message = messages.cycles.reopened;
      }
      const cycle = await app.db.transaction(async (tx) => {
        await updateCycle(tx, id, changes);
        const fields = Object.keys(changes).filter((key) => key !== 'closedAt');
        await recordAudit(tx, request, { action, companyId: found.companyId, target: `cycle:${id}`, details: { fields: fields.join(',') } });
        return (await findCycle(tx, id))!;
      });
      return { message, cycle: cycleJson(cycle) };
    },
  );
  app.get(
    '/cycles/:id/pending',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['cycles'],
        summary: 'Quantas pessoas e avaliações pendentes do ciclo um lembrete alcançaria, e quando ele sairia',
        security: bearer,
        params: cycleParamsSchema,
        response: { 200: cyclePendingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const cycle = await visibleCycle(request.account!, request.params.id);
      return (await pendingOf(cycle.id)).summary;
    },
  );

  app.post(
    '/cycles/:id/remind',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)],
      schema: {
        tags: ['cycles'],
        summary: 'Lembrar pendentes: agenda um lembrete por e-mail a cada pessoa com avaliações pendentes do ciclo',
        security: bearer,
        params: cycleParamsSchema,
        response: { 200: cycleRemindedSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const cycle = await visibleCycle(request.account!, request.params.id);
      // A closed cycle may still be reminded: its pending links still work.
      const { now, people, sendAt, summary } = await pendingOf(cycle.id);
      if (people.length === 0) throw new HttpError(400, messages.cycles.nothingPending);
      const items = people.map((person) => ({ cycle_id: cycle.id, user_id: person.evaluatorId, user_name: person.evaluatorName, evaluated_name: null }));
      try {
        // The jobs and the audit record commit together, or neither does; a round is reminded at most
        // once in REMIND_GAP_HOURS (two presses, or two staff members, send nobody two e-mails).
        await app.db.transaction(async (tx) => {
          const last = await lockAndLastReminded(tx, cycle.id, new Date(now.getTime() - REMIND_GAP_HOURS * 3_600_000));
          if (last) {
            const next = new Date(last.getTime() + REMIND_GAP_HOURS * 3_600_000);
            throw new HttpError(409, format(messages.cycles.remindedRecently, { when: formatStampBR(last, app.settings.timeZone), next: formatStampBR(next, app.settings.timeZone) }));
          }
          await app.jobs.enqueueCycleReminders(tx, items, sendAt);
          await recordAudit(tx, request, { action: 'cycle.remind', companyId: cycle.companyId, target: `cycle:${cycle.id}`, details: { ...summary } });
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        app.log.error({ err: error, cycle: cycle.id }, 'cycle reminder jobs not queued');
        throw new HttpError(502, messages.cycles.remindFailed);
      }
      const whom = people.length === 1 ? messages.cycles.remindPeopleOne : format(messages.cycles.remindPeopleMany, { count: people.length });
      const message =
        sendAt.getTime() === now.getTime()
          ? format(messages.cycles.remindNow, { people: whom })
          : format(messages.cycles.remindLater, { when: formatStampBR(sendAt, app.settings.timeZone), people: whom });
      return { message, ...summary };
    },
  );
}
