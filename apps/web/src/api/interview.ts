import type { CompetencySeries, ConsolidatedInterview } from '../../../../engine/interview/consolidate';
import type { InterviewPair } from '../../../../engine/interview/types';
import { download, request } from './client';

/** The saved interview of `GET /api/interview/answers/{ratedId}/{evaluatorUserId}`. */
export interface SavedInterview {
  evaluation_id: string;
  /** Status key, or null before the first save. */
  status: string | null;
  /** Attendance dates, ISO yyyy-mm-dd. */
  dates: string[];
  /** Attendance dates ticked as attended (ISO). */
  show: string[];
  answers: InterviewPair[];
}

/** One evaluator row of `GET /api/interview/evaluators/rated/{ratedId}`. */
export interface InterviewEvaluatorRow {
  /** The evaluation id (the interview form's link). */
  id: string;
  evaluator: string;
  evaluator_id: number;
  position: string | null;
  /** Status label ('Não iniciado' when unknown or missing). */
  status: string;
  rated_id: number;
  rated_name: string;
}

/** A rated person of `GET /api/tableresponse/respondents/{companyId}/11`. */
export interface InterviewRated {
  id: number;
  name: string;
}

/** The consolidated data of `GET /api/tableresponse/interview360/{ratedId}`. */
export type ConsolidatedInterviewData = ConsolidatedInterview & { rated_id: number; rated_name: string };

/** One pair of the save call; 'date' and 'show' carry a list. */
export interface OutgoingPair {
  question: string;
  response: string | string[];
}

/** The body of `PUT /api/tableresponse/multiple`. */
export interface SaveInterviewBody {
  type_evaluation: string;
  evaluator_user_id: number;
  rated_user_id: number;
  evaluation_id?: string;
  questions: OutgoingPair[];
}

export type { CompetencySeries };

const id = (value: number | string) => encodeURIComponent(String(value));

/** `?evaluators=1&evaluators=2` (empty when none). */
function evaluatorsQuery(evaluatorIds: number[]): string {
  return evaluatorIds.length === 0 ? '' : `?${evaluatorIds.map((value) => `evaluators=${id(value)}`).join('&')}`;
}

/** The answers path of an interview (for `useApiData`). */
export function answersPath(ratedId: number | string, evaluatorUserId: number | string): string {
  return `/interview/answers/${id(ratedId)}/${id(evaluatorUserId)}`;
}

/** Loads the saved answers of one interview. */
export function loadInterviewAnswers(ratedId: number | string, evaluatorUserId: number | string): Promise<SavedInterview> {
  return request(answersPath(ratedId, evaluatorUserId));
}

/** Saves an interview (all its pairs at once). */
export function saveInterview(body: SaveInterviewBody): Promise<{ message: string }> {
  return request('/tableresponse/multiple', { method: 'PUT', body });
}

/** The path of the rated people of a company. */
export function ratedPath(companyId: number | string): string {
  return `/tableresponse/respondents/${id(companyId)}/11`;
}

/** The path of the evaluators of a rated person. */
export function evaluatorsPath(ratedId: number | string): string {
  return `/interview/evaluators/rated/${id(ratedId)}`;
}

/** The path of the consolidated data of a rated person over the chosen evaluators. */
export function consolidatedPath(ratedId: number | string, evaluatorIds: number[]): string {
  return `/tableresponse/interview360/${id(ratedId)}${evaluatorsQuery(evaluatorIds)}`;
}

/** The PDF 'Entrevista 360 graus' of a rated person over the chosen evaluators, made by the server, and its file name. */
export function downloadInterviewReport(ratedId: number | string, evaluatorIds: number[]): Promise<{ blob: Blob; fileName: string }> {
  const query = evaluatorIds.length === 0 ? '' : `?evaluators=${evaluatorIds.map(id).join(',')}`;
  return download(`/interview/report/${id(ratedId)}${query}`);
}
