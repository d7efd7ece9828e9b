import { messages } from '../../../../engine/messages';
import { getToken, signOut } from '../auth/session';
import { ApiError, BASE, callApi, fileNameOf, readJson, serverMessage } from './http';

export { ApiError };

/** Options of one API call. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Private call: sends the bearer token, and a 401 ends the session. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** Calls the API under `/api` with JSON in and out, signed in unless `auth: false`; throws an `ApiError`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { auth = true, ...call } = options;
  const token = auth ? getToken() : null;
  try {
    return await callApi<T>(path, { ...call, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && auth) signOut();
    throw error;
  }
}

/** The Portuguese message of any error thrown by an API call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.common.serverError;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Downloads a file from the API (Excel, PDF): its bytes and the file name the server gave. */
export async function download(path: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method: options.method ?? 'GET',
      headers: { ...authHeaders(), ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(messages.common.serverError, 0);
  }
  if (!response.ok) {
    const data = await readJson(response);
    if (response.status === 401) signOut();
    throw new ApiError(serverMessage(data) ?? messages.common.serverError, response.status);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) ?? 'arquivo' };
}

export { saveFile } from '../../../../renderer/saveFile';

/** A failed upload, with every message the server listed (the bad rows of a spreadsheet). */
export class UploadError extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly errors: string[],
  ) {
    super(message, status);
    this.name = 'UploadError';
  }
}

/** Uploads a file as multipart/form-data (field `file`), reporting progress from 0 to 100. */
export function upload<T>(path: string, file: File, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}${path}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(messages.common.serverError, 0));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status === 401) signOut();
      const errors = data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors) ? ((data as { errors: string[] }).errors) : [];
      reject(new UploadError(serverMessage(data) ?? messages.common.serverError, xhr.status, errors));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
