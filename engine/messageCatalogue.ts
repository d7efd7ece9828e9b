/*
 * The Portuguese message catalogue, one file per area in `definitions/messages/`. Re-exported as a
 * namespace (`messages.form.back`), so bundles keep only the areas a page reads: the respondent page
 * never ships the staff or server texts.
 */
export { default as common } from '../definitions/messages/common.json' with { type: 'json' };
export { default as form } from '../definitions/messages/form.json' with { type: 'json' };
export { default as outcome } from '../definitions/messages/outcome.json' with { type: 'json' };
export { default as signIn } from '../definitions/messages/signIn.json' with { type: 'json' };
export { default as api } from '../definitions/messages/api.json' with { type: 'json' };
export { default as layout } from '../definitions/messages/layout.json' with { type: 'json' };
export { default as dashboard } from '../definitions/messages/dashboard.json' with { type: 'json' };
export { default as registry } from '../definitions/messages/registry.json' with { type: 'json' };
export { default as spreadsheet } from '../definitions/messages/spreadsheet.json' with { type: 'json' };
export { default as registration } from '../definitions/messages/registration.json' with { type: 'json' };
export { default as interview } from '../definitions/messages/interview.json' with { type: 'json' };
export { default as mail } from '../definitions/messages/mail.json' with { type: 'json' };
export { default as evaluation } from '../definitions/messages/evaluation.json' with { type: 'json' };
export { default as cycles } from '../definitions/messages/cycles.json' with { type: 'json' };
export { default as screenCycles } from '../definitions/messages/screenCycles.json' with { type: 'json' };
export { default as screenRisk } from '../definitions/messages/screenRisk.json' with { type: 'json' };
export { default as screenInventory } from '../definitions/messages/screenInventory.json' with { type: 'json' };
export { default as screenActionPlan } from '../definitions/messages/screenActionPlan.json' with { type: 'json' };
export { default as screenRegistry } from '../definitions/messages/screenRegistry.json' with { type: 'json' };
export { default as screenUsers } from '../definitions/messages/screenUsers.json' with { type: 'json' };
export { default as screenData } from '../definitions/messages/screenData.json' with { type: 'json' };
export { default as screenInterview } from '../definitions/messages/screenInterview.json' with { type: 'json' };
export { default as outbox } from '../definitions/messages/outbox.json' with { type: 'json' };
export { default as personal } from '../definitions/messages/personal.json' with { type: 'json' };
export { default as reports } from '../definitions/messages/reports.json' with { type: 'json' };
export { default as preview } from '../definitions/messages/preview.json' with { type: 'json' };
export { default as definitionCheck } from '../definitions/messages/definitionCheck.json' with { type: 'json' };
export { default as audit } from '../definitions/messages/audit.json' with { type: 'json' };
export { default as lgpd } from '../definitions/messages/lgpd.json' with { type: 'json' };
export { default as retention } from '../definitions/messages/retention.json' with { type: 'json' };
export { default as screenLgpd } from '../definitions/messages/screenLgpd.json' with { type: 'json' };
export { default as risk } from '../definitions/messages/risk.json' with { type: 'json' };
export { default as inventory } from '../definitions/messages/inventory.json' with { type: 'json' };
export { default as measures } from '../definitions/messages/measures.json' with { type: 'json' };
export { default as review } from '../definitions/messages/review.json' with { type: 'json' };
export { default as screenReview } from '../definitions/messages/screenReview.json' with { type: 'json' };
export { default as exposureGroups } from '../definitions/messages/exposureGroups.json' with { type: 'json' };
export { default as screenExposureGroups } from '../definitions/messages/screenExposureGroups.json' with { type: 'json' };
