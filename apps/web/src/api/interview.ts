import type { InterviewPair } from '../../../../engine/interview/types';
import { request } from './client';

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

const id = (value: number | string) => encodeURIComponent(String(value));

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
