import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, outbox, users } from '../../apps/server/src/db/schema.ts';
import { reminderMail } from '../../apps/server/src/mail/templates.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';
import { waitUntil } from './waitUntil.ts';

/*
 * The public calls of a person's own pages (respondent.md 2.2, 2.5; results.md 2.11): keyed by the
 * person's unguessable personal key, rate-limited per client address, never anyone else's data.
 */

const LIMIT = 5;
setUpWorld({ rateLimits: { personal: LIMIT } });

const UNKNOWN_KEY = 'Link pessoal não existente! Confira o endereço recebido por e-mail.';
const DAY = 86_400_000;

/** Each test its own client address, so the per-address limit of one test never reaches another. */
let nextAddress = 1;
function get(url: string, headers: Record<string, string> = {}, remoteAddress = `10.77.0.${nextAddress++}`) {
  return t.app.inject({ method: 'GET', url, headers, remoteAddress });
}

async function keyOf(userId: number): Promise<string> {
  const [row] = await t.db.select({ key: users.personalKey }).from(users).where(eq(users.id, userId));
  return row!.key;
}

/** A demo-company employee with one evaluation in every state of the list, and one they are only rated in. */
async function personWithEvaluations() {
  const [person] = await t.db
    .insert(users)
    .values({ name: 'Helena Chave Pessoal', email: `helena${randomUUID().slice(0, 8)}@teste.avalia`, typeAccount: 3, companyId: demo.companyId })
    .returning();
  const now = Date.now();
  const row = async (values: { type: number; done?: boolean; expireAt: Date | null; createdAt: Date; userId?: number; rated?: number }) => {
    const [inserted] = await t.db
      .insert(evaluations)
      .values({ userId: values.userId ?? person!.id, rated: values.rated ?? person!.id, typeEvaluation: values.type, done: values.done ?? false, expireAt: values.expireAt, createdAt: values.createdAt })
      .returning();
    return inserted!.id;
  };
  const ids = {
    // Answered (past its expiry even: done wins), type 13 has the stress dashboard.
    done: await row({ type: 13, done: true, expireAt: new Date(now - 2 * DAY), createdAt: new Date(now - 10 * DAY) }),
    // Answered, type 11 (360 by interview) has no result view of its own.
    doneNoReport: await row({ type: 11, done: true, expireAt: null, createdAt: new Date(now - 9 * DAY) }),
    // Not answered, its expiry day ended a millisecond ago.
    expired: await row({ type: 5, expireAt: new Date(now - 1), createdAt: new Date(now - 8 * DAY) }),
    // Not answered, expires in an hour.
    pending: await row({ type: 3, expireAt: new Date(now + 3_600_000), createdAt: new Date(now - 7 * DAY) }),
    // Not answered, never expires.
    pendingForever: await row({ type: 16, expireAt: null, createdAt: new Date(now - 6 * DAY) }),
  };
  // A 360 someone else answers about Helena: hers to be rated in, not to answer.
  const aboutHer = await row({ type: 2, expireAt: new Date(now + DAY), createdAt: new Date(now - 5 * DAY), userId: demo.employees[0]!.id, rated: person!.id });
  return { person: person!, key: person!.personalKey, ids, aboutHer };
}

describe('GET /tableresponse/answered/{personal key} (public)', () => {
  it("lists only the person's own evaluations (as evaluator), newest first, with done, expired, form link and report", async () => {
    const { key, ids, aboutHer } = await personWithEvaluations();
    const response = await get(`/api/tableresponse/answered/${key}`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list.map((item) => item.evaluation_id)).toEqual([ids.pendingForever, ids.pending, ids.expired, ids.doneNoReport, ids.done]);
    expect(list.map((item) => item.evaluation_id)).not.toContain(aboutHer);
    const byId = new Map(list.map((item) => [item.evaluation_id, item]));
    expect(byId.get(ids.done)).toMatchObject({ type: 13, name: 'Escala de Estresse Percebido', done: true, expired: false, link: null, report: true });
    expect(byId.get(ids.doneNoReport)).toMatchObject({ type: 11, name: 'Avaliação 360 por entrevista', done: true, expired: false, link: null, report: false, expire_at: null });
    expect(byId.get(ids.expired)).toMatchObject({ type: 5, name: 'Temperamentos', done: false, expired: true, link: null, report: false });
    expect(byId.get(ids.pending)).toMatchObject({ type: 3, name: 'Teste Alpha', done: false, expired: false, link: `/testealphanew/${ids.pending}`, report: false });
    expect(byId.get(ids.pendingForever)).toMatchObject({ type: 16, done: false, expired: false, link: `/segurancapsicologica/${ids.pendingForever}`, expire_at: null });
    // Dates as ISO instants.
    expect(new Date(String(byId.get(ids.pending)!.created_at)).getTime()).toBeGreaterThan(0);
    expect(Object.keys(byId.get(ids.done)!).sort()).toEqual(['created_at', 'done', 'evaluation_id', 'expire_at', 'expired', 'link', 'name', 'report', 'type']);
  });

  it('offers no report of an answer that only counts in an anonymous group (a 360 about a colleague, psychological safety)', async () => {
    // Issue 24: the list offered 'Baixar relatório' on these, which downloaded a one-page 'Sem respostas'.
    const { person, key } = await personWithEvaluations();
    const now = Date.now();
    const done = async (type: number, rated: number) =>
      (await t.db.insert(evaluations).values({ userId: person.id, rated, typeEvaluation: type, done: true, expireAt: null, createdAt: new Date(now - DAY) }).returning())[0]!.id;
    const aboutColleague = await done(2, demo.employees[0]!.id);
    const safety = await done(16, person.id);
    const list = (await get(`/api/tableresponse/answered/${key}`)).json() as { evaluation_id: string; report: boolean }[];
    expect(list.find((item) => item.evaluation_id === aboutColleague)).toMatchObject({ report: false });
    expect(list.find((item) => item.evaluation_id === safety)).toMatchObject({ report: false });
    // And the report call the flag stands for agrees, saying why.
    for (const [id, type] of [[aboutColleague, 2], [safety, 16]] as const) {
      const response = await get(`/api/tableresponse/report/${id}/${type}`);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: 'As respostas desta avaliação só aparecem no resultado do grupo, sem nomes.' });
    }
  });

  it("gives another company's person only their own evaluation, and the key in capitals works too", async () => {
    const key = await keyOf(other.employeeId);
    const list = (await get(`/api/tableresponse/answered/${key.toUpperCase()}`)).json() as { evaluation_id: string }[];
    expect(list.map((item) => item.evaluation_id)).toEqual([other.evaluationId]);
  });

  it('answers 404 with the Portuguese message to an unknown key and to malformed ones (never 500)', async () => {
    for (const key of [randomUUID(), '1', String(other.employeeId), 'abc', "'; DROP TABLE users; --", '00000000-0000-0000-0000-00000000000g', 'x'.repeat(64), '%C3%A9']) {
      const response = await get(`/api/tableresponse/answered/${encodeURIComponent(key)}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual({ message: UNKNOWN_KEY });
    }
  });
});

describe('GET /users/{id}: public by personal key, signed-in by numeric id', () => {
  it('gives the name and the company of a personal key, without sign-in and without the numeric id', async () => {
    const response = await get(`/api/users/${await keyOf(demo.employees[0]!.id)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: demo.employees[0]!.name, company_name: 'Empresa Demonstração' });
    expect((await get(`/api/users/${await keyOf(other.employeeId)}`)).json()).toEqual({ name: 'Pedro Outra', company_name: 'Outra Empresa' });
  });

  it('answers 404 to an unknown key', async () => {
    const response = await get(`/api/users/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: UNKNOWN_KEY });
  });

  it('keeps numeric ids behind sign-in, the same answer whether the id exists or not', async () => {
    const existing = await get(`/api/users/${demo.employees[0]!.id}`);
    const missing = await get('/api/users/999999');
    expect(existing.statusCode).toBe(401);
    expect(missing.statusCode).toBe(401);
    expect(existing.body).toBe(missing.body);
    // Signed in, the staff route answers as before (the company user only inside its company).
    expect((await get(`/api/users/${demo.employees[0]!.id}`, bearer(adminToken))).json()).toMatchObject({ id: demo.employees[0]!.id, name: demo.employees[0]!.name });
    expect((await get(`/api/users/${other.employeeId}`, bearer(companyToken))).statusCode).toBe(404);
  });
});

describe('rate limit of the personal-key calls', () => {
  it(`answers 429 with a Portuguese message after ${LIMIT} calls a minute from one client`, async () => {
    const key = await keyOf(demo.employees[0]!.id);
    for (const url of [`/api/tableresponse/answered/${key}`, `/api/users/${key}`, `/api/tableresponse/answered/${randomUUID()}`]) {
      const address = `10.78.0.${nextAddress++}`;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i++) statuses.push((await get(url, {}, address)).statusCode);
      expect(statuses.every((status) => status !== 429), url).toBe(true);
      const limited = await get(url, {}, address);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json().message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
      // Another client is not affected.
      expect((await get(url)).statusCode).not.toBe(429);
    }
  });
});

describe('the personal link in the e-mails', () => {
  it("puts the evaluator's page of all their evaluations in the evaluation e-mail", async () => {
    const { person, key } = await personWithEvaluations();
    const evaluationId = await t.db.transaction(async (tx) => {
      const [row] = await tx.insert(evaluations).values({ userId: person.id, rated: person.id, typeEvaluation: 13, expireAt: new Date(Date.now() + 5 * DAY) }).returning();
      await t.app.jobs.enqueueEvaluationEmails(tx, 'createEvaluation', [{ evaluation_id: row!.id, type_evaluation: 13, user_name: person.name, evaluated_name: person.name }]);
      return row!.id;
    });
    const [message] = await waitUntil(async () => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.evaluationId, evaluationId));
      return rows.length > 0 && rows;
    });
    const link = `http://localhost:3000/evaluations/${key}`;
    expect(message!.text).toContain(`Veja todas as suas avaliações: ${link}`);
    expect(message!.html).toContain(`<a href="${link}">${link}</a>`);
  });

  it('puts it in the reminder when given', () => {
    const link = 'http://x/evaluations/0f8fad5b-d9cb-469f-a165-70867728950e';
    const mail = reminderMail('Bia', [{ evaluationName: 'Escala de Estresse', ratedName: null, link: 'http://x/estresse/1', expireAt: null }], 'UTC', link);
    expect(mail.text).toContain(`Veja todas as suas avaliações: ${link}`);
    expect(reminderMail('Bia', [], 'UTC').text).not.toContain('Veja todas as suas avaliações');
  });
});
