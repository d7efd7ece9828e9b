import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { shared } from './shared.ts';

/** The OpenAPI document of the routes (built from their schemas) and its UI at `/docs` (JSON at `/docs/json`). */
export const docsPlugin = shared(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Avalia API', version: '0.1.0', description: 'API do Avalia (prefixo /api).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
});
