import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../../../../engine/definition/catalog.ts';
import { respondentPage } from '../../../../engine/lifecycle/respondentPaths.ts';
import { messages } from '../../../../engine/messages.ts';
import { sendHtml } from '../respondent/compress.ts';
import { respondentPages } from '../respondent/pages.ts';
import { PREVIEW_FRAME_PATH } from '../routes/definitionsPreview.ts';
import { shared } from './shared.ts';

/** Options of the web plugin. */
export interface WebOptions extends Record<string, unknown> {
  /** The Vite build output (`dist/web`). */
  root: string;
  /** The catalogue, to tell respondent links (`/estresse/{id}`) from staff routes. */
  catalog: Catalog;
  /** Requests per minute per client address of the pages (a questionnaire link looks its evaluation up). */
  pageLimit: number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built web app: files as they are, brotli or gzip when the build has them (`.br`/`.gz`,
 * written by the build) and the browser takes them, hashed `/assets/*` cached for a year; respondent
 * links rendered on the server (`respondent/pages.ts`); `index.html` for any other page (SPA
 * fallback); JSON 404 under `/api`; and a 503 telling to run `npm run build` when there is no build.
 */
export const webPlugin = shared(async (app: FastifyInstance, options: WebOptions) => {
  const { root, catalog } = options;
  const served = existsSync(root);
  if (served) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      cacheControl: false,
      preCompressed: true,
      // One route per built file, found when the server starts (the build does not change under a running
      // server: its pages read the manifest at start too). The catch-all route instead listed the root and
      // assets/ on every request to check the path's spelling: most of an asset's CPU (issue 23).
      wildcard: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  // `/estresse//` and the like: the static files refuse such paths (403), so pages go to the tidy address.
  app.addHook('onRequest', async (request, reply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApi(path) || !path.includes('//')) return;
    return reply.header('cache-control', 'no-store').redirect(`${path.replace(/\/{2,}/g, '/')}${query === undefined ? '' : `?${query}`}`, 302);
  });
  const respondent = served ? respondentPages(app, root) : null;
  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: options.pageLimit, timeWindow: '1 minute' }) }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const page = request.method === 'GET' || request.method === 'HEAD';
    const lastSegment = path.split('/').pop() ?? '';
    if (isApi(path) || !page || path.startsWith('/assets/') || lastSegment.includes('.')) {
      return reply.code(404).send({ message: messages.api.notFound });
    }
    if (!served || !existsSync(join(root, 'index.html'))) {
      return reply.code(503).type('text/plain; charset=utf-8').send(messages.api.webNotBuilt);
    }
    const respondentRoute = respondentPage(catalog, path);
    if (respondentRoute && respondent?.available()) {
      const answer = await respondent.page(path, respondentRoute, request.log);
      if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location, 302);
      // A questionnaire's page names its respondent: never kept by a shared cache.
      reply.header('cache-control', answer.personal ? 'private, no-store' : 'no-cache');
      return sendHtml(request, reply, answer.html);
    }
    reply.header('cache-control', 'no-cache');
    // The questionnaire preview draws its form in this page, framed by the staff app's own page.
    if (path === PREVIEW_FRAME_PATH) reply.header('content-security-policy', String(reply.getHeader('content-security-policy')).replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    return reply.sendFile(respondentRoute && existsSync(join(root, 'respondent.html')) ? 'respondent.html' : 'index.html');
  });
});
