import { competencyAnswer } from './definition.ts';
import type { InterviewDefinition } from './types.ts';

/** One saved interview that takes part in the consolidation. */
export interface ConsolidationInput {
  evaluationId: string;
  /** The evaluator (user id); equal to the rated id for the self-evaluation. */
  evaluatorId: number;
  evaluatorName: string;
  /** The stored answers ('3.grade' → '7.5'). */
  answers: Record<string, string>;
}

/** One competency of the chart: the four series. */
export interface CompetencySeries {
  block: number;
  name: string;
  /** Mean of the evaluators' grades (self-evaluation excluded); null without evaluators. */
  average: number | null;
  /** The self-evaluation grade (mean when there are several); null without one. */
  self: number | null;
  /** Lowest and highest evaluator grade (self-evaluation excluded). */
  min: number | null;
  max: number | null;
}

/** What one evaluator answered, without the confidential comments. */
export interface InterviewResponse {
  evaluation_id: string;
  evaluator_id: number;
  evaluator: string;
  competencies: { block: number; name: string; grade: number; positive: string; better: string }[];
  forces: string;
  weakness: string;
  final: string;
}

/** The consolidated 360-by-interview data of one rated person. */
export interface ConsolidatedInterview {
  /** Interviews counted, the self-evaluation included. */
  count: number;
  /** The chart: per competency mean, self grade, minimum and maximum. */
  competencies: CompetencySeries[];
  /** The evaluators' side per competency: average, min, max. */
  evaluator: { block: number; name: string; average: number | null; min: number | null; max: number | null }[];
  /** The rated person's side per competency: the self grade. */
  rated: { block: number; name: string; grade: number | null }[];
  /** Answers of the other evaluators. */
  responses: InterviewResponse[];
  /** Answers of the self-evaluation (usually zero or one). */
  selfResponses: InterviewResponse[];
}

/** The print dataset of the report 'Entrevista 360 graus'. */
export interface InterviewPrintData {
  title: string;
  /** Interviews counted, the self-evaluation included. */
  count: number;
  competencies: (CompetencySeries & { positive: string[]; better: string[] })[];
  forces: string[];
  weakness: string[];
  final: string[];
}

/** Rounds to two decimals so float noise (7.300000001) never reaches the client; the UI shows one. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : round(values.reduce((sum, value) => sum + value, 0) / values.length);
}

function responseOf(definition: InterviewDefinition, input: ConsolidationInput): InterviewResponse {
  const text = (key: string) => input.answers[key] ?? ' ';
  const [forces, weakness, final] = definition.openBlocks.map(({ block, key }) => text(`${block}.${key}`));
  return {
    evaluation_id: input.evaluationId,
    evaluator_id: input.evaluatorId,
    evaluator: input.evaluatorName,
    competencies: definition.competencies.map(({ block, name }) => {
      const answer = competencyAnswer(input.answers, block);
      return { block, name, grade: answer.grade, positive: answer.positive, better: answer.better };
    }),
    forces: forces ?? ' ',
    weakness: weakness ?? ' ',
    final: final ?? ' ',
  };
}

/**
 * Consolidates the interviews of one rated person: per competency the evaluators' mean, minimum and
 * maximum (the self-evaluation excluded) and the self grade. The confidential comments are never read.
 */
export function consolidateInterviews(definition: InterviewDefinition, ratedId: number, inputs: ConsolidationInput[]): ConsolidatedInterview {
  const responses = inputs.filter((input) => input.evaluatorId !== ratedId).map((input) => responseOf(definition, input));
  const selfResponses = inputs.filter((input) => input.evaluatorId === ratedId).map((input) => responseOf(definition, input));
  const competencies = definition.competencies.map(({ block, name }, index): CompetencySeries => {
    const grades = responses.map((response) => response.competencies[index]!.grade);
    const selfGrades = selfResponses.map((response) => response.competencies[index]!.grade);
    return {
      block,
      name,
      average: mean(grades),
      self: mean(selfGrades),
      min: grades.length === 0 ? null : Math.min(...grades),
      max: grades.length === 0 ? null : Math.max(...grades),
    };
  });
  return {
    count: inputs.length,
    competencies,
    evaluator: competencies.map(({ block, name, average, min, max }) => ({ block, name, average, min, max })),
    rated: competencies.map(({ block, name, self }) => ({ block, name, grade: self })),
    responses,
    selfResponses,
  };
}

const filled = (texts: string[]) => texts.filter((text) => text.trim() !== '');

/** The print dataset: the chart series plus every non-empty comment of the evaluators, grouped by block. */
export function printDataset(definition: InterviewDefinition, consolidated: ConsolidatedInterview): InterviewPrintData {
  const all = [...consolidated.responses, ...consolidated.selfResponses];
  return {
    title: definition.printTitle,
    count: consolidated.count,
    competencies: consolidated.competencies.map((series, index) => ({
      ...series,
      positive: filled(all.map((response) => response.competencies[index]!.positive)),
      better: filled(all.map((response) => response.competencies[index]!.better)),
    })),
    forces: filled(all.map((response) => response.forces)),
    weakness: filled(all.map((response) => response.weakness)),
    final: filled(all.map((response) => response.final)),
  };
}
