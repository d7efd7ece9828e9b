import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../apps/server/src/db/client.ts';
import { rows } from '../../apps/server/src/db/rows.ts';
import { databaseBefore } from './migrationCopy.ts';

/*
 * Migration 0012 groups the evaluations made before rounds existed into cycles: one per owner (the
 * course of a course's evaluation, else the evaluator's company), questionnaire (the scanner's bundle
 * is one) and creation batch (one call's evaluations share their `created_at`), named by the
 * questionnaire and the day it opened in São Paulo, numbered when an owner had several that day, and
 * closing on the last expiry day of its links. Tested on a copy: a database at the migration before,
 * with evaluations of several types, days, companies and courses written as the old code stored them;
 * every expected cycle below is written out by hand from those rows.
 */

const MIGRATION = '0012_cycles';

let database: Database;
let drop: () => Promise<void>;
const company = { a: 0, b: 0 };
const course = { x: 0, y: 0 };
const user = { a1: 0, a2: 0, a3: 0, b1: 0, loose: 0 };
/** Evaluation ids by label. */
const made = new Map<string, string>();
let countBefore = 0;

// Batches (UTC): T1 and T2 on 2 March in São Paulo, T3 at 23:30 of 2 March there (3 March in UTC).
const T1 = '2026-03-02T13:00:00.000Z';
const T2 = '2026-03-02T18:00:00.000Z';
const T3 = '2026-03-03T02:30:00.000Z';
const T4 = '2026-04-01T12:00:00.000Z';
const T5 = '2026-05-10T15:00:00.000Z';
const T6 = '2026-06-01T12:00:00.000Z';
// Ends of expiry days in São Paulo (23:59:59.999 there).
const END_8_MARCH = '2026-03-09T02:59:59.999Z';
const END_9_MARCH = '2026-03-10T02:59:59.999Z';
const END_1_MAY = '2026-05-02T02:59:59.999Z';
const END_19_MAY = '2026-05-20T02:59:59.999Z';

beforeAll(async () => {
  ({ database, drop } = await databaseBefore(MIGRATION));
  const db = database.db;
  const one = async (query: ReturnType<typeof sql>) => (await rows<{ id: number }>(db, query))[0]!.id;
  company.a = await one(sql`insert into companies (commercial_name, company_name) values ('Empresa A', 'Empresa A Ltda') returning id`);
  company.b = await one(sql`insert into companies (commercial_name, company_name) values ('Empresa B', 'Empresa B Ltda') returning id`);
  const person = (name: string, companyId: number | null) =>
    one(sql`insert into users (name, email, type_account, company_id) values (${name}, ${`${name}@ciclos.avalia`}, 3, ${companyId}) returning id`);
  user.a1 = await person('a1', company.a);
  user.a2 = await person('a2', company.a);
  user.a3 = await person('a3', company.a);
  user.b1 = await person('b1', company.b);
  user.loose = await person('solto', null);
  course.x = await one(sql`insert into courses (name, company_id) values ('Curso X', ${company.a}) returning id`);
  course.y = await one(sql`insert into courses (name) values ('Curso Y (várias empresas)') returning id`);
  const participation = (userId: number, courseId: number) => one(sql`insert into user_courses (user_id, course_id) values (${userId}, ${courseId}) returning id`);
  const a1InY = await participation(user.a1, course.y);
  const b1InY = await participation(user.b1, course.y);
  const a2InX = await participation(user.a2, course.x);

  const evaluate = async (label: string, userId: number, type: number, createdAt: string, expireAt: string | null, usercourseId: number | null = null) => {
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into evaluations (user_id, rated, type_evaluation, created_at, expire_at, usercourse_id)
          values (${userId}, ${userId}, ${type}, ${createdAt}::timestamptz, ${expireAt}::timestamptz, ${usercourseId}) returning id`,
    );
    made.set(label, row!.id);
  };
  await evaluate('T1 13 a1', user.a1, 13, T1, END_8_MARCH);
  await evaluate('T1 13 a2', user.a2, 13, T1, END_8_MARCH);
  await evaluate('T1 16 a1', user.a1, 16, T1, END_8_MARCH);
  await evaluate('T1 13 b1', user.b1, 13, T1, END_8_MARCH);
  await evaluate('T2 13 a3', user.a3, 13, T2, END_9_MARCH);
  await evaluate('T3 13 a1', user.a1, 13, T3, null);
  for (const type of [3, 4, 5, 6, 9]) await evaluate(`T4 scanner ${type} a2`, user.a2, type, T4, null);
  await evaluate('T5 2 a1 in Y', user.a1, 2, T5, END_19_MAY, a1InY);
  await evaluate('T5 2 b1 in Y', user.b1, 2, T5, null, b1InY);
  await evaluate('T5 12 a2 in X', user.a2, 12, T5, null, a2InX);
  // An expiry before the day it was made (a hand-edited row): no closing day rather than a refused one.
  await evaluate('T6 15 a3', user.a3, 15, T6, END_1_MAY);
  await evaluate('T1 13 loose', user.loose, 13, T1, null);
  countBefore = (await rows<{ n: number }>(db, sql`select count(*)::integer as n from evaluations`))[0]!.n;

  await database.migrate();
}, 120000);

afterAll(async () => {
  await drop?.();
});

interface CycleRow {
  id: number;
  company_id: number | null;
  course_id: number | null;
  name: string;
  types: number[];
  opens_on: string;
  closes_on: string | null;
  closed: boolean;
  target: number;
  evaluations: string[];
}

async function cycles(): Promise<CycleRow[]> {
  return rows<CycleRow>(
    database.db,
    sql`select c.id, c.company_id, c.course_id, c.name, c.types, to_char(c.opens_on, 'YYYY-MM-DD') as opens_on,
          to_char(c.closes_on, 'YYYY-MM-DD') as closes_on, c.closed_at is not null as closed, c.target,
          coalesce((select array_agg(e.id::text order by e.id) from evaluations e where e.cycle_id = c.id), '{}') as evaluations
        from cycles c order by c.id`,
  );
}

const ids = (...labels: string[]) => labels.map((label) => made.get(label)!).sort();

describe(`migration ${MIGRATION}`, () => {
  it('makes one cycle per owner, questionnaire and batch, named and dated by hand-checked rules', async () => {
    const expected = [
      { company_id: company.a, course_id: null, name: 'Escala de Estresse Percebido – 02/03/2026', types: [13], opens_on: '2026-03-02', closes_on: '2026-03-08', evaluations: ids('T1 13 a1', 'T1 13 a2') },
      { company_id: company.a, course_id: null, name: 'Segurança Psicológica – 02/03/2026', types: [16], opens_on: '2026-03-02', closes_on: '2026-03-08', evaluations: ids('T1 16 a1') },
      { company_id: company.b, course_id: null, name: 'Escala de Estresse Percebido – 02/03/2026', types: [13], opens_on: '2026-03-02', closes_on: '2026-03-08', evaluations: ids('T1 13 b1') },
      { company_id: company.a, course_id: null, name: 'Escala de Estresse Percebido – 02/03/2026 (2)', types: [13], opens_on: '2026-03-02', closes_on: '2026-03-09', evaluations: ids('T2 13 a3') },
      { company_id: company.a, course_id: null, name: 'Escala de Estresse Percebido – 02/03/2026 (3)', types: [13], opens_on: '2026-03-02', closes_on: null, evaluations: ids('T3 13 a1') },
      { company_id: company.a, course_id: null, name: 'Scanner – 01/04/2026', types: [3, 4, 5, 6, 9], opens_on: '2026-04-01', closes_on: null, evaluations: ids(...[3, 4, 5, 6, 9].map((type) => `T4 scanner ${type} a2`)) },
      { company_id: null, course_id: course.y, name: 'Avaliação 360 – 10/05/2026', types: [2], opens_on: '2026-05-10', closes_on: '2026-05-19', evaluations: ids('T5 2 a1 in Y', 'T5 2 b1 in Y') },
      { company_id: company.a, course_id: course.x, name: 'Análise de Variáveis Críticas de Mudança – 10/05/2026', types: [12], opens_on: '2026-05-10', closes_on: null, evaluations: ids('T5 12 a2 in X') },
      { company_id: company.a, course_id: null, name: 'Alinhamento de Valores e Necessidades (Colaborador) – 01/06/2026', types: [15], opens_on: '2026-06-01', closes_on: null, evaluations: ids('T6 15 a3') },
    ];
    const found = await cycles();
    const key = (cycle: { name: string; company_id: number | null; course_id: number | null }) => `${cycle.name}|${cycle.company_id}|${cycle.course_id}`;
    expect(found.map(key).sort()).toEqual(expected.map(key).sort());
    for (const cycle of expected) {
      const row = found.find((candidate) => key(candidate) === key(cycle))!;
      expect({ ...row, id: undefined }, cycle.name).toEqual({ ...cycle, id: undefined, closed: false, target: 75 });
    }
  });

  it('loses no evaluation and counts each in one cycle; one with neither a company nor a course keeps none', async () => {
    const counted = await rows<{ n: number; in_cycles: number; loose: string | null }>(
      database.db,
      sql`select count(*)::integer as n, count(cycle_id)::integer as in_cycles,
            (select string_agg(id::text, ',') from evaluations where cycle_id is null) as loose
          from evaluations`,
    );
    expect(counted).toEqual([{ n: countBefore, in_cycles: countBefore - 1, loose: made.get('T1 13 loose') }]);
  });
});
