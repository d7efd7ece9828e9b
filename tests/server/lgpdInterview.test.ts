/**
 * The LGPD rights over 360 interviews, whose answers are rows of `responses` like every evaluation's:
 * the export gives the interviews the person conducted with everything saved (status, dates,
 * attendees, answers), and the erase replaces the free texts of the interviews by or about the person
 * (a blank or wordless one stays as it was) and their name wherever it was written (an attendee).
 * The expected values are the ones saved here, written by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluations, users } from '../../apps/server/src/db/schema.ts';
import { messages } from '../../engine/messages.ts';
import { bearer } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';

setUpWorld();

const NAME = 'Lucia Zanforlin Apagavel';
const REMOVED = messages.lgpd.freeTextRemoved;
const ANONYMOUS = messages.lgpd.identityRemoved;

const ids = { lucia: 0, ivo: 0, rui: 0 };
/** Ivo's interview about Lucia, and Lucia's about Rui. */
const interview = { aboutLucia: '', byLucia: '' };

async function person(name: string): Promise<number> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@lgpd-entrevista.test`;
  const [row] = await t.db.insert(users).values({ name, email, typeAccount: 3, companyId: demo.companyId }).returning({ id: users.id });
  return row!.id;
}

async function save(evaluator: number, rated: number, questions: { question: string; response: string | string[] }[]) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/tableresponse/multiple',
    headers: bearer(adminToken),
    payload: { type_evaluation: '11', evaluator_user_id: evaluator, rated_user_id: rated, questions },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function answers(rated: number, evaluator: number) {
  const response = await t.app.inject({ method: 'GET', url: `/api/interview/answers/${rated}/${evaluator}`, headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: string | null; dates: string[]; show: string[]; answers: { question: string; response: string }[] };
}

beforeAll(async () => {
  ids.lucia = await person(NAME);
  ids.ivo = await person('Ivo Entrevistador');
  ids.rui = await person('Rui Entrevistado');
  for (const [key, userId, rated] of [
    ['aboutLucia', ids.ivo, ids.lucia],
    ['byLucia', ids.lucia, ids.rui],
  ] as const) {
    const [row] = await t.db.insert(evaluations).values({ userId, rated, typeEvaluation: 11, expireAt: null }).returning({ id: evaluations.id });
    interview[key] = row!.id;
  }
  await save(ids.ivo, ids.lucia, [
    { question: 'status', response: 'finished' },
    { question: 'date', response: '2026-03-01' },
    { question: 'show', response: [NAME, 'Ivo Entrevistador'] },
    { question: '1.grade', response: '8,5' },
    { question: '1.positive', response: `${NAME} escuta a equipe` },
    { question: '1.better', response: ' ' },
    { question: '11.forces', response: 'Foco' },
    { question: '14.confidential', response: '<p></p>' },
  ]);
  await save(ids.lucia, ids.rui, [
    { question: 'status', response: 'open' },
    { question: 'show', response: 'Rui Entrevistado' },
    { question: '2.grade', response: '6' },
    { question: '12.weakness', response: 'Pouca delegação' },
  ]);
});

describe('LGPD over 360 interviews', () => {
  it('exports the interview the person conducted with everything saved, and not the answers of one about them', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${ids.lucia}/personal-data`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const exported = (response.json() as { evaluations: { id: string; role: string; answers: unknown[] }[] }).evaluations;
    expect(exported.find((item) => item.id === interview.byLucia)).toMatchObject({
      role: 'respondent',
      answers: [
        { question: 'status', number: null, text: null, answer: 'open' },
        { question: 'show', number: null, text: null, answer: 'Rui Entrevistado' },
        { question: '2.grade', number: 2, text: 'Nota', answer: '6' },
        { question: '12.weakness', number: 12, text: 'Pontos a desenvolver', answer: 'Pouca delegação' },
      ],
    });
    expect(exported.find((item) => item.id === interview.aboutLucia)).toMatchObject({ role: 'evaluated', answers: [] });
  });

  it('erases the free texts by and about the person and their name as an attendee, keeping grades and blanks', async () => {
    const erased = await t.app.inject({ method: 'POST', url: `/api/users/${ids.lucia}/erase`, headers: bearer(adminToken), payload: { confirm_name: NAME } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await answers(ids.lucia, ids.ivo)).toEqual({
      evaluation_id: interview.aboutLucia,
      status: 'finished',
      dates: ['2026-03-01'],
      show: [ANONYMOUS, 'Ivo Entrevistador'],
      answers: [
        { question: '1.grade', response: '8.5' },
        { question: '1.positive', response: REMOVED },
        { question: '1.better', response: ' ' },
        { question: '11.forces', response: REMOVED },
        { question: '14.confidential', response: '<p></p>' },
      ],
    });
    expect(await answers(ids.rui, ids.lucia)).toEqual({
      evaluation_id: interview.byLucia,
      status: 'open',
      dates: [],
      show: ['Rui Entrevistado'],
      answers: [
        { question: '2.grade', response: '6' },
        { question: '12.weakness', response: REMOVED },
      ],
    });
  });
});
