import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { recordAudit } from '../audit.ts';
import { visibleCompany } from '../access.ts';
import { listPositions, savePositions, type PositionRow } from '../repositories/positions.ts';
import { bearer, errorResponses, idSchema } from '../schemas/common.ts';
import { checkNameList, MAX_NAMES } from './sectors.ts';

const positionSchema = {
  type: 'object',
  required: ['id', 'company_id', 'position_name'],
  properties: { id: { type: 'integer' }, company_id: { type: 'integer' }, position_name: { type: 'string' } },
} as const;

const companyParams = { type: 'object', required: ['companyId'], properties: { companyId: idSchema } } as const;

function positionJson(position: PositionRow) {
  return { id: position.id, company_id: position.companyId, position_name: position.positionName };
}

/** `GET /positions/list/{companyId}` and `PATCH /positions/{companyId}` (signed in, own company for a company user). */
export async function positionRoutes(app: FastifyInstance) {
  app.get<{ Params: { companyId: number } }>(
    '/positions/list/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['positions'],
        summary: 'Cargos de uma empresa',
        security: bearer,
        params: companyParams,
        response: { 200: { type: 'array', items: positionSchema }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return (await listPositions(app.db, companyId)).map(positionJson);
    },
  );

  app.patch<{ Params: { companyId: number }; Body: { positions: { id?: number; position_name: string }[] } }>(
    '/positions/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['positions'],
        summary: 'Renomear e acrescentar cargos de uma empresa (linhas com id são renomeadas, sem id são criadas)',
        security: bearer,
        params: companyParams,
        body: {
          type: 'object',
          required: ['positions'],
          additionalProperties: { not: {} },
          properties: {
            positions: {
              type: 'array',
              maxItems: MAX_NAMES,
              items: {
                type: 'object',
                required: ['position_name'],
                additionalProperties: { not: {} },
                properties: { id: idSchema, position_name: { type: 'string', maxLength: 200 } },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['message', 'positions'],
            properties: { message: { type: 'string' }, positions: { type: 'array', items: positionSchema } },
          },
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
