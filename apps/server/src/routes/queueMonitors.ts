import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { formatStampBR } from '../../../../engine/rules/dates.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { MONITOR_LIMIT, queueJobListSchema, retentionSchema, SCHEDULED_DAYS, scheduledReminderListSchema, type QueueJob } from '../contract/notifications.ts';
import { scheduledReminders } from '../jobs/autoReminders.ts';
import { JOB_SCHEMA, QUEUES } from '../jobs/queue.ts';
import { retentionOverview } from '../jobs/retention.ts';
import { listQueueJobs, type QueueJobRow } from '../repositories/jobs.ts';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A pg-boss job as a monitor row: failed when it has a failure reason (failed, or waiting to retry). */
function monitorRow(job: QueueJobRow): QueueJob {
  const failed = job.state === 'failed' || job.state === 'retry';
  const reason = failed ? (text(job.output?.message) ?? text(job.output?.value) ?? job.state) : null;
  const typeEvaluation = Number(job.data?.type_evaluation);
  const processedOn = job.completedOn ?? job.startedOn;
  return {
    id: job.id,
    type: job.name,
    type_evaluation: Number.isInteger(typeEvaluation) ? typeEvaluation : null,
    user_name: text(job.data?.user_name),
    evaluated_name: text(job.data?.evaluated_name),
    state: job.state,
    createdOn: job.createdOn.toISOString(),
    processedOn: processedOn ? processedOn.toISOString() : null,
    failedReason: reason,
    returnvalue: job.state === 'completed' ? job.output : null,
  };
}

/**
 * The administrators' monitors of the background work: the e-mail queue's jobs, the automatic reminders
 * planned for the next days, and the retention routine (its runs and who it would erase now).
 */
export async function queueMonitorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractProvider>();

  app.get(
    '/queues',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Monitor da fila de e-mails (os trabalhos mais recentes primeiro)',
        security: bearer,
        response: { 200: queueJobListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => (await listQueueJobs(app.db, JOB_SCHEMA, [...QUEUES], MONITOR_LIMIT)).map(monitorRow),
  );

  app.get(
    '/queues/reminders',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: `Lembretes automáticos agendados para os próximos ${SCHEDULED_DAYS} dias (os atrasados primeiro: saem na próxima rodada)`,
        security: bearer,
        response: { 200: scheduledReminderListSchema, ...errorResponses(401, 403) },
      },
    },
    async () =>
      (await scheduledReminders(app, new Date(), SCHEDULED_DAYS)).map((item) => ({
        evaluation_id: item.evaluationId,
        type_evaluation: item.typeEvaluation,
        evaluation_name: app.definitions.types.get(item.typeEvaluation)?.name ?? String(item.typeEvaluation),
        user_name: item.evaluatorName,
        evaluated_name: item.ratedName,
        company_id: item.companyId,
        company_name: item.companyName,
        reminder: item.n,
        planned_at: item.plannedAt.toISOString(),
        planned_local: formatStampBR(item.plannedAt, app.settings.timeZone),
      })),
  );

  app.get(
    '/queues/retention',
    {
      preHandler: [app.authenticate, app.requireTypes(ACCOUNT.administrator)],
      schema: {
        tags: ['notifications'],
        summary: 'Retenção de dados (LGPD): a próxima e a última execução da rotina diária, e quantas pessoas cada empresa com retenção teria apagadas agora',
        security: bearer,
        response: { 200: retentionSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const { timeZone } = app.settings;
      const { nextRun, lastRun, companies } = await retentionOverview(app, new Date());
      return {
        next_run: nextRun && { at: nextRun.toISOString(), local: formatStampBR(nextRun, timeZone) },
        last_run: lastRun && {
          finished_at: lastRun.finishedAt.toISOString(),
          finished_local: formatStampBR(lastRun.finishedAt, timeZone),
          state: lastRun.state,
          erased: lastRun.erased,
          failed: lastRun.failed,
        },
        companies: companies.map((company) => ({
          company_id: company.companyId,
          company_name: company.companyName,
          active: company.active,
          retention_months: company.retentionMonths,
          due: company.due,
        })),
      };
    },
  );
}
