import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, evaluations, userCourses } from '../../apps/server/src/db/schema.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: token ? bearer(token) : {} });
}

async function courseCount() {
  return (await t.db.select().from(courses)).length;
}

describe('courses', () => {
  let courseId: number;

  it('creates a course and lists it with its participant count', async () => {
    const created = await call('POST', '/api/courses', adminToken, { name: '  Liderança 2025 ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Treinamento criado com sucesso', course: { name: 'Liderança 2025', count: 0, status: true, company_id: null } });
    courseId = created.json().course.id;
    const list = await call('GET', '/api/courses', adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ id: courseId, name: 'Liderança 2025', count: 0, status: true });
    expect(Number.isNaN(Date.parse(list.json()[0].created_at))).toBe(false);
  });

  it('requires a name and stores nothing otherwise', async () => {
    const before = await courseCount();
    for (const payload of [{ name: '   ' }, {}]) {
      const response = await call('POST', '/api/courses', adminToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'O nome do treinamento é obrigatório.' });
    }
    expect((await call('POST', '/api/courses', adminToken, { name: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call('POST', '/api/courses', adminToken, { name: 'X', company_id: 999999 })).statusCode).toBe(404);
    expect(await courseCount()).toBe(before);
  });

  it('adds participants, refuses them twice, and shows them in the course detail', async () => {
    const [ana, bruno] = demo.employees;
    for (const user of [ana!, bruno!]) {
      const added = await call('POST', '/api/usercourses', adminToken, { userId: user.id, courseId });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ message: 'Participante adicionado ao treinamento.', user_id: user.id, course_id: courseId });
    }
    const twice = await call('POST', '/api/usercourses', adminToken, { userId: ana!.id, courseId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Este usuário já participa do treinamento.' });
    expect((await call('POST', '/api/usercourses', adminToken, { userId: 999999, courseId })).statusCode).toBe(404);
    expect((await call('POST', '/api/usercourses', adminToken, { userId: ana!.id, courseId: 999999 })).json()).toEqual({ message: 'Treinamento 999999 não encontrado.' });
    const detail = await call('GET', `/api/usercourses/${courseId}`, adminToken);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().course).toMatchObject({ id: courseId, count: 2 });
    expect(detail.json().userCourses.map((row: { user_id: number; name: string; email: string }) => [row.user_id, row.name, row.email])).toEqual([
      [ana!.id, ana!.name, ana!.email],
      [bruno!.id, bruno!.name, bruno!.email],
    ]);
    expect((await call('GET', '/api/usercourses/999999', adminToken)).statusCode).toBe(404);
  });

  it('keeps a course of a company to that company', async () => {
    const created = await call('POST', '/api/courses', adminToken, { name: 'Só Outra', company_id: other.companyId });
    const id = created.json().course.id as number;
    const foreign = await call('POST', '/api/usercourses', adminToken, { userId: demo.employees[0]!.id, courseId: id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: 'O usuário não pertence à empresa do treinamento.' });
    expect((await call('POST', '/api/usercourses', adminToken, { userId: other.employeeId, courseId: id })).statusCode).toBe(201);
  });

  it('feeds course participants, with their participation id, to a new evaluation', async () => {
    const response = await call('POST', '/api/users/different-companies/evaluation', adminToken, { course_ids: [courseId] });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(userCourses).where(eq(userCourses.userId, demo.employees[0]!.id));
    expect(response.json()).toContainEqual(expect.objectContaining({ user_id: demo.employees[0]!.id, usercourse_id: row!.id, course_id: courseId }));
    // Courses without a company are the administrators' only.
    expect((await call('POST', '/api/users/different-companies/evaluation', companyToken, { course_ids: [courseId] })).statusCode).toBe(404);
  });

  it('removes a participant, but not one with evaluations from the course', async () => {
    const detail = (await call('GET', `/api/usercourses/${courseId}`, adminToken)).json();
    const [first, second] = detail.userCourses as { id: number; user_id: number }[];
    await t.db.insert(evaluations).values({ userId: first!.user_id, rated: first!.user_id, typeEvaluation: 13, usercourseId: first!.id, expireAt: new Date(Date.now() + 86400000) });
    const refused = await call('DELETE', `/api/usercourses/${first!.id}`, adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Este participante tem avaliações criadas pelo treinamento e não pode ser removido.' });
    const removed = await call('DELETE', `/api/usercourses/${second!.id}`, adminToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Participante removido do treinamento.' });
    expect((await call('DELETE', `/api/usercourses/${second!.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/usercourses/${courseId}`, adminToken)).json().userCourses.map((row: { id: number }) => row.id)).toEqual([first!.id]);
  });

  it('is for administrators only', async () => {
    const before = await courseCount();
    for (const [method, url, payload] of [
      ['GET', '/api/courses', undefined],
      ['POST', '/api/courses', { name: 'Empresa' }],
      ['GET', `/api/usercourses/${courseId}`, undefined],
      ['POST', '/api/usercourses', { userId: demo.employees[2]!.id, courseId }],
      ['DELETE', '/api/usercourses/1', undefined],
    ] as const) {
      expect((await call(method, url, companyToken, payload)).statusCode, url).toBe(403);
      expect((await call(method, url, null, payload)).statusCode, url).toBe(401);
    }
    expect(await courseCount()).toBe(before);
  });
});
