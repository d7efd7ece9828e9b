/**
 * The PDF reports, read as a person would: the text `pdftotext` finds in them (the titles, the names,
 * the same numbers the dashboard's accessible tables show for the same filters), their first page
 * rendered to pixels (not blank), their fonts (embedded), their file names, who may get them, and that
 * the same data gives the same bytes. Every view with golden answers is reported under the filters of
 * its first golden call.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/db/schema.ts';
import { buildReport, evaluationReport, evaluationReportView } from '../../apps/server/src/reports/reports.ts';
import { reportDocument } from '../../engine/reports/document.ts';
import { tableOf } from '../../engine/charts/table.ts';
import { cellText, columnText, formatCell } from '../../engine/charts/format.ts';
import { isChartWidget } from '../../engine/charts/registry.ts';
import { widgetRows } from '../../engine/charts/rows.ts';
import type { DashboardData, DashboardFilters, LayoutNode, Widget } from '../../engine/definition/dashboard.ts';
import { bodyOf, fixtures, reportCalls, stored, storeFixtures } from './goldenFixtures.ts';
import { dispositionName, inkOnFirstPage, pdfFonts, pdfPages, pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();
beforeAll(storeFixtures, 60000);

/** Every widget of a layout, in order (tabs and toggles: every alternative). */
function widgetsOf(nodes: LayoutNode[]): Widget[] {
  return nodes.flatMap((node): Widget[] => {
    if (node.kind === 'tabs') return node.tabs.flatMap((tab) => widgetsOf(tab.content));
    if (node.kind === 'toggle') return node.options.flatMap((option) => widgetsOf(option.content));
    if (node.kind === 'section' || node.kind === 'repeat') return widgetsOf(node.content);
    return [node];
  });
}

/** The texts the screen shows for a widget's numbers: its accessible table's cells (charts) or its cells (tables). */
function screenTexts(widget: Widget, data: DashboardData): string[] {
  const rows = widgetRows(widget, data);
  if (widget.kind === 'legend') return widget.items.flatMap((item) => [item.label, item.text]);
  if (isChartWidget(widget)) return tableOf(widget, rows).rows.flat();
  if (widget.kind === 'table') return rows.flatMap((row) => widget.columns.map((column) => columnText(row, column, 'America/Sao_Paulo')));
  if (widget.kind === 'stat') return [formatCell(rows[0]?.[widget.value], widget.format), widget.label];
  if (widget.kind === 'columns') return [...widget.columns.map((column) => column.label), ...rows.map((row) => cellText(row[widget.item]))];
  if (widget.kind === 'texts') return rows.map((row) => cellText(row[widget.text]));
  if (widget.kind === 'names') return rows.map((row) => cellText(row[widget.name]));
  return widget.cells;
}

/** The scanner's respondents table: a person per row, the day each test was answered (or 'Pendente'). */
const RESPONDENT_HEADER = ['Nome', 'Alpha', 'VIA', 'Temperamentos', 'Motivacional', 'Objeções'];
const RESPONDENT_FIELDS = ['name', '3', '4', '5', '6', '9'];

/**
 * A respondents table cell as the table should write the server's row: the day a test was answered
 * (dd/mm/aaaa in the app's time zone), 'Pendente' for a test sent and not answered (no day), nothing
 * for a test never sent.
 */
function respondentCell(row: Record<string, unknown>, field: string): string {
  const value = row[field];
  if (field === 'name') return String(value);
  if (value === undefined) return '';
  if (value === null) return 'Pendente';
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(String(value)));
}

async function post(url: string, body: unknown, token?: string) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers: token ? bearer(token) : {} });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const firstCalls = reportCalls();

describe.each(firstCalls)('the report of view %s from its golden answers', (id, fixture, call) => {
  let pdf: Buffer;
  let text: string;
  let body: DashboardFilters;

  beforeAll(async () => {
    body = bodyOf(fixture, call.filters);
    const response = await post(`/api/dashboards/${id}/report`, body, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    pdf = response.rawPayload;
    text = pdfText(pdf);
    if (process.env.REPORT_PNG_DIR) writeFileSync(`${process.env.REPORT_PNG_DIR}/report-${id}.pdf`, pdf);
  }, 60000);

  it('draws every chart of the report, none dropped for being taller than a page', async () => {
    const view = t.app.definitions.dashboards.get(id)!;
    const { source } = await buildReport(t.app, { view, filters: body });
    const titles = reportDocument(source).blocks.flatMap((block) => (block.kind === 'chart' && block.title ? [block.title.replace(/ \(\d+ de \d+\)$/, '')] : []));
    // A chart's title is drawn with it, in one unbreakable block (pdfmake drops a block a page cannot hold).
    const flat = text.replace(/\s+/g, ' ');
    const missing = [...new Set(titles)].filter((title) => !flat.includes(title.replace(/\s+/g, ' ')));
    expect(missing).toEqual([]);
  });

  it('holds the title, the company and the numbers and names the screen shows for the same filters', async () => {
    const view = t.app.definitions.dashboards.get(id)!;
    expect(text).toContain(view.report?.title ?? view.title);
    expect(text).toContain('Empresa: Empresa Demonstração');
    const data = (await post(`/api/dashboards/${id}/data`, body, adminToken)).json() as DashboardData;
    const expected = widgetsOf(view.report?.layout ?? view.layout).flatMap((widget) => screenTexts(widget, data)).filter((cell) => cell.trim() !== '');
    expect(expected.length).toBeGreaterThan(0);
    const missing = [...new Set(expected)].filter((cell) => !text.includes(cell.replace(/\s+/g, ' ').trim()));
    expect(missing).toEqual([]);
  });

  it('has a first page with something drawn on it, and Roboto embedded', () => {
    expect(inkOnFirstPage(pdf, process.env.REPORT_PNG_DIR ? `${process.env.REPORT_PNG_DIR}/report-${id}` : undefined)).toBeGreaterThan(0.01);
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).toMatch(/Roboto/);
      expect(line).toMatch(/ yes +yes +yes /);
    }
  });
});

describe('report files', () => {
  const [, team, teamCall] = firstCalls.find(([id]) => id === 7)!;
  const [, scanner, scannerCall] = firstCalls.find(([id]) => id === -1)!;

  it("gives the scanner's respondents as a PDF and as a spreadsheet of the same rows", async () => {
    const body = bodyOf(scanner, { sector: true });
    const data = (await post('/api/dashboards/-1/data', body, adminToken)).json() as DashboardData;
    const people = data.datasets.respondents!.rows;
    expect(people.length).toBeGreaterThan(0);
    const pdf = await post('/api/dashboards/-1/exports/0', body, companyToken);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(dispositionName(pdf.headers['content-disposition'] as string)).toBe('Respondentes do Scanner - Empresa Demonstração.pdf');
    const text = pdfText(pdf.rawPayload);
    for (const row of people) expect(text).toContain(String(row.name));
    const xlsx = await post('/api/dashboards/-1/exports/1', body, companyToken);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(dispositionName(xlsx.headers['content-disposition'] as string)).toBe('Respondentes do Scanner - Empresa Demonstração.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((cell) => String(cell ?? '')));
    const headerIndex = values.findIndex((row) => row[0] === 'Nome');
    expect(values[headerIndex]).toEqual(RESPONDENT_HEADER);
    expect(values.slice(headerIndex + 1)).toEqual(people.map((row) => RESPONDENT_FIELDS.map((field) => respondentCell(row, field))));
    expect((await post('/api/dashboards/-1/exports/7', body, adminToken)).statusCode).toBe(404);
    expect((await post('/api/dashboards/-1/exports/x', body, adminToken)).statusCode).toBe(400);
  });

  it("lists each scanner respondent once, with the day of their latest answer to each test, or 'Pendente' when none", async () => {
    const body = bodyOf(scanner, { sector: true });
    const ids = stored.get(scanner.file)!;
    // A retake of Alpha sent to the first person, not answered yet: their answered Alpha still shows, their row turns yellow.
    const [first] = await t.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, ids.people[0]!));
    await t.db.execute(sql`insert into evaluations (user_id, rated, type_evaluation, done, company_id, created_at) values (${first!.id}, ${first!.id}, 3, false, ${demo.companyId}, now() + interval '1 minute')`);
    const people = ((await post('/api/dashboards/-1/data', body, adminToken)).json() as DashboardData).datasets.respondents!.rows;
    const names = people.map((row) => String(row.name));
    expect(new Set(names).size).toBe(names.length);
    // Expected from the evaluations themselves: per person and type, the latest answered one's day in São Paulo, else 'Pendente'.
    const found = (
      (await t.db.execute(sql`select e.user_id as person, e.type_evaluation as type, e.done, e.created_at, (select max(r.created_at) from responses r where r.evaluation_id = e.id) as responded
        from evaluations e where e.user_id in (${sql.join(people.map((row) => sql`${Number(row.person)}`), sql`, `)}) and e.type_evaluation in (3, 4, 5, 6, 9)`)) as unknown as {
        rows: { person: number; type: number; done: boolean; created_at: string | Date; responded: string | Date | null }[];
      }
    ).rows;
    const day = (at: string | Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(at));
    for (const row of people) {
      for (const [type, field] of [[3, '3'], [4, '4'], [5, '5'], [6, '6'], [9, '9']] as const) {
        const ofType = found.filter((item) => Number(item.person) === Number(row.person) && Number(item.type) === type);
        const answered = ofType.filter((item) => item.done && item.responded).sort((a, b) => new Date(b.responded!).getTime() - new Date(a.responded!).getTime())[0];
        const expected = ofType.length === 0 ? '' : answered ? day(answered.responded!) : 'Pendente';
        expect(respondentCell(row, field), `${String(row.name)}, tipo ${type}`).toBe(expected);
      }
    }
    const firstRow = people.find((row) => Number(row.person) === first!.id)!;
    expect(respondentCell(firstRow, '3')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(firstRow.rowColor).toBe('#fff9c4');
  });

  it('gives the same bytes for the same data (fixed metadata)', async () => {
    const body = bodyOf(team, teamCall.filters);
    const first = await post('/api/dashboards/7/report', body, adminToken);
    const second = await post('/api/dashboards/7/report', body, adminToken);
    expect(first.statusCode).toBe(200);
    expect(sha256(second.rawPayload)).toBe(sha256(first.rawPayload));
  });

  it('names the team performance report after the leader, as the spec does', async () => {
    const leader = stored.get(team.file)!.people[teamCall.filters.colleague!]!;
    const response = await post('/api/tableresponse/report/download', { evaluation_type: '7', target_ids: [leader] }, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(dispositionName(response.headers['content-disposition'] as string)).toBe(`Avaliação desempenho de equipe - ${team.people[teamCall.filters.colleague!]}.pdf`);
    expect(pdfText(response.rawPayload)).toContain('Avaliação desempenho de equipe');
  });

  it('names the scanner report after the person and the company, and a personal key gets it without signing in', async () => {
    const index = scannerCall.filters.colleague ?? 0;
    const personId = stored.get(scanner.file)!.people[index]!;
    const expectedName = `Avaliação Scanner - ${scanner.people[index]} - Empresa Demonstração.pdf`;
    const staff = await post('/api/tableresponse/report/download', { evaluation_type: '-1', target_ids: [personId] }, companyToken);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(dispositionName(staff.headers['content-disposition'] as string)).toBe(expectedName);
    const [person] = await t.db.select({ key: users.personalKey }).from(users).where(eq(users.id, personId));
    const anonymous = await post('/api/tableresponse/report/download', { evaluation_type: '-1', target_ids: [person!.key] });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(dispositionName(anonymous.headers['content-disposition'] as string)).toBe(expectedName);
    // The public report is about the person only: no colleague of the company is named in it.
    const publicText = pdfText(anonymous.rawPayload);
    const colleagues = scanner.people.filter((_name, other) => other !== index);
    for (const name of colleagues) expect(publicText).not.toContain(name);
    // Whose result it is, in the section's title (the section's `subject`).
    expect(pdfText(staff.rawPayload).replace(/\s+/g, ' ')).toContain(`Resultado do colaborador: ${scanner.people[index]}`);
  });

  it('gives a personal key only the views with publicReport (the scanner, the team performance), never another view of the person', async () => {
    const personId = stored.get(scanner.file)!.people[scannerCall.filters.colleague ?? 0]!;
    const [person] = await t.db.select({ key: users.personalKey }).from(users).where(eq(users.id, personId));
    // The values and needs view (15) has a person filter and a report, but is not public: staff get it, a key does not.
    expect(t.app.definitions.dashboards.get(15)?.publicReport).toBeUndefined();
    expect((await post('/api/tableresponse/report/download', { evaluation_type: '15', target_ids: [personId] }, adminToken)).statusCode).not.toBe(400);
    const refused = await post('/api/tableresponse/report/download', { evaluation_type: '15', target_ids: [person!.key] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('O tipo de avaliação 15 não tem relatório para download.');
  });

  it('refuses unknown keys, numeric ids without a session and another company’s person', async () => {
    expect((await post('/api/tableresponse/report/download', { evaluation_type: '-1', target_ids: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(404);
    expect((await post('/api/tableresponse/report/download', { evaluation_type: '-1', target_ids: [demo.employees[0]!.id] })).statusCode).toBe(404);
    const foreign = await post('/api/tableresponse/report/download', { evaluation_type: '-1', target_ids: [other.employeeId] }, companyToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/[A-Za-zÀ-ú]/);
  });

  it('answers 4xx with a Portuguese message to malformed requests', async () => {
    for (const body of [{}, { evaluation_type: '7' }, { evaluation_type: '7', target_ids: [] }, { evaluation_type: 'x', target_ids: [1] }, { evaluation_type: '7', target_ids: [1, 2] }, { evaluation_type: '7', target_ids: [{}] }]) {
      const response = await post('/api/tableresponse/report/download', body, adminToken);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
    const badFilter = await post('/api/dashboards/13/report', { company_id: 'x' }, adminToken);
    expect(badFilter.statusCode).toBe(400);
    expect((await post('/api/dashboards/999/report', {}, adminToken)).statusCode).toBe(404);
    expect((await post('/api/dashboards/13/report', {})).statusCode).toBe(401);
  });

  it('has content in the report of every answered golden evaluation, of every type with a result view', async () => {
    const reported = new Set<number>();
    for (const fixture of fixtures) {
      for (const [index, evaluation] of fixture.evaluations.entries()) {
        if (evaluation.done === false) continue;
        const id = stored.get(fixture.file)!.evaluations[index]!;
        const report = await evaluationReport(t.app, id);
        const view = evaluationReportView(t.app.definitions, evaluation.type);
        if (!view) {
          // Only the manager's side of the values alignment and the staff-filled 360 interview (its view's
          // evaluationReport: false) have no report of their own.
          expect([17, 11], `type ${evaluation.type}`).toContain(evaluation.type);
          expect(report?.request ?? null).toBeNull();
          continue;
        }
        const { source } = await buildReport(t.app, report!.request!);
        const blocks = reportDocument(source).blocks;
        const about = `${fixture.file} evaluation ${index} (type ${evaluation.type})`;
        const kinds = Object.values(view.datasets).flatMap((dataset) => ('from' in dataset || !dataset.anonymous ? [] : [dataset.anonymous]));
        const aboutAnother = evaluation.rated !== undefined && evaluation.rated !== evaluation.person;
        if (kinds.includes('group') || (kinds.includes('evaluators') && aboutAnother)) {
          // One person's answers to an anonymous group are a group of one: withheld, and the report says why.
          expect(source.meta.subject.join(' '), about).toContain('Para preservar o anonimato');
        } else {
          expect(blocks, about).not.toEqual([{ kind: 'empty', text: view.empty }]);
        }
        reported.add(evaluation.type);
      }
    }
    // Every type the goldens answer, but the manager's alignment (17) and the interview (11).
    expect([...reported].sort((a, b) => a - b)).toEqual(
      [...new Set(fixtures.flatMap((fixture) => fixture.evaluations.map((evaluation) => evaluation.type)))].filter((type) => type !== 17 && type !== 11).sort((a, b) => a - b),
    );
  });

  it('gives an answered evaluation’s report by its id, named after the evaluation and the person', async () => {
    const stress = fixtures.find((fixture) => fixture.dashboard === 13)!;
    const evaluationId = stored.get(stress.file)!.evaluations[0]!;
    const person = stress.people[stress.evaluations[0]!.person]!;
    const response = await t.app.inject({ method: 'GET', url: `/api/tableresponse/report/${evaluationId}/13` });
    expect(response.statusCode, response.body).toBe(200);
    const typeName = t.app.definitions.types.get(13)!.name;
    expect(dispositionName(response.headers['content-disposition'] as string)).toBe(`${typeName} - ${person}.pdf`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(person);
    // One evaluation only: the other respondents of the golden answers are not in it.
    for (const name of stress.people.filter((other) => other !== person)) expect(text).not.toContain(name);
    expect(pdfPages(response.rawPayload)).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/tableresponse/report/${evaluationId}/5` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/tableresponse/report/nao-e-id/13' })).statusCode).toBe(404);
    const pending = demo.evaluations[0]!;
    const notDone = await t.app.inject({ method: 'GET', url: `/api/tableresponse/report/${pending.id}/${pending.typeEvaluation}` });
    expect(notDone.statusCode).toBe(400);
  });
});
