import { format, messages } from '../messages.ts';
import type { DefinitionError } from './errors.ts';
import type { ProbabilityBand, RiskLevel, RiskMatrix } from './riskTypes.ts';
import type { QuestionnaireDefinition } from './types.ts';

export type { ProbabilityBand, QuestionnaireRisk, RiskFactor, RiskLevel, RiskMatrix, RiskStep } from './riskTypes.ts';

/*
 * Psychosocial risk under NR-1 (issue 27), as data: a questionnaire's `risk` section says which of its
 * scores are the risk factors (a share of unfavourable answers each) and how a group's share gives the
 * probability; a risk matrix (`definitions/riskMatrix.json`, a company's own when it has one) says the
 * severity and probability steps, the level of each pair, their colours and the written criteria
 * (NR-1 1.5.4.4.2: risk by severity and probability). The consultant sets each factor's severity per
 * company, with a reason; the level and the criteria used are stored with the result.
 */

/** The probability step (1-based) of a share, or null for no share. */
export function probabilityOf(bands: ProbabilityBand[], share: number | null): number | null {
  if (share === null || !Number.isFinite(share)) return null;
  const index = bands.findIndex((band) => band.below === undefined || share < band.below);
  return (index === -1 ? bands.length - 1 : index) + 1;
}

/** The level of a severity and a probability step (both 1-based), or null when either is unknown or out of the matrix. */
export function riskLevelOf(matrix: RiskMatrix, severity: number | null, probability: number | null): RiskLevel | null {
  if (severity === null || probability === null) return null;
  const id = matrix.grid[severity - 1]?.[probability - 1];
  return matrix.levels.find((level) => level.id === id) ?? null;
}

/** Each probability step's criterion: the matrix's own, or written from the bands ('De 20% a menos de 40% …'). */
export function probabilityCriteria(matrix: RiskMatrix, bands: ProbabilityBand[]): string[] {
  const text = messages.risk;
  return matrix.probability.map((step, index) => {
    if (step.criterion) return step.criterion;
    const from = index === 0 ? undefined : bands[index - 1]?.below;
    const below = bands[index]?.below;
    if (below === undefined) return format(text.probabilityFrom, { from: from ?? 0 });
    if (from === undefined) return format(text.probabilityBelow, { below });
    return format(text.probabilityBetween, { from, below });
  });
}

/** The semantic problems of a risk matrix: a full grid of known levels, never lower for more severity or probability. */
export function riskMatrixErrors(matrix: RiskMatrix): DefinitionError[] {
  const text = messages.definitionCheck;
  const errors: DefinitionError[] = [];
  const rank = new Map(matrix.levels.map((level, index) => [level.id, index]));
  matrix.levels.forEach((level, index) => {
    if (matrix.levels.findIndex((other) => other.id === level.id) !== index) errors.push({ pointer: `/levels/${index}/id`, message: format(text.duplicateId, { id: level.id }) });
  });
  if (matrix.grid.length !== matrix.severity.length) errors.push({ pointer: '/grid', message: format(text.riskGridRows, { rows: matrix.severity.length }) });
  matrix.grid.forEach((row, severity) => {
    if (row.length !== matrix.probability.length) errors.push({ pointer: `/grid/${severity}`, message: format(text.riskGridColumns, { columns: matrix.probability.length }) });
    row.forEach((id, probability) => {
      const pointer = `/grid/${severity}/${probability}`;
      if (!rank.has(id)) return errors.push({ pointer, message: format(text.riskUnknownLevel, { id }) });
      const left = row[probability - 1];
      const below = matrix.grid[severity - 1]?.[probability];
      if ((left !== undefined && rank.has(left) && rank.get(left)! > rank.get(id)!) || (below !== undefined && rank.has(below) && rank.get(below)! > rank.get(id)!)) {
        errors.push({ pointer, message: text.riskGridOrder });
      }
      return undefined;
    });
  });
  return errors;
}

/** The semantic problems of a questionnaire's risk section: factors of its share scores, said once; bands rising. */
export function questionnaireRiskErrors(definition: QuestionnaireDefinition, add: (pointer: string, message: string) => void): void {
  const risk = definition.risk;
  if (!risk) return;
  const text = messages.definitionCheck;
  const scores = definition.scoring?.scores ?? [];
  risk.factors.forEach((factor, index) => {
    if (risk.factors.findIndex((other) => other.id === factor.id) !== index) add(`/risk/factors/${index}/id`, format(text.duplicateId, { id: factor.id }));
    const score = scores.find((candidate) => candidate.id === factor.score);
    if (!score) add(`/risk/factors/${index}/score`, format(text.unknownScore, { id: factor.score }));
    else if (score.aggregate !== 'share') add(`/risk/factors/${index}/score`, format(text.riskFactorShare, { id: factor.score }));
  });
  risk.probability.forEach((band, index) => {
    const last = index === risk.probability.length - 1;
    if (last !== (band.below === undefined)) add(`/risk/probability/${index}`, text.riskBandsOpenEnd);
    const before = risk.probability[index - 1]?.below;
    if (band.below !== undefined && before !== undefined && band.below <= before) add(`/risk/probability/${index}/below`, text.riskBandsRising);
  });
}

/** A matrix against the questionnaires it rates: each one's probability bands, one per probability step. */
export function riskStepsErrors(matrix: RiskMatrix, questionnaires: Map<number, QuestionnaireDefinition>): DefinitionError[] {
  return [...questionnaires.values()].flatMap((definition) =>
    definition.risk && definition.risk.probability.length !== matrix.probability.length
      ? [{ pointer: '/probability', message: `${definition.title}: ${format(messages.definitionCheck.riskBandsSteps, { bands: definition.risk.probability.length, steps: matrix.probability.length })}` }]
      : [],
  );
}

/** The colour of a factor whose level is not known yet (its severity not set): a neutral grey. */
export const UNRATED_COLOR = '#bdbdbd';
