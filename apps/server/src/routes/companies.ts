import type { FastifyInstance } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { cnpjOrCpfDigits, phoneDigits } from '../documents.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { documentInUse, findCompany, insertCompany, listActiveCompanies, updateCompany, type CompanyFields, type CompanyRow, type ReminderPolicyFields } from '../repositories/companies.ts';
import { isUniqueViolation } from '../repositories/users.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { companyCreateSchema, companyListSchema, companySavedSchema, companyUpdateSchema, type Company, type CompanyForm } from '../contract/companies.ts';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { companyScope } from '../access.ts';

function companyJson(company: CompanyRow): Company {
  return {
    id: company.id,
    commercial_name: company.commercialName,
    company_name: company.companyName,
    cnpj: company.cnpj,
    phone: company.phone,
    status: company.status,
    reminder_days_before: company.reminderDaysBefore,
    reminder_max: company.reminderMax,
    reminder_min_gap_days: company.reminderMinGapDays,
    anonymity_min: company.anonymityMin,
    retention_months: company.retentionMonths,
    norm_excluded: company.normExcluded,
  };
}

/** The anonymity minimum the call sent: absent leaves it; else an integer from 2 to 100, or 400. */
function anonymityMinimum(body: CompanyForm): { anonymityMin?: number } {
  if (body.anonymity_min === undefined) return {};
  const value = body.anonymity_min;
  if (!Number.isInteger(value) || value < 2 || value > 100) throw new HttpError(400, messages.registry.anonymityMinInvalid);
  return { anonymityMin: value };
}

/**
 * The retention the call sent: absent leaves it; null clears it (the data is kept; the schema's
 * coercion turns an empty text into null); else an integer from 1 to 120, or 400.
 */
function retention(body: CompanyForm): { retentionMonths?: number | null } {
  const value = body.retention_months;
  if (value === undefined) return {};
  if (value === null) return { retentionMonths: null };
  if (!Number.isInteger(value) || value < 1 || value > 120) throw new HttpError(400, messages.retention.monthsInvalid);
  return { retentionMonths: value };
}

/** One number of the reminder policy: an integer within its range, else 400 with its message. */
function policyNumber(value: number, maximum: number, message: string): number {
  if (!Number.isInteger(value) || value < 1 || value > maximum) throw new HttpError(400, message);
  return value;
}

/**
 * The reminder policy the call sent: absent (all three missing) leaves it as it is; all three null
 * turns it off; all three numbers turn it on. Anything else is a 400 with the form's message.
 */
function reminderPolicy(body: CompanyForm): Partial<ReminderPolicyFields> {
  const values = [body.reminder_days_before, body.reminder_max, body.reminder_min_gap_days];
  if (values.every((value) => value === undefined)) return {};
  if (values.every((value) => value === null)) return { reminderDaysBefore: null, reminderMax: null, reminderMinGapDays: null };
  if (values.some((value) => value === undefined || value === null)) throw new HttpError(400, messages.registry.reminderPolicyIncomplete);
  return {
    reminderDaysBefore: policyNumber(body.reminder_days_before!, 365, messages.registry.reminderDaysBeforeInvalid),
    reminderMax: policyNumber(body.reminder_max!, 30, messages.registry.reminderMaxInvalid),
    reminderMinGapDays: policyNumber(body.reminder_min_gap_days!, 365, messages.registry.reminderMinGapInvalid),
  };
}

/** Checks the company form in the order the form shows its fields; 400 with the form's message. */
function companyFields(body: CompanyForm): CompanyFields {
  const commercialName = (body.commercial_name ?? '').trim();
  if (commercialName === '') throw new HttpError(400, messages.registry.commercialNameRequired);
  const companyName = (body.company_name ?? '').trim();
  if (companyName === '') throw new HttpError(400, messages.registry.companyNameRequired);
  const cnpj = cnpjOrCpfDigits(body.cnpj);
  const phone = phoneDigits(body.phone, false);
  return { commercialName, companyName, cnpj, phone, ...(body.status === undefined ? {} : { status: body.status }), ...reminderPolicy(body), ...anonymityMinimum(body), ...retention(body), ...(body.norm_excluded === undefined ? {} : { normExcluded: body.norm_excluded }) };
}

/** Runs a company write; the unique index of active CNPJs (a concurrent save) answers like the pre-check. */
async function withUniqueDocument<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.registry.documentTaken);
    throw error;
  }
}

/**
 * `GET /companies` (signed in), `POST /companies` and `PATCH /companies` (administrators). Two active
 * companies never share a CNPJ/CPF (409).
 */
export async function companyRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();
  app.get(
    '/companies',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Empresas visíveis ao usuário',
        security: bearer,
        response: { 200: companyListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const account = request.account!;
      const own = companyScope(account);
      const companies = await listActiveCompanies(app.db, own);
      return companies.map(companyJson);
    },
  );

  app.post(
    '/companies',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['companies'],
        summary: 'Cadastrar empresa (administrador); CNPJ/CPF e telefone guardados só com dígitos',
        security: bearer,
        body: companyCreateSchema,
        response: { 201: companySavedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const fields = companyFields(request.body ?? {});
      const company = await withUniqueDocument(() =>
        app.db.transaction(async (tx) => {
          if (fields.status !== false && (await documentInUse(tx, fields.cnpj))) throw new HttpError(409, messages.registry.documentTaken);
          const created = await insertCompany(tx, fields);
          await recordAudit(tx, request, {
            action: 'company.create',
            companyId: created.id,
            target: `company:${created.id}`,
            ...(created.retentionMonths === null ? {} : { details: { retention_months: created.retentionMonths } }),
          });
          return created;
        }),
      );
      return reply.code(201).send({ message: messages.registry.companySaved, company: companyJson(company) });
    },
  );

  app.patch(
    '/companies',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['companies'],
        summary: 'Editar empresa (administrador)',
        security: bearer,
        body: companyUpdateSchema,
        response: { 200: companySavedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const fields = companyFields(request.body);
      const { id } = request.body;
      const company = await withUniqueDocument(() =>
        app.db.transaction(async (tx) => {
          const existing = await findCompany(tx, id);
          if (!existing) return null;
          // Only an active company claims its document (a deactivated one may share it until reactivated).
          const active = fields.status ?? existing.status;
          if (active && (await documentInUse(tx, fields.cnpj, id))) throw new HttpError(409, messages.registry.documentTaken);
          const updated = await updateCompany(tx, id, fields);
          // A retention change decides whose personal data the daily job erases: the log keeps it.
          const details = {
            ...(fields.status === undefined ? {} : { status: fields.status }),
            ...(fields.retentionMonths === undefined || fields.retentionMonths === existing.retentionMonths ? {} : { retention_months: fields.retentionMonths }),
            ...(fields.normExcluded === undefined || fields.normExcluded === existing.normExcluded ? {} : { norm_excluded: fields.normExcluded }),
          };
          await recordAudit(tx, request, { action: 'company.update', companyId: id, target: `company:${id}`, details });
          return updated;
        }),
      );
      if (!company) throw new HttpError(404, format(messages.api.companyNotFound, { id }));
      return { message: messages.registry.companySaved, company: companyJson(company) };
    },
  );
}
