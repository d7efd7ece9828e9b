import type { Transform } from './transforms.ts';

/*
 * The datasets of the dashboard grammar (`dashboard.ts`): a named server query over the done
 * evaluations of some types (never SQL), followed by pure transforms, or a derivation of another
 * dataset.
 */

/** Which done evaluations a dataset reads, on top of the view's filters. */
export type DatasetScope =
  /** Every evaluation the group filters allow (all but the colleague: the consolidated views). */
  | 'filters'
  /** The chosen colleague's latest evaluation of the type (the individual views); empty until one is chosen. */
  | 'colleague'
  /**
   * The colleague's latest evaluation of `types` plus the evaluation chosen in the alignment filter
   * (of `alignWith` types: values and needs, the manager's side); empty until both are chosen.
   */
  | 'alignment'
  /**
   * The evaluations of the person chosen in the evaluator filter, under the group filters (the 360 by
   * interview's table of the chosen evaluator, about the chosen rated person); empty until one is chosen.
   */
  | 'evaluator';

interface DatasetBase {
  /**
   * Evaluation types read.
   * @minItems 1
   */
  types: number[];
  /** Which evaluations, on top of the filters. Default "filters". */
  scope?: DatasetScope;
  /** With scope "alignment": the types of the evaluation chosen in the alignment filter (the manager's). */
  alignWith?: number[];
  /**
   * Only each person's latest evaluation about the same rated person (done ones; with the `people`
   * query, done or pending), within the chosen round of a view with the `version` filter: a person who
   * took a test twice counts once. The dataset's `types` count as one questionnaire here (the 360's
   * self-evaluation, of type 1 or 2, counts once). Default false: every evaluation.
   */
  latest?: boolean;
  /** Pure transforms applied in order to the query's rows, on the server. Default none. */
  transforms?: Transform[];
  /** Computed only as the `from` of other datasets, never sent to the browser. Default false. */
  internal?: boolean;
  /**
   * The answers of a group no one should be able to single out: when fewer people than the company's
   * minimum (`companies.anonymity_min`, default 3) answered in scope, the rows are withheld and the
   * view says why. Every output inherits it (screen, PDF, Excel, e-mail, the result calls).
   * "evaluators": the people who evaluated someone else (the 360), the self-evaluation shown apart and
   * never counted; "group": everyone who answered (psychological safety). Not with `perPerson` or the
   * `people` query. Default: not anonymous.
   */
  anonymous?: 'evaluators' | 'group';
}

/**
 * Each respondent's scores, one row per evaluation: `evaluation`, `person`, `name`, `type`, `date`,
 * every score of the type's scoring (by id), `band`/`bandColor`/`bandIndex` when classified, and each
 * ranking of the type as `{ranking}.1`, `{ranking}.2`, … (the labels of its top entries).
 */
export interface ScoresDataset extends DatasetBase {
  query: 'scores';
  /**
   * The rows name people: allowed only where the spec lists people (the PSS-14 respondents, the
   * scanner people, the team-performance person, the consolidated profile tables); otherwise a
   * transform must aggregate them before they leave the server. Default false.
   */
  perPerson?: boolean;
  /**
   * Per-person rows come this many at a time, oldest first, with the total (the PSS-14 table of a
   * large company); the data call's `pages` picks the page. Only `filter`, `map`, `band`, `scale` and
   * `greatest` transforms may follow (they keep one row per person). Default: every row.
   * @minimum 1
   * @maximum 500
   */
  pageSize?: number;
}

/**
 * Means over the respondents, one row per score of the type: `score` (id), `label`, `color`, `value`
 * (the mean), `respondents`, and for per-question scores `question` and `questionText` (else null). With `bands`, one row per band of the classification instead:
 * `band` (id), `label`, `color`, `value` (respondents in it), `respondents`.
 */
export interface SummaryDataset extends DatasetBase {
  query: 'summary';
  /** Rows per classification band instead of per score. Default false. */
  bands?: boolean;
  /**
   * The same rows once per round (cycle) of the chosen company or course holding answers of the type,
   * oldest first (the other filters kept, and the questionnaire version: rounds scored by another
   * version are not among them): each row also has `cycle` (the round's name), `cycleId` and
   * `cycleOrder` (1, 2, … oldest first). A score's line across rounds. With a round chosen, the rounds
   * up to it (its history; every round over 'Todos os ciclos'); with one chosen in the view's `compare`
   * filter too ('Comparar com'), only that round and the chosen one. Anonymous ("group"), each round
   * obeys the minimum as a `byGroup` group does (a round under it, or one that would let it be deduced
   * from 'Todos os ciclos', keeps its rows with `value` null and `withheld` saying why; shown rows:
   * `withheld` null). Needs the view's `cycle` filter; not with `anonymous: "evaluators"`. Default false.
   */
  byCycle?: boolean;
  /**
   * The same rows once per group of the respondents (their sector, position, or the course of the
   * evaluation), by the group's name, the groups without respondents left out (a person in two sectors
   * counts in both; one in none in no group, yet in the whole): each row also has `group` (its name),
   * `groupId` and `groupOrder` (1, 2, …). Each group obeys the company's anonymity minimum, and a group
   * that would let a smaller one be deduced (by subtracting shown groups from the whole or from a larger
   * group) is hidden too: a hidden group's rows keep every field but `value`, which is null, and have
   * `withheld` saying why (shown rows: null). With a sector chosen, only that sector.
   * The rows of a heatmap of groups × scores. Not with `byCycle`, nor `anonymous: "evaluators"`.
   * Default none.
   */
  byGroup?: GroupingKind;
  /**
   * Where each mean stands among the consultancy's other client companies (the norm): each row also has
   * `normCompanies` and `normRespondents` (the other companies counted and their people), `normMedian`
   * and `normTop` (the median and the top quartile of their means: the 50th and 75th percentiles,
   * interpolated), `normPercentile` (the share of them, 0–100, whose mean is under the row's, a tie
   * counting half) and `normNote`. Only from companies' aggregates: the active companies other than the
   * chosen one, not excluded by an administrator ('Fora da norma de comparação'), with answers of the
   * same major version of the questionnaire and at least their own anonymity minimum of people; it
   * holds from 5 such companies and 100 people, else every norm field is null and `normNote` says why.
   * Needs a company chosen; not with `bands`, `byCycle` or `byGroup`. Default false.
   */
  norm?: boolean;
}

/**
 * The respondents' groups a dataset may be split by: their sector, their position, the exposure groups
 * staff define for their company from sectors and positions (NR-1: someone whose sector and position
 * are among a group's, an empty list not narrowing), the course of the evaluation.
 */
export type GroupingKind = 'sector' | 'position' | 'exposure' | 'course';

/**
 * Answer counts per question and option, one row per option of each question (zero counts
 * included): `question`, `questionText`, `questionOrder`, `page` (page index), `pageTitle`, `option`
 * (its value), `optionLabel`, `optionOrder`, `scoreValue` (what the option scores, a reverse item
 * flipped; null for an unscored option or a checkbox), `tag` (the option's first tag, or ""), `type`,
 * `count` (answers choosing it), `respondents` (evaluations of the type in scope) and, with `bySelf`,
 * `self` (the row counts self-evaluations; `respondents` then counts that role only). An answer that
 * holds an `exclusive` option counts as that option alone. With `byGroup`, those rows once per group.
 */
export interface OptionCountsDataset extends DatasetBase {
  query: 'optionCounts';
  /**
   * Questions counted (ids). Default every question with options.
   * @minItems 1
   */
  questions?: string[];
  /**
   * Count self-evaluations (the rated person answering about themselves) apart from everyone else's:
   * two rows per option, `self` true and false, each with its own `respondents` (the 360). Default
   * false: one row per option counting every answer in scope, with no `self` field.
   */
  bySelf?: boolean;
  /**
   * The same rows once per group of the respondents (as a summary's `byGroup`: their sector, position,
   * or the course of the evaluation; on a view whose `sectorOf` is "rated", the sector the evaluation is
   * about), by the group's name, the groups without respondents left out, counted in one statement:
   * each row also has `group`, `groupId` and `groupOrder` (1, 2, …), `respondents` counting the group's
   * evaluations. Each group obeys the company's anonymity minimum and complementary suppression as a
   * summary's groups do: a hidden group's rows keep every field but `count`, which is null, and have
   * `withheld` saying why (shown rows: null). With a sector chosen, only that sector. The rows of a
   * heatmap of groups × statements. Not with `bySelf`, nor `anonymous: "evaluators"`. Default none.
   */
  byGroup?: GroupingKind;
  /**
   * The same rows once per round of the 360 (the `version` filter's rounds: 'Data') of the evaluated
   * person holding answers, oldest first, up to the chosen one (every round without one): each row also
   * has `round` (the round as the filter names it, '10/03/2026 (versão 2)'), `roundId` (the version) and
   * `roundOrder` (1, 2, …). Each round is counted as the view counts a chosen round (its evaluators'
   * latest answers and its self-evaluation). With `anonymous: "evaluators"`, a round of fewer
   * evaluators than the company's minimum keeps its self rows and has its other rows' `count` null,
   * with `withheld` saying why (other rows of shown rounds, and self rows: null), as the view withholds
   * that round when chosen. The rows of a heatmap of rounds × competencies. Needs a view that requires
   * the `version` filter (one round at a time: no pooled rounds to subtract from); not with `byGroup`.
   * Default false.
   */
  byVersion?: boolean;
  /**
   * The same rows once per round (cycle) of the chosen company or course, oldest first, as a summary's
   * `byCycle` (the rounds up to the chosen one, or with 'Comparar com' the compared and the chosen
   * alone; anonymous "group", a round under the minimum or complementary keeps its rows with `count`
   * null and the reason in `withheld`): each row also has `cycle`, `cycleId`, `cycleOrder` and
   * `withheld`. A heatmap of rounds × statements. Needs the view's `cycle` filter; not with `byGroup`,
   * `byVersion`, `bySelf`, nor `anonymous: "evaluators"`. Default false.
   */
  byCycle?: boolean;
}

/**
 * Free-text answers, one row per answer: `question`, `questionText`, `heading` (a follow-up's
 * statement, then its own text; else its text), `questionOrder`, `number` (the question's number),
 * `page` (page index), `pageTitle`, `block` ("{number}. {pageTitle}", or the page title alone when the
 * question has no number), `type`, `self`, `text`.
 */
export interface TextsDataset extends DatasetBase {
  query: 'texts';
  /**
   * Questions read (ids).
   * @minItems 1
   */
  questions: string[];
  /** Each answer with its author's `name`, `person` and `evaluation` (only where the spec shows names). Default false. */
  perPerson?: boolean;
}

/**
 * The people in scope with their evaluations of the types: one row per evaluation with `evaluation`,
 * `person`, `name`, `position` (the person's positions, joined by ", "; "" without one), `type`,
 * `typeName`, `createdAt`, `expireAt`, `done`, `respondedAt`, and `allDone` (every evaluation of the
 * person among these types is done). Pending evaluations are included. Lists people.
 */
export interface PeopleDataset extends DatasetBase {
  query: 'people';
  /**
   * Each row's `status`: the label of the evaluation's staff status (the answer `status`, looked up in
   * the questionnaire's `staff.statuses`; its `notStartedLabel` when unknown or missing). Only types
   * whose questionnaire has a `staff` section (the 360 by interview). Default false.
   */
  status?: boolean;
}

/** How the `participation` query groups the evaluations. */
export type ParticipationGroup = 'all' | GroupingKind | 'type' | 'day';

/**
 * Who was asked and who answered, done or pending (the round's participation): one row per group with
 * `group` (its name), `order`, `invited` (evaluations in scope), `answered` (done), `expired` (not done,
 * past their expiry), `pending` (neither), `rate` (answered × 100 ÷ invited, 0–100) and `target` (the
 * chosen round's target, percent; null without a round). By "sector", "position" or "course" an
 * evaluation counts in each group of its respondent (a person in two sectors counts in both), and in
 * the `none` group without one; by "type" the group is the questionnaire's name. By "day": one row per
 * day from the round's opening to today (or its last answer once it closed) with `day` (dd/mm),
 * `date` (YYYY-MM-DD), `answered` that day, `cumulative` (answered up to that day), `invited` and
 * `rate` (cumulative × 100 ÷ invited). Counts, never answers: not anonymous, naming no one.
 */
export interface ParticipationDataset extends DatasetBase {
  query: 'participation';
  by: ParticipationGroup;
  /** The group of the evaluations whose respondent has no sector, position or course ('Sem setor'). Required with those groupings. */
  none?: string;
}

/**
 * Psychosocial risk levels (NR-1, issue 27): one row per risk factor of the types' `risk` section
 * (with `byGroup`, per group of the respondents too): `type`, `factor`, `factorLabel`, `hazard`,
 * `harms`, `share` (the share of unfavourable answers, 0–100, as the factor's score), `respondents`,
 * `probability` (its step by the questionnaire's bands, 1 = lowest), `probabilityLabel`,
 * `probabilityCriterion`, `severity` (the step the consultant set for the company, null until set),
 * `severityLabel`, `severityCriterion`, `severityReason`, `level` (the matrix's id, null without both
 * steps), `levelLabel` ('Severidade não definida' without a severity), `levelColor`, `levelAction` and
 * `criteria` (the matrix's text): the company's own risk matrix, else `definitions/riskMatrix.json`.
 * With `byGroup`, the group fields and `withheld` of a summary by group: a hidden group keeps its rows
 * with `share`, `probability` and the level null. Needs the view's company filter (severities are a
 * company's); only types whose questionnaire has a risk section (an individual well-being scale, such
 * as the PSS-14, has none, so it never reaches a risk view); not with `anonymous: "evaluators"`.
 */
export interface RiskDataset extends DatasetBase {
  query: 'risk';
  /** The exposure groups: the respondents' sector, position or course. Default none: the whole company. */
  byGroup?: GroupingKind;
}

/** A statistic of a numeric question's answers. */
export interface NumberSeries {
  /** The series' name, in the rows' `series` ('Média', 'Autoavaliação'). */
  label: string;
  /** "mean", "min" or "max" of the answers. */
  stat: 'mean' | 'min' | 'max';
  /**
   * Whose answers: "others" (evaluations of someone else), "self" (self-evaluations: the rated person
   * answering about themselves) or "all". Default "all".
   */
  of?: 'all' | 'others' | 'self';
}

/**
 * Statistics of numeric answers (grades), one row per question and series: `type`, `question`,
 * `questionText`, `questionOrder`, `number` (the question's number), `page`, `pageTitle`, `series` (its
 * label), `seriesOrder`, `value` (null when nobody answered) and `answers` (the answers behind it);
 * `respondents` counts the evaluations in scope. An evaluation without a number for a question
 * (unanswered or blank) counts as the value its staff form saves for a blank grade (`staff.blanks.grade`:
 * the interview's 0), else not at all; with no answer at all there are no rows.
 */
export interface NumbersDataset extends DatasetBase {
  query: 'numbers';
  /**
   * Questions read (ids). Default every grade question of the types.
   * @minItems 1
   */
  questions?: string[];
  /**
   * The statistics, each a series of the rows, in this order (the 360 by interview's four bars).
   * Required unless `perPerson`.
   * @minItems 1
   */
  series?: NumberSeries[];
  /**
   * Each evaluation's own answers instead of statistics: one row per evaluation and question with the
   * question fields, `evaluation`, `person`, `name`, `self` and `value` (null when blank), every
   * evaluation in scope listed. Names people: only where the spec lists each evaluator's answers (the
   * interview's consolidated call). Default false.
   */
  perPerson?: boolean;
}

/** A dataset computed from another one's rows (declared before it) by more transforms. */
export interface DerivedDataset {
  /** The dataset whose rows (after its own transforms) this one starts from. */
  from: string;
  transforms: Transform[];
  /** Computed only as the `from` of other datasets, never sent to the browser. Default false. */
  internal?: boolean;
}

/** A dataset read from the database by a named query. */
export type QueryDataset = ScoresDataset | SummaryDataset | OptionCountsDataset | TextsDataset | PeopleDataset | NumbersDataset | ParticipationDataset | RiskDataset;

/** A named server query and its transforms, or a derivation of another dataset. */
export type Dataset = QueryDataset | DerivedDataset;

/** The query names. */
export type QueryName = QueryDataset['query'];
