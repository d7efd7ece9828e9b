import { messages } from '../../../../engine/messages';
import { getToken, signOut } from '../auth/session';

/** A failed API call, carrying the server's Portuguese message (or the generic one). */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Options of one API call. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Private call: sends the bearer token, and a 401 ends the session. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

const BASE = '/api';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** Calls the API under `/api` with JSON in and out; throws an `ApiError` on failure. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(messages.common.serverError, 0);
  }
  const data = await readJson(response);
  if (response.ok) return data as T;
  if (response.status === 401 && auth) signOut();
  throw new ApiError(serverMessage(data) ?? messages.common.serverError, response.status);
}

/** The Portuguese message of any error thrown by an API call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.common.serverError;
}
