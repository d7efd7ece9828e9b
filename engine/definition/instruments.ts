import type { DashboardDefinition } from './dashboard.ts';
import type { QuestionnaireDefinition } from './types.ts';

/*
 * Whether the questionnaires behind results are validated instruments. A definition written as an
 * example (`"validated": false`, the psychosocial factors written for Avalia) is named, with the
 * catalogue's 'Instrumento de exemplo, não validado', wherever its results are shown or printed.
 */

/** The evaluation types whose answers a view reads (its datasets' types and those they align with), in increasing order. */
export function viewTypes(view: Pick<DashboardDefinition, 'datasets'>): number[] {
  const types = Object.values(view.datasets).flatMap((dataset) => ('from' in dataset ? [] : [...dataset.types, ...(dataset.alignWith ?? [])]));
  return [...new Set(types)].sort((a, b) => a - b);
}

/** Whether a questionnaire is a validated instrument (`validated`, default true). */
export function isValidated(definition: Pick<QuestionnaireDefinition, 'validated'>): boolean {
  return definition.validated !== false;
}
