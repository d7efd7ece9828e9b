import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { format, messages } from '../../../../engine/messages.ts';
import { HttpError } from '../errors.ts';
import { answerHeaders } from './headers.ts';
import { shared } from './shared.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The whole part of a request a violation at its root is about, in Portuguese (never Fastify's 'body', 'querystring'). */
const WHOLE_PART: Record<string, string> = {
  body: messages.api.bodyInvalid,
  querystring: messages.api.queryInvalid,
  params: messages.api.paramsInvalid,
};

/** Portuguese detail of the first schema violation: "o campo users.0.validate é obrigatório". */
function validationDetail(issues: ValidationIssue[], context: string | undefined): string {
  const issue = issues[0];
  const whole = WHOLE_PART[context ?? 'body'] ?? messages.api.bodyInvalid;
  if (!issue) return whole;
  const path = issue.instancePath.split('/').filter((part) => part !== '');
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    return format(messages.api.fieldRequired, { field: [...path, issue.params.missingProperty].join('.') });
  }
  // A property the schema does not have (additionalProperties: false) is named.
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    return format(messages.api.fieldInvalid, { field: [...path, issue.params.additionalProperty].join('.') });
  }
  return path.length > 0 ? format(messages.api.fieldInvalid, { field: path.join('.') }) : whole;
}

/**
 * PostgreSQL errors caused by the data a client sent (SQLSTATE class 22 "data exception", e.g. a NUL
 * character or an out-of-range number; 23505 a unique value taken by a concurrent request): the
 * routes validate first, so these only surface for inputs no check foresaw, and they are the
 * client's, not the server's, fault.
 */
function databaseInputError(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code.startsWith('22')) return { status: 400, message: format(messages.api.invalidRequest, { detail: messages.api.invalidData }) };
  if (code === '23505') return { status: 409, message: messages.api.conflict };
  return null;
}

const STATUS_MESSAGES: Record<number, string> = {
  401: messages.api.unauthorized,
  403: messages.api.forbidden,
  404: messages.api.notFound,
  413: messages.api.payloadTooLarge,
  414: messages.api.uriTooLong,
  415: messages.api.unsupportedMediaType,
  429: messages.api.tooManyRequests,
};

/**
 * Maps every error to `{message}` in Portuguese: domain errors keep their status, schema violations
 * and malformed bodies are 400, other client errors keep their status, anything else is a 500 that is
 * logged and never shows its stack.
 */
export const errorHandler = shared(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if ('validation' in error && Array.isArray(error.validation)) {
      const detail = validationDetail(error.validation as ValidationIssue[], error.validationContext);
      return reply.code(400).send({ message: format(messages.api.invalidRequest, { detail }) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ message: format(messages.api.invalidRequest, { detail: messages.api.malformedJson }) });
    }
    const fromDatabase = databaseInputError(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, 'database rejected client data');
      return reply.code(fromDatabase.status).send({ message: fromDatabase.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = STATUS_MESSAGES[status] ?? format(messages.api.invalidRequest, { detail: String(status) });
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: messages.common.serverError });
  });
});

/**
 * Fastify's `frameworkErrors`: the errors its router raises before any route or hook (a bad URL
 * encoding, an over-long path parameter) answered like every other error, in Portuguese and without
 * echoing the path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No hook runs for these answers: the headers every answer has are set here.
  answerHeaders(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ message: messages.api.uriTooLong });
    return;
  }
  const message = error.code === 'FST_ERR_BAD_URL' ? messages.api.badUrl : format(messages.api.invalidRequest, { detail: '400' });
  void reply.code(400).send({ message });
}

/** Node's reason phrases of the answers `clientErrors` gives. */
const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify has a request (headers
 * over Node's 16 KB limit, a malformed request line or header, a request that does not arrive in time)
 * answered like every other error, in Portuguese `{message}` (Fastify's default is its own English JSON),
 * and the connection closed.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  // A reset connection is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? messages.api.headersTooLarge : status === 408 ? messages.api.requestTimeout : format(messages.api.invalidRequest, { detail: messages.api.malformedHttp });
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
