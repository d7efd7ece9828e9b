import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { AUDIT_ACTIONS } from '../audit.ts';
import { auditLog, companies, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { auditPageSchema, auditQuerySchema } from '../contract/audit.ts';

const m = messages.audit;
const ACTIONS = new Set<string>(AUDIT_ACTIONS);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written yyyy-mm-dd. */
function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `GET /audit`: the audit log for administrators, newest first, filtered by person (actor id or part of
 * the e-mail), company, action and days (`from`/`to`, yyyy-mm-dd, whole days in the app's time zone).
 * There is no call that changes or deletes the log: the table refuses it anyway (migration 0007).
 */
export async function auditRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.get(
    '/audit',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['audit'],
        summary: 'Registro de auditoria (administrador): ações da equipe e entradas, os mais recentes primeiro',
        security: bearer,
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const query = request.query;
      const conditions: SQL[] = [];
      const person = (query.user ?? '').trim();
      if (person !== '') {
        if (/^\d+$/.test(person)) {
          const id = Number(person);
          if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) throw new HttpError(400, m.userInvalid);
          conditions.push(eq(auditLog.actorUserId, id));
        } else {
          conditions.push(or(ilike(auditLog.actorEmail, containing(person)), ilike(users.email, containing(person)))!);
        }
      }
      if (query.company !== undefined) conditions.push(eq(auditLog.companyId, query.company));
      const action = (query.action ?? '').trim();
      if (action !== '') {
        if (!ACTIONS.has(action)) throw new HttpError(400, format(m.actionUnknown, { action }));
        conditions.push(eq(auditLog.action, action));
      }
      const from = (query.from ?? '').trim();
      const to = (query.to ?? '').trim();
      if (from !== '' && !isDate(from)) throw new HttpError(400, m.fromInvalid);
      if (to !== '' && !isDate(to)) throw new HttpError(400, m.toInvalid);
      if (from !== '' && to !== '' && from > to) throw new HttpError(400, m.rangeInvalid);
      // Whole days of the app's time zone: from the start of `from` to the end of `to`.
      const zone = app.settings.timeZone;
      if (from !== '') conditions.push(sql`${auditLog.at} >= (${from}::date)::timestamp AT TIME ZONE ${zone}`);
      if (to !== '') conditions.push(sql`${auditLog.at} < ((${to}::date + 1)::timestamp AT TIME ZONE ${zone})`);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const [totals] = await app.db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId)).where(where);
      const rows = await app.db
        .select({ row: auditLog, actorName: users.name, companyName: companies.commercialName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .leftJoin(companies, eq(companies.id, auditLog.companyId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      return {
        total: Number(totals?.total ?? 0),
        limit,
        offset,
        items: rows.map(({ row, actorName, companyName }) => ({
          id: Number(row.id),
          at: row.at.toISOString(),
          actor_user_id: row.actorUserId,
          actor_name: actorName,
          actor_email: row.actorEmail,
          company_id: row.companyId,
          company_name: companyName,
          action: row.action,
          target: row.target,
          details: (row.details as Record<string, unknown> | null) ?? null,
          ip: row.ip,
        })),
      };
    },
  );
}
