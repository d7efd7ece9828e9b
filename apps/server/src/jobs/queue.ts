import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgBoss, fromPglite, type Db as BossDatabase, type Job, type JobResult } from 'pg-boss';
import type { Db, Tx } from '../db/client.ts';
import type { CycleReminderJobData, EvaluationJobData, EvaluationJobName, Jobs } from '../types.ts';

/** Schema of pg-boss's tables, beside the app's own (installed by `boss.start()`). */
export const JOB_SCHEMA = 'pgboss';

/** Queue of the e-mails that point the evaluator to the results of a done evaluation. */
export const REPORT_QUEUE = 'reportEmail';

/** Queue of a round's reminders ('Lembrar pendentes'): one e-mail per person with pending evaluations. */
export const CYCLE_REMINDER_QUEUE = 'cycleReminder';

/** Every queue of the app; the monitor (`GET /queues`) lists their jobs. */
export const QUEUES = ['createEvaluation', 'updateEvaluation', REPORT_QUEUE, CYCLE_REMINDER_QUEUE] as const;

/** Name of one of the app's queues. */
export type QueueName = (typeof QUEUES)[number];

/** What a job of each queue carries. */
export interface QueueData {
  createEvaluation: EvaluationJobData;
  updateEvaluation: EvaluationJobData;
  reportEmail: EvaluationJobData;
  cycleReminder: CycleReminderJobData;
}

/** How the job queue runs. */
export interface QueueSettings {
  /**
   * PostgreSQL connection string for pg-boss's own pool. Absent: pg-boss shares the app's database
   * client (the PGlite instance, or the node-postgres pool).
   */
  connectionString?: string;
  /** Whether this process works the queues (false: it only enqueues). Default true. */
  workers?: boolean;
  /** Seconds between polls of an idle worker (≥ 0.5). Default 2. A worker whose last fetch was a full batch fetches again at once. */
  pollingIntervalSeconds?: number;
  /**
   * Jobs a worker fetches and works at once, per queue (each still completes or fails alone). Default
   * `DEFAULT_BATCH_SIZE`; 1 works one job per poll, as the first version did.
   */
  batchSize?: number;
  /** Retries after a failed attempt. Default 3. */
  retryLimit?: number;
  /** Seconds before the first retry. Default 30. */
  retryDelaySeconds?: number;
  /** Exponential backoff of the retries. Default true. */
  retryBackoff?: boolean;
}

/** Handles one job; what it returns is the job's `returnvalue` in the monitor. */
export type JobHandler<T = EvaluationJobData> = (job: Job<T>) => Promise<Record<string, unknown>>;

/** The handler of every queue, each for its own jobs' data. */
export type JobHandlers = { [Q in QueueName]: JobHandler<QueueData[Q]> };

/** The queue as the app holds it: the `Jobs` interface plus start/stop and the workers. */
export interface JobQueue extends Jobs {
  readonly boss: PgBoss;
  /** Starts working every queue with its handler (no-op when workers are off). */
  work(handlers: JobHandlers): Promise<void>;
  /** Stops the workers (waiting a moment for the running job) and pg-boss. */
  stop(): Promise<void>;
}

/** A pg result, or the array node-postgres returns for several statements, as pg-boss expects it. */
function unwrap(result: unknown): { rows: unknown[] } {
  if (Array.isArray(result)) return { rows: result.flatMap((item: { rows?: unknown[] }) => item.rows ?? []) };
  return result as { rows: unknown[] };
}

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** pg-boss's database over the app's own client: the PGlite instance, or the node-postgres pool. */
function sharedDatabase(db: Db): BossDatabase {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return fromPglite(client);
  if (client instanceof pg.Pool) return { executeSql: async (text, values) => unwrap(await client.query(text, values)) };
  throw new Error('pg-boss: unknown database client');
}

/**
 * pg-boss's database over an open drizzle transaction, so jobs commit or roll back with it. On both
 * drivers the transaction's session holds the client the transaction runs on (a PGlite transaction
 * or a pooled node-postgres client). On PGlite nothing else may be awaited while it is open: the
 * single session would wait for the transaction that waits for it.
 */
export function transactionDatabase(tx: Tx): BossDatabase {
  const client = (tx as unknown as { session?: { client?: QueryClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('pg-boss: the transaction has no client');
  return { executeSql: async (text, values) => unwrap(await client.query(text, values)) };
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';

/**
 * Jobs fetched at once by a worker. A backlog drains batch after batch with no pause (a full batch
 * means there is more), the jobs of a batch run side by side, and a graceful stop waits for at most
 * one batch; the PostgreSQL pool (10) and the SMTP pool (5) queue the surplus.
 */
export const DEFAULT_BATCH_SIZE = 20;

/**
 * Works a batch: every job runs its handler on its own, and ends completed with what the handler
 * returned or failed with the error it threw (its own reason in the monitor, its own retries). Never
 * throws, so one job's failure never fails the rest of the batch.
 */
export async function workBatch<T>(jobs: Job<T>[], handler: JobHandler<T>): Promise<JobResult[]> {
  return Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      try {
        return { id: job.id, status: 'completed', output: await handler(job) };
      } catch (error) {
        // pg-boss stores an Error as {name, message, stack}, as it did when a handler threw.
        return { id: job.id, status: 'failed', output: error instanceof Error ? error : new Error(String(error)) };
      }
    }),
  );
}

/** Starts pg-boss (installing or migrating its schema) and creates the app's queues. */
export async function startJobQueue(db: Db, settings: QueueSettings, log: FastifyBaseLogger): Promise<JobQueue> {
  const embedded = (db as unknown as { $client?: unknown }).$client instanceof PGlite;
  // pg-boss's cron (the automatic reminder pass) runs where the workers do.
  const schedule = settings.workers !== false;
  const boss = settings.connectionString
    ? new PgBoss({ connectionString: settings.connectionString, schema: JOB_SCHEMA, max: 4, schedule })
    : new PgBoss({ db: sharedDatabase(db), schema: JOB_SCHEMA, schedule, backend: embedded ? 'pglite' : 'postgres' });
  // Without a listener an 'error' event would crash the process; pg-boss retries on its own.
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss'));
  await boss.start();
  const retryBackoff = settings.retryBackoff ?? true;
  const queueOptions = {
    retryLimit: settings.retryLimit ?? 3,
    retryDelay: settings.retryDelaySeconds ?? 30,
    retryBackoff,
    ...(retryBackoff ? { retryDelayMax: 3600 } : {}),
  };
  for (const name of QUEUES) {
    if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
    else await boss.createQueue(name, queueOptions);
    // Loads the queue into pg-boss's cache now: an insert inside a transaction must not have to read
    // it through pg-boss's own connection (on PGlite that would wait for the open transaction).
    await boss.findJobs(name, { id: NO_JOB });
  }

  const insert = async <Q extends QueueName>(tx: Tx, name: Q, items: QueueData[Q][], startAfter?: Date): Promise<string[]> => {
    // The ids are ours, so the caller can follow a job (a report e-mail's 'sent' or 'failed').
    const jobs = items.map((data) => ({ id: randomUUID(), data, ...(startAfter ? { startAfter } : {}) }));
    if (jobs.length === 0) return [];
    await boss.insert(name, jobs, { db: transactionDatabase(tx) });
    return jobs.map((job) => job.id);
  };

  return {
    boss,
    enqueueEvaluationEmails: async (tx: Tx, name: EvaluationJobName, items: EvaluationJobData[]) => {
      await insert(tx, name, items);
    },
    enqueueReportEmails: (tx: Tx, items: EvaluationJobData[]) => insert(tx, REPORT_QUEUE, items),
    enqueueCycleReminders: (tx: Tx, items: CycleReminderJobData[], startAfter: Date) => insert(tx, CYCLE_REMINDER_QUEUE, items, startAfter),
    async reportEmailState(id) {
      const [job] = await boss.findJobs<EvaluationJobData>(REPORT_QUEUE, { id });
      return job ? { state: job.state, data: job.data } : null;
    },
    async work(handlers) {
      if (settings.workers === false) return;
      // perJobResults: pg-boss settles each job of the batch with its own outcome (one statement for
      // the completed ones, one for the failed ones). burstWhenBatchFull: a full batch means a
      // backlog, so the worker fetches again at once instead of waiting for the next poll.
      const workQueue = <Q extends QueueName>(name: Q) =>
        boss.work<QueueData[Q]>(
          name,
          {
            batchSize: settings.batchSize ?? DEFAULT_BATCH_SIZE,
            pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          (jobs) => workBatch(jobs, handlers[name]),
        );
      for (const name of QUEUES) await workQueue(name);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: true });
    },
  };
}
