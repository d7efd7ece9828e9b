import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { formatDateBR } from '../../../../engine/rules/dates.ts';
import { recordAudit } from '../audit.ts';
import { attachmentHeader } from '../contentDisposition.ts';
import { HttpError } from '../errors.ts';
import { erasePerson } from '../lgpd/erase.ts';
import { personExportDocument } from '../lgpd/exportDocument.ts';
import { collectPersonData, findPerson } from '../lgpd/personData.ts';
import { reportDay } from '../reports/reports.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { eraseBodySchema, eraseResultSchema, personalDataFileSchema, personalDataQuerySchema, personParamsSchema } from '../contract/lgpd.ts';

const m = messages.lgpd;
/** Names compare as a person reads them: trimmed, spaces collapsed, case and accents of case ignored. */
const comparable = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');

/**
 * The LGPD rights of a person (issue 14), for administrators only: `GET /users/:id/personal-data`
 * exports everything held about the person (JSON, or a readable PDF), `POST /users/:id/erase` erases
 * the person's identity and free text, keeping the numeric answers anonymous. Both are audited.
 */
export async function lgpdRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const administrators = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];

  app.get(
    '/users/:id/personal-data',
    {
      preHandler: administrators,
      schema: {
        tags: ['users'],
        summary: 'Exportar tudo o que a plataforma guarda sobre uma pessoa (LGPD): JSON ou PDF legível',
        security: bearer,
        params: personParamsSchema,
        querystring: personalDataQuerySchema,
        response: { 200: personalDataFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const kind = request.query.format ?? 'json';
      if (kind !== 'json' && kind !== 'pdf') throw new HttpError(400, m.formatInvalid);
      const now = new Date();
      const data = await collectPersonData(app, request.params.id, now);
      if (!data) throw new HttpError(404, m.notFound);
      let body: Buffer;
      if (kind === 'json') {
        body = Buffer.from(JSON.stringify(data, null, 2), 'utf8');
      } else {
        const day = reportDay(now, app.settings.timeZone);
        body = await app.reports.render(
          personExportDocument(data, {
            timeZone: app.settings.timeZone,
            generated: day.text,
            createdAt: day.iso,
            supportEmail: app.settings.support.email,
            supportPhone: app.settings.support.phone,
            actionLabel: (action) => (messages.audit.actions as Record<string, string>)[action] ?? action,
          }),
        );
      }
      await app.db.transaction((tx) =>
        recordAudit(tx, request, { action: 'person.export', companyId: data.person.company?.id ?? null, target: `user:${data.person.id}`, details: { format: kind } }),
      );
      return reply
        .header('content-type', kind === 'json' ? 'application/json; charset=utf-8' : 'application/pdf')
        .header('content-disposition', attachmentHeader(format(m.fileName, { id: data.person.id, extension: kind })))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/users/:id/erase',
    {
      preHandler: administrators,
      schema: {
        tags: ['users'],
        summary: 'Apagar os dados pessoais de uma pessoa (LGPD): identidade e textos livres; as respostas numéricas ficam anônimas',
        security: bearer,
        params: personParamsSchema,
        body: eraseBodySchema,
        response: { 200: eraseResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (id === request.account!.id) throw new HttpError(409, m.eraseSelf);
      const summary = await app.db.transaction(async (tx) => {
        const person = await findPerson(tx, id, true);
        if (!person) throw new HttpError(404, m.notFound);
        if (person.erasedAt) {
          const date = formatDateBR(person.erasedAt, app.settings.timeZone);
          throw new HttpError(409, format(m.alreadyErased, { date }));
        }
        if (comparable(request.body.confirm_name) !== comparable(person.name)) throw new HttpError(400, m.confirmMismatch);
        const erased = await erasePerson(app, tx, id);
        if (!erased) throw new HttpError(404, m.notFound);
        const { userId, companyId, ...counts } = erased;
        await recordAudit(tx, request, { action: 'person.erase', companyId, target: `user:${userId}`, details: counts });
        return counts;
      });
      return { message: m.erased, summary };
    },
  );
}
