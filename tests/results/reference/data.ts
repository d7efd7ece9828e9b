/**
 * The raw rows the reference works from, read with SQL of its own from the tables `evaluations`,
 * `responses`, `users`, `user_sectors`, `sectors`, `cycles` and `companies`, and which of them a dataset reads under a
 * view's filters (the evaluations in scope). The database is reached through a function that runs
 * one SQL text and returns its rows (the test passes one over its own connection).
 */

/** Runs one SQL statement and returns its rows. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

/** One stored evaluation with its answer rows. */
export interface RawEvaluation {
  id: string;
  person: number;
  /** The evaluated person, or the respondent when not recorded. */
  rated: number;
  ratedSector: number | null;
  type: number;
  version: number | null;
  /** The round (cycle) the evaluation belongs to, or null when none. */
  cycle: number | null;
  done: boolean;
  createdAt: number;
  /** Stored responses by question, in storage order. */
  answers: Map<string, string[]>;
}

/** What one company's results are computed from. */
export interface RawCompany {
  id: number;
  anonymityMin: number;
  evaluations: RawEvaluation[];
  /** Each person's sectors. */
  sectors: Map<number, Set<number>>;
  names: Map<number, string>;
  /** The company's sectors' names, by id. */
  sectorNames: Map<number, string>;
  /** The company's rounds (cycles), oldest first (by opening date, then id). */
  cycles: { id: number; name: string; opensOn: string }[];
}

const int = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
};

/** Reads a company's evaluations, answers, people and sectors. */
export async function loadCompany(run: RunSql, companyId: number): Promise<RawCompany> {
  const [company] = await run(`select id, anonymity_min from companies where id = ${int(companyId)}`);
  const evaluationRows = await run(
    `select e.id::text as id, e.user_id, e.rated, e.rated_sector, e.type_evaluation, e.version, e.cycle_id, e.done, e.created_at
     from evaluations e join users u on u.id = e.user_id where u.company_id = ${int(companyId)} order by e.created_at, e.id`,
  );
  const answerRows = await run(
    `select r.evaluation_id::text as evaluation_id, r.question, r.response from responses r
     join evaluations e on e.id = r.evaluation_id join users u on u.id = e.user_id where u.company_id = ${int(companyId)} order by r.id`,
  );
  const people = await run(`select id, name from users where company_id = ${int(companyId)}`);
  const sectorRows = await run(`select id, sector_name from sectors where company_id = ${int(companyId)}`);
  const cycleRows = await run(`select id, name, opens_on::text as opens_on from cycles where company_id = ${int(companyId)}`);
  const memberships = await run(`select us.user_id, us.sector_id from user_sectors us join users u on u.id = us.user_id where u.company_id = ${int(companyId)}`);
  const answers = new Map<string, Map<string, string[]>>();
  for (const row of answerRows) {
    const byQuestion = answers.get(String(row.evaluation_id)) ?? new Map<string, string[]>();
    byQuestion.set(String(row.question), [...(byQuestion.get(String(row.question)) ?? []), String(row.response)]);
    answers.set(String(row.evaluation_id), byQuestion);
  }
  const sectors = new Map<number, Set<number>>();
  for (const row of memberships) sectors.set(Number(row.user_id), new Set([...(sectors.get(Number(row.user_id)) ?? []), Number(row.sector_id)]));
  return {
    id: companyId,
    anonymityMin: Number(company!.anonymity_min),
    evaluations: evaluationRows.map((row) => ({
      id: String(row.id),
      person: Number(row.user_id),
      rated: row.rated === null ? Number(row.user_id) : Number(row.rated),
      ratedSector: row.rated_sector === null ? null : Number(row.rated_sector),
      type: Number(row.type_evaluation),
      version: row.version === null ? null : Number(row.version),
      cycle: row.cycle_id === null ? null : Number(row.cycle_id),
      done: row.done === true,
      createdAt: new Date(row.created_at as string | Date).getTime(),
      answers: answers.get(String(row.id)) ?? new Map(),
    })),
    sectors,
    names: new Map(people.map((row) => [Number(row.id), String(row.name)])),
    sectorNames: new Map(sectorRows.map((row) => [Number(row.id), String(row.sector_name)])),
    cycles: cycleRows
      .map((row) => ({ id: Number(row.id), name: String(row.name), opensOn: String(row.opens_on) }))
      .sort((a, b) => (a.opensOn < b.opensOn ? -1 : a.opensOn > b.opensOn ? 1 : a.id - b.id)),
  };
}

/** The filters of a data call, as the reference reads them. */
export interface RefFilters {
  sector?: number;
  /** What the sector narrows: the respondents' sector or the rated one (the view's `sectorOf`). */
  sectorOf?: 'respondent' | 'rated';
  colleague?: number;
  evaluated?: number;
  evaluator?: number;
  version?: number;
  alignment?: string;
  /** The chosen round (cycle id): only its evaluations. */
  cycle?: number;
  /** The round chosen in 'Comparar com' (cycle id): changes no scope, only which rounds a line shows. */
  compare?: number;
}

/** Which evaluations a dataset reads (from its definition: types, scope, `latest`, `alignWith`). */
export interface RefDatasetScope {
  types: number[];
  scope?: 'filters' | 'colleague' | 'alignment' | 'evaluator';
  latest?: boolean;
  alignWith?: number[];
}

const later = (a: RawEvaluation, b: RawEvaluation) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/** A person's latest done evaluation of a type (null when none). */
export function latestOf(company: RawCompany, person: number, type: number): RawEvaluation | null {
  let found: RawEvaluation | null = null;
  for (const evaluation of company.evaluations) {
    if (evaluation.done && evaluation.person === person && evaluation.type === type && (!found || later(evaluation, found))) found = evaluation;
  }
  return found;
}

/**
 * The round (version) an evaluation belongs to: its own version; for one without (a 360
 * self-evaluation made by the app), the round current when it was made: the version of the latest
 * evaluation of its rated person with a version made no later, else the rated person's first round
 * (issue 22, defect 6: a date/version shows its own round only).
 */
export function roundOf(company: RawCompany, evaluation: RawEvaluation, types: number[]): number | null {
  if (evaluation.version !== null) return evaluation.version;
  const versioned = company.evaluations.filter((other) => other.version !== null && other.rated === evaluation.rated && types.includes(other.type));
  const before = versioned.filter((other) => other.createdAt <= evaluation.createdAt).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  if (before.length > 0) return before[0]!.version;
  return versioned.length === 0 ? null : Math.min(...versioned.map((other) => other.version!));
}

/**
 * The done evaluations a dataset reads under the filters; null when its scope is not chosen yet (a
 * colleague's view without a colleague). A 360 round (`version`) holds the evaluations of that version.
 */
export function inScope(company: RawCompany, dataset: RefDatasetScope, filters: RefFilters): RawEvaluation[] | null {
  const scope = dataset.scope ?? 'filters';
  if (scope === 'evaluator') {
    if (filters.evaluator === undefined) return null;
    return (inScope(company, { ...dataset, scope: 'filters' }, filters) ?? []).filter((evaluation) => evaluation.person === filters.evaluator);
  }
  if (scope !== 'filters') {
    if (filters.colleague === undefined) return null;
    const own = dataset.types.flatMap((type) => latestOf(company, filters.colleague!, type) ?? []);
    if (scope === 'colleague') return own;
    if (filters.alignment === undefined) return null;
    const other = company.evaluations.find((evaluation) => evaluation.id === filters.alignment && evaluation.done && (dataset.alignWith ?? []).includes(evaluation.type));
    return [...own, ...(other ? [other] : [])];
  }
  return company.evaluations.filter((evaluation) => {
    if (!evaluation.done || !dataset.types.includes(evaluation.type)) return false;
    if (filters.sector !== undefined) {
      const inside = filters.sectorOf === 'rated' ? evaluation.ratedSector === filters.sector : (company.sectors.get(evaluation.person)?.has(filters.sector) ?? false);
      if (!inside) return false;
    }
    if (filters.evaluated !== undefined && evaluation.rated !== filters.evaluated) return false;
    if (filters.version !== undefined && roundOf(company, evaluation, dataset.types) !== filters.version) return false;
    if (filters.cycle !== undefined && evaluation.cycle !== filters.cycle) return false;
    if (dataset.latest) {
      // A person who answered twice counts once: their latest answer about the same rated person (in
      // the same round when one is chosen).
      const newer = company.evaluations.some(
        (other) =>
          other.done &&
          other.person === evaluation.person &&
          other.type === evaluation.type &&
          other.rated === evaluation.rated &&
          later(other, evaluation) &&
          (filters.version === undefined || roundOf(company, other, dataset.types) === filters.version) &&
          (filters.cycle === undefined || other.cycle === filters.cycle),
      );
      if (newer) return false;
    }
    return true;
  });
}
