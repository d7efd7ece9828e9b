/**
 * The LGPD rights of a person (issue 14): an administrator exports everything held about one person
 * (JSON and a readable PDF) and erases the person. The person here answered four questionnaires
 * (stress, Teste Alpha, psychological safety with a comment, the 360 self-evaluation), was evaluated by
 * three colleagues (one of whom named them in a comment), got a report and a reminder by e-mail, and
 * tried to sign in once. What is expected is what this file stored, not what the export code reads.
 * After the erase, every column of every table (the queue's included) is searched for the name, the
 * e-mail and the phone; and the numbers of the dashboards the person counted in must be the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { insertEvaluation } from './goldenFixtures.ts';
import { dispositionName, pdfText } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { waitUntil } from './waitUntil.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

const NAME = 'Lucia Zanforlin Apagavel';
const EMAIL = 'lucia.zanforlin@lgpd.test';
const PHONE = '11987654321';

const fixture = (name: string, index = 0) =>
  JSON.parse(readFileSync(join(process.cwd(), `definitions/fixtures/${name}.json`), 'utf8')).cases[index].responses as Record<string, string | string[]>;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

let person = 0;
let sector = 0;
const own: Record<string, string> = {};
const about: string[] = [];
let pendingStress = '';
let personalKey = '';

async function colleague(name: string): Promise<number> {
  const [row] = await t.db.insert(users).values({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@lgpd.test`, typeAccount: 3, companyId: demo.companyId }).returning({ id: users.id });
  await t.db.insert(userSectors).values({ userId: row!.id, sectorId: sector });
  return row!.id;
}

/**
 * The numbers of a dashboard's data for the demo company, dataset by dataset, one list per row: what
 * must not change with an erase. Rows are compared as a set, since a list of texts is ordered by its
 * texts, and the erased person's texts are replaced.
 */
async function numbers(view: number, extra: Record<string, unknown> = {}): Promise<Record<string, string[]>> {
  const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${view}/data`, headers: bearer(adminToken), payload: { company_id: demo.companyId, ...extra } });
  expect(response.statusCode, response.body).toBe(200);
  const numbersIn = (value: unknown, found: number[] = []): number[] => {
    if (typeof value === 'number') found.push(value);
    else if (Array.isArray(value)) value.forEach((item) => numbersIn(item, found));
    else if (value && typeof value === 'object') Object.values(value).forEach((item) => numbersIn(item, found));
    return found;
  };
  const datasets = (response.json() as { datasets: Record<string, { rows: unknown[] }> }).datasets;
  return Object.fromEntries(Object.entries(datasets).map(([name, dataset]) => [name, dataset.rows.map((row) => JSON.stringify(numbersIn(row))).sort()]));
}

/** Every (table, column) of the database whose text holds `needle`, ignoring case: bytes read as escaped text. */
async function tablesHolding(needle: string): Promise<string[]> {
  const columns = await rowsOf<{ schema: string; table: string; column: string; type: string }>(
    sql`select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type as type
        from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema not in ('pg_catalog', 'information_schema') and tb.table_type = 'BASE TABLE'`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const hits: string[] = [];
  for (const { schema, table, column, type } of columns) {
    const value = type === 'bytea' ? sql`encode(${sql.identifier(column)}, 'escape')` : sql`${sql.identifier(column)}::text`;
    const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)} where strpos(lower(${value}), lower(${needle})) > 0`);
    if (row!.n > 0) hits.push(`${schema}.${table}.${column}`);
  }
  return hits.sort();
}

beforeAll(async () => {
  const [row] = await t.db.insert(sectors).values({ companyId: demo.companyId, sectorName: 'Setor LGPD' }).returning();
  sector = row!.id;
  person = await colleague('placeholder');
  await t.db.execute(sql`update users set name = ${NAME}, email = ${EMAIL}, phone = ${PHONE} where id = ${person}`);
  const common = { done: true, createdAt: new Date(Date.UTC(2026, 5, 10)), expireAt: new Date(Date.UTC(2027, 5, 10)) };
  own.stress = await insertEvaluation({ ...common, typeEvaluation: 13, userId: person, rated: person }, fixture('estresse'));
  own.alpha = await insertEvaluation({ ...common, typeEvaluation: 3, userId: person, rated: person }, fixture('testealphanew', 2));
  own.safety = await insertEvaluation({ ...common, typeEvaluation: 16, userId: person, rated: person }, { ...fixture('segurancapsicologica'), '8': 'Minha equipe me escuta, diz a Lucia' });
  own.self360 = await insertEvaluation({ ...common, typeEvaluation: 1, userId: person, rated: person }, { ...fixture('question360autonew'), '11': 'Autoavaliação: preciso delegar mais' });
  // Psychological safety is anonymous from 3 people: two colleagues answer it too.
  for (const name of ['Caio Segundo', 'Dora Terceira']) {
    const id = await colleague(name);
    await insertEvaluation({ ...common, typeEvaluation: 16, userId: id, rated: id }, { ...fixture('segurancapsicologica'), '8': `Comentário de ${name}` });
  }
  for (const [index, name] of ['Ivo Avaliador', 'Eva Avaliadora', 'Rui Avaliador'].entries()) {
    const id = await colleague(name);
    const note = index === 0 ? `${NAME} organiza bem as reuniões` : `Comentário ${index + 1} sobre a colega`;
    about.push(await insertEvaluation({ ...common, typeEvaluation: 2, version: 7, userId: id, rated: person }, { ...fixture('question360new'), '11': note }));
  }
  personalKey = (await rowsOf<{ personal_key: string }>(sql`select personal_key from users where id = ${person}`))[0]!.personal_key;
  const pages = await t.app.inject({ method: 'GET', url: `/api/tableresponse/answered/${personalKey}` });
  expect(pages.statusCode).toBe(200);
  pendingStress = await insertEvaluation({ typeEvaluation: 13, userId: person, rated: person, expireAt: new Date(Date.UTC(2027, 0, 1)) }, {});

  // An e-mailed report (the scanner, with its PDF attached) and a reminder, through the API.
  const report = await t.app.inject({ method: 'POST', url: '/api/evaluation/report', headers: bearer(adminToken), payload: { user_id: person, type_evaluation: -1 } });
  expect(report.statusCode, report.body).toBe(200);
  const reminder = await t.app.inject({ method: 'POST', url: `/api/evaluation/remainder/${person}`, headers: bearer(adminToken) });
  expect(reminder.statusCode, reminder.body).toBe(200);
  await waitUntil(async () => (await rowsOf<{ n: number }>(sql`select count(*)::int as n from outbox where "to" = ${EMAIL} and kind = 'report'`))[0]!.n === 1, 60000);
  // A sign-in attempt with the person's address: the audit log writes the e-mail as typed.
  const signIn = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { email: EMAIL, password: 'nao-tem-senha-1' } });
  expect(signIn.statusCode).toBe(401);
}, 120000);

describe('export (GET /api/users/:id/personal-data)', () => {
  it('is for administrators only', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${person}/personal-data`, headers: bearer(companyToken) });
    expect(response.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: `/api/users/${person}/personal-data?format=xml`, headers: bearer(adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Formato inválido: use json ou pdf.');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users/999999/personal-data', headers: bearer(adminToken) });
    expect(unknown.statusCode).toBe(404);
  });

  it('holds the profile, every evaluation with the person\u2019s own answers, the e-mails with their files, the reports and the audit entries', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${person}/personal-data?format=json`, headers: bearer(adminToken) });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(dispositionName(response.headers['content-disposition'] as string)).toBe(`dados-pessoais-${person}.json`);
    const data = response.json();
    expect(data.person).toMatchObject({ id: person, name: NAME, email: EMAIL, phone: PHONE, type_account: 3, sectors: ['Setor LGPD'], company: { id: demo.companyId } });

    const byId = new Map<string, { role: string; answers: { question: string; text: string | null; answer: string }[]; rated_name: string | null }>(
      data.evaluations.map((evaluation: { id: string }) => [evaluation.id, evaluation]),
    );
    expect([...byId.keys()].sort()).toEqual([...Object.values(own), ...about, pendingStress].sort());
    for (const id of Object.values(own)) expect(byId.get(id)!.role).toBe('respondent');
    for (const id of about) {
      // Others' answers about the person stay theirs: listed, without contents.
      expect(byId.get(id)!.role).toBe('evaluated');
      expect(byId.get(id)!.answers).toEqual([]);
    }
    // Every stored answer of the person is there, in words: stress's 14 items, psychological safety's comment.
    const stored = await rowsOf<{ evaluation_id: string; n: number }>(sql`select evaluation_id, count(*)::int as n from responses where evaluation_id in (select id from evaluations where user_id = ${person}) group by evaluation_id`);
    for (const { evaluation_id, n } of stored) expect(byId.get(evaluation_id)!.answers).toHaveLength(n);
    expect(byId.get(own.stress!)!.answers).toHaveLength(14);
    const comment = byId.get(own.safety!)!.answers.find((answer) => answer.question === '8')!;
    expect(comment.answer).toBe('Minha equipe me escuta, diz a Lucia');
    expect(comment.text).toBeTruthy();

    // The e-mails: the report with its PDF (the same bytes as stored) and the reminder.
    const emails = data.emails as { to: string; kind: string; attachments: { filename: string; content_base64: string }[] }[];
    expect(emails.map((email) => email.kind).sort()).toEqual(['reminder', 'report']);
    expect(emails.every((email) => email.to === EMAIL)).toBe(true);
    const [file] = await rowsOf<{ content: Buffer }>(sql`select a.content from outbox_attachments a join outbox o on o.id = a.outbox_id where o."to" = ${EMAIL}`);
    const attached = emails.find((email) => email.kind === 'report')!.attachments;
    expect(attached).toHaveLength(1);
    expect(Buffer.from(attached[0]!.content_base64, 'base64').equals(Buffer.from(file!.content))).toBe(true);
    expect(pdfText(Buffer.from(attached[0]!.content_base64, 'base64'))).toContain(NAME);
    expect(data.reports).toEqual([expect.objectContaining({ how: 'email', file: attached[0]!.filename })]);

    const actions = (data.audit as { action: string; actor_email: string | null }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['report.email', 'mail.reminder', 'session.signInFailed']));
    expect(data.audit.find((entry: { action: string }) => entry.action === 'session.signInFailed').actor_email).toBe(EMAIL);
  });

  it('is readable as a PDF: the profile, the questionnaires, the answers and the e-mails', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${person}/personal-data?format=pdf`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'Dados pessoais (LGPD)',
      NAME,
      EMAIL,
      'Setor LGPD',
      'Escala de Estresse Percebido',
      'Teste Alpha',
      'Segurança Psicológica',
      'Minha equipe me escuta, diz a Lucia',
      'Avaliações sobre a pessoa',
      'E-mails enviados',
      'Relatórios gerados',
      'Registro de auditoria',
      'Tentativa de entrada recusada',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('erase (POST /api/users/:id/erase)', () => {
  it('refuses a company user, a wrong name, and the administrator\u2019s own account, changing nothing', async () => {
    const asCompany = await t.app.inject({ method: 'POST', url: `/api/users/${person}/erase`, headers: bearer(companyToken), payload: { confirm_name: NAME } });
    expect(asCompany.statusCode).toBe(403);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/users/${person}/erase`, headers: bearer(adminToken), payload: { confirm_name: 'Lucia' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Para confirmar, digite o nome da pessoa exatamente como está no cadastro.');
    const missing = await t.app.inject({ method: 'POST', url: `/api/users/${person}/erase`, headers: bearer(adminToken), payload: {} });
    expect(missing.statusCode).toBe(400);
    const [admin] = await rowsOf<{ id: number; name: string }>(sql`select id, name from users where type_account = 1 order by id limit 1`);
    const self = await t.app.inject({ method: 'POST', url: `/api/users/${admin!.id}/erase`, headers: bearer(adminToken), payload: { confirm_name: admin!.name } });
    expect(self.statusCode).toBe(409);
    expect(await tablesHolding(EMAIL)).not.toEqual([]);
    const [row] = await rowsOf<{ name: string }>(sql`select name from users where id = ${person}`);
    expect(row!.name).toBe(NAME);
  });

  it('leaves nothing that names the person in any table, and the dashboards\u2019 numbers as they were', async () => {
    const before = {
      stress: await numbers(13),
      safety: await numbers(16),
      evaluators: await numbers(2, { evaluated_id: person, version: 7 }),
      scanner: await numbers(-2),
    };
    expect(Object.values(before.stress).flat().length).toBeGreaterThan(0);
    expect(Object.values(before.evaluators).flat().length).toBeGreaterThan(0);
    expect((await tablesHolding(NAME)).length).toBeGreaterThan(3);

    const response = await t.app.inject({ method: 'POST', url: `/api/users/${person}/erase`, headers: bearer(adminToken), payload: { confirm_name: `  ${NAME.toUpperCase()} ` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().summary).toMatchObject({ evaluations: 8, attachments: 1 });

    for (const needle of [NAME, EMAIL, PHONE, 'Zanforlin']) expect(await tablesHolding(needle), needle).toEqual([]);
    expect(await numbers(13)).toEqual(before.stress);
    expect(await numbers(16)).toEqual(before.safety);
    expect(await numbers(2, { evaluated_id: person, version: 7 })).toEqual(before.evaluators);
    expect(await numbers(-2)).toEqual(before.scanner);

    // Free text by and about the person is gone; the colleagues' own comments stay.
    const texts = (await rowsOf<{ response: string }>(sql`select response from responses where question in ('8', '11')`)).map((row) => row.response);
    expect(texts).not.toContain('Minha equipe me escuta, diz a Lucia');
    expect(texts).toContain('Comentário de Caio Segundo');
    // The stored report is a notice now.
    const [file] = await rowsOf<{ content: Buffer; filename: string }>(sql`select a.content, a.filename from outbox_attachments a join outbox o on o.id = a.outbox_id where o.kind = 'report' and o.evaluation_id is null order by o.id desc limit 1`);
    expect(pdfText(Buffer.from(file!.content))).toContain('Documento removido (LGPD)');
  });

  it('closes the account: no list shows it, its old personal pages are gone, a second erase is refused', async () => {
    const [row] = await rowsOf<{ status: boolean; erased_at: string | null; email: string }>(sql`select status, erased_at, email from users where id = ${person}`);
    expect(row!.status).toBe(false);
    expect(row!.erased_at).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: `/api/users/list/${demo.companyId}`, headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: number }[]).map((user) => user.id)).not.toContain(person);
    const pages = await t.app.inject({ method: 'GET', url: `/api/tableresponse/answered/${personalKey}` });
    expect(pages.statusCode).toBe(404);
    // No staff call finds the erased account again: it cannot be reactivated, re-identified or e-mailed.
    const reactivate = await t.app.inject({ method: 'PATCH', url: '/api/users/update', headers: bearer(adminToken), payload: { id: person, status: true } });
    expect(reactivate.statusCode).toBe(404);
    const remind = await t.app.inject({ method: 'POST', url: `/api/evaluation/remainder/${person}`, headers: bearer(adminToken) });
    expect(remind.statusCode).toBe(404);
    const again = await t.app.inject({ method: 'POST', url: `/api/users/${person}/erase`, headers: bearer(adminToken), payload: { confirm_name: 'Pessoa anonimizada' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Os dados pessoais desta pessoa já foram apagados em \d{2}\/\d{2}\/\d{4}\.$/);
  });

  it('is in the audit log, with the export, and the log still refuses any other change', async () => {
    const entries = await rowsOf<{ action: string; details: Record<string, unknown> | null }>(sql`select action, details from audit_log where target = ${`user:${person}`} and action like 'person.%' order by id`);
    expect(entries.map((entry) => entry.action)).toEqual(['person.export', 'person.export', 'person.erase']);
    expect(entries.map((entry) => entry.details?.format ?? null)).toEqual(['json', 'pdf', null]);
    // The trigger's exception is the erase's alone: even with its setting, only actor_email may change.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('avalia.lgpd_erase', 'user:1', true)`);
        await tx.execute(sql`update audit_log set ip = '0.0.0.0' where target = ${`user:${person}`}`);
      }),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`update audit_log set actor_email = 'x@y.z' where target = ${`user:${person}`}`)).rejects.toThrow();
  });
});
