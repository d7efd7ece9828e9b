import type { FastifyInstance } from 'fastify';
import { startAutoReminders } from './autoReminders.ts';
import { sendCycleReminder } from './cycleReminders.ts';
import { sendEvaluationEmail } from './evaluationEmails.ts';
import { startJobQueue, type JobQueue, type QueueSettings } from './queue.ts';
import { sendReportEmail } from './reportEmails.ts';
import { startRetention } from './retention.ts';

/**
 * Starts the job queue of the app: pg-boss is started now (so routes can enqueue), the workers once
 * the app is ready, and both stop when the app closes (before the database does).
 */
export async function startJobs(app: FastifyInstance, settings: QueueSettings): Promise<JobQueue> {
  const queue = await startJobQueue(app.db, settings, app.log);
  app.addHook('onClose', async () => {
    await queue.stop();
  });
  app.addHook('onReady', async () => {
    await queue.work({
      createEvaluation: (job) => sendEvaluationEmail(app, job, false),
      updateEvaluation: (job) => sendEvaluationEmail(app, job, true),
      reportEmail: (job) => sendReportEmail(app, job),
      cycleReminder: (job) => sendCycleReminder(app, job),
    });
    if (settings.workers === false) return;
    // The reminders' schedule is not worth refusing to serve for: a database that fails now fails the
    // requests too (answered 500), and the next start schedules it again.
    try {
      await startAutoReminders(app, queue.boss, settings.pollingIntervalSeconds ?? 2);
    } catch (error) {
      app.log.error({ err: error }, 'automatic reminders not scheduled');
    }
    // Likewise the daily retention pass: the next start schedules it again.
    try {
      await startRetention(app, queue.boss, settings.pollingIntervalSeconds ?? 2);
    } catch (error) {
      app.log.error({ err: error }, 'retention pass not scheduled');
    }
  });
  return queue;
}
