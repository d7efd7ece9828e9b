import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { findSector, listSectors, listSectorsOfCompanies, saveSectors, type SectorRow } from '../repositories/sectors.ts';
import { bearer, errorResponses, idSchema } from '../schemas/common.ts';

/** Largest list the sector and position dialogs may send. */
export const MAX_NAMES = 1000;

/** One row of the dialog's list as checked: an existing id is renamed, no id is a new row. */
export interface NameRow {
  id?: number;
  name: string;
}

/**
 * Checks the dialog's list against the company's existing rows: names not empty, ids of this company
 * (404 otherwise, as for any other company's data), and no name twice in the company once saved.
 */
export function checkNameList(rows: NameRow[], existing: { id: number; name: string }[], notFound: (id: number) => string): NameRow[] {
  const checked = rows.map((row) => ({ ...row, name: row.name.trim() }));
  if (checked.some((row) => row.name === '')) throw new HttpError(400, messages.registry.nameEmpty);
  const final = new Map<number | string, { name: string; touched: boolean }>(existing.map((row) => [row.id, { name: row.name.trim(), touched: false }]));
  checked.forEach((row, index) => {
    if (row.id !== undefined && !final.has(row.id)) throw new HttpError(404, notFound(row.id));
    final.set(row.id ?? `new-${index}`, { name: row.name, touched: true });
  });
  const seen = new Map<string, boolean>();
  for (const { name, touched } of final.values()) {
    const key = name.toLocaleLowerCase('pt-BR');
    const other = seen.get(key);
    // Existing duplicates the dialog did not touch are left alone; only the edit being saved is refused.
    if (other !== undefined && (other || touched)) throw new HttpError(400, format(messages.registry.duplicateName, { name }));
    seen.set(key, (other ?? false) || touched);
  }
  return checked;
}

const sectorSchema = {
  type: 'object',
  required: ['id', 'company_id', 'sector_name'],
  properties: { id: { type: 'integer' }, company_id: { type: 'integer' }, sector_name: { type: 'string' } },
} as const;

const companyParams = { type: 'object', required: ['companyId'], properties: { companyId: idSchema } } as const;

function sectorJson(sector: SectorRow) {
  return { id: sector.id, company_id: sector.companyId, sector_name: sector.sectorName };
}

/**
 * `GET /sectors/list/{companyId}`, `PATCH /sectors/{companyId}`, `POST /sectors/different-companies`
 * and `GET /sectors/{id}`: signed in, own company for a company user. (A respondent's page gets the
 * rated sector's name from its evaluation, `GET /evaluation/find/{id}`.)
 */
export async function sectorRoutes(app: FastifyInstance) {
  app.get<{ Params: { companyId: number } }>(
    '/sectors/list/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Setores de uma empresa',
        security: bearer,
        params: companyParams,
        response: { 200: { type: 'array', items: sectorSchema }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      await visibleCompany(app.db, request.account!, companyId);
      return (await listSectors(app.db, companyId)).map(sectorJson);
    },
  );

  app.patch<{ Params: { companyId: number }; Body: { sectors: { id?: number; sector_name: string }[] } }>(
    '/sectors/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Renomear e acrescentar setores de uma empresa (linhas com id são renomeadas, sem id são criadas)',
        security: bearer,
        params: companyParams,
        body: {
          type: 'object',
          required: ['sectors'],
          additionalProperties: { not: {} },
          properties: {
            sectors: {
              type: 'array',
              maxItems: MAX_NAMES,
              items: {
                type: 'object',
                required: ['sector_name'],
                additionalProperties: { not: {} },
                properties: { id: idSchema, sector_name: { type: 'string', maxLength: 200 } },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['message', 'sectors'],
            properties: { message: { type: 'string' }, sectors: { type: 'array', items: sectorSchema } },
          },
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

  app.post<{ Body: { company_ids: number[] } }>(
    '/sectors/different-companies',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Setores de várias empresas',
        security: bearer,
        body: {
          type: 'object',
          required: ['company_ids'],
          additionalProperties: { not: {} },
          properties: { company_ids: { type: 'array', maxItems: 1000, items: idSchema } },
        },
        response: { 200: { type: 'array', items: sectorSchema }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const companyIds = [...new Set(request.body.company_ids)];
      for (const id of companyIds) await visibleCompany(app.db, request.account!, id);
      return (await listSectorsOfCompanies(app.db, companyIds)).map(sectorJson);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/sectors/:id',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['sectors'],
        summary: 'Nome de um setor (da própria empresa para um usuário de empresa)',
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: idSchema } },
        response: {
          200: { type: 'object', required: ['sector_name'], properties: { sector_name: { type: 'string' } } },
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
