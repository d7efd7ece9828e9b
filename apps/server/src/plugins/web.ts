import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../../../../engine/definition/catalog.ts';
import { respondentPage } from '../../../../engine/lifecycle/respondentPaths.ts';
import { messages } from '../../../../engine/messages.ts';
import { shared } from './shared.ts';

/** Options of the web plugin. */
export interface WebOptions extends Record<string, unknown> {
  /** The Vite build output (`dist/web`). */
  root: string;
  /** The catalogue, to tell respondent links (`/estresse/{id}`) from staff routes. */
  catalog: Catalog;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built web app: files as they are (hashed `/assets/*` cached for a year), the respondent
 * entry for respondent links, `index.html` for any other page (SPA fallback), JSON 404 under `/api`,
 * and a 503 telling to run `npm run build` when there is no build.
 */
export const webPlugin = shared(async (app: FastifyInstance, options: WebOptions) => {
  const { root, catalog } = options;
  const served = existsSync(root);
  if (served) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = request.method === 'GET' || request.method === 'HEAD';
    const lastSegment = path.split('/').pop() ?? '';
    if (isApi(path) || !page || path.startsWith('/assets/') || lastSegment.includes('.')) {
      return reply.code(404).send({ message: messages.api.notFound });
    }
    if (!served || !existsSync(join(root, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').send(messages.api.webNotBuilt);
    }
    const respondent = respondentPage(catalog, path) !== null && existsSync(join(root, 'respondent.html'));
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(respondent ? 'respondent.html' : 'index.html');
  });
});
