/**
 * The `numbers` query (the 360 interview's grades) where the golden fixture does not reach: a type
 * whose questionnaire declares no blank grade counts only the numbers given (a role with none has no
 * statistics: null, never 0), the same answers under the interview's own definition count the blank
 * as its 0, and `perPerson` lists each evaluation's grades. Expected numbers are worked out by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardData } from '../../apps/server/src/results/dashboards.ts';
import type { DashboardDefinition, Row } from '../../engine/definition/dashboard.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { demo, setUpWorld, t } from './world.ts';

setUpWorld();

const view: DashboardDefinition = {
  id: 901,
  title: 'Notas',
  menu: { group: 'Testes', label: 'Notas', order: 1 },
  filters: ['evaluated'],
  empty: 'Sem respostas',
  datasets: {
    grades: {
      query: 'numbers',
      types: [11],
      questions: ['1.grade', '2.grade'],
      series: [
        { label: 'Média', stat: 'mean', of: 'others' },
        { label: 'Autoavaliação', stat: 'mean', of: 'self' },
        { label: 'Máximo', stat: 'max' },
      ],
    },
    each: { query: 'numbers', types: [11], questions: ['1.grade'], perPerson: true },
  },
  layout: [],
};

let rated: number;

beforeAll(async () => {
  const [first, a, b] = demo.employees;
  rated = first!.id;
  // A: 4 and 6; B: 7 and a blank; the self-interview: a blank and nothing for 2.grade.
  await insertEvaluation({ userId: a!.id, rated, typeEvaluation: 11, done: true, expireAt: null }, { '1.grade': '4', '2.grade': '6', status: 'finished' });
  await insertEvaluation({ userId: b!.id, rated, typeEvaluation: 11, done: true, expireAt: null }, { '1.grade': '7', '2.grade': ' ', status: 'finished' });
  await insertEvaluation({ userId: rated, rated, typeEvaluation: 11, done: true, expireAt: null }, { '1.grade': ' ', status: 'finished' });
});

/** The rows of a dataset as "question series value". */
const lines = (rows: Row[]) => rows.map((row) => `${row.question} ${row.series} ${row.value}`);

describe('the numbers query', () => {
  it('counts only the numbers given where the questionnaire declares no blank grade: a role without one has null', async () => {
    const interview = structuredClone(t.app.definitions.questionnaires.get(11)!);
    delete interview.staff!.blanks;
    const definitions = { ...t.app.definitions, questionnaires: new Map([...t.app.definitions.questionnaires, [11, interview]]) };
    const data = await dashboardData(t.db, definitions, view, { evaluated_id: rated });
    // 1.grade: others 4 and 7 (mean 5.5), self blank (none), max of all 7; 2.grade: others 6 (B blank), self none, max 6.
    expect(lines(data.datasets.grades!.rows)).toEqual(['1.grade Média 5.5', '1.grade Autoavaliação null', '1.grade Máximo 7', '2.grade Média 6', '2.grade Autoavaliação null', '2.grade Máximo 6']);
  });

  it("counts a blank or missing grade as the interview's 0 (staff.blanks.grade), and lists each evaluation's grades", async () => {
    const data = await dashboardData(t.db, t.app.definitions, view, { evaluated_id: rated });
    // 1.grade: others 4 and 7 (5.5), self 0, max 7; 2.grade: others 6 and 0 (3), self 0 (not answered), max 6.
    expect(lines(data.datasets.grades!.rows)).toEqual(['1.grade Média 5.5', '1.grade Autoavaliação 0', '1.grade Máximo 7', '2.grade Média 3', '2.grade Autoavaliação 0', '2.grade Máximo 6']);
    expect(data.datasets.each!.rows.map((row) => [row.self, row.value])).toEqual([
      [false, 4],
      [false, 7],
      [true, 0],
    ]);
  });

  it('gives no rows when nobody in scope answered', async () => {
    const data = await dashboardData(t.db, t.app.definitions, view, { evaluated_id: demo.employees[5]!.id });
    expect(data.datasets.grades!.rows).toEqual([]);
    expect(data.datasets.each!.rows).toEqual([]);
  });
});
