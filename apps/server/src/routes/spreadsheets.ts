import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleCompany } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { companyEmployees, companyPositions, companySectors, isUniqueViolation, usersByEmail } from '../repositories/employees.ts';
import { bearer, companyParamsSchema, errorResponses, type ContractProvider } from '../contract/common.ts';
import { importResultSchema, xlsxFileSchema } from '../contract/spreadsheets.ts';
import { applyImport } from '../spreadsheets/applyImport.ts';
import { planImport } from '../spreadsheets/importPlan.ts';
import { MAX_UPLOAD_BYTES, XLSX_MIME, fileSlug } from '../spreadsheets/layout.ts';
import { readUpload } from '../spreadsheets/upload.ts';
import { buildWorkbook } from '../spreadsheets/workbook.ts';
import { normalizeEmail } from '../../../../engine/rules/email.ts';

/** Most bad rows listed in one answer (the message gives the total). */
const MAX_LISTED_ERRORS = 500;

function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The employees spreadsheet of a company: `GET /users/excel/template/{companyId}` (the template with the
 * company's sectors and positions), `GET /users/excel/{companyId}` (export) and
 * `POST /users/excel/{companyId}` (multipart import, one transaction). Administrators: any company;
 * company users: their own (others answer 404).
 */
export async function spreadsheetRoutes(server: FastifyInstance, options: { maxBytes?: number } = {}) {
  const app = server.withTypeProvider<ContractProvider>();
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  /** Options of a signed-in .xlsx download of one company. */
  const download = (summary: string) => ({
    preHandler: [app.authenticate],
    schema: { tags: ['spreadsheets'], summary, security: bearer, params: companyParamsSchema, produces: [XLSX_MIME], response: { 200: xlsxFileSchema, ...errorResponses(400, 401, 404) } },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 200 } });

  app.get(
    '/users/excel/template/:companyId',
    download('Modelo da planilha de colaboradores (com os setores e cargos da empresa)'),
    async (request, reply) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const [sectors, positions] = [await companySectors(app.db, company.id), await companyPositions(app.db, company.id)];
      const body = await buildWorkbook({ sectors, positions, employees: [] });
      await app.db.transaction((tx) => recordAudit(tx, request, { action: 'spreadsheet.export', companyId: company.id, target: `company:${company.id}`, details: { kind: 'template' } }));
      return sendXlsx(reply, `modelo-colaboradores-${fileSlug(company.commercialName)}.xlsx`, body);
    },
  );

  app.get(
    '/users/excel/:companyId',
    download('Exportar colaboradores, setores e cargos da empresa'),
    async (request, reply) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const sectors = await companySectors(app.db, company.id);
      const positions = await companyPositions(app.db, company.id);
      const employees = (await companyEmployees(app.db, company.id)).map((employee) => ({
        id: employee.id,
        name: employee.name,
        email: employee.email,
        phone: employee.phone,
        sector: employee.sector?.name ?? null,
        position: employee.position?.name ?? null,
      }));
      const body = await buildWorkbook({ sectors, positions, employees });
      await app.db.transaction((tx) =>
        recordAudit(tx, request, { action: 'spreadsheet.export', companyId: company.id, target: `company:${company.id}`, details: { kind: 'employees', rows: employees.length } }),
      );
      return sendXlsx(reply, `colaboradores-${fileSlug(company.commercialName)}.xlsx`, body);
    },
  );

  app.post(
    '/users/excel/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['spreadsheets'],
        summary: 'Importar a planilha de colaboradores (multipart, campo file; tudo ou nada)',
        description: `Cria ou atualiza por Id: setores e cargos primeiro, depois os colaboradores. Qualquer linha com erro → 400 com todas as linhas em errors, e nada é importado. Limite de ${Math.round(maxBytes / 1024 / 1024)} MB.`,
        security: bearer,
        params: companyParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          200: importResultSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      if (!request.isMultipart()) throw new HttpError(415, messages.spreadsheet.notMultipart);
      let buffer: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new HttpError(400, messages.spreadsheet.fileMissing);
        buffer = await file.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, format(messages.spreadsheet.fileTooLarge, { mb: Math.round(maxBytes / 1024 / 1024) }));
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(400, messages.spreadsheet.oneFile);
        throw new HttpError(400, messages.spreadsheet.uploadBroken);
      }
      const sheets = await readUpload(buffer);
      const emails = sheets.employees.map((row) => normalizeEmail(row.cells[1] ?? '')).filter((email) => email !== '');
      try {
        const counts = await app.db.transaction(async (tx) => {
          const state = {
            companyId: company.id,
            sectors: await companySectors(tx, company.id),
            positions: await companyPositions(tx, company.id),
            employees: await companyEmployees(tx, company.id),
            emailOwners: new Map((await usersByEmail(tx, emails)).map((owner) => [owner.email, { id: owner.id, companyId: owner.companyId }])),
          };
          const { plan, errors } = planImport(sheets, state);
          if (!plan) {
            const listed = errors.slice(0, MAX_LISTED_ERRORS);
            if (errors.length > listed.length) listed.push(format(messages.spreadsheet.moreErrors, { count: errors.length - listed.length }));
            throw new HttpError(400, format(messages.spreadsheet.rowsRejected, { count: errors.length }), listed);
          }
          const applied = await applyImport(tx, company.id, plan);
          await recordAudit(tx, request, { action: 'spreadsheet.import', companyId: company.id, target: `company:${company.id}`, details: { created: applied.created, updated: applied.updated } });
          return applied;
        });
        return { message: messages.spreadsheet.success, ...counts };
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, messages.spreadsheet.emailConflict);
        throw error;
      }
    },
  );
}
