import { ApiError } from '../../api/client';

/**
 * Whether a failed save is the server's fault (5xx) or the network's, as opposed to a refusal with a
 * message for the user (4xx): the spec toasts its own text for the first and the server's for the second.
 */
export function isServerFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
