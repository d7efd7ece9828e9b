import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { linkState } from '../../../../engine/lifecycle/linkState.ts';
import { messages } from '../../../../engine/messages.ts';
import { companies, evaluations, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { hasOwnReport } from '../reports/reports.ts';
import { errorResponses, isUuid } from '../schemas/common.ts';
import { UUID_SOURCE } from '../../../../engine/rules/uuid.ts';

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

const keyParams = {
  type: 'object',
  required: ['userKey'],
  properties: { userKey: { type: 'string', maxLength: 64, description: 'Chave pessoal (UUID) recebida por e-mail' } },
} as const;

const answeredItem = {
  type: 'object',
  required: ['evaluation_id', 'type', 'name', 'expire_at', 'done', 'created_at', 'expired', 'link', 'report'],
  properties: {
    evaluation_id: { type: 'string' },
    type: { type: 'integer', description: 'Tipo da avaliação' },
    name: { type: 'string', description: 'Nome do tipo de avaliação' },
    expire_at: { type: ['string', 'null'], description: 'Fim do dia de vencimento (null: não vence)' },
    done: { type: 'boolean' },
    created_at: { type: 'string', description: 'Data de envio' },
    expired: { type: 'boolean', description: 'Pendente e vencida (fim do dia de vencimento no fuso da aplicação)' },
    link: { type: ['string', 'null'], description: 'Caminho do questionário (/{slug}/{id}) de uma avaliação pendente e não vencida' },
    report: { type: 'boolean', description: 'Concluída e com relatório (GET /tableresponse/report/{id}/{type})' },
  },
} as const;

/** The public routes of a person's own pages, limited to `limit` requests a minute per client address. */
export async function personalPageRoutes(app: FastifyInstance, options: { limit: number }) {
  const rateLimit = { max: options.limit, timeWindow: '1 minute' };

  app.get<{ Params: { userKey: string } }>(
    '/tableresponse/answered/:userKey',
    {
      config: { rateLimit },
      schema: {
        tags: ['respondent'],
        summary: 'Avaliações de uma pessoa (público, pela chave pessoal), mais recentes primeiro',
        params: keyParams,
        response: { 200: { type: 'array', items: answeredItem }, ...errorResponses(404, 429) },
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
      return rows.map((row) => {
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
  app.get<{ Params: { userKey: string } }>(
    `/users/:userKey(^${UUID_SOURCE}$)`,
    {
      config: { rateLimit },
      schema: {
        tags: ['respondent'],
        summary: 'Nome e empresa de uma pessoa (público, pela chave pessoal): o diálogo Relatório Scanner',
        params: keyParams,
        response: {
          200: { type: 'object', required: ['name', 'company_name'], properties: { name: { type: 'string' }, company_name: { type: ['string', 'null'] } } },
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
