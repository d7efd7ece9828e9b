import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { messages } from '../../../engine/messages.ts';
import type { TrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import { registerVersions } from './definitionVersions.ts';
import { loadDefinitions, type Definitions } from './definitions.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { clientErrors, errorHandler, frameworkErrors } from './plugins/errorHandler.ts';
import { strictIds } from './plugins/strictIds.ts';
import { answerHeaders } from './plugins/headers.ts';
import { schemaCompilers } from './schemaCompilers.ts';
import { webPlugin } from './plugins/web.ts';
import { auditRoutes } from './routes/audit.ts';
import { lgpdRoutes } from './routes/lgpd.ts';
import { companyRoutes } from './routes/companies.ts';
import { dashboardRoutes } from './routes/dashboards.ts';
import { definitionPreviewRoutes } from './routes/definitionsPreview.ts';
import { resultCallRoutes } from './routes/results/resultCalls.ts';
import { courseRoutes } from './routes/courses.ts';
import { cycleRoutes } from './routes/cycles.ts';
import { riskRoutes } from './routes/risk.ts';
import { riskInventoryRoutes } from './routes/riskInventories.ts';
import { exposureGroupRoutes } from './routes/exposureGroups.ts';
import { riskMeasureRoutes } from './routes/riskMeasures.ts';
import { riskReviewRoutes } from './routes/riskReviews.ts';
import { evaluationListRoutes } from './routes/evaluationList.ts';
import { evaluationRoutes } from './routes/evaluations.ts';
import { positionRoutes } from './routes/positions.ts';
import { staffFormRoutes } from './routes/staffForms.ts';
import { registrationRoutes } from './routes/registration.ts';
import { responseRoutes } from './routes/responses.ts';
import { sectorRoutes } from './routes/sectors.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { signOutRoutes } from './routes/signOut.ts';
import { spreadsheetRoutes } from './routes/spreadsheets.ts';
import { participantRoutes } from './routes/participants.ts';
import { profileRoutes } from './routes/profile.ts';
import { userRoutes } from './routes/users.ts';
import { startJobs } from './jobs/plugin.ts';
import type { QueueSettings } from './jobs/queue.ts';
import { ReportPool } from './reports/pool.ts';
import { reportRoutes } from './routes/reports.ts';
import { createMailer } from './mail/mailer.ts';
import { mailCallRoutes } from './routes/mailCalls.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { queueMonitorRoutes } from './routes/queueMonitors.ts';
import { personalPageRoutes } from './routes/personalPages.ts';
import './types.ts';

/** Per-IP limits per minute of the public routes; `signIn` per 10 seconds (password checks, see `signInThrottle.ts`). */
export interface RateLimits {
  signIn: number;
  find: number;
  submit: number;
  /** The public calls of a person's own pages (by personal key). */
  personal: number;
}

/** What `buildApp` needs. */
export interface AppOptions {
  /** A migrated database. */
  db: Db;
  /** Secret of the HS256 sign-in tokens. */
  jwtSecret: string;
  /** Time zone of expiry days. */
  timeZone: string;
  /** The built web app. Default `dist/web` of the repository. */
  webRoot?: string;
  /** Already parsed definitions. Default: read from `definitions/`. */
  definitions?: Definitions;
  rateLimits?: Partial<RateLimits>;
  logger?: FastifyServerOptions['logger'];
  /**
   * Proxies whose X-Forwarded-For to believe (TRUST_PROXY): false none, a number that many hops, or
   * their addresses/CIDRs; rate limits then count the address the outermost trusted proxy saw. Default false.
   */
  trustProxy?: TrustProxy;
  /** Base of the links sent by e-mail. Default `http://localhost:3000`. */
  publicUrl?: string;
  /** SMTP connection URL; when absent e-mails are kept in the `outbox` table. */
  smtpUrl?: string;
  /** Sender of the e-mails. Default `Avalia <nao-responda@avalia.local>`. */
  mailFrom?: string;
  /** The job queue (pg-boss): its connection, whether this process runs workers, polling and retries. */
  queue?: QueueSettings;
  /** Support contacts of the PDFs and report e-mails. Default the catalogue's (`messages.outcome`). */
  support?: { email?: string; phone?: string };
  /** Threads rendering PDFs. Default: the cores but one (at least 1). */
  reportThreads?: number;
  /** The clock of the per-account sign-in throttle. Default the wall clock; tests pass their own. */
  clock?: () => Date;
  /** Called with every route as it is added (the contract test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Sender of the e-mails when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Avalia <nao-responda@avalia.local>';

const DEFAULT_LIMITS: RateLimits = { signIn: 10, find: 600, submit: 600, personal: 60 };

/** The default web root: `dist/web` at the repository root. */
export const defaultWebRoot = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/**
 * One log line per request, at its end, with what was asked, the status and the time it took (ms):
 * Fastify's own logging writes two (incoming, completed), each a write to stdout, on the public hot path.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Builds the app (external plugins → app state → routes); listening is `server.ts`'s job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const definitions = options.definitions ?? loadDefinitions();
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };
  const clock = options.clock ?? (() => new Date());
  // A hop count becomes a function: Fastify itself trusts no hop when given a bare number.
  const trust = options.trustProxy ?? false;
  const trustProxy = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  const app = Fastify({ logger: options.logger ?? false, logController: new OneLinePerRequest(), bodyLimit: 1024 * 1024, trustProxy, frameworkErrors, clientErrorHandler: clientErrors, schemaController: { compilersFactory: schemaCompilers } });

  await app.register(errorHandler);
  // Synchronous: the headers are built once (helmet's among them), set on every answer.
  app.addHook('onRequest', (request, reply, done) => {
    answerHeaders(request, reply);
    done();
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: messages.api.tooManyRequests }),
  });
  await app.register(docsPlugin);

  app.decorate('db', options.db);
  app.decorate('definitions', definitions);
  // The versions new evaluations record (a trigger copies the current one), checked against those recorded before.
  await registerVersions(options.db, definitions.versions);
  app.decorate('settings', {
    timeZone: options.timeZone,
    publicUrl: (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    support: { email: options.support?.email ?? messages.outcome.supportEmail, phone: options.support?.phone ?? messages.outcome.supportPhone },
  });
  const reports = new ReportPool({ threads: options.reportThreads });
  app.decorate('reports', reports);
  app.addHook('onClose', async () => reports.close());
  const mailer = createMailer({ db: options.db, smtpUrl: options.smtpUrl, from: options.mailFrom ?? DEFAULT_MAIL_FROM });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const jobs = await startJobs(app, options.queue ?? {});
  app.decorate('jobs', jobs);
  try {
    await registerRoutes(app, options, definitions, limits, clock);
  } catch (error) {
    // A start the routes refuse (a definition they cannot serve) stops what was started: the queue's
    // connections and timers, the report threads and the mailer would otherwise outlive the refusal.
    await Promise.allSettled([jobs.stop(), reports.close(), mailer.close()]);
    throw error;
  }
  return app;
}

/** The routes of the app, under /api, and the web app's pages. */
async function registerRoutes(app: FastifyInstance, options: AppOptions, definitions: Definitions, limits: typeof DEFAULT_LIMITS, clock: () => Date): Promise<void> {
  await app.register(authPlugin, { secret: options.jwtSecret });
  app.addHook('onRoute', strictIds);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(
    async (api) => {
      await api.register(sessionRoutes, { limit: limits.signIn, clock });
      await api.register(signOutRoutes);
      await api.register(userRoutes);
      await api.register(profileRoutes, { passwordLimit: limits.signIn, clock });
      await api.register(participantRoutes);
      await api.register(companyRoutes);
      await api.register(sectorRoutes);
      await api.register(positionRoutes);
      await api.register(courseRoutes);
      await api.register(evaluationRoutes, { findLimit: limits.find });
      await api.register(evaluationListRoutes);
      await api.register(cycleRoutes);
      await api.register(riskRoutes);
      await api.register(riskInventoryRoutes);
      await api.register(exposureGroupRoutes);
      await api.register(riskMeasureRoutes);
      await api.register(riskReviewRoutes);
      await api.register(mailCallRoutes);
      await api.register(queueMonitorRoutes);
      await api.register(outboxRoutes);
      await api.register(responseRoutes, { submitLimit: limits.submit });
      await api.register(staffFormRoutes);
      await api.register(dashboardRoutes);
      await api.register(reportRoutes, { limit: limits.personal });
      await api.register(personalPageRoutes, { limit: limits.personal });
      await api.register(resultCallRoutes);
      await api.register(spreadsheetRoutes);
      await api.register(registrationRoutes);
      await api.register(definitionPreviewRoutes);
      await api.register(auditRoutes);
      await api.register(lgpdRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { root: options.webRoot ?? defaultWebRoot, catalog: definitions.catalog, pageLimit: limits.find });
}
