import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Which of brotli and gzip the request accepts (q=0 refuses), brotli first. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a page rendered for this request, compressed as the browser accepts (brotli at a fast level:
 * the page is made per request), or as it is.
 */
export async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : await gzipAsync(html, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}
