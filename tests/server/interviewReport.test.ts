/**
 * The report 'Entrevista 360 graus' as a PDF made on the server (`GET /api/interview/report/{ratedId}`:
 * the report of the view definitions/dashboards/11.json, drawn by the one report pipeline),
 * read as a person would (`pdftotext`, the first page in pixels): the rated person's name, the title,
 * the chart's numbers per competency (computed here from the grades this file saves), the comments
 * without the confidential ones, the file name, who may get it and the 400s of malformed calls.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluations } from '../../apps/server/src/db/schema.ts';
import { dispositionName, inkOnFirstPage, pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/** The competencies as the definition file lists them (read here, not through the code under test). */
const COMPETENCIES = (JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')) as { competencies: { block: number; name: string }[] }).competencies;

/** Grades typed with commas, as the form sends them. A and B are evaluators, SELF the rated person. */
const GRADES_A = ['2,4', '4', '6,6', '8', '10', '3', '5', '7', '9', '1'];
const GRADES_B = ['4,2', '6', '8', '10', '2', '5', '7', '9', '1', '3'];
const GRADES_SELF = ['7', '8,5', '7', '7', '7', '7', '7', '7', '7', '6'];

let rated: { id: number; name: string };
let evaluatorA: number;
let evaluatorB: number;
let evaluatorC: number;

const parse = (grade: string) => Number(grade.replace(',', '.'));
/** One decimal with a comma ("3,3"), as a person reads a grade. */
const pt = (value: number) => (Math.round(value * 10) / 10).toFixed(1).replace('.', ',');

/** Per competency: "name average self min max", as the table under the chart reads (no self grade: an empty cell). */
function expectedRows(grades: string[][], self: string[] | null): string[] {
  return COMPETENCIES.map(({ name }, index) => {
    const values = grades.map((list) => parse(list[index]!));
    const average = values.reduce((sum, value) => sum + value, 0) / values.length;
    return [name, pt(average), ...(self ? [pt(parse(self[index]!))] : []), pt(Math.min(...values)), pt(Math.max(...values))].join(' ');
  });
}

function get(url: string, token: string | null = adminToken) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function saveInterview(evaluator: number, grades: string[], status: string, extra: { question: string; response: string }[] = []) {
  await t.db.insert(evaluations).values({ userId: evaluator, rated: rated.id, typeEvaluation: 11, expireAt: null });
  const questions = [...grades.map((grade, index) => ({ question: `${index + 1}.grade`, response: grade })), { question: 'status', response: status }, ...extra];
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/tableresponse/multiple',
    headers: bearer(adminToken),
    payload: { type_evaluation: '11', evaluator_user_id: evaluator, rated_user_id: rated.id, questions },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  const [first, a, b, c] = demo.employees;
  rated = { id: first!.id, name: first!.name };
  [evaluatorA, evaluatorB, evaluatorC] = [a!.id, b!.id, c!.id];
  await saveInterview(evaluatorA, GRADES_A, 'finished', [
    { question: '1.positive', response: 'Pontual nas entregas' },
    { question: '3.better', response: 'Delegar mais as tarefas' },
    { question: '11.forces', response: 'Foco, calma' },
    { question: '13.final', response: 'Boa evolução no ano' },
    { question: '14.confidential', response: '<p>segredo guardado</p>' },
  ]);
  await saveInterview(evaluatorB, GRADES_B, 'finished', [{ question: '12.weakness', response: 'Pressa' }]);
  await saveInterview(rated.id, GRADES_SELF, 'finished');
  // In progress: never counted, never printed.
  await saveInterview(evaluatorC, Array(10).fill('0') as string[], 'open', [{ question: '1.positive', response: 'Rascunho não finalizado' }]);
});

describe('GET /api/interview/report/{ratedId}', () => {
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    const response = await get(`/api/interview/report/${rated.id}`, companyToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(dispositionName(response.headers['content-disposition'] as string)).toBe(`Entrevista 360 graus - ${rated.name}.pdf`);
    pdf = response.rawPayload;
    text = pdfText(pdf);
    if (process.env.REPORT_PNG_DIR) writeFileSync(`${process.env.REPORT_PNG_DIR}/report-interview.pdf`, pdf);
  }, 60000);

  it('is a PDF titled Entrevista 360 graus about the rated person, with the count of finished interviews', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text).toContain('Entrevista 360 graus');
    expect(text).toContain(`Avaliado: ${rated.name}`);
    expect(text).toContain('Entrevistas consideradas: 3');
  });

  it('names the published version of the interview’s definition (definitions/versions/interview360)', () => {
    const latest = readdirSync(join(process.cwd(), 'definitions/versions/interview360'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .at(-1)!;
    expect(latest).toBe('1.1');
    expect(text.replace(/\s+/g, ' ')).toContain(`Avaliação 360 por entrevista, versão ${latest}`);
  });

  it('holds the consolidated numbers per competency: mean, self grade, minimum and maximum', () => {
    for (const row of expectedRows([GRADES_A, GRADES_B], GRADES_SELF)) expect(text).toContain(row);
  });

  it('holds the evaluators’ comments and the grade guide, never the confidential comments nor an unfinished interview', () => {
    for (const comment of ['Pontual nas entregas', 'Delegar mais as tarefas', 'Foco, calma', 'Pressa', 'Boa evolução no ano']) expect(text).toContain(comment);
    for (const heading of ['1. Responsabilidade', '11. Pontos fortes', '12. Pontos a desenvolver', '13. Comentários finais']) expect(text).toContain(heading);
    // The chart's table says each competency's four numbers (the test above); the guide of results.md 9 is a legend: each label with its range.
    expect(text).toContain('Guia de notas Péssimo 0 Muito ruim 1 a 3 Ruim 3,1 a 5 Regular 5,1 a 7 Bom 7,1 a 8 Muito bom 8,1 a 9 Excelente 9,1 a 10');
    expect(text).not.toContain('segredo');
    expect(text).not.toContain('Rascunho');
  });

  it('draws a first page that is not blank', () => {
    expect(inkOnFirstPage(pdf)).toBeGreaterThan(0.02);
  });

  it('takes the evaluators chosen, as a comma list or repeated', async () => {
    const expected = expectedRows([GRADES_A, GRADES_B], null);
    for (const query of [`evaluators=${evaluatorA},${evaluatorB}`, `evaluators=${evaluatorA}&evaluators=${evaluatorB}`]) {
      const response = await get(`/api/interview/report/${rated.id}?${query}`);
      expect(response.statusCode, query).toBe(200);
      const chosen = pdfText(response.rawPayload);
      expect(chosen, query).toContain('Entrevistas consideradas: 2');
      for (const row of expected) expect(chosen, query).toContain(row);
    }
  }, 60000);

  it('answers 404 to a company user for another company’s person, and 401 without sign-in', async () => {
    const response = await get(`/api/interview/report/${other.employeeId}`, companyToken);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect((await get(`/api/interview/report/${rated.id}`, null)).statusCode).toBe(401);
  });

  it.each([
    ['a text id', '/api/interview/report/abc'],
    ['id zero', '/api/interview/report/0'],
    ['an id out of range', '/api/interview/report/99999999999'],
    ['a text evaluator', '/api/interview/report/1?evaluators=abc'],
    ['an empty evaluator in the list', '/api/interview/report/1?evaluators=1,,2'],
    ['an empty evaluators value', '/api/interview/report/1?evaluators='],
    ['an evaluator out of range', '/api/interview/report/1?evaluators=3,99999999999'],
    ['a negative evaluator', '/api/interview/report/1?evaluators=-4'],
  ])('answers 400 with a Portuguese message to %s', async (_name, url) => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(400);
    expect(response.json().message, url).toMatch(/^(Requisição inválida|Lista de avaliadores inválida)/);
  });
});
