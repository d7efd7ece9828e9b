import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import type { DashboardFilters } from '../../../../engine/definition/dashboard.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { canSeeCompany, visibleUsers } from '../access.ts';
import { recordAudit } from '../audit.ts';
import { HttpError } from '../errors.ts';
import { queueReportEmails } from '../jobs/queueReportEmails.ts';
import { evaluationReport, hasOwnReport, personReport, renderExport, renderReport, replyWithFile, type Person, type ReportRequest } from '../reports/reports.ts';
import { checkFilters, requireCompanyChoice } from '../results/filters.ts';
import { dashboardNamed, typesOf } from '../results/views.ts';
import { findMailEvaluations } from '../repositories/jobs.ts';
import { personOfKey } from '../repositories/reports.ts';
import { evaluationTypeOf, isUuid } from '../schemas/common.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { dashboardParamsSchema, filtersBodySchema } from '../contract/dashboards.ts';
import {
  evaluationReportParamsSchema,
  exportFileSchema,
  exportParamsSchema,
  pdfFileSchema,
  personReportSchema,
  reportEmailSchema,
  reportJobParamsSchema,
  reportQueuedSchema,
  reportSendingSchema,
} from '../contract/reports.ts';

const m = messages.reports;

const pdfResponse = { 200: pdfFileSchema } as const;

/**
 * The report calls: the PDF of a dashboard as filtered, `POST /tableresponse/report/download` (a
 * person's report: the scanner, the team performance, any view with a person filter) and
 * `GET /tableresponse/report/{id}/{type}` (one answered evaluation). PDFs render on the report threads.
 */
export async function reportRoutes(app: FastifyInstance, options: { limit: number }) {
  // Every call is typed from its schemas in the contract; the helpers take the plain instance.
  const typed = app.withTypeProvider<ContractProvider>();
  const staff = [app.authenticate, app.requireTypes(ACCOUNT.administrator, ACCOUNT.company)];
  const publicLimit = { rateLimit: { max: options.limit, timeWindow: '1 minute' } };

  /** Renders and answers a PDF; a full queue is a 503, any other failure a 502 with 'Erro ao gerar relatório'. */
  async function sendPdf(reply: FastifyReply, request: ReportRequest) {
    return replyWithFile(app, reply, () => renderReport(app, request));
  }

  const dashboardOf = (raw: string) => dashboardNamed(app.definitions, raw);

  /**
   * Renders with `render` and, when there is a file, records its export by the signed-in staff member
   * (what was exported and under which filters) before it is answered.
   */
  const auditedRender =
    <T>(request: FastifyRequest, render: () => Promise<T | null>, what: { view: string; index?: number; filters?: DashboardFilters; person?: Person; type?: number }) =>
    async () => {
      const file = await render();
      if (file) {
        const { filters, person } = what;
        const ids = filters && { company_id: filters.company_id, course_id: filters.course_id, all_companies: filters.all_companies, sector_id: filters.sector_id, colleague_id: filters.colleague_id, evaluated_id: filters.evaluated_id };
        await app.db.transaction((tx) =>
          recordAudit(tx, request, {
            action: 'report.export',
            companyId: person ? person.companyId : (filters?.company_id ?? request.account?.companyId ?? null),
            target: person ? `user:${person.id}` : `dashboard:${what.view}`,
            details: { view: what.view, ...(what.index === undefined ? {} : { index: what.index }), ...(what.type === undefined ? {} : { type_evaluation: what.type }), ...(ids ? { filters: ids } : {}) },
          }),
        );
      }
      return file;
    };

  typed.post(
    '/dashboards/:id/report',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: 'Relatório em PDF de um painel sob os filtros (o mesmo que a tela mostra)',
        security: bearer,
        params: dashboardParamsSchema,
        body: filtersBodySchema,
        response: { ...pdfResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request, reply) => {
      const view = dashboardOf(request.params.id);
      const filters = await checkFilters(app.db, request.account!, view, request.body ?? {});
      requireCompanyChoice(view, filters);
      return replyWithFile(app, reply, auditedRender(request, () => renderReport(app, { view, filters }), { view: request.params.id, filters }));
    },
  );

  typed.post(
    '/dashboards/:id/exports/:index',
    {
      preHandler: staff,
      schema: {
        tags: ['results'],
        summary: "Um arquivo do diálogo 'Imprimir' (exports do painel: PDF ou planilha) sob os filtros",
        security: bearer,
        params: exportParamsSchema,
        body: filtersBodySchema,
        response: { 200: exportFileSchema, ...errorResponses(400, 401, 403, 404, 502, 503) },
      },
    },
    async (request, reply) => {
      const view = dashboardOf(request.params.id);
      const filters = await checkFilters(app.db, request.account!, view, request.body ?? {});
      requireCompanyChoice(view, filters);
      return replyWithFile(app, reply, auditedRender(request, () => renderExport(app, view, request.params.index, filters), { view: request.params.id, index: request.params.index, filters }));
    },
  );

  typed.post(
    '/tableresponse/report/download',
    {
      config: publicLimit,
      schema: {
        tags: ['results'],
        summary: 'Relatório em PDF de uma pessoa (scanner: -1; desempenho de equipe: 7). Com sessão: id do usuário; sem sessão: a chave pessoal.',
        security: [...bearer, {}],
        body: personReportSchema,
        response: { ...pdfResponse, ...errorResponses(400, 401, 403, 404, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const type = evaluationTypeOf(request.body.evaluation_type);
      if (!Number.isInteger(type)) throw new HttpError(400, format(messages.api.unknownType, { type: String(request.body.evaluation_type).slice(0, 12) }));
      const target = request.body.target_ids[0];
      const signedIn = request.headers.authorization !== undefined;
      let person: Person | null;
      if (signedIn) {
        await app.authenticate.call(app, request, reply);
        const account = request.account!;
        if (account.typeAccount !== ACCOUNT.administrator && account.typeAccount !== ACCOUNT.company) throw new HttpError(403, messages.api.forbidden);
        const id = typeof target === 'number' ? target : /^\d{1,10}$/.test(String(target)) ? Number(target) : NaN;
        if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw new HttpError(404, m.unknownTarget);
        const user = (await visibleUsers(app.db, account, [id])).get(id)!;
        person = { id: user.id, name: user.name, companyId: user.companyId };
      } else {
        person = typeof target === 'string' && isUuid(target) ? await personOfKey(app.db, target) : null;
        if (!person) throw new HttpError(404, m.unknownTarget);
      }
      const report = personReport(app.definitions, type, person, !signedIn);
      // A respondent's own download (by personal key) is no staff action: only a signed-in one is recorded.
      if (!signedIn) return sendPdf(reply, report);
      return replyWithFile(app, reply, auditedRender(request, () => renderReport(app, report), { view: 'person', person, type }));
    },
  );

  typed.get(
    '/tableresponse/report/:id/:type',
    {
      config: publicLimit,
      schema: {
        tags: ['results'],
        summary: 'Relatório em PDF de uma avaliação respondida (o id da avaliação dá acesso, como o link dela)',
        params: evaluationReportParamsSchema,
        response: { ...pdfResponse, ...errorResponses(400, 404, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const evaluation = isUuid(id) ? await evaluationReport(app, id) : null;
      if (!evaluation || evaluation.type !== evaluationTypeOf(request.params.type)) throw new HttpError(404, m.unknownReport);
      if (!evaluation.done) throw new HttpError(400, m.notDone);
      if (!evaluation.request) throw new HttpError(404, m.noReportForType);
      if (!hasOwnReport(app.definitions, evaluation.type)) throw new HttpError(404, m.groupOnly);
      return sendPdf(reply, evaluation.request);
    },
  );

  typed.post(
    '/evaluation/report',
    {
      preHandler: staff,
      schema: {
        tags: ['notifications'],
        summary: "Coloca em fila o e-mail do relatório de uma pessoa ('Enviar Relatório': scanner -1, desempenho de equipe 7), com o PDF anexo, para essa pessoa",
        security: bearer,
        body: reportEmailSchema,
        response: { 200: reportQueuedSchema, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const type = evaluationTypeOf(request.body.type_evaluation);
      if (!Number.isInteger(type)) throw new HttpError(400, format(messages.api.unknownType, { type: String(request.body.type_evaluation).slice(0, 12) }));
      const user = (await visibleUsers(app.db, request.account!, [request.body.user_id])).get(request.body.user_id)!;
      // Refuses a type without a person report now, not in the worker.
      const report = personReport(app.definitions, type, { id: user.id, name: user.name, companyId: user.companyId }, false);
      // The evaluation the sending is linked to (the person's LGPD export and erasure follow that link):
      // one the account may see, of this person (as evaluator or evaluated) and of a type the report reads.
      let evaluationId = '';
      if (request.body.evaluation_id) {
        const id = request.body.evaluation_id.toLowerCase();
        const [evaluation] = isUuid(id) ? await findMailEvaluations(app.db, [id]) : [];
        if (!evaluation || !canSeeCompany(request.account!, evaluation.evaluatorCompanyId)) throw new HttpError(404, messages.api.evaluationNotFound);
        if (evaluation.evaluatorId !== user.id && evaluation.ratedId !== user.id) throw new HttpError(400, format(messages.api.evaluationOfAnotherPerson, { id, name: user.name }));
        if (evaluation.typeEvaluation !== type && !typesOf(report.view).includes(evaluation.typeEvaluation)) throw new HttpError(400, format(messages.mail.reportTypeMismatch, { id, type }));
        evaluationId = id;
      }
      const ids = await queueReportEmails(
        app,
        [{ evaluation_id: evaluationId, type_evaluation: type, user_name: user.name, evaluated_name: null, user_id: user.id, report_type: type }],
        (tx) => recordAudit(tx, request, { action: 'report.email', companyId: user.companyId, target: `user:${user.id}`, details: { type_evaluation: type } }),
      );
      return { message: messages.mail.reportQueued, job_id: ids[0]! };
    },
  );

  typed.get(
    '/evaluation/report/:jobId',
    {
      preHandler: staff,
      schema: {
        tags: ['notifications'],
        summary: "Situação do envio de um relatório ('Enviar Relatório'): queued, sent ou failed",
        security: bearer,
        params: reportJobParamsSchema,
        response: { 200: reportSendingSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const id = request.params.jobId.toLowerCase();
      const job = isUuid(id) ? await app.jobs.reportEmailState(id) : null;
      const userId = Number(job?.data?.user_id);
      // Only the sending of a person the account may see (a company user: its own company).
      if (!job || !Number.isInteger(userId)) throw new HttpError(404, m.unknownSending);
      await visibleUsers(app.db, request.account!, [userId]).catch(() => {
        throw new HttpError(404, m.unknownSending);
      });
      if (job.state === 'completed') return { state: 'sent', message: m.sent };
      if (job.state === 'failed' || job.state === 'cancelled') return { state: 'failed', message: m.sendFailed };
      return { state: 'queued', message: messages.mail.reportQueued };
    },
  );
}
