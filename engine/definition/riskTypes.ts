/*
 * The types of psychosocial risk under NR-1 (issue 27), apart from `risk.ts` (its functions) so the
 * questionnaire's types can name the risk section: a questionnaire's `risk` section and the risk matrix
 * (`definitions/riskMatrix.json`, its schema generated from `RiskMatrix`).
 */

/** A step of a severity or probability scale, lowest first: its label and what it means. */
export interface RiskStep {
  /**
   * @minLength 1
   * @maxLength 60
   */
  label: string;
  /**
   * When the step applies, as the inventory writes it. A probability step's criterion is written from
   * the questionnaire's bands when omitted.
   * @maxLength 500
   */
  criterion?: string;
}

/** A level of risk (Baixo, Moderado, Alto, Crítico): its colour and what it asks of the company. */
export interface RiskLevel {
  /**
   * @pattern ^[a-z][A-Za-z0-9]*$
   */
  id: string;
  /**
   * @minLength 1
   * @maxLength 40
   */
  label: string;
  /**
   * Cell colour, #rrggbb.
   * @pattern ^#[0-9a-fA-F]{6}$
   */
  color: string;
  /**
   * What the level asks of the company (the inventory's criterion for acting).
   * @minLength 1
   * @maxLength 500
   */
  action: string;
}

/** A risk matrix: severity × probability, the level of every pair, and the criteria as written. */
export interface RiskMatrix {
  /** Path of the JSON Schema, for editors. */
  $schema?: string;
  /**
   * @minLength 1
   * @maxLength 120
   */
  title: string;
  /**
   * The severity steps, lowest first (1, 2, …): the harm a factor can do, set per factor by the consultant.
   * @minItems 2
   * @maxItems 6
   */
  severity: RiskStep[];
  /**
   * The probability steps, lowest first: a group's step comes from its share of unfavourable answers
   * (the questionnaire's `risk.probability` bands, one per step).
   * @minItems 2
   * @maxItems 6
   */
  probability: RiskStep[];
  /**
   * The levels, lowest first.
   * @minItems 2
   * @maxItems 6
   */
  levels: RiskLevel[];
  /** The level (its id) of each pair: one row per severity step, lowest first, one id per probability step. */
  grid: string[][];
  /**
   * How the level is found, as the inventory writes it ('Nível = severidade × probabilidade: …').
   * @minLength 1
   * @maxLength 1000
   */
  criteria: string;
}

/** A risk factor of a questionnaire: a share score of unfavourable answers, and what the inventory says of it. */
export interface RiskFactor {
  /**
   * The factor's id (kept with severities and inventories: never renamed).
   * @pattern ^[a-z][A-Za-z0-9]*$
   */
  id: string;
  /**
   * @minLength 1
   * @maxLength 120
   */
  label: string;
  /** The id of the score holding the group's share of unfavourable answers (0–100, `aggregate: "share"`). */
  score: string;
  /**
   * The hazard (perigo) as the inventory names it.
   * @minLength 1
   * @maxLength 500
   */
  hazard: string;
  /**
   * The possible harms (possíveis agravos à saúde).
   * @minLength 1
   * @maxLength 500
   */
  harms: string;
}

/** A band of the probability scale: a share below `below` (the last band: any share) gives its step. */
export interface ProbabilityBand {
  /**
   * @minimum 0
   * @maximum 100
   */
  below?: number;
}

/**
 * A questionnaire whose scores are psychosocial risk factors (NR-1): only such a questionnaire reaches
 * the risk views and the inventory (an individual well-being scale, the PSS-14, has none).
 */
export interface QuestionnaireRisk {
  /**
   * A factor's probability step from the group's share of its unfavourable answers: the first band
   * whose `below` is above the share (the last band has none), one band per step of the matrix.
   * @minItems 2
   * @maxItems 6
   */
  probability: ProbabilityBand[];
  /** @minItems 1 */
  factors: RiskFactor[];
}
