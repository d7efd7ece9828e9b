import { request } from '../../api/client';
import type { ReviewTriggerBody, ReviewTriggerSaved } from '../../../../server/src/contract/riskReviews';
import { riskPath } from './riskApi';

/* Calls of the review of the psychosocial risk assessment (`apps/server/src/routes/riskReviews.ts`). */

/** A company's reviews and every trigger it has. */
export function reviewTriggersPath(companyId: number): string {
  return `${riskPath(companyId)}/review-triggers`;
}

/** Records a trigger (administrators). */
export function recordTrigger(companyId: number, body: ReviewTriggerBody): Promise<ReviewTriggerSaved> {
  return request(reviewTriggersPath(companyId), { method: 'POST', body });
}
