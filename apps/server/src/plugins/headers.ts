import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** Helmet's settings: its defaults, with the content security policy the pages need. */
const HELMET: HelmetOptions = {
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
      // The report panel ('Imprimir Relatório') frames the PDF it downloaded, from a blob: address.
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      // Plain-HTTP installs (http://host:3000) must not have their requests upgraded to HTTPS.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets with `options`, asked of it once. None depends on the request (no nonces),
 * so they are the same on every answer; `@fastify/helmet` instead builds helmet's whole middleware
 * again on every request (its directives parsed each time), a measurable share of a submission's time.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The headers of every answer: helmet's and the Permissions-Policy. */
const EVERY_ANSWER: Record<string, string> = { ...helmetHeaders(HELMET), 'permissions-policy': PERMISSIONS_POLICY };

/**
 * Headers of every answer (an `onRequest` hook of the root, so the not-found and error answers have
 * them too, and `frameworkErrors`): helmet's, the Permissions-Policy, and `Cache-Control: no-store` on
 * every `/api` answer, which may hold personal data and must not be kept by a browser or a shared cache
 * (no API answer is meant to be cached; the pages and assets set their own in `web.ts`).
 */
export function answerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(EVERY_ANSWER);
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) reply.header('cache-control', 'no-store');
}
