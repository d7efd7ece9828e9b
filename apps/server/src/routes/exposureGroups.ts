import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { EXPOSURE_GROUP_DESCRIPTION_MAX, EXPOSURE_GROUP_NAME_MAX } from '../../../../engine/lifecycle/riskMeasures.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { bearer, companyParamsSchema, errorResponses, messageSchema, type ContractProvider } from '../contract/common.ts';
import {
  exposureGroupCreateSchema,
  exposureGroupListSchema,
  exposureGroupParamsSchema,
  exposureGroupSavedSchema,
  exposureGroupUpdateSchema,
  type ExposureGroup,
} from '../contract/exposureGroups.ts';
import type { Tx } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import type { Account } from '../types.ts';
import {
  deleteExposureGroup,
  exposureGroupNamed,
  foreignMembers,
  insertExposureGroup,
  listExposureGroups,
  exposureGroupCompany,
  updateExposureGroup,
  type ExposureGroupRow,
  type ExposureGroupValues,
} from '../repositories/exposureGroups.ts';
import { lockRiskSettings } from '../repositories/risk.ts';
import { companyGroups } from '../repositories/riskMeasures.ts';

const text = messages.exposureGroups;

/** A group as answered. */
function groupJson(row: ExposureGroupRow): ExposureGroup {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    description: row.description,
    sectors: row.sectors,
    positions: row.positions,
    people: row.people,
    measures: row.measures,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The fields of a group as sent (a new one's, or one's with its changes applied). */
interface GroupFields {
  name: string;
  description?: string | null;
  sector_ids: number[];
  position_ids: number[];
}

/**
 * A company's exposure groups (NR-1, issue 27): `GET /risk/{companyId}/exposure-groups` (the groups,
 * with their sectors, positions, people now and measures, and what a group can be made of; a company
 * user: its own company's), and for administrators `POST /risk/{companyId}/exposure-groups`, `PATCH
 * /risk/exposure-groups/{id}` and `DELETE /risk/exposure-groups/{id}`, each in one transaction with its
 * audit record, under the company's risk settings lock (a publication reads the groups as they are). A
 * group some measure answers cannot be deleted.
 */
export async function exposureGroupRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const staffOrCompany = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  const base = { tags: ['risk'], security: bearer };
  const answers = <Answer>(answer: Answer) => ({ 200: answer, ...errorResponses(400, 401, 403, 404, 409) });

  /** Checks a group's fields at the company (another group `except` may keep its own name); the values to store. */
  async function checkedValues(tx: Tx, companyId: number, input: GroupFields, except?: number): Promise<ExposureGroupValues> {
    const name = input.name.trim().replace(/\s+/g, ' ');
    if (name === '') throw new HttpError(400, text.nameRequired);
    if (name.length > EXPOSURE_GROUP_NAME_MAX) throw new HttpError(400, format(text.nameTooLong, { max: EXPOSURE_GROUP_NAME_MAX }));
    const description = input.description?.trim() || null;
    if (description !== null && description.length > EXPOSURE_GROUP_DESCRIPTION_MAX) throw new HttpError(400, format(text.descriptionTooLong, { max: EXPOSURE_GROUP_DESCRIPTION_MAX }));
    if (input.sector_ids.length === 0 && input.position_ids.length === 0) throw new HttpError(400, text.membersRequired);
    const [sector] = await foreignMembers(tx, companyId, 'sector', input.sector_ids);
    if (sector !== undefined) throw new HttpError(400, format(text.sectorNotFound, { id: sector }));
    const [position] = await foreignMembers(tx, companyId, 'position', input.position_ids);
    if (position !== undefined) throw new HttpError(400, format(text.positionNotFound, { id: position }));
    if (await exposureGroupNamed(tx, companyId, name, except)) throw new HttpError(409, format(text.nameTaken, { name }));
    return { name, description, sectorIds: input.sector_ids, positionIds: input.position_ids };
  }

  /** The group as it is now. */
  const savedJson = async (companyId: number, id: number) => groupJson((await listExposureGroups(app.db, companyId, id))[0]!);

  /**
   * The group as it is once its company's risk settings are locked (every write of a group takes that
   * lock: nothing changes it until the transaction ends), when the account may see it; else 404.
   */
  async function lockedGroup(tx: Tx, account: Account, id: number): Promise<ExposureGroupRow> {
    const companyId = await exposureGroupCompany(tx, id);
    if (companyId === null || !canSeeCompany(account, companyId)) throw new HttpError(404, format(text.notFound, { id }));
    await lockRiskSettings(tx, companyId);
    const [row] = await listExposureGroups(tx, companyId, id);
    if (!row) throw new HttpError(404, format(text.notFound, { id }));
    return row;
  }

  app.get(
    '/risk/:companyId/exposure-groups',
    {
      preHandler: staffOrCompany,
      schema: { ...base, summary: 'Grupos de exposição de uma empresa, feitos de setores e cargos, e os setores e cargos de que podem ser feitos', params: companyParamsSchema, response: answers(exposureGroupListSchema) },
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const groups = await listExposureGroups(app.db, company.id);
      return { groups: groups.map(groupJson), ...(await companyGroups(app.db, company.id)) };
    },
  );

  app.post(
    '/risk/:companyId/exposure-groups',
    { preHandler: adminOnly, schema: { ...base, summary: 'Criar um grupo de exposição da empresa (administradores)', params: companyParamsSchema, body: exposureGroupCreateSchema, response: answers(exposureGroupSavedSchema) } },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const values = await app.db.transaction(async (tx) => {
        await lockRiskSettings(tx, company.id);
        const values = await checkedValues(tx, company.id, request.body);
        const id = await insertExposureGroup(tx, company.id, values, request.account!.id);
        await recordAudit(tx, request, { action: 'risk.exposureGroup.create', companyId: company.id, target: `exposureGroup:${id}`, details: { sectors: values.sectorIds.length, positions: values.positionIds.length } });
        return { ...values, id };
      });
      return { message: format(text.created, { name: values.name }), group: await savedJson(company.id, values.id) };
    },
  );

  app.patch(
    '/risk/exposure-groups/:id',
    { preHandler: adminOnly, schema: { ...base, summary: 'Alterar o nome, a descrição, os setores ou os cargos de um grupo de exposição (administradores)', params: exposureGroupParamsSchema, body: exposureGroupUpdateSchema, response: answers(exposureGroupSavedSchema) } },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const changed = Object.keys(changes).sort();
      if (changed.length === 0) throw new HttpError(400, messages.measures.nothingToChange);
      const { companyId, name } = await app.db.transaction(async (tx) => {
        const row = await lockedGroup(tx, request.account!, id);
        const values = await checkedValues(
          tx,
          row.companyId,
          {
            name: changes.name ?? row.name,
            description: changes.description !== undefined ? changes.description : row.description,
            sector_ids: changes.sector_ids ?? row.sectors.map((sector) => sector.id),
            position_ids: changes.position_ids ?? row.positions.map((position) => position.id),
          },
          id,
        );
        await updateExposureGroup(tx, id, values, request.account!.id);
        await recordAudit(tx, request, { action: 'risk.exposureGroup.update', companyId: row.companyId, target: `exposureGroup:${id}`, details: { fields: changed, sectors: values.sectorIds.length, positions: values.positionIds.length } });
        return { companyId: row.companyId, name: values.name };
      });
      return { message: format(text.updated, { name }), group: await savedJson(companyId, id) };
    },
  );

  app.delete(
    '/risk/exposure-groups/:id',
    { preHandler: adminOnly, schema: { ...base, summary: 'Excluir um grupo de exposição que nenhuma medida do plano de ação usa (administradores)', params: exposureGroupParamsSchema, response: answers(messageSchema) } },
    async (request) => {
      const { id } = request.params;
      const name = await app.db.transaction(async (tx) => {
        const row = await lockedGroup(tx, request.account!, id);
        if (row.measures > 0) throw new HttpError(409, format(text.inUse, { name: row.name, count: row.measures }));
        await deleteExposureGroup(tx, id);
        await recordAudit(tx, request, { action: 'risk.exposureGroup.delete', companyId: row.companyId, target: `exposureGroup:${id}`, details: {} });
        return row.name;
      });
      return { message: format(text.deleted, { name }) };
    },
  );
}
