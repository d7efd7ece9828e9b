import { messages } from '../../../../engine/messages';
import type { AnsweredEvaluation, PersonalProfile } from '../../../server/src/contract/personal';
import type { PersonReport } from '../../../server/src/contract/reports';
import { ApiError, BASE, callApi, fileNameOf, readJson, serverMessage } from './http';

/*
 * Calls of a person's own public pages (/evaluations, /scanner, /printevaluation): no session, the
 * personal key in the address authorizes them. A failure is an `ApiError` with the server's message;
 * these pages never sign anyone out.
 */

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const key = (value: string) => encodeURIComponent(value);

/** The person's evaluations, newest first. */
export function loadAnswered(personalKey: string, signal?: AbortSignal): Promise<AnsweredEvaluation[]> {
  return callApi<AnsweredEvaluation[]>(`/tableresponse/answered/${key(personalKey)}`, { signal });
}

/** The person's name and company. */
export function loadPersonalProfile(personalKey: string, signal?: AbortSignal): Promise<PersonalProfile> {
  return callApi<PersonalProfile>(`/users/${key(personalKey)}`, { signal });
}


/** Downloads a file without a session; throws an `ApiError` with the server's message on failure. */
async function downloadPublic(path: string, fallbackName: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method: init.method,
      headers: init.body === undefined ? { Accept: 'application/pdf, application/json' } : { Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(messages.common.serverError, 0);
  }
  if (!response.ok) throw new ApiError(serverMessage(await readJson(response)) ?? messages.common.serverError, response.status);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) ?? fallbackName };
}

/** The report PDF of one answered evaluation (`GET /tableresponse/report/{id}/{type}`). */
export function downloadEvaluationReport(evaluation: AnsweredEvaluation): Promise<DownloadedFile> {
  return downloadPublic(`/tableresponse/report/${key(evaluation.evaluation_id)}/${evaluation.type}`, `${evaluation.name}.pdf`, { method: 'GET' });
}

/** The person's report of a view with `publicReport` ('-1' the scanner, '7' leader vs team: `POST /tableresponse/report/download`). */
export function downloadPersonalReport(personalKey: string, evaluationType: string, fallbackName: string): Promise<DownloadedFile> {
  return downloadPublic('/tableresponse/report/download', fallbackName, { method: 'POST', body: { evaluation_type: evaluationType, target_ids: [personalKey] } satisfies PersonReport });
}
