import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { findCompany } from '../repositories/companies.ts';
import { findSector, listSectors } from '../repositories/sectors.ts';
import { bearer, errorResponses, idSchema } from '../schemas/common.ts';

/** `GET /sectors/list/{companyId}` (signed in) and `GET /sectors/{id}` (public, for respondent forms). */
export async function sectorRoutes(app: FastifyInstance) {
  app.get<{ Params: { companyId: number } }>(
    '/sectors/list/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Setores de uma empresa',
        security: bearer,
        params: { type: 'object', required: ['companyId'], properties: { companyId: idSchema } },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'company_id', 'sector_name'],
              properties: { id: { type: 'integer' }, company_id: { type: 'integer' }, sector_name: { type: 'string' } },
            },
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const account = request.account!;
      const visible = account.typeAccount === 1 ? (await findCompany(app.db, companyId)) !== null : account.companyId === companyId;
      if (!visible) throw new HttpError(404, format(messages.api.companyNotFound, { id: companyId }));
      const sectors = await listSectors(app.db, companyId);
      return sectors.map((sector) => ({ id: sector.id, company_id: sector.companyId, sector_name: sector.sectorName }));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/sectors/:id',
    {
      schema: {
        tags: ['sectors'],
        summary: 'Nome de um setor (público)',
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        response: {
          200: { type: 'object', required: ['sector_name'], properties: { sector_name: { type: 'string' } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const sector = await findSector(app.db, request.params.id);
      if (!sector) throw new HttpError(404, format(messages.api.sectorNotFound, { id: request.params.id }));
      return { sector_name: sector.sectorName };
    },
  );
}
