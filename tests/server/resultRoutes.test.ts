/**
 * Every route audited (issue 22): the README's section "Every route that carries answers or scores"
 * lists each API operation either in its table (routes whose answers carry answers or scores, with
 * their types, whether they are anonymous and whether they name people) or among the operations that
 * carry none. This test walks the OpenAPI document against both lists, then calls every route the table
 * marks anonymous with groups of every anonymous type under the minimum and from it, and fails when
 * an answer (JSON, PDF text, spreadsheet cells) holds an anonymous respondent's name, one of their
 * evaluation ids, or, under the minimum, one of their answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../apps/server/src/db/schema.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

/** The README's section on the routes that carry answers or scores. */
const section = (() => {
  const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
  const start = readme.indexOf('### Every route that carries answers or scores');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n#', start + 10);
  return readme.slice(start, end);
})();

interface TableRow {
  route: string;
  anonymous: boolean;
}

/** The table's rows: the route (method and path) and whether it is marked anonymous. */
const table: TableRow[] = section
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const cells = line.split(' | ').map((cell) => cell.replace(/^\| /, '').trim());
    return { route: cells[0]!.replace(/`/g, ''), anonymous: cells[2]!.startsWith('yes') };
  });

/** The operations listed as carrying no answers or scores. */
const none: string[] = [...section.slice(section.indexOf('Operations that carry no answers or scores:')).matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`]+)`/g)].map((match) => match[1]!);

const fixture = (name: string) => JSON.parse(readFileSync(join(process.cwd(), `definitions/fixtures/${name}.json`), 'utf8')).cases[0].responses as Record<string, string | string[]>;

/** An anonymous group: its people's names, evaluation ids and answers that must never leave it whole. */
interface Group {
  names: string[];
  evaluations: string[];
  texts: string[];
}
const group360: Group = { names: [], evaluations: [], texts: [] };
const groupSafety: Group = { names: [], evaluations: [], texts: [] };
const groupChange: Group = { names: [], evaluations: [], texts: [] };
let rated = 0;
let company = 0;
let sequence = 0;

async function person(name: string, companyId: number): Promise<number> {
  sequence += 1;
  const [row] = await t.db.insert(users).values({ name, email: `rota.${sequence}@rotas.test`, typeAccount: 3, companyId }).returning({ id: users.id });
  return row!.id;
}

const when = new Date(Date.UTC(2026, 9, 1, 12));
const common = { done: true, createdAt: when, expireAt: new Date(Date.UTC(2026, 10, 1)) };

/** One more member of each anonymous group. */
async function addMembers(index: number): Promise<void> {
  const evaluator = `Segredo Avaliador ${index}`;
  const evaluatorId = await person(evaluator, demo.companyId);
  const comment = `Comentário sigiloso do avaliador ${index}`;
  group360.names.push(evaluator);
  group360.texts.push(comment);
  group360.evaluations.push(await insertEvaluation({ ...common, typeEvaluation: 2, version: 5, userId: evaluatorId, rated }, { ...fixture('question360new'), '11': comment }));

  const respondent = `Segredo Respondente ${index}`;
  const respondentId = await person(respondent, company);
  const safetyComment = `Comentário sigiloso de segurança ${index}`;
  for (const found of [groupSafety, groupChange]) found.names.push(respondent);
  groupSafety.texts.push(safetyComment);
  groupSafety.evaluations.push(await insertEvaluation({ ...common, typeEvaluation: 16, userId: respondentId, companyId: company }, { ...fixture('segurancapsicologica'), '8': safetyComment }));
  groupChange.evaluations.push(await insertEvaluation({ ...common, typeEvaluation: 12, userId: respondentId, companyId: company }, fixture('analisecritica')));
}

beforeAll(async () => {
  rated = await person('Rota Avaliada', demo.companyId);
  const [created] = await t.db.insert(companies).values({ commercialName: 'Sigilo Ltda', companyName: 'Sigilo Ltda' }).returning();
  company = created!.id;
  await addMembers(1);
  await addMembers(2);
}, 60000);

/** What an answer says, as text: JSON, a PDF's text or a spreadsheet's cells. */
async function textOf(response: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }): Promise<string> {
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/pdf')) return pdfText(response.rawPayload);
  if (type.includes('spreadsheetml')) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook.worksheets.flatMap((sheet) => sheet.getSheetValues().flat().map((cell) => JSON.stringify(cell ?? ''))).join(' ');
  }
  return response.body;
}

type Who = 'admin' | 'company';
const tokens: Record<Who, string> = {
  get admin() {
    return adminToken;
  },
  get company() {
    return companyToken;
  },
};

/** Calls a route and gives the text of its answer (2xx only). */
async function call(who: Who, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<string> {
  const response = await t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) });
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  return textOf(response);
}

/** The PDF e-mailed for one evaluation's report, read through the outbox's attachment route. */
async function emailedReport(evaluationId: string): Promise<string> {
  const outboxId = await waitUntil(async () => {
    const found = ((await t.db.execute(sql`select o.id from outbox o join outbox_attachments a on a.outbox_id = o.id where o.evaluation_id = ${evaluationId}::uuid and o.kind = 'report'`)) as unknown as { rows: { id: number }[] }).rows;
    return found[0]?.id ?? null;
  }, 60000);
  return call('admin', 'GET', `/api/outbox/${outboxId}/attachments/0`);
}

const view360 = () => ({ company_id: demo.companyId, evaluated_id: rated, version: 5 });
const viewGroup = () => ({ company_id: company });

/**
 * How to call each route the table marks anonymous, with every anonymous group it can carry: the
 * texts of its answers, and which groups they concern. A route marked anonymous with no entry fails.
 */
const calls: Record<string, () => Promise<{ text: string; groups: Group[] }[]>> = {
  'POST /api/dashboards/{id}/data': async () => [
    ...(await Promise.all((['admin', 'company'] as const).map(async (who) => ({ text: await call(who, 'POST', '/api/dashboards/2/data', view360()), groups: [group360] })))),
    { text: await call('admin', 'POST', '/api/dashboards/16/data', viewGroup()), groups: [groupSafety] },
    { text: await call('admin', 'POST', '/api/dashboards/12/data', viewGroup()), groups: [groupChange] },
  ],
  'POST /api/dashboards/{id}/report': async () => [
    { text: await call('company', 'POST', '/api/dashboards/2/report', view360()), groups: [group360] },
    { text: await call('admin', 'POST', '/api/dashboards/16/report', viewGroup()), groups: [groupSafety] },
    { text: await call('admin', 'POST', '/api/dashboards/12/report', viewGroup()), groups: [groupChange] },
  ],
  'POST /api/dashboards/{id}/exports/{index}': async () => [{ text: await call('company', 'POST', '/api/dashboards/2/exports/0', view360()), groups: [group360] }],
  'POST /api/tableresponse/evaluations': async () => [
    { text: await call('company', 'POST', '/api/tableresponse/evaluations', { evaluations: group360.evaluations }), groups: [group360] },
    { text: await call('admin', 'POST', '/api/tableresponse/evaluations', { type_evaluation: 16, company_id: company }), groups: [groupSafety] },
    { text: await call('admin', 'POST', '/api/tableresponse/evaluations', { type_evaluation: 12, company_id: company }), groups: [groupChange] },
    { text: await call('admin', 'POST', '/api/tableresponse/evaluations', { evaluations: [...groupSafety.evaluations, ...groupChange.evaluations] }), groups: [groupSafety, groupChange] },
  ],
  'GET /api/tableresponse/360/{userId}/{question}/{version}': async () => {
    const answers = [];
    for (let question = 1; question <= 14; question += 1) {
      const response = await t.app.inject({ method: 'GET', url: `/api/tableresponse/360/${rated}/${question}/5`, headers: bearer(companyToken) });
      // A question with no answer to show answers 404 'Erro ao buscar dados'.
      expect([200, 404], response.body).toContain(response.statusCode);
      answers.push({ text: response.body, groups: [group360] });
    }
    return answers;
  },
  'GET /api/tableresponse/count/360/{id}/{version}': async () => [{ text: await call('company', 'GET', `/api/tableresponse/count/360/${rated}/5`), groups: [group360] }],
  'GET /api/tableresponse/count/all/true/{id}/1/{version}': async () => [{ text: await call('company', 'GET', `/api/tableresponse/count/all/true/${rated}/1/5`), groups: [group360] }],
  'POST /api/tableresponse/report/email': async () => {
    const answers = [];
    for (const [type, id, found] of [[2, group360.evaluations[0]!, group360], [16, groupSafety.evaluations[0]!, groupSafety], [12, groupChange.evaluations[0]!, groupChange]] as const) {
      await t.db.execute(sql`delete from outbox where evaluation_id = ${id}::uuid and kind = 'report'`);
      await call('admin', 'POST', '/api/tableresponse/report/email', { evaluation_type: type, target_ids: [id] });
      // A report of one person's answers is a group of one: nothing of it may show.
      answers.push({ text: await emailedReport(id), groups: [{ ...found, names: found.names.slice(1), evaluations: found.evaluations, texts: found.texts }] });
    }
    return answers;
  },
  'GET /api/tableresponse/report/{id}/{type}': async () =>
    Promise.all(
      ([[2, group360.evaluations[0]!, group360], [16, groupSafety.evaluations[0]!, groupSafety], [12, groupChange.evaluations[0]!, groupChange]] as const).map(async ([type, id, found]) => {
        // One answer of an anonymous group has no report of its own: refused, saying why, naming no one.
        const response = await t.app.inject({ method: 'GET', url: `/api/tableresponse/report/${id}/${type}`, headers: bearer(tokens.admin) });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'As respostas desta avaliação só aparecem no resultado do grupo, sem nomes.' });
        return { text: await textOf(response), groups: [{ ...found, names: found.names.slice(1), texts: found.texts }] };
      }),
    ),
  // Read in the e-mailed reports above (the attachments of the outbox).
  'GET /api/outbox/{id}/attachments/{position}': async () => [{ text: await emailedReport(group360.evaluations[0]!), groups: [{ ...group360, names: group360.names.slice(1) }] }],
};

/** The problems of an answer: a name or an evaluation id of the group, or (under the minimum) one of its answers. */
function leaks(text: string, found: Group, underMinimum: boolean): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return [...found.names, ...found.evaluations, ...(underMinimum ? found.texts : [])].filter((secret) => flat.includes(secret));
}

describe('the routes that carry answers or scores', () => {
  it('lists every operation of the OpenAPI document in the README, once', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = [...table.map((row) => row.route), ...none];
    expect(listed.filter((route, index) => listed.indexOf(route) !== index), 'listed twice').toEqual([]);
    expect(operations.filter((operation) => !listed.includes(operation)), 'missing from the README').toEqual([]);
    expect(listed.filter((route) => !operations.includes(route)), 'no longer in the API').toEqual([]);
    expect(table.filter((row) => row.anonymous).length).toBeGreaterThan(5);
  });

  it('has a way to call every route marked anonymous', () => {
    expect(table.filter((row) => row.anonymous && !calls[row.route]).map((row) => row.route)).toEqual([]);
  });

  it.each([
    ['under the minimum (2 of 3)', true],
    ['from the minimum (3 of 3)', false],
  ])('never gives a name, an evaluation id or (under the minimum) an answer of an anonymous group: %s', async (_label, underMinimum) => {
    if (!underMinimum) await addMembers(3);
    const problems: string[] = [];
    for (const row of table.filter((entry) => entry.anonymous)) {
      for (const answer of await calls[row.route]!()) {
        for (const found of answer.groups) for (const secret of leaks(answer.text, found, underMinimum)) problems.push(`${row.route}: ${secret}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
