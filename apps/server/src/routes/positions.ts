import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { visibleCompany } from '../access.ts';
import { checkNameList } from '../nameList.ts';
import { listPositions, savePositions, type PositionRow } from '../repositories/positions.ts';
import { bearer, companyParamsSchema, errorResponses, type ContractProvider } from '../contract/common.ts';
import { positionListSchema, positionSaveSchema, positionsSavedSchema, type Position } from '../contract/sectors.ts';

function positionJson(position: PositionRow): Position {
  return { id: position.id, company_id: position.companyId, position_name: position.positionName };
}

/** `GET /positions/list/{companyId}` and `PATCH /positions/{companyId}` (signed in, own company for a company user). */
export async function positionRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.get(
    '/positions/list/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['positions'],
        summary: 'Cargos de uma empresa',
        security: bearer,
        params: companyParamsSchema,
        response: { 200: positionListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return (await listPositions(app.db, companyId)).map(positionJson);
    },
  );

  app.patch(
    '/positions/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['positions'],
        summary: 'Renomear e acrescentar cargos de uma empresa (linhas com id são renomeadas, sem id são criadas)',
        security: bearer,
        params: companyParamsSchema,
        body: positionSaveSchema,
        response: {
          200: positionsSavedSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      const rows = request.body.positions.map((row) => ({ id: row.id, name: row.position_name }));
      const positions = await app.db.transaction(async (tx) => {
        const existing = (await listPositions(tx, companyId)).map((position) => ({ id: position.id, name: position.positionName }));
        const checked = checkNameList(rows, existing, (id) => format(messages.registry.positionNotFound, { id }));
        await savePositions(tx, companyId, checked);
        const renamed = checked.filter((row) => row.id !== undefined).length;
        await recordAudit(tx, request, { action: 'position.save', companyId, target: `company:${companyId}`, details: { renamed, created: checked.length - renamed } });
        return listPositions(tx, companyId);
      });
      // The spec's dialog shows the sectors' toast for positions too.
      return { message: messages.registry.sectorsUpdated, positions: positions.map(positionJson) };
    },
  );
}
