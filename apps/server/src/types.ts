import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db, Tx } from './db/client.ts';
import type { Definitions } from './definitions.ts';
import type { ReportPool } from './reports/pool.ts';

/** The signed-in staff member, loaded from the database on every private call. */
export interface Account {
  id: number;
  name: string;
  email: string;
  typeAccount: number;
  companyId: number | null;
}

/** Settings the routes read. */
export interface AppSettings {
  /** Time zone of expiry days. */
  timeZone: string;
  /** Base of the links sent by e-mail (`{publicUrl}/{slug}/{evaluationId}`), without a trailing slash. */
  publicUrl: string;
  /** Support contacts printed on every PDF and in the report e-mails (SUPPORT_EMAIL, SUPPORT_PHONE). */
  support: { email: string; phone: string };
}

/** What an evaluation e-mail job carries; the queue monitor shows these fields. */
export interface EvaluationJobData {
  evaluation_id: string;
  type_evaluation: number;
  /** The evaluator (who gets the e-mail). */
  user_name: string;
  evaluated_name: string | null;
  /** A person's report (`POST /evaluation/report`): the person it is about and gets it. */
  user_id?: number;
  /** With `user_id`: the report's type (-1 the scanner, 7 the team performance…). */
  report_type?: number;
}

/**
 * What a round's reminder job carries ('Lembrar pendentes', `POST /cycles/{id}/remind`): the round and
 * the person reminded, by name for the queue monitor (no evaluation: the worker reads the person's
 * pending ones of the round when it runs).
 */
export interface CycleReminderJobData {
  cycle_id: number;
  user_id: number;
  /** The person reminded (who gets the e-mail). */
  user_name: string;
  evaluated_name: null;
}

/** Names of the e-mail jobs of evaluations. */
export type EvaluationJobName = 'createEvaluation' | 'updateEvaluation';

/** The background job queue (pg-boss). */
export interface Jobs {
  /**
   * Queues one e-mail job per evaluation inside the caller's transaction, so the jobs exist exactly
   * when the evaluations do (both commit or neither).
   */
  enqueueEvaluationEmails(tx: Tx, name: EvaluationJobName, items: EvaluationJobData[]): Promise<void>;
  /** Queues one `reportEmail` job per done evaluation inside the caller's transaction. */
  enqueueReportEmails(tx: Tx, items: EvaluationJobData[]): Promise<string[]>;
  /** A report e-mail job's pg-boss state (created, retry, active, completed, cancelled, failed) and data; null when unknown. */
  reportEmailState(id: string): Promise<{ state: string; data: EvaluationJobData } | null>;
  /**
   * Queues one `cycleReminder` job per person inside the caller's transaction, each starting at
   * `startAfter` (the business hours of the reminders); returns the jobs' ids.
   */
  enqueueCycleReminders(tx: Tx, items: CycleReminderJobData[], startAfter: Date): Promise<string[]>;
}

/** An e-mail to send. Texts are built by the mail templates, which escape every user-provided value. */
export interface MailMessage {
  /** Idempotency key: a message with a key already delivered is not sent again. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  evaluationId?: string | null;
  companyId?: number | null;
  /** Files sent with the message (a report's PDF); the outbox keeps them for download. */
  attachments?: MailAttachment[];
}

/** A file attached to an e-mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends e-mail through SMTP when SMTP_URL is set, otherwise keeps it in the outbox table. */
export interface Mailer {
  /** 'smtp' or 'outbox'. */
  readonly transport: 'smtp' | 'outbox';
  /** Sends (or stores) the message; `skipped` when its key was already delivered. */
  send(message: MailMessage): Promise<{ skipped: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    definitions: Definitions;
    settings: AppSettings;
    jobs: Jobs;
    mailer: Mailer;
    /** Renders report PDFs on worker threads. */
    reports: ReportPool;
    /** preHandler: a valid token of an active type 1 or 2 user, else 401; sets `request.account`. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler (after `authenticate`): the account's type must be one of these, else 403. */
    requireTypes(...types: number[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    account: Account | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { uid: number };
    user: { uid: number };
  }
}
