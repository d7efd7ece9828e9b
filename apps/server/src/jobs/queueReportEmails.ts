import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import type { EvaluationJobData } from '../types.ts';

/**
 * Queues one report e-mail job per item in a transaction of its own and returns the jobs' ids. A
 * failure queues nothing and becomes a 502 with the report e-mail's Portuguese message (the cause is logged).
 */
export async function queueReportEmails(app: FastifyInstance, items: EvaluationJobData[]): Promise<string[]> {
  try {
    return await app.db.transaction(async (tx) => app.jobs.enqueueReportEmails(tx, items));
  } catch (error) {
    app.log.error({ err: error }, 'report e-mail jobs not queued');
    throw new HttpError(502, messages.mail.reportFailed);
  }
}
