import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { checkNameList } from '../nameList.ts';
import { findSector, listSectors, listSectorsOfCompanies, saveSectors, type SectorRow } from '../repositories/sectors.ts';
import { bearer, companyParamsSchema, errorResponses, type ContractProvider } from '../contract/common.ts';
import { companyIdsSchema, sectorListSchema, sectorNameSchema, sectorParamsSchema, sectorSaveSchema, sectorsSavedSchema, type Sector } from '../contract/sectors.ts';

function sectorJson(sector: SectorRow): Sector {
  return { id: sector.id, company_id: sector.companyId, sector_name: sector.sectorName };
}

/**
 * `GET /sectors/list/{companyId}`, `PATCH /sectors/{companyId}`, `POST /sectors/different-companies`
 * and `GET /sectors/{id}`: signed in, own company for a company user. (A respondent's page gets the
 * rated sector's name from its evaluation, `GET /evaluation/find/{id}`.)
 */
export async function sectorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.get(
    '/sectors/list/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Setores de uma empresa',
        security: bearer,
        params: companyParamsSchema,
        response: { 200: sectorListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return (await listSectors(app.db, companyId)).map(sectorJson);
    },
  );

  app.patch(
    '/sectors/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Renomear e acrescentar setores de uma empresa (linhas com id são renomeadas, sem id são criadas)',
        security: bearer,
        params: companyParamsSchema,
        body: sectorSaveSchema,
        response: {
          200: sectorsSavedSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      const rows = request.body.sectors.map((row) => ({ id: row.id, name: row.sector_name }));
      const sectors = await app.db.transaction(async (tx) => {
        const existing = (await listSectors(tx, companyId)).map((sector) => ({ id: sector.id, name: sector.sectorName }));
        const checked = checkNameList(rows, existing, (id) => format(messages.api.sectorNotFound, { id }));
        await saveSectors(tx, companyId, checked);
        const renamed = checked.filter((row) => row.id !== undefined).length;
        await recordAudit(tx, request, { action: 'sector.save', companyId, target: `company:${companyId}`, details: { renamed, created: checked.length - renamed } });
        return listSectors(tx, companyId);
      });
      return { message: messages.registry.sectorsUpdated, sectors: sectors.map(sectorJson) };
    },
  );

  app.post(
    '/sectors/different-companies',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Setores de várias empresas',
        security: bearer,
        body: companyIdsSchema,
        response: { 200: sectorListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const companyIds = [...new Set(request.body.company_ids)];
      for (const id of companyIds) await visibleCompany(app.db, request.account!, id);
      return (await listSectorsOfCompanies(app.db, companyIds)).map(sectorJson);
    },
  );

  app.get(
    '/sectors/:id',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Nome de um setor (da própria empresa para um usuário de empresa)',
        security: bearer,
        params: sectorParamsSchema,
        response: {
          200: sectorNameSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const sector = await findSector(app.db, request.params.id);
      // Another company's sector answers as an absent one: ids cannot be counted through.
      if (!sector || !canSeeCompany(request.account!, sector.companyId)) {
        throw new HttpError(404, format(messages.api.sectorNotFound, { id: request.params.id }));
      }
      return { sector_name: sector.sectorName };
    },
  );
}
