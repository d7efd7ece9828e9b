/**
 * The area maps colour an answer by what it means for the area (issue 22, defect 5): a reverse
 * statement's 'Concordo Totalmente' ("Erros e retrabalhos frequentes…": agreeing is bad news) is drawn
 * in the unfavourable colour, a direct statement's in the favourable one, and the chart's table says
 * both the answer and its meaning. Through `POST /api/dashboards/{id}/data` and the chart builder the
 * screen and the PDF share, on each statement tab (0–3) of dashboards 8, 10 and 14.
 *
 * The expected colours are the dashboards' own scale, written here by hand from the questionnaires:
 * an answer's meaning is its item score (results.md 2.5: a reverse item's 5 scores 1).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sectors, users } from '../../apps/server/src/db/schema.ts';
import { buildChart } from '../../engine/charts/registry.ts';
import { widgetRows } from '../../engine/charts/rows.ts';
import { tableOf } from '../../engine/charts/table.ts';
import type { DashboardData, DashboardDefinition, LayoutNode, Widget } from '../../engine/definition/dashboard.ts';
import { resolveDashboard } from '../../engine/definition/dashboardSource.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { bearer } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

const RED = '#c62828';
const ORANGE = '#ef6c00';
const GREY = '#9e9e9e';
const LIGHT_GREEN = '#7cb342';
const GREEN = '#2e7d32';

/** Per dashboard: its questionnaire's fixture, and the colour of each item score (1 = worst for the area). */
const MAPS = {
  8: { slug: 'mapaoperacionaldaareanew', colours: { 1: RED, 2: ORANGE, 3: GREY, 4: LIGHT_GREEN, 5: GREEN } },
  10: { slug: 'mapataticonew', colours: { 1: RED, 2: ORANGE, 3: GREY, 4: LIGHT_GREEN, 5: GREEN } },
  14: { slug: 'taticorh', colours: { 1: RED, 2: ORANGE, 3: LIGHT_GREEN, 4: GREEN } },
} as const;

type MapId = keyof typeof MAPS;

const read = (path: string) => JSON.parse(readFileSync(join(process.cwd(), path), 'utf8'));
const fixture = (slug: string) => read(`definitions/fixtures/${slug}.json`).cases[0].responses as Record<string, string>;
/** A dashboard as the screen and the PDF draw it: repeats copied out, palette names made colours. */
function dashboardOf(id: MapId): DashboardDefinition {
  const resolved = resolveDashboard(read(`definitions/dashboards/${id}.json`), () => undefined);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors));
  return resolved.value;
}

/** The bar widgets of a dashboard's first four tabs (one per group of statements). */
function statementBars(id: MapId): Extract<Widget, { kind: 'bar' }>[] {
  const tabs = dashboardOf(id).layout.find((node): node is Extract<LayoutNode, { kind: 'tabs' }> => node.kind === 'tabs')!;
  return tabs.tabs.slice(0, 4).flatMap((tab) => tab.content.filter((node): node is Extract<Widget, { kind: 'bar' }> => node.kind === 'bar'));
}

interface Segment {
  value: number;
  color: string;
}

/** The drawn segments (value above 0) of a category's stacked bar, with the colour each is painted. */
function segmentsOf(option: ReturnType<typeof buildChart>, category: string): Segment[] {
  const axis = [option.yAxis, option.xAxis].flat().find((one) => (one as { type?: string }).type === 'category') as { data: string[] };
  const index = axis.data.indexOf(category);
  expect(index, category).toBeGreaterThanOrEqual(0);
  const palette = option.color as string[];
  const series = option.series as { itemStyle?: { color?: string }; data: { value: number | '-'; itemStyle?: { color?: string } }[] }[];
  return series.flatMap((one, seriesIndex) => {
    const item = one.data[index];
    if (!item || item.value === '-' || item.value <= 0) return [];
    return [{ value: Math.round(item.value * 10) / 10, color: item.itemStyle?.color ?? one.itemStyle?.color ?? palette[seriesIndex % palette.length]! }];
  });
}

const byValue = (a: Segment, b: Segment) => a.value - b.value || a.color.localeCompare(b.color);

let sector = 0;

beforeAll(async () => {
  const [created] = await t.db.insert(sectors).values({ companyId: demo.companyId, sectorName: 'Cores dos Mapas' }).returning({ id: sectors.id });
  sector = created!.id;
  const people = await t.db
    .insert(users)
    .values(['Gestora', 'Um', 'Dois', 'Três'].map((name, index) => ({ name: `Cores ${name}`, email: `cores.${index}@cores.test`, typeAccount: 3, companyId: demo.companyId })))
    .returning({ id: users.id });
  const [manager, ...respondents] = people.map((person) => person.id);
  const day = (date: number) => new Date(Date.UTC(2026, 10, date, 12));
  for (const [type, { slug, colours }] of Object.entries(MAPS)) {
    const answers = fixture(slug);
    const top = String(Math.max(...Object.keys(colours).map(Number)));
    // Two of three choose the scale's last option on every statement, one its first: on a direct
    // statement 67% of the answers are the best for the area, on a reverse one 67% are the worst.
    for (const [index, respondent] of respondents.entries()) {
      const choice = index < 2 ? top : '1';
      // The scale's statements: answered 1 to 5 in the fixture, less the yes/no questions (x.7).
      const scored = Object.fromEntries(Object.entries(answers).filter(([question, value]) => /^[1-5]$/.test(value) && !/\.7$/.test(question)).map(([question]) => [question, choice]));
      await insertEvaluation({ done: true, createdAt: day(3 + index), expireAt: day(25), typeEvaluation: Number(type), userId: respondent!, rated: manager!, ratedSector: sector }, { ...answers, ...scored });
    }
  }
}, 60000);

async function dataOf(id: MapId): Promise<DashboardData> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(adminToken), payload: { company_id: demo.companyId, sector_id: sector } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardData;
}

describe('the area maps colour each answer by its meaning for the area', () => {
  it("dashboard 8: 'Erros e retrabalhos frequentes…' (reverse) at 67% 'Concordo Totalmente' is unfavourable red, a direct statement's 67% favourable green", async () => {
    const data = await dataOf(8);
    const [results] = statementBars(8);
    const rows = widgetRows(results!, data);
    const option = buildChart(results!, rows, 'screen');
    const reverse = 'Erros e retrabalhos frequentes comprometem as entregas da área.';
    const direct = 'A área cumpre as metas estabelecidas para o período.';
    // 2 of 3 = 66,7% (written 67%); 1 of 3 = 33,3% (33%).
    expect(segmentsOf(option, reverse).sort(byValue)).toEqual([
      { value: 33.3, color: GREEN },
      { value: 66.7, color: RED },
    ]);
    expect(segmentsOf(option, direct).sort(byValue)).toEqual([
      { value: 33.3, color: RED },
      { value: 66.7, color: GREEN },
    ]);
    // The table under the chart names the meaning (its columns, as the legend) and the answer in each cell.
    const table = tableOf(results!, rows);
    const cell = (statement: string, column: string) => table.rows.find((row) => row[0] === statement)![table.columns.indexOf(column)];
    expect(table.columns).toEqual(['Item', 'Muito desfavorável', 'Desfavorável', 'Neutra', 'Favorável', 'Muito favorável']);
    expect(cell(reverse, 'Muito desfavorável')).toBe('67% (Concordo Totalmente)');
    expect(cell(reverse, 'Muito favorável')).toBe('33% (Discordo totalmente)');
    expect(cell(direct, 'Muito favorável')).toBe('67% (Concordo Totalmente)');
    expect(cell(direct, 'Muito desfavorável')).toBe('33% (Discordo totalmente)');
    // The legend says what the colours mean.
    expect((option.legend as { data: string[] }).data).toEqual(['Muito desfavorável', 'Desfavorável', 'Neutra', 'Favorável', 'Muito favorável']);
  });

  it.each([8, 10, 14] as const)('dashboard %i, tabs 0–3: every segment in the colour of its answer’s item score', async (id) => {
    const data = await dataOf(id);
    const bars = statementBars(id);
    expect(bars).toHaveLength(4);
    const colours: Record<number, string> = MAPS[id].colours;
    let reverseSeen = 0;
    for (const bar of bars) {
      const rows = widgetRows(bar, data);
      const option = buildChart(bar, rows, 'print');
      const statements = [...new Set(rows.map((row) => String(row.questionText)))];
      expect(statements.length, bar.title).toBeGreaterThan(0);
      for (const statement of statements) {
        const answered = rows.filter((row) => row.questionText === statement && Number(row.percent) > 0);
        const expected = answered.map((row) => ({ value: Math.round(Number(row.percent) * 10) / 10, color: colours[Number(row.scoreValue)]! }));
        expect(segmentsOf(option, statement).sort(byValue), `${bar.title}: ${statement}`).toEqual(expected.sort(byValue));
        if (answered.some((row) => Number(row.option) !== Number(row.scoreValue))) reverseSeen += 1;
      }
    }
    // Dashboards 8 and 10 have eight reverse statements each; the HR map none.
    expect(reverseSeen).toBe(id === 14 ? 0 : 8);
  });
});
