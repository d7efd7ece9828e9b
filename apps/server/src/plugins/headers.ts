import type { FastifyReply, FastifyRequest } from 'fastify';

/** The browser features no page of the product uses: none is granted to it or to anything it frames. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

/**
 * Headers of every answer (an `onRequest` hook of the root, so the not-found and error answers have
 * them too): the Permissions-Policy, and `Cache-Control: no-store` on every `/api` answer, which may
 * hold personal data and must not be kept by a browser or a shared cache (no API answer is meant to be
 * cached; the pages and assets set their own in `web.ts`).
 */
export function answerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) reply.header('cache-control', 'no-store');
}
