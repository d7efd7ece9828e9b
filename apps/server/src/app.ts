import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { messages } from '../../../engine/messages.ts';
import type { Db } from './db/client.ts';
import { loadDefinitions, type Definitions } from './definitions.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorHandler } from './plugins/errorHandler.ts';
import { webPlugin } from './plugins/web.ts';
import { companyRoutes } from './routes/companies.ts';
import { evaluationRoutes } from './routes/evaluations.ts';
import { responseRoutes } from './routes/responses.ts';
import { sectorRoutes } from './routes/sectors.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { userRoutes } from './routes/users.ts';
import './types.ts';

/** Per-IP limits per minute of the public and sign-in routes. */
export interface RateLimits {
  signIn: number;
  find: number;
  submit: number;
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
  /** Trust X-Forwarded-For (behind a reverse proxy), so rate limits count real clients. Default false. */
  trustProxy?: boolean;
}

const DEFAULT_LIMITS: RateLimits = { signIn: 10, find: 600, submit: 600 };

/** The default web root: `dist/web` at the repository root. */
export const defaultWebRoot = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** Builds the app (external plugins → app state → routes); listening is `server.ts`'s job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const definitions = options.definitions ?? loadDefinitions();
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024, trustProxy: options.trustProxy ?? false });

  await app.register(errorHandler);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Plain-HTTP installs (http://host:3000) must not have their requests upgraded to HTTPS.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: messages.api.tooManyRequests }),
  });
  await app.register(docsPlugin);

  app.decorate('db', options.db);
  app.decorate('definitions', definitions);
  app.decorate('settings', { timeZone: options.timeZone });
  await app.register(authPlugin, { secret: options.jwtSecret });

  await app.register(
    async (api) => {
      await api.register(sessionRoutes, { limit: limits.signIn });
      await api.register(userRoutes);
      await api.register(companyRoutes);
      await api.register(sectorRoutes);
      await api.register(evaluationRoutes, { findLimit: limits.find });
      await api.register(responseRoutes, { submitLimit: limits.submit });
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { root: options.webRoot ?? defaultWebRoot, catalog: definitions.catalog });
  return app;
}
