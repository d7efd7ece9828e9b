import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import { format, messages } from '../../../engine/messages.ts';
import { isStaffForm, staffFormModel } from '../../../engine/staffForm/model.ts';
import type { StaffFormModel } from '../../../engine/staffForm/types.ts';
import type { Definitions } from './definitions.ts';

/*
 * The staff forms of the loaded definitions: every current questionnaire with a `staff` section (the
 * 360 interview is one). The routes find their form here, never by a type in code.
 */

/** A staff form: its type, its definition (the current one) and the model read off it. */
export interface StaffForm {
  type: number;
  definition: QuestionnaireDefinition;
  model: StaffFormModel;
}

/** The staff forms of the loaded definitions, by type; a form whose model does not hold stops the start. */
export function staffFormsOf(definitions: Pick<Definitions, 'questionnaires'>): StaffForm[] {
  return [...definitions.questionnaires.entries()]
    .filter(([, definition]) => isStaffForm(definition))
    .sort(([a], [b]) => a - b)
    .map(([type, definition]) => ({ type, definition, model: staffFormModel(definition) }));
}

/**
 * The one staff form that paths without a type serve; with several or none, an error (the start
 * stops) naming those paths and the forms found.
 */
export function theOneStaffForm(forms: StaffForm[], paths: readonly string[]): StaffForm {
  if (forms.length === 1) return forms[0]!;
  const types = forms.length === 0 ? messages.interview.noStaffForm : forms.map((form) => `${form.type} (${form.definition.title})`).join(', ');
  throw new Error(format(messages.interview.oneStaffForm, { paths: paths.join(', '), count: forms.length, types }));
}
