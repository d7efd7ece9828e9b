/**
 * The golden fixtures of `definitions/fixtures/dashboards/` (format: see dashboardGolden.test.ts) and
 * their storage in the test world: the dashboard goldens and the report tests read the same answers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { companies, evaluations, responses, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import type { Cell, DashboardFilters, Row } from '../../engine/definition/dashboard.ts';
import { definitionsDir } from '../definitions/load.ts';
import { demo, other, t } from './world.ts';

export interface FixtureEvaluation {
  person: number;
  type: number;
  responses?: Record<string, string | string[]>;
  rated?: number;
  version?: number;
  done?: boolean;
  /** "other": the evaluation is about the fixture's second sector (an area map of another area). */
  ratedSector?: 'other';
}
export interface FixtureFilters {
  sector?: true | 'other';
  colleague?: number;
  evaluated?: number;
  evaluator?: number;
  version?: number;
  alignment?: number;
}
export type Expectation = Row[] | { rows: Row[]; where?: Record<string, Cell[]>; keys?: string[]; count?: number };
export interface FixtureCall {
  about: string;
  filters: FixtureFilters;
  respondents: number;
  expect: Record<string, Expectation>;
  /** A filter's choices under the call's filters (labels, in order), from the options call. */
  options?: Record<string, string[]>;
}
export interface Fixture {
  /** The file's name (set on load). */
  file: string;
  dashboard: number;
  about: string;
  people: string[];
  evaluations: FixtureEvaluation[];
  calls: FixtureCall[];
}
/** The database ids of a stored fixture. */
export interface Stored {
  sectorId: number;
  otherSectorId: number;
  people: number[];
  evaluations: string[];
}

const folder = `${definitionsDir}fixtures/dashboards`;
export const fixtures: Fixture[] = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({ ...(JSON.parse(readFileSync(`${folder}/${file}`, 'utf8')) as Omit<Fixture, 'file'>), file }));
/** The stored ids of each fixture, by file name. */
export const stored = new Map<string, Stored>();

/** Stores one evaluation with its answers. */
export async function insertEvaluation(values: typeof evaluations.$inferInsert, answers: FixtureEvaluation['responses']): Promise<string> {
  const [row] = await t.db.insert(evaluations).values(values).returning({ id: evaluations.id });
  const items = Object.entries(answers ?? {}).flatMap(([question, response]) =>
    (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: row!.id, question, response: one })),
  );
  if (items.length > 0) await t.db.insert(responses).values(items);
  return row!.id;
}

/** Stores every fixture's people and answers (and their copies in the second company). */
export async function storeFixtures(): Promise<void> {
  // The goldens check the numbers of small groups (two 360 evaluators), so every company shows groups
  // from 2 people, the lowest minimum allowed; the default minimum of 3 is tested in anonymity.test.ts.
  await t.db.update(companies).set({ anonymityMin: 2 });
  const start = Date.UTC(2024, 2, 1, 12);
  for (const [fixtureIndex, fixture] of fixtures.entries()) {
    const [sector, otherSector] = await t.db
      .insert(sectors)
      .values([{ companyId: demo.companyId, sectorName: `Golden ${fixture.file}` }, { companyId: demo.companyId, sectorName: `Golden ${fixture.file} (outro)` }])
      .returning();
    const people = await t.db
      .insert(users)
      .values(fixture.people.map((name, index) => ({ name, email: `golden${fixtureIndex}.${index}@golden.test`, typeAccount: 3, companyId: demo.companyId })))
      .returning({ id: users.id });
    await t.db.insert(userSectors).values(people.map((person) => ({ userId: person.id, sectorId: sector!.id })));
    // The second company's employee answers the copies: in the fixture's sector too, so only the company keeps them out.
    await t.db.insert(userSectors).values({ userId: other.employeeId, sectorId: sector!.id });
    const ids: string[] = [];
    for (const [index, evaluation] of fixture.evaluations.entries()) {
      const createdAt = new Date(start + (fixtureIndex * 100 + index) * 60000);
      const done = evaluation.done ?? true;
      const common = { typeEvaluation: evaluation.type, version: evaluation.version ?? null, done, createdAt, expireAt: new Date(createdAt.getTime() + 30 * 86400000) };
      const person = people[evaluation.person]!.id;
      const rated = evaluation.rated === undefined ? undefined : people[evaluation.rated]!.id;
      const ratedSector = evaluation.ratedSector === 'other' ? otherSector!.id : sector!.id;
      ids.push(await insertEvaluation({ ...common, userId: person, rated: rated ?? person, ratedSector }, evaluation.responses));
      // The same answers from the second company, about the same sector and rating the same person.
      await insertEvaluation({ ...common, userId: other.employeeId, rated: rated ?? other.employeeId, ratedSector }, evaluation.responses);
    }
    stored.set(fixture.file, { sectorId: sector!.id, otherSectorId: otherSector!.id, people: people.map((person) => person.id), evaluations: ids });
  }
}

/** The data call's body for a fixture call. */
export function bodyOf(fixture: Fixture, filters: FixtureFilters, withCompany = true): DashboardFilters {
  const ids = stored.get(fixture.file)!;
  const body: DashboardFilters = {};
  if (withCompany) body.company_id = demo.companyId;
  if (filters.sector) body.sector_id = filters.sector === 'other' ? ids.otherSectorId : ids.sectorId;
  if (filters.colleague !== undefined) body.colleague_id = ids.people[filters.colleague]!;
  if (filters.evaluated !== undefined) body.evaluated_id = ids.people[filters.evaluated]!;
  if (filters.evaluator !== undefined) body.evaluator_id = ids.people[filters.evaluator]!;
  if (filters.version !== undefined) body.version = filters.version;
  if (filters.alignment !== undefined) body.alignment_id = ids.evaluations[filters.alignment]!;
  return body;
}


/** Per view, its first golden call with answers (one with a colleague chosen, when there is one): the view, the fixture and the call. */
export function reportCalls(): (readonly [number, Fixture, FixtureCall])[] {
  return [...new Set(fixtures.map((fixture) => fixture.dashboard))].map((id) => {
    const candidates = fixtures.filter((fixture) => fixture.dashboard === id).flatMap((fixture) => fixture.calls.filter((call) => call.respondents > 0).map((call) => [id, fixture, call] as const));
    const chosen = candidates.find(([, , call]) => call.filters.colleague !== undefined) ?? candidates[0];
    if (!chosen) throw new Error(`view ${id}: no golden call with answers`);
    return chosen;
  });
}
