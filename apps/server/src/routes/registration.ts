import { randomBytes } from 'node:crypto';
import { Ajv } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { visibleCompany } from '../access.ts';
import type { CompanyRow } from '../repositories/companies.ts';
import { findCompany } from '../repositories/companies.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { isEmail, normalizeEmail } from '../../../../engine/rules/email.ts';
import { isPhone, normalizePhone } from '../../../../engine/rules/phone.ts';
import { nameKey, normalizeText } from '../../../../engine/rules/text.ts';
import {
  companyEmployees,
  companyPositions,
  companySectors,
  insertParticipants,
  insertPositions,
  insertSectors,
  insertRelations,
  isUniqueViolation,
  usersByEmail,
  type NamedRow,
} from '../repositories/employees.ts';
import { expireRegistrations, findValidRegistration, insertRegistration, validRegistrationOf } from '../repositories/registration.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import {
  linkParamsSchema,
  linkQuerySchema,
  registrationDataSchema,
  registrationKeyParamsSchema,
  registrationLinkSchema,
  registrationSavedSchema,
  registrationSaveSchema,
} from '../contract/registration.ts';

/** Days a registration link works. */
export const REGISTRATION_DAYS = 30;
const MAX_NAME = 200;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * An e-mail as the public registration link shows it: 'ana.souza@demonstracao.com.br' →
 * 'a***@d***.com.br', enough to tell the rows apart, not to write to anyone.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  const host = dot === -1 ? domain : domain.slice(0, dot);
  return `${email[0]}***@${host.slice(0, 1)}***${dot === -1 ? '' : domain.slice(dot)}`;
}

/** The messages of every bad row, by its label ('Colaborador 3'). */
class RowProblems {
  readonly rows: string[] = [];
  check(label: string, problems: string[]): boolean {
    if (problems.length > 0) this.rows.push(format(messages.registration.rowError, { row: label, problems: problems.join('; ') }));
    return problems.length === 0;
  }
}

/** Whether a dropdown value means "no sector/position". */
function isEmptyChoice(value: string | null | undefined): boolean {
  const normalized = normalizeText(value ?? '');
  return normalized === '' || nameKey(normalized) === nameKey(messages.registration.empty);
}

/** Checks the new sector or position names against the company's and each other; answers the names to create. */
function newNames(rows: { name: string; isNew: boolean }[], existing: NamedRow[], label: string, problems: RowProblems): string[] {
  const keys = new Set(existing.map((row) => nameKey(row.name)));
  const created: string[] = [];
  rows.forEach((row, index) => {
    if (!row.isNew) return;
    const name = normalizeText(row.name);
    const found: string[] = [];
    if (name === '') found.push(messages.registration.nameEmpty);
    else if (name.length > MAX_NAME) found.push(format(messages.registration.nameTooLong, { max: MAX_NAME }));
    else if (nameKey(name) === nameKey(messages.registration.empty)) found.push(messages.registration.nameReserved);
    else if (keys.has(nameKey(name))) found.push(format(messages.registration.nameRepeated, { name }));
    if (problems.check(format(label, { n: index + 1 }), found)) {
      keys.add(nameKey(name));
      created.push(name);
    }
  });
  return created;
}

/**
 * Public company registration: the staff call that hands out the link (`POST /users/data/link/{companyId}`),
 * `GET /users/data/{companyId or transaction}` and `PATCH /users/data` (also with a trailing slash).
 * Only rows flagged `new: true` are written; existing rows are read-only and ignored.
 */
export async function registrationRoutes(server: FastifyInstance, options: { publicLimit?: number } = {}) {
  const app = server.withTypeProvider<ContractProvider>();
  const rateLimit = { max: options.publicLimit ?? 120, timeWindow: '1 minute' };
  // Unknown fields are rejected (400), not silently dropped: a client sending them has a wrong contract.
  const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema as object));

  /** The company a key names: a company id (signed-in staff, tenancy) or a valid link token (public). */
  async function companyOfKey(request: FastifyRequest, reply: FastifyReply, key: { companyId?: number; token?: string }): Promise<CompanyRow> {
    if (key.companyId !== undefined) {
      await app.authenticate.call(app, request, reply);
      return visibleCompany(app.db, request.account!, key.companyId);
    }
    const token = key.token ?? '';
    const registration = TOKEN.test(token) ? await findValidRegistration(app.db, token) : null;
    const company = registration ? await findCompany(app.db, registration.companyId) : null;
    if (!company || !company.status) throw new HttpError(404, messages.registration.notFound);
    return company;
  }

  app.post(
    '/users/data/link/:companyId',
    {
      preHandler: [app.authenticate],
      schema: {
        tags: ['registration'],
        summary: `Link público de cadastro da empresa (válido por ${REGISTRATION_DAYS} dias; renew=true gera outro e revoga os anteriores)`,
        security: bearer,
        params: linkParamsSchema,
        querystring: linkQuerySchema,
        response: {
          200: registrationLinkSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const company = await visibleCompany(app.db, request.account!, request.params.companyId);
      const renew = request.query.renew === true;
      const link = await app.db.transaction(async (tx) => {
        if (!renew) {
          const valid = await validRegistrationOf(tx, company.id);
          if (valid) return valid;
        } else {
          await expireRegistrations(tx, company.id);
        }
        const row = { token: randomBytes(32).toString('base64url'), companyId: company.id, expiresAt: new Date(Date.now() + REGISTRATION_DAYS * 86400000) };
        await insertRegistration(tx, row);
        // The token itself is a secret of the link: never recorded.
        await recordAudit(tx, request, { action: 'registrationLink.create', companyId: company.id, target: `company:${company.id}`, details: { renew } });
        return row;
      });
      return { transaction: link.token, expires_at: link.expiresAt.toISOString() };
    },
  );

  app.get(
    '/users/data/:key',
    {
      config: { rateLimit },
      schema: {
        tags: ['registration'],
        summary: 'Dados de cadastro da empresa: por id (equipe, com login) ou pelo link público (transaction, sem login: e-mails mascarados, sem telefones)',
        security: [{ bearerAuth: [] }, {}],
        params: registrationKeyParamsSchema,
        response: { 200: registrationDataSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const isId = /^\d{1,10}$/.test(key) && Number(key) >= 1 && Number(key) <= 2147483647;
      const company = await companyOfKey(request, reply, isId ? { companyId: Number(key) } : { token: key });
      // Through the public link only what the page shows: names, sectors, positions, and the e-mails masked.
      const publicLink = !isId;
      const [sectors, positions, workers] = [
        await companySectors(app.db, company.id),
        await companyPositions(app.db, company.id),
        await companyEmployees(app.db, company.id),
      ];
      return {
        company: { commercial_name: company.commercialName },
        sectors: sectors.map((row) => ({ id: row.id, sector_name: row.name })),
        positions: positions.map((row) => ({ id: row.id, position_name: row.name })),
        workers: workers.map((row) => ({
          id: row.id,
          name: row.name,
          email: publicLink ? maskEmail(row.email) : row.email,
          phone: publicLink ? null : row.phone,
          sector: row.sector?.name ?? null,
          position: row.position?.name ?? null,
        })),
      };
    },
  );

  // The save answers at both addresses; the one with the trailing slash is left out of the OpenAPI document.
  for (const [url, hide] of [['/users/data', false], ['/users/data/', true]] as const) {
    app.patch(
      url,
      {
        config: { rateLimit },
        schema: {
          tags: ['registration'],
          summary: 'Salvar os dados de cadastro (somente as linhas novas; uma transação)',
          description:
            "Com transaction (link público, sem login) ou company_id (equipe, com login). Linhas sem new: true são somente leitura e ignoradas. Setor/cargo 'Vazio' ou vazio = nenhum; pode nomear um setor/cargo criado no mesmo envio.",
          security: [{ bearerAuth: [] }, {}],
          hide,
          body: registrationSaveSchema,
          response: {
            200: registrationSavedSchema,
            ...errorResponses(400, 401, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if ((body.transaction === undefined) === (body.company_id === undefined)) throw new HttpError(400, messages.registration.targetRequired);
        const company = await companyOfKey(request, reply, body.company_id !== undefined ? { companyId: body.company_id } : { token: body.transaction });
        const newWorkers = (body.users ?? []).map((row, index) => ({ row, index })).filter(({ row }) => row.new === true);
        const emails = newWorkers.map(({ row }) => normalizeEmail(row.email)).filter((email) => email !== '');
        try {
          const created = await app.db.transaction(async (tx) => {
            const problems = new RowProblems();
            const sectors = await companySectors(tx, company.id);
            const positions = await companyPositions(tx, company.id);
            const sectorNames = newNames(
              (body.sectors ?? []).map((row) => ({ name: row.sector_name, isNew: row.new === true })),
              sectors,
              messages.registration.sectorRow,
              problems,
            );
            const positionNames = newNames(
              (body.positions ?? []).map((row) => ({ name: row.position_name, isNew: row.new === true })),
              positions,
              messages.registration.positionRow,
              problems,
            );
            const sectorKeys = new Set([...sectors.map((row) => nameKey(row.name)), ...sectorNames.map(nameKey)]);
            const positionKeys = new Set([...positions.map((row) => nameKey(row.name)), ...positionNames.map(nameKey)]);
            const taken = new Map((await usersByEmail(tx, emails)).map((owner) => [owner.email, owner.companyId]));
            const seen = new Set<string>();
            const workers: { name: string; email: string; phone: string; sector: string | null; position: string | null }[] = [];
            for (const { row, index } of newWorkers) {
              const found: string[] = [];
              const name = normalizeText(row.name);
              const email = normalizeEmail(row.email);
              const phone = normalizePhone(row.phone);
              if (name === '') found.push(messages.registration.workerNameRequired);
              else if (name.length > MAX_NAME) found.push(format(messages.registration.nameTooLong, { max: MAX_NAME }));
              if (email === '') found.push(messages.registration.emailRequired);
              else if (!isEmail(email)) found.push(format(messages.registration.emailInvalid, { email: email.slice(0, 80) }));
              else if (seen.has(email)) found.push(format(messages.registration.emailRepeated, { email }));
              // Taken in this company: the company's own list shows it. Taken elsewhere: the row cannot be saved,
              // without confirming that another company has this person.
              else if (taken.has(email)) found.push(taken.get(email) === company.id ? format(messages.registration.emailTaken, { email }) : messages.registration.emailUnavailable);
              seen.add(email);
              if (normalizeText(row.phone) === '') found.push(messages.registration.phoneRequired);
              else if (!isPhone(phone)) found.push(format(messages.registration.phoneInvalid, { phone: normalizeText(row.phone).slice(0, 40) }));
              const sector = isEmptyChoice(row.sector) ? null : normalizeText(row.sector!);
              const position = isEmptyChoice(row.position) ? null : normalizeText(row.position!);
              if (sector !== null && !sectorKeys.has(nameKey(sector))) found.push(format(messages.registration.unknownSector, { name: sector.slice(0, 80) }));
              if (position !== null && !positionKeys.has(nameKey(position))) found.push(format(messages.registration.unknownPosition, { name: position.slice(0, 80) }));
              if (problems.check(format(messages.registration.workerRow, { n: index + 1 }), found)) workers.push({ name, email, phone, sector, position });
            }
            if (problems.rows.length > 0) throw new HttpError(400, format(messages.registration.rowsRejected, { count: problems.rows.length }), problems.rows);

            const sectorIds = new Map([...sectors, ...(await insertSectors(tx, company.id, sectorNames))].map((row) => [nameKey(row.name), row.id]));
            const positionIds = new Map([...positions, ...(await insertPositions(tx, company.id, positionNames))].map((row) => [nameKey(row.name), row.id]));
            const userIds = await insertParticipants(tx, company.id, workers);
            const sectorLinks = workers.flatMap((worker) => (worker.sector === null ? [] : [{ userId: userIds.get(worker.email)!, sectorId: sectorIds.get(nameKey(worker.sector))! }]));
            const positionLinks = workers.flatMap((worker) =>
              worker.position === null ? [] : [{ userId: userIds.get(worker.email)!, positionId: positionIds.get(nameKey(worker.position))! }],
            );
            await insertRelations(tx, sectorLinks, positionLinks);
            return { sectors: sectorNames.length, positions: positionNames.length, users: workers.length };
          });
          return { message: messages.registration.saved, created };
        } catch (error) {
          if (isUniqueViolation(error)) throw new HttpError(409, messages.registration.emailConflict);
          throw error;
        }
      },
    );
  }
}
