import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { databaseBefore } from './migrationCopy.ts';
import { bearer, seedOptions, signIn, testJwtSecret } from './testApp.ts';

/*
 * Migration 0011 moves the saved 360 interviews from their own table (`interviews`: status, dates,
 * show, answers as JSON, updated_at) into rows of `responses`, and drops the table. Tested on a copy:
 * a database migrated up to the migration before it, with interviews saved as the old code stored
 * them (several, lists in a chosen order, empty values, the confidential comments, unicode), then
 * migrated; every value must read back identically through the API. The expected answers are written
 * by hand from the stored documents, in the definition's question order (as the load call gives them).
 */

const MIGRATION = '0011_interview_responses';

/** A saved interview as the `interviews` table held it. */
interface OldInterview {
  status: string | null;
  dates: string[];
  show: string[];
  answers: Record<string, string>;
  updatedAt: string;
}

const SAVED: Record<'a' | 'b' | 'c', OldInterview> = {
  a: {
    status: 'finished',
    dates: ['2026-03-02', '2026-01-15', '2026-02-10'],
    show: ['Ana Souza', 'Zé Çarvalho 🙂'],
    // Keys in another order than the definition's, as a JSON object does not keep them.
    answers: {
      '14.confidential': '<p>Confidencial <strong>sim</strong></p>',
      '13.final': '',
      '1.reviewed': 'true',
      '10.grade': '10',
      '1.better': ' ',
      '1.positive': 'Ótimo trabalho — “aspas”, \\ barra e \'apóstrofo\'',
      '11.forces': 'Líder\nnato',
      '1.grade': '7.5',
    },
    updatedAt: '2026-03-02T14:30:05.123Z',
  },
  // Saved once with nothing in it.
  b: { status: null, dates: [], show: [], answers: {}, updatedAt: '2026-01-01T00:00:00.000Z' },
  c: {
    status: 'open',
    dates: ['2026-02-01'],
    show: [],
    answers: { '2.reviewed': 'false', '12.weakness': '日本語 テキスト «citação»', '2.grade': '0' },
    updatedAt: '2026-02-01T10:00:00.000Z',
  },
};

let database: Database;
let dropDatabase: () => Promise<void>;
/** Connection string of the PostgreSQL database (the job queue's too); absent on PGlite. */
let url: string | undefined;
let app: FastifyInstance;
let token: string;
const ids = { rated: 0, a: 0, b: 0, c: 0, d: 0 };
const evaluation = { a: '', b: '', c: '', d: '', other: '' };

beforeAll(async () => {
  const before = await databaseBefore(MIGRATION);
  ({ database, url } = before);
  dropDatabase = before.drop;
  const db = database.db;

  // The data as it stood at the previous migration, written in plain SQL (the old table has no model now).
  const [company] = await rows<{ id: number }>(db, sql`insert into companies (commercial_name, company_name) values ('Empresa Migração', 'Empresa Migração Ltda') returning id`);
  for (const key of ['rated', 'a', 'b', 'c', 'd'] as const) {
    const [user] = await rows<{ id: number }>(
      db,
      sql`insert into users (name, email, type_account, company_id) values (${`Pessoa ${key.toUpperCase()}`}, ${`${key}@migracao.avalia`}, 3, ${company!.id}) returning id`,
    );
    ids[key] = user!.id;
  }
  for (const key of ['a', 'b', 'c', 'd'] as const) {
    const [row] = await rows<{ id: string }>(db, sql`insert into evaluations (user_id, rated, type_evaluation, done) values (${ids[key]}, ${ids.rated}, 11, ${key === 'a'}) returning id`);
    evaluation[key] = row!.id;
  }
  for (const key of ['a', 'b', 'c'] as const) {
    const saved = SAVED[key];
    await db.execute(
      sql`insert into interviews (evaluation_id, status, dates, show, answers, updated_at)
          values (${evaluation[key]}::uuid, ${saved.status}, ${JSON.stringify(saved.dates)}::jsonb, ${JSON.stringify(saved.show)}::jsonb, ${JSON.stringify(saved.answers)}::jsonb, ${saved.updatedAt}::timestamptz)`,
    );
  }
  // Another evaluation's answers, which the migration must leave alone.
  const [other] = await rows<{ id: string }>(db, sql`insert into evaluations (user_id, type_evaluation, done) values (${ids.d}, 13, true) returning id`);
  evaluation.other = other!.id;
  await db.execute(sql`insert into responses (evaluation_id, question, response, created_at) values (${other!.id}::uuid, '1', '3', '2025-12-01T00:00:00Z')`);

  await database.migrate();
  await seed(db, { ...seedOptions, demoData: false });
  app = await buildApp({ jwtSecret: testJwtSecret, timeZone: 'America/Sao_Paulo', db, queue: { connectionString: url } });
  await app.ready();
  token = await signIn(app, 'admin');
}, 120000);

afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

const answersOf = async (key: 'a' | 'b' | 'c' | 'd') => {
  const response = await app.inject({ method: 'GET', url: `/api/interview/answers/${ids.rated}/${ids[key]}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as unknown;
};

describe(`migration ${MIGRATION}`, () => {
  it('moves a finished interview with its lists in order, empty values, unicode and the confidential comments', async () => {
    expect(await answersOf('a')).toEqual({
      evaluation_id: evaluation.a,
      status: 'finished',
      dates: ['2026-03-02', '2026-01-15', '2026-02-10'],
      show: ['Ana Souza', 'Zé Çarvalho 🙂'],
      answers: [
        { question: '1.grade', response: '7.5' },
        { question: '1.positive', response: 'Ótimo trabalho — “aspas”, \\ barra e \'apóstrofo\'' },
        { question: '1.better', response: ' ' },
        { question: '1.reviewed', response: 'true' },
        { question: '10.grade', response: '10' },
        { question: '11.forces', response: 'Líder\nnato' },
        { question: '13.final', response: '' },
        { question: '14.confidential', response: '<p>Confidencial <strong>sim</strong></p>' },
      ],
    });
  });

  it('moves an interview saved empty, and one in progress', async () => {
    expect(await answersOf('b')).toEqual({ evaluation_id: evaluation.b, status: null, dates: [], show: [], answers: [] });
    expect(await answersOf('c')).toEqual({
      evaluation_id: evaluation.c,
      status: 'open',
      dates: ['2026-02-01'],
      show: [],
      answers: [
        { question: '2.grade', response: '0' },
        { question: '2.reviewed', response: 'false' },
        { question: '12.weakness', response: '日本語 テキスト «citação»' },
      ],
    });
    expect(await answersOf('d')).toEqual({ evaluation_id: evaluation.d, status: null, dates: [], show: [], answers: [] });
  });

  it('keeps each interview’s time of last save as the created_at of its rows, and drops the table', async () => {
    const times = await rows<{ evaluation_id: string; first: string | Date; last: string | Date; n: number }>(
      database.db,
      sql`select evaluation_id::text, min(created_at) as first, max(created_at) as last, count(*)::int as n from responses group by evaluation_id`,
    );
    const byEvaluation = new Map(times.map((row) => [row.evaluation_id, row]));
    for (const key of ['a', 'b', 'c'] as const) {
      const row = byEvaluation.get(evaluation[key])!;
      expect(new Date(row.first).toISOString(), key).toBe(SAVED[key].updatedAt);
      expect(new Date(row.last).toISOString(), key).toBe(SAVED[key].updatedAt);
    }
    // status + 3 dates + 2 attendees + 8 answers; a status row alone; status + 1 date + 3 answers.
    expect([evaluation.a, evaluation.b, evaluation.c].map((id) => byEvaluation.get(id)?.n)).toEqual([14, 1, 5]);
    expect(byEvaluation.has(evaluation.d)).toBe(false);
    expect(byEvaluation.get(evaluation.other)?.n).toBe(1);
    const [table] = await rows<{ name: string | null }>(database.db, sql`select to_regclass('public.interviews')::text as name`);
    expect(table!.name).toBeNull();
  });

  it('gives the report what the old table gave: the finished count and the status labels', async () => {
    const count = await app.inject({ method: 'GET', url: `/api/tableresponse/count/all/true/${ids.rated}/1/1`, headers: bearer(token) });
    expect(count.json()).toEqual({ count: 1 });
    const listed = await app.inject({ method: 'GET', url: `/api/interview/evaluators/rated/${ids.rated}`, headers: bearer(token) });
    const status = new Map((listed.json() as { evaluator_id: number; status: string }[]).map((row) => [row.evaluator_id, row.status]));
    expect([ids.a, ids.b, ids.c, ids.d].map((id) => status.get(id))).toEqual(['Finalizado', 'Não iniciado', 'Entrevista em andamento', 'Não iniciado']);
  });
});
