/**
 * Golden tests of the dashboards' data: for every view of `definitions/dashboards/`, fixtures of
 * `definitions/fixtures/dashboards/` store a few answered evaluations and the rows the data call must
 * return, computed by hand from the questionnaires and the spec (results.md sections 2, 3, 5 and 9),
 * never by this code. Each call goes through `POST /api/dashboards/{id}/data` as the administrator (the
 * demo company chosen) and as the demo company user (its company forced): both must give the expected
 * rows, and the same answer.
 *
 * Fixture format: `{id}.json` for each view, and `{id}.{topic}.json` for more cases of the same view.
 * - `dashboard`: the view id; `about`: what the fixture exercises.
 * - `people`: names of fresh participants created for the fixture in a fresh sector of the demo company
 *   ("Golden {file}"; a second sector, "… (outro)", has nobody); they are referred to by index.
 * - `evaluations`: `{ person, type, responses, rated?, version?, done?, ratedSector?, about? }` in
 *   creation order (one minute apart, so "latest" and "in answer order" are well defined). `responses`
 *   are in the stored wire format: question id → response text, or a list of texts (one per ticked
 *   checkbox option, e.g. "1.3" for a qualified wire). `rated` is a person index (default: the
 *   respondent, a self-report); `done` defaults to true (false: a pending link, no answers). The
 *   evaluation is about the fixture sector (`rated_sector`), or the second one with `ratedSector: "other"`.
 * - `calls`: `{ about, filters, respondents, expect, options? }`. `filters` name the fixture's things:
 *   `sector` (true: the fixture sector; "other": the second one), `colleague`, `evaluated` and `evaluator` (person
 *   index), `version` (number), `alignment` (evaluation index). `respondents` is the answer's top-level
 *   count; `options` lists, per filter, the labels `GET /api/dashboards/{id}/options/{filter}` offers
 *   under the call's filters.
 * - `expect`: dataset name → expectation. Only the fields listed in a row are compared (numbers within
 *   1e-9, everything else strictly). An expectation is either
 *   - a list of rows: the dataset has exactly these rows, in this order (ordered datasets); or
 *   - `{ rows, where?, keys?, count? }`: `where` (field → accepted values) first narrows the dataset's
 *     rows; with `keys` (field names) the comparison is order-free: the narrowed rows and `rows` are the
 *     same multiset, each expected row matched by its key fields (unordered datasets); without `keys`
 *     the narrowed rows must equal `rows` in order. `count` checks the number of rows before narrowing.
 *
 * A copy of every fixture evaluation is also stored in the second company ("Outra Empresa"): same
 * answers, version, rated sector and respondent's sector, rating the same evaluated person, so only the
 * company condition keeps it out. The expectations, written without those copies, must still hold, and an administrator call
 * for every company (`all_companies: true`) must count more respondents (the copies are in scope but for the company). Finally
 * a mutation test changes band boundaries and percent rules in memory and checks the goldens notice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Definitions } from '../../apps/server/src/definitions.ts';
import { dashboardData } from '../../apps/server/src/results/dashboards.ts';
import type { Cell, DashboardData, DashboardDefinition, DashboardFilters, Row } from '../../engine/definition/dashboard.ts';
import { bodyOf, fixtures, storeFixtures, type FixtureCall } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

beforeAll(storeFixtures, 60000);

async function optionLabels(id: number, token: string, filter: string, body: DashboardFilters): Promise<string[]> {
  const query = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/dashboards/${id}/options/${filter}`, headers: bearer(token), query });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { options: { label: string }[] }).options.map((option) => option.label);
}

async function callData(id: number, token: string, body: DashboardFilters): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(token), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

const sameCell = (expected: Cell, actual: Cell | undefined): boolean =>
  typeof expected === 'number' ? typeof actual === 'number' && Math.abs(actual - expected) <= 1e-9 : expected === actual;

/** The listed fields of `expected` that `actual` does not have. */
function rowDifferences(expected: Row, actual: Row | undefined): string[] {
  if (!actual) return ['row missing'];
  return Object.entries(expected)
    .filter(([field, value]) => !sameCell(value, actual[field]))
    .map(([field, value]) => `${field}: expected ${JSON.stringify(value)}, got ${JSON.stringify(actual[field])}`);
}

/** Every way the computed datasets differ from a call's expectations (empty when they agree). */
function mismatches(call: FixtureCall, data: DashboardData): string[] {
  const problems: string[] = [];
  if (data.respondents !== call.respondents) problems.push(`respondents: expected ${call.respondents}, got ${data.respondents}`);
  for (const [name, expectation] of Object.entries(call.expect)) {
    const dataset = data.datasets[name];
    if (!dataset) {
      problems.push(`${name}: dataset missing`);
      continue;
    }
    const spec = Array.isArray(expectation) ? { rows: expectation } : expectation;
    if (spec.count !== undefined && dataset.rows.length !== spec.count) problems.push(`${name}: expected ${spec.count} rows, got ${dataset.rows.length}`);
    const where = Object.entries(spec.where ?? {});
    const actual = dataset.rows.filter((row) => where.every(([field, values]) => values.some((value) => String(value) === String(row[field]))));
    if (actual.length !== spec.rows.length) problems.push(`${name}: expected ${spec.rows.length} rows${where.length ? ' (narrowed)' : ''}, got ${actual.length}`);
    if (spec.keys) {
      const keys = spec.keys;
      const left = [...actual];
      for (const row of spec.rows) {
        const index = left.findIndex((candidate) => keys.every((key) => sameCell(row[key] ?? null, candidate[key])));
        const differences = rowDifferences(row, index < 0 ? undefined : left[index]);
        if (differences.length > 0) problems.push(`${name} ${JSON.stringify(Object.fromEntries(keys.map((key) => [key, row[key]])))}: ${differences.join('; ')}`);
        if (index >= 0) left.splice(index, 1);
      }
    } else {
      spec.rows.forEach((row, index) => {
        const differences = rowDifferences(row, actual[index]);
        if (differences.length > 0) problems.push(`${name}[${index}]: ${differences.join('; ')}`);
      });
    }
  }
  return problems;
}

describe.each(fixtures.map((fixture) => [fixture.dashboard, fixture.file, fixture] as const))('dashboard %i golden data (%s)', (_id, _file, fixture) => {
  it.each(fixture.calls.map((call) => [call.about, call] as const))('%s', async (_about, call) => {
    const asAdmin = await callData(fixture.dashboard, adminToken, bodyOf(fixture, call.filters));
    expect(mismatches(call, asAdmin), 'administrator').toEqual([]);
    const asCompany = await callData(fixture.dashboard, companyToken, bodyOf(fixture, call.filters, false));
    expect(mismatches(call, asCompany), 'company user').toEqual([]);
    expect(asCompany).toEqual(asAdmin);
    for (const [filter, labels] of Object.entries(call.options ?? {})) {
      expect(await optionLabels(fixture.dashboard, adminToken, filter, bodyOf(fixture, call.filters)), `${filter} choices`).toEqual(labels);
      expect(await optionLabels(fixture.dashboard, companyToken, filter, bodyOf(fixture, call.filters, false)), `${filter} choices`).toEqual(labels);
    }
    // The second company's copies are in scope but for the company: the administrator sees them when asking for every company.
    if (call.respondents > 0) {
      const everyCompany = await callData(fixture.dashboard, adminToken, { ...bodyOf(fixture, call.filters, false), all_companies: true });
      // A view that rates by one company's settings (the risk view: its matrix and severities) requires a company: over every company it computes nothing.
      if (t.app.definitions.dashboards.get(fixture.dashboard)!.requires?.filter === 'company') expect(everyCompany.datasets).toEqual({});
      else expect(everyCompany.respondents).toBeGreaterThan(call.respondents);
    }
  });
});

it('has a golden fixture for every dashboard', () => {
  expect(fixtures.filter((fixture) => fixture.file === `${fixture.dashboard}.json`).map((fixture) => fixture.dashboard).sort((x, y) => x - y)).toEqual(
    [...t.app.definitions.dashboards.keys()].sort((x, y) => x - y),
  );
});

describe('the goldens notice a changed rule', () => {
  const clone = <T>(value: T): T => structuredClone(value);
  const fixtureOf = (id: number) => fixtures.find((fixture) => fixture.file === `${id}.json`)!;
  /** The mismatches of every call of a fixture when computed with a (changed) definition. */
  async function problemsWith(id: number, dashboard: DashboardDefinition, definitions: Definitions): Promise<string[]> {
    const fixture = fixtureOf(id);
    const problems: string[] = [];
    for (const call of fixture.calls) problems.push(...mismatches(call, await dashboardData(t.db, definitions, dashboard, bodyOf(fixture, call.filters))));
    return problems;
  }
  const dashboardOf = (id: number) => clone(t.app.definitions.dashboards.get(id)!);

  const mutations: [string, number, (dashboard: DashboardDefinition, definitions: Definitions) => Definitions | void][] = [
    // (Removing the minimum divisor of 1 is no longer noticed: with 'Não sei avaliar' standing alone, a
    // divisor of 0 comes only with no statement ticked, 0 over 0, which reads 0 either way.)
    ["360: 'Não sei avaliar' counted beside the statements ticked with it", 2, (_dashboard, definitions) => {
      const questionnaire = clone(definitions.questionnaires.get(2)!);
      for (const options of Object.values(questionnaire.scales)) for (const option of options) delete option.exclusive;
      return { ...definitions, questionnaires: new Map([...definitions.questionnaires, [2, questionnaire]]) };
    }],
    ['360: percentages rounded instead of truncated', 2, (dashboard) => {
      const byType = dashboard.datasets.byType as { transforms: { op: string; round?: string }[] };
      for (const transform of byType.transforms) if (transform.op === 'percent') transform.round = 'round';
    }],
    ['360: the strength band "Bom" starting at 40', 2, (dashboard) => {
      const consolidated = dashboard.datasets.consolidated as { transforms: { op: string; bands?: { below?: number }[] }[] };
      for (const transform of consolidated.transforms) for (const band of transform.bands ?? []) if (band.below === 41) band.below = 40;
    }],
    ['alpha: flag at more than 50%', 3, (dashboard) => {
      for (const dataset of Object.values(dashboard.datasets)) {
        for (const transform of (dataset as { transforms?: { op: string; bands?: unknown }[] }).transforms ?? []) {
          if (transform.op === 'band' && Array.isArray(transform.bands)) for (const band of transform.bands as { below?: number }[]) if (band.below === 50) band.below = 50.5;
        }
      }
    }],
    ['area map: the gap rule from 51%', 8, (dashboard) => {
      const gaps = dashboard.datasets.gaps as { transforms: { op: string; atLeast?: number }[] };
      for (const transform of gaps.transforms) if (transform.op === 'keepWhen') transform.atLeast = 51;
    }],
    ['360: the neutral percent over the non-neutral respondents', 2, (dashboard) => {
      const statements = dashboard.datasets.statements as { transforms: { op: string; rules?: { where?: unknown; base: unknown }[] }[] };
      for (const transform of statements.transforms) if (transform.rules) transform.rules = [transform.rules[1]!];
    }],
    ['scanner: the row colour from the evaluation instead of the person', -1, (dashboard) => {
      const people = dashboard.datasets.people as { transforms: { op: string; field?: string; as?: string }[] };
      for (const transform of people.transforms) if (transform.as === 'rowColor') transform.field = 'done';
    }],
    ['values and needs: the sides swapped', 15, (dashboard) => {
      const alignment = dashboard.datasets.alignment as { transforms: { op: string; left?: string; right?: string }[] };
      for (const transform of alignment.transforms) if (transform.op === 'compare') [transform.left, transform.right] = [transform.right, transform.left];
    }],
    ['motivational: tied types named in another order', 6, (_dashboard, definitions) => {
      const questionnaire = clone(definitions.questionnaires.get(6)!);
      questionnaire.scoring!.rankings![0]!.scores!.reverse();
      return { ...definitions, questionnaires: new Map([...definitions.questionnaires, [6, questionnaire]]) };
    }],
    ['motivational: a tie won by the first type in the list', 6, (dashboard, definitions) => {
      const questionnaire = clone(definitions.questionnaires.get(6)!);
      questionnaire.scoring!.rankings![0]!.ties = 'order';
      // The pies' ties category has nothing left to count (the definition check refuses it; drop it here).
      for (const name of ['first', 'second']) for (const transform of (dashboard.datasets[name] as { transforms: { ties?: string }[] }).transforms) delete transform.ties;
      return { ...definitions, questionnaires: new Map([...definitions.questionnaires, [6, questionnaire]]) };
    }],
    ['psychological safety: "Alta" from 4.1', 16, (_dashboard, definitions) => {
      const questionnaire = clone(definitions.questionnaires.get(16)!);
      questionnaire.scoring!.classification!.bands[1]!.below = 4.1;
      return { ...definitions, questionnaires: new Map([...definitions.questionnaires, [16, questionnaire]]) };
    }],
    ['PSS-14: low stress up to 13', 13, (_dashboard, definitions) => {
      const questionnaire = clone(definitions.questionnaires.get(13)!);
      questionnaire.scoring!.classification!.bands[0]!.below = 14;
      return { ...definitions, questionnaires: new Map([...definitions.questionnaires, [13, questionnaire]]) };
    }],
    ['change: "Moderado" from 61%', 12, (_dashboard, definitions) => {
      const questionnaire = clone(definitions.questionnaires.get(12)!);
      questionnaire.scoring!.classification!.bands[1]!.below = 61;
      return { ...definitions, questionnaires: new Map([...definitions.questionnaires, [12, questionnaire]]) };
    }],
  ];

  it('computes through dashboardData what the data call answers (the control)', async () => {
    for (const id of new Set(mutations.map(([, dashboard]) => dashboard))) {
      const fixture = fixtureOf(id);
      for (const call of fixture.calls) {
        const direct = await dashboardData(t.db, t.app.definitions, dashboardOf(id), bodyOf(fixture, call.filters));
        expect(direct).toEqual(await callData(id, adminToken, bodyOf(fixture, call.filters)));
      }
    }
  });

  it.each(mutations)('%s', async (_name, id, mutate) => {
    const before = await problemsWith(id, dashboardOf(id), t.app.definitions);
    const dashboard = dashboardOf(id);
    const definitions = mutate(dashboard, t.app.definitions) ?? t.app.definitions;
    const after = await problemsWith(id, dashboard, definitions);
    // New mismatches only: a golden that already disagrees (a reported defect) proves nothing here.
    expect(after.filter((problem) => !before.includes(problem))).not.toEqual([]);
  });
});
