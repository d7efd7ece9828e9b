import type { FastifyInstance } from 'fastify';
import { messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import type { Tx } from '../db/client.ts';
import type { EvaluationJobData } from '../types.ts';

/**
 * Queues one report e-mail job per item in a transaction of its own and returns the jobs' ids. A
 * failure queues nothing (nor writes what `alongside` writes in the same transaction) and becomes a 502 with the report e-mail's Portuguese message (the cause is logged).
 */
export async function queueReportEmails(app: FastifyInstance, items: EvaluationJobData[], alongside?: (tx: Tx) => Promise<void>): Promise<string[]> {
  try {
    return await app.db.transaction(async (tx) => {
      const ids = await app.jobs.enqueueReportEmails(tx, items);
      // What must commit with the jobs (the audit record of the request).
      await alongside?.(tx);
      return ids;
    });
  } catch (error) {
    app.log.error({ err: error }, 'report e-mail jobs not queued');
    throw new HttpError(502, messages.mail.reportFailed);
  }
}
