import type { QuestionnaireRisk } from '../../../../engine/definition/riskTypes.ts';
import type { QuestionnaireDefinition } from '../../../../engine/definition/types.ts';
import { format, messages } from '../../../../engine/messages.ts';
import type { Definitions } from '../definitions.ts';
import { HttpError } from '../errors.ts';

/*
 * The questionnaires of the psychosocial risk programme (issue 27): those with a risk section, their
 * factors and labels, as the risk routes, the action plan, the review and the reminders read them.
 */

/** A questionnaire with a risk section. */
export type RiskQuestionnaire = QuestionnaireDefinition & { risk: QuestionnaireRisk };

/** The questionnaires with a risk section, in type order. */
export function riskQuestionnaires(definitions: Definitions): { type: number; definition: RiskQuestionnaire }[] {
  return [...definitions.questionnaires.entries()]
    .filter((entry): entry is [number, RiskQuestionnaire] => entry[1].risk !== undefined)
    .sort(([a], [b]) => a - b)
    .map(([type, definition]) => ({ type, definition }));
}

/** The questionnaire of a type with a risk section, else 400 (Portuguese). */
export function riskQuestionnaire(definitions: Definitions, type: number): RiskQuestionnaire {
  const definition = definitions.questionnaires.get(type);
  if (!definition?.risk) throw new HttpError(400, format(messages.risk.unknownType, { type }));
  return definition as RiskQuestionnaire;
}

/** The risk questionnaire of a type and one of its factors, else 400 (Portuguese). */
export function riskFactor(definitions: Definitions, type: number, id: string) {
  const definition = riskQuestionnaire(definitions, type);
  const factor = definition.risk.factors.find((candidate) => candidate.id === id);
  if (!factor) throw new HttpError(400, format(messages.risk.unknownFactor, { factor: id, title: definition.title }));
  return { definition, factor };
}

/** The title of a questionnaire, its type when unknown. */
export const questionnaireTitle = (definitions: Definitions, type: number): string => definitions.questionnaires.get(type)?.title ?? String(type);

/** The label of a risk factor, its id when unknown. */
export const factorLabel = (definitions: Definitions, type: number, factor: string): string => definitions.questionnaires.get(type)?.risk?.factors.find((one) => one.id === factor)?.label ?? factor;
