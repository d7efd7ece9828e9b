import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { linkState } from '../../../../engine/lifecycle/linkState.ts';
import { messages } from '../../../../engine/messages.ts';
import { companies, evaluations, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { hasOwnReport } from '../reports/reports.ts';
import { isUuid, UUID_SOURCE } from '../../../../engine/rules/uuid.ts';
import { errorResponses, type ContractProvider } from '../contract/common.ts';
import { answeredListSchema, personalKeyParamsSchema, personalProfileSchema, type AnsweredEvaluation } from '../contract/personal.ts';

/*
 * The public calls behind a person's own pages (respondent.md 2.2 and 2.5, results.md 2.11): no
 * sign-in, the person is named by their unguessable personal key (`users.personal_key`, a UUID sent in
 * their e-mails), never by the counting id. An unknown or malformed key is answered 404 like the
 * invalid page; nothing tells a numeric id apart. Each call is rate-limited per client address.
 */

/** The person a personal key names, or null (malformed keys never reach the database). */
export async function findPersonByKey(db: Db, key: string): Promise<{ id: number; name: string; companyName: string | null } | null> {
  if (!isUuid(key)) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, companyName: companies.commercialName })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.personalKey, key.toLowerCase()));
  return row ?? null;
}

/** The public routes of a person's own pages, limited to `limit` requests a minute per client address. */
export async function personalPageRoutes(server: FastifyInstance, options: { limit: number }) {
  const app = server.withTypeProvider<ContractProvider>();
  const rateLimit = { max: options.limit, timeWindow: '1 minute' };

  app.get(
    '/tableresponse/answered/:userKey',
    {
      config: { rateLimit },
      schema: {
        tags: ['respondent'],
        summary: 'Avaliações de uma pessoa (público, pela chave pessoal), mais recentes primeiro',
        params: personalKeyParamsSchema,
        response: { 200: answeredListSchema, ...errorResponses(404, 429) },
      },
    },
    async (request) => {
      const person = await findPersonByKey(app.db, request.params.userKey);
      if (!person) throw new HttpError(404, messages.personal.unknownKey);
      const rows = await app.db
        .select({ id: evaluations.id, type: evaluations.typeEvaluation, done: evaluations.done, expireAt: evaluations.expireAt, createdAt: evaluations.createdAt })
        .from(evaluations)
        .where(eq(evaluations.userId, person.id))
        .orderBy(desc(evaluations.createdAt), desc(evaluations.id));
      const now = new Date();
      return rows.map((row): AnsweredEvaluation => {
        const entry = app.definitions.types.get(row.type);
        const expireAt = row.expireAt ? row.expireAt.toISOString() : null;
        // The link's own lifecycle (respondent.md 4): done wins, then the end of the expiry day.
        const state = linkState({ done: row.done, expire_at: expireAt }, now);
        return {
          evaluation_id: row.id,
          type: row.type,
          name: entry?.name ?? String(row.type),
          expire_at: expireAt,
          done: row.done,
          created_at: row.createdAt.toISOString(),
          expired: state === 'expired',
          link: state === 'open' && entry?.slug ? `/${entry.slug}/${row.id}` : null,
          report: row.done && hasOwnReport(app.definitions, row.type),
        };
      });
    },
  );

  // Only uuids reach this route: `/users/{numeric id}` stays the staff route of results/scannerUsers.ts.
  app.get(
    `/users/:userKey(^${UUID_SOURCE}$)`,
    {
      config: { rateLimit },
      schema: {
        tags: ['respondent'],
        summary: 'Nome e empresa de uma pessoa (público, pela chave pessoal): o diálogo Relatório Scanner',
        params: personalKeyParamsSchema,
        response: {
          200: personalProfileSchema,
          ...errorResponses(404, 429),
        },
      },
    },
    async (request) => {
      const person = await findPersonByKey(app.db, request.params.userKey);
      if (!person) throw new HttpError(404, messages.personal.unknownKey);
      return { name: person.name, company_name: person.companyName };
    },
  );
}
