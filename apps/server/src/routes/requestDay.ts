import { isIsoDate } from '../../../../engine/rules/dates.ts';
import { HttpError } from '../errors.ts';

/** A day sent by the client: trimmed, a real `YYYY-MM-DD`, else 400 with `message` (Portuguese). */
export function requestDay(value: string, message: string): string {
  const trimmed = value.trim();
  if (!isIsoDate(trimmed)) throw new HttpError(400, message);
  return trimmed;
}
