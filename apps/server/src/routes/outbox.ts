import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { messages } from '../../../../engine/messages.ts';
import { attachmentHeader } from '../contentDisposition.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { outboxAttachmentParamsSchema, outboxPageSchema, outboxQuerySchema } from '../contract/notifications.ts';
import { HttpError } from '../errors.ts';
import { findOutboxAttachment, listOutbox, outboxExists } from '../repositories/outbox.ts';

/** A stored content type usable as a header (`type/subtype` and parameters), else `application/octet-stream`. */
function headerSafeType(contentType: string): string {
  return /^[\w.+-]+\/[\w.+-]+( *;[\x20-\x7e]*)?$/.test(contentType) ? contentType : 'application/octet-stream';
}

/** The administrators' view of the outbox (the e-mails kept when there is no SMTP server) and its attachments. */
export async function outboxRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();

  app.get(
    '/outbox',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Mensagens guardadas na caixa de saída (sem SMTP), as mais recentes primeiro',
        security: bearer,
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const { items, total } = await listOutbox(app.db, page, pageSize);
      return {
        total,
        page,
        pageSize,
        items: items.map((row) => ({
          id: row.id,
          key: row.key,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          kind: row.kind,
          evaluation_id: row.evaluationId,
          company_id: row.companyId,
          created_at: row.createdAt.toISOString(),
          attachments: row.attachments.map((file) => ({ position: file.position, filename: file.filename, content_type: file.contentType, size: file.size })),
        })),
      };
    },
  );

  app.get(
    '/outbox/:id/attachments/:position',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Baixa um anexo de uma mensagem da caixa de saída',
        security: bearer,
        params: outboxAttachmentParamsSchema,
        produces: ['application/octet-stream'],
        response: { 200: { description: 'O arquivo anexado, com o seu tipo de conteúdo', type: 'string', format: 'binary' }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, position } = request.params;
      const file = await findOutboxAttachment(app.db, id, position);
      if (!file) throw new HttpError(404, (await outboxExists(app.db, id)) ? messages.outbox.attachmentNotFound : messages.outbox.mailNotFound);
      return reply
        .header('content-type', headerSafeType(file.contentType))
        .header('content-disposition', attachmentHeader(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );
}
