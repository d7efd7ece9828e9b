import { format, messages } from '../../../../../engine/messages';
import type { ReviewTrigger, RiskReview } from '../../../../server/src/contract/riskReviews';
import { formatDay } from '../../format';

/*
 * The texts of the review of the psychosocial risk assessment (issue 27, NR-1 1.5.4.4.6): the home
 * screen's alerts and the risk screen's 'Revisão da avaliação'.
 */

const text = messages.screenReview;

/** A trigger's kind in Portuguese ('Mudança na organização do trabalho'). */
export function kindLabel(kind: string): string {
  return (text.kinds as Record<string, string>)[kind] ?? kind;
}

/** A review's state in Portuguese ('Vencida'). */
export function stateLabel(state: RiskReview['state']): string {
  return text.states[state];
}

/** The home screen's sentence of a review near or past: '… de {empresa} vence em 10/01/2027.' */
export function homeAlertText(review: RiskReview): string {
  return format(review.state === 'past' ? text.homePast : text.homeNear, { company: review.company_name, date: formatDay(review.next_review) });
}

/** Why the review is earlier than two years after the publication, or '' when it is not. */
export function broughtForwardText(trigger: ReviewTrigger | null, template: string = text.homeBroughtForward): string {
  return trigger ? format(template, { kind: kindLabel(trigger.kind), date: formatDay(trigger.occurred_on) }) : '';
}
