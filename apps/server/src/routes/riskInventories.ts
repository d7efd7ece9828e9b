import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import type { DashboardDefinition, DashboardFilters, Row } from '../../../../engine/definition/dashboard.ts';
import { isValidated } from '../../../../engine/definition/instruments.ts';
import { probabilityCriteria, type RiskMatrix } from '../../../../engine/definition/risk.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { twoYearsAfter } from '../../../../engine/lifecycle/riskReview.ts';
import { localDay } from '../../../../engine/rules/dates.ts';
import { canSeeCompany, visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { bearer, companyParamsSchema, errorResponses, type ContractProvider } from '../contract/common.ts';
import {
  inventoryBodySchema,
  inventoryFileSchema,
  inventoryListSchema,
  inventoryParamsSchema,
  inventoryPreviewSchema,
  inventoryPublishedSchema,
  inventorySchema,
  type Inventory,
  type InventoryBody,
  type InventoryContent,
  type InventoryEntry,
} from '../contract/riskInventories.ts';
import { HttpError } from '../errors.ts';
import { inventoryDocument, inventoryFileName, inventorySheet } from '../reports/inventory.ts';
import { replyWithFile } from '../reports/reports.ts';
import { renderXlsx } from '../reports/xlsx.ts';
import type { CompanyRow } from '../repositories/companies.ts';
import { findCycle } from '../repositories/cycles.ts';
import { companyMatrix, lockRiskSettings } from '../repositories/risk.ts';
import { listExposureGroups } from '../repositories/exposureGroups.ts';
import { exposedWorkers, findInventory, insertInventory, listInventories, nextInventoryVersion, type InventoryRow } from '../repositories/riskInventories.ts';
import type { Db } from '../db/client.ts';
import { dashboardData } from '../results/dashboards.ts';
import { riskView } from '../results/riskView.ts';
import { requestDay } from './requestDay.ts';

/** What an inventory's groups are besides the whole company. */
type InventoryGroupBy = NonNullable<InventoryBody['group_by']>;

const text = messages.inventory;

/** The key of the whole company's entry in the body's `processes` and `activities`. */
const WHOLE_KEY = '*';

/** A staff text, trimmed; `fallback` when missing or blank. */
const staffText = (value: string | null | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback);

/** A number to one decimal (shares and rates as the inventory states them). */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** A row's text field, or null. */
const textOf = (row: Row, field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null);

/** A matrix as stored and answered: without the editors' `$schema`. */
function plainMatrix(matrix: RiskMatrix): RiskMatrix {
  const plain = { ...matrix };
  delete plain.$schema;
  return plain;
}

/** A stored inventory as answered. */
function inventoryJson(row: InventoryRow): Inventory {
  return {
    id: row.id,
    company_id: row.companyId,
    type: row.type,
    cycle_id: row.cycleId,
    cycle_name: row.cycleName,
    version: row.version,
    published_at: row.publishedAt.toISOString(),
    published_by: row.publishedBy,
    responsible_name: row.responsibleName,
    responsible_registration: row.responsibleRegistration,
    presented_on: row.presentedOn,
    presented_how: row.presentedHow,
    review_due: row.reviewDue,
    content: row.content as InventoryContent,
  };
}

/**
 * The published psychosocial risk inventory (issue 27, NR-1 1.5.7.3.2): `GET /risk/{companyId}/inventories`
 * (the versions), `POST /risk/{companyId}/inventories/preview` and `POST /risk/{companyId}/inventories`
 * (staff: what would be published, and publishing it as version n + 1 in one audited transaction),
 * `GET /risk/inventories/{id}` and its `/pdf` and `/xlsx`. A company user reads its own company's. No
 * route changes or deletes a published version (the table's trigger refuses it too).
 */
export async function riskInventoryRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  const staffOrCompany = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];
  /** What every inventory route declares besides its summary, params and answers. */
  const base = { tags: ['risk'], security: bearer };
  /** The success answer and the error answers of a JSON route. */
  const answers = <Answer>(answer: Answer) => ({ 200: answer, ...errorResponses(400, 401, 403, 404) });
  /** The options of the two administrators' calls that take a publication's body (preview and publish). */
  const publishing = <Answer>(summary: string, answer: Answer) => ({
    preHandler: adminOnly,
    schema: { ...base, summary, params: companyParamsSchema, body: inventoryBodySchema, response: answers(answer) },
  });

  /**
   * The view the inventory's numbers come from: the questionnaire's result view (its filters and
   * anonymity settings) with the datasets of the risk view, whole and by exposure group (sector,
   * position or a group staff defined) under the anonymous group's minimum and complementary
   * suppression, and the round's participation.
   */
  const inventoryView = (type: number, title: string, groupBy: InventoryGroupBy): DashboardDefinition =>
    riskView(app.definitions, type, title, {
      risk: { query: 'risk', types: [type], anonymous: 'group' },
      riskByGroup: { query: 'risk', types: [type], anonymous: 'group', byGroup: groupBy },
      participation: { query: 'participation', types: [type], by: 'all' },
    });

  /** What would be published for the company now: the content, its review day and version; every 400 of the brief. */
  async function inventoryContent(company: CompanyRow, body: InventoryBody, db: Db = app.db) {
    const definition = app.definitions.questionnaires.get(body.type);
    const risk = definition?.risk;
    if (!definition || !risk) throw new HttpError(400, format(messages.risk.unknownType, { type: body.type }));
    const cycle = body.cycle_id == null ? null : await findCycle(db, body.cycle_id);
    if (body.cycle_id != null && (!cycle || cycle.companyId !== company.id)) throw new HttpError(404, format(messages.cycles.notFound, { id: body.cycle_id }));
    const responsibleName = body.responsible_name.trim();
    const responsibleRegistration = body.responsible_registration.trim();
    if (responsibleName === '') throw new HttpError(400, text.responsibleNameRequired);
    if (responsibleRegistration === '') throw new HttpError(400, text.responsibleRegistrationRequired);
    const presentedOn = body.presented_on?.trim() ? requestDay(body.presented_on, text.presentedOnInvalid) : null;

    const filters: DashboardFilters = { company_id: company.id, ...(cycle ? { cycle_id: cycle.id } : {}) };
    const groupBy = body.group_by ?? 'sector';
    const data = await dashboardData(db, app.definitions, inventoryView(body.type, definition.title, groupBy), filters, { timeZone: app.settings.timeZone });
    if (data.respondents === 0) throw new HttpError(400, format(text.noAnswers, { title: definition.title, scope: cycle ? format(text.scopeCycle, { name: cycle.name }) : text.scopeCompany }));
    const whole = data.datasets.risk?.rows ?? [];
    if (whole.length === 0) throw new HttpError(400, format(text.wholeWithheld, { reason: data.withheld?.[0]?.message ?? format(text.noAnswers, { title: definition.title, scope: text.scopeCompany }) }));
    const unrated = whole.filter((row) => row.severity === null).map((row) => String(row.factorLabel));
    if (unrated.length > 0) throw new HttpError(400, format(text.severityMissing, { factors: unrated.join(', ') }));

    const matrix = plainMatrix((await companyMatrix(db, company.id)) ?? app.definitions.riskMatrix);
    const exposed = await exposedWorkers(db, company.id, groupBy);
    // A group staff defined is characterized by what they wrote of it, unless the brief says otherwise.
    const described = new Map(groupBy === 'exposure' ? (await listExposureGroups(db, company.id)).map((group) => [group.id, group.description]) : []);
    const measures = body.measures ?? {};
    const sources = body.sources ?? {};
    const groupText = (texts: Record<string, string> | undefined, key: string, name: string, fallback: string) => staffText(texts?.[key] ?? texts?.[name], fallback);

    const factorEntry = (row: Row, group: Pick<InventoryEntry, 'group' | 'group_id' | 'group_kind' | 'whole' | 'processes' | 'activities' | 'exposed'>): InventoryEntry => {
      const factor = String(row.factor);
      return {
        ...group,
        withheld: null,
        factor,
        factor_label: textOf(row, 'factorLabel'),
        hazard: textOf(row, 'hazard'),
        sources: staffText(sources[factor], text.sourcesDefault),
        harms: textOf(row, 'harms'),
        measures: staffText(measures[factor], text.measuresDefault),
        share: typeof row.share === 'number' ? oneDecimal(row.share) : null,
        respondents: typeof row.respondents === 'number' ? row.respondents : null,
        probability_label: textOf(row, 'probabilityLabel'),
        probability_criterion: textOf(row, 'probabilityCriterion'),
        severity_label: textOf(row, 'severityLabel'),
        severity_criterion: textOf(row, 'severityCriterion'),
        severity_reason: textOf(row, 'severityReason'),
        level_label: textOf(row, 'levelLabel'),
        level_color: textOf(row, 'levelColor'),
        level_action: textOf(row, 'levelAction'),
      };
    };
    const entries: InventoryEntry[] = whole.map((row) =>
      factorEntry(row, {
        group: text.wholeGroup,
        group_id: null,
        group_kind: 'whole',
        whole: true,
        processes: groupText(body.processes, WHOLE_KEY, WHOLE_KEY, text.wholeProcesses),
        activities: groupText(body.activities, WHOLE_KEY, WHOLE_KEY, text.wholeActivities),
        exposed: exposed.whole,
      }),
    );
    // The groups in the order the risk view shows them; a hidden one as one line naming why.
    const byGroup = new Map<number, Row[]>();
    for (const row of data.datasets.riskByGroup?.rows ?? []) {
      const id = Number(row.groupId);
      byGroup.set(id, [...(byGroup.get(id) ?? []), row]);
    }
    for (const [id, rows] of byGroup) {
      const name = String(rows[0]!.group);
      const group = {
        group: name,
        group_id: id,
        group_kind: groupBy,
        whole: false,
        processes: groupText(body.processes, String(id), name, described.get(id) ?? name),
        activities: groupText(body.activities, String(id), name, name),
        exposed: exposed.byGroup.get(id) ?? 0,
      };
      const withheld = rows.find((row) => row.withheld !== null && row.withheld !== undefined)?.withheld;
      if (withheld) {
        entries.push({
          ...group,
          withheld: format(text.withheldNote, { reason: String(withheld) }),
          ...Object.fromEntries(
            (['factor', 'factor_label', 'hazard', 'sources', 'harms', 'measures', 'share', 'respondents', 'probability_label', 'probability_criterion', 'severity_label', 'severity_criterion', 'severity_reason', 'level_label', 'level_color', 'level_action'] as const).map((key) => [key, null]),
          ),
        } as InventoryEntry);
      } else entries.push(...rows.map((row) => factorEntry(row, group)));
    }

    const major = data.editions?.find((edition) => edition.type === body.type)?.chosen ?? definition.version ?? 1;
    const version = (app.definitions.versions.get(body.type) ?? []).filter((candidate) => candidate.number.major === major).at(-1)?.version ?? null;
    const participation = data.datasets.participation?.rows[0];
    const validated = isValidated(definition);
    const content: InventoryContent = {
      company: { name: company.commercialName, legal_name: company.companyName, cnpj: company.cnpj },
      cycle: cycle ? { id: cycle.id, name: cycle.name, opens_on: cycle.opensOn, closes_on: cycle.closesOn } : null,
      questionnaire: { type: body.type, title: definition.title, version, validated, notice: validated ? null : messages.reports.notValidated.replace('{version} — ', '') },
      participation: {
        invited: Number(participation?.invited ?? 0),
        answered: Number(participation?.answered ?? 0),
        rate: oneDecimal(Number(participation?.rate ?? 0)),
      },
      responsible: { name: responsibleName, registration: responsibleRegistration },
      presented: { on: presentedOn, how: body.presented_how?.trim() ? body.presented_how.trim() : null },
      ergonomics: staffText(body.ergonomics, text.ergonomicsDefault),
      matrix,
      criteria: { probability: probabilityCriteria(matrix, risk.probability) },
      entries,
    };
    const reviewDue = twoYearsAfter(localDay(new Date(), app.settings.timeZone));
    return { content, reviewDue, cycle, responsibleName, responsibleRegistration, presentedOn };
  }

  /** The inventory if it exists and the account may see its company; else 404. */
  async function visibleInventory(request: FastifyRequest, id: number): Promise<InventoryRow> {
    const row = await findInventory(app.db, id);
    if (!row || !canSeeCompany(request.account!, row.companyId)) throw new HttpError(404, format(text.notFound, { id }));
    return row;
  }

  app.get(
    '/risk/:companyId/inventories',
    { preHandler: staffOrCompany, schema: { ...base, summary: 'Inventários de riscos psicossociais publicados de uma empresa, do mais recente ao mais antigo', params: companyParamsSchema, response: answers(inventoryListSchema) } },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const rows = await listInventories(app.db, company.id);
      return {
        inventories: rows.map((row) => {
          const full = inventoryJson(row);
          return { id: full.id, type: full.type, cycle_id: full.cycle_id, cycle_name: full.cycle_name, version: full.version, published_at: full.published_at, published_by: full.published_by, responsible_name: full.responsible_name, review_due: full.review_due };
        }),
      };
    },
  );

  app.post(
    '/risk/:companyId/inventories/preview',
    publishing('Prévia do inventário de riscos psicossociais que seria publicado agora (nada é gravado; administradores)', inventoryPreviewSchema),
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const { content, reviewDue } = await inventoryContent(company, request.body);
      return { version: await nextInventoryVersion(app.db, company.id, request.body.type), review_due: reviewDue, content };
    },
  );

  app.post(
    '/risk/:companyId/inventories',
    publishing('Publicar o inventário de riscos psicossociais da empresa como nova versão imutável (administradores)', inventoryPublishedSchema),
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const { type } = request.body;
      const id = await app.db.transaction(async (tx) => {
        // One publication of the company at a time: the versions follow one another without a gap or a
        // clash; and the content is read under the same lock as a severity's or the matrix's change, so a
        // version never holds a severity changed while it was being published.
        await lockRiskSettings(tx, company.id);
        const built = await inventoryContent(company, request.body, tx);
        const version = await nextInventoryVersion(tx, company.id, type);
        const stored = await insertInventory(tx, {
          companyId: company.id,
          type,
          cycleId: built.cycle?.id ?? null,
          version,
          publishedBy: request.account!.id,
          responsibleName: built.responsibleName,
          responsibleRegistration: built.responsibleRegistration,
          presentedOn: built.presentedOn,
          presentedHow: built.content.presented.how,
          reviewDue: built.reviewDue,
          content: built.content,
        });
        await recordAudit(tx, request, { action: 'risk.inventory.publish', companyId: company.id, target: `riskInventory:${stored}`, details: { type_evaluation: type, version, cycle_id: built.cycle?.id ?? null } });
        return stored;
      });
      const inventory = inventoryJson((await findInventory(app.db, id))!);
      return { message: format(text.published, { version: inventory.version }), inventory };
    },
  );

  app.get(
    '/risk/inventories/:id',
    { preHandler: staffOrCompany, schema: { ...base, summary: 'Um inventário de riscos psicossociais publicado (o da própria empresa para o usuário da empresa)', params: inventoryParamsSchema, response: answers(inventorySchema) } },
    async (request) => inventoryJson(await visibleInventory(request, request.params.id)),
  );

  /** Answers an inventory's file, recording its export by the signed-in account once it is made. */
  const fileRoute = (extension: 'pdf' | 'xlsx', summary: string) =>
    app.get(
      `/risk/inventories/:id/${extension}`,
      { preHandler: staffOrCompany, schema: { ...base, summary, params: inventoryParamsSchema, response: { 200: inventoryFileSchema, ...errorResponses(401, 403, 404, 502, 503) } } },
      async (request, reply) => {
        const inventory = inventoryJson(await visibleInventory(request, request.params.id));
        return replyWithFile(app, reply, async () => {
          const pdf = extension === 'pdf' ? await app.reports.render(inventoryDocument(inventory, app.settings)) : await renderXlsx(inventorySheet(inventory, app.settings));
          await app.db.transaction((tx) =>
            recordAudit(tx, request, { action: 'report.export', companyId: inventory.company_id, target: `riskInventory:${inventory.id}`, details: { view: 'riskInventory', format: extension, version: inventory.version } }),
          );
          return { fileName: inventoryFileName(inventory, extension), pdf, title: text.title };
        });
      },
    );
  fileRoute('pdf', 'O inventário de riscos psicossociais em PDF, para a fiscalização do trabalho');
  fileRoute('xlsx', 'O inventário de riscos psicossociais em .xlsx: uma linha por grupo exposto e fator, uma coluna por campo da NR-1 (1.5.7.3.2)');
}
