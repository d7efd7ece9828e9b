/**
 * Issue 23, what the generated hostile requests (`npm run hostile -- --only=requests`) found past items
 * 1–4: text with a NUL byte (or half of a surrogate pair) and numbers such as "Infinity" or "1e309" in
 * non-id path parameters reached SQL and were stopped only by the database; a body or query string of
 * the wrong shape was answered with Fastify's words ("o campo body", "o campo querystring"); a malformed
 * dashboard id of the path was repeated in the answer; headers over Node's limit were answered with
 * Fastify's English JSON. One rule at the edge for every string and every
 * number of a request, before any handler; nothing is written by a refused request.
 */
import { connect } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, positions, sectors } from '../../apps/server/src/db/schema.ts';
import { format, messages } from '../../engine/messages.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, setUpWorld, t } from './world.ts';

/** The server's warnings and errors (its JSON log lines): what only the database stopped is logged 'database rejected client data'. */
const logged: string[] = [];
setUpWorld({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } });

const badText = (field: string) => format(messages.api.invalidRequest, { detail: format(messages.api.textInvalid, { field }) });
const badField = (field: string) => format(messages.api.invalidRequest, { detail: format(messages.api.fieldInvalid, { field }) });

async function rows() {
  const [p] = await t.db.select({ n: count() }).from(positions);
  const [c] = await t.db.select({ n: count() }).from(courses);
  const [s] = await t.db.select({ n: count() }).from(sectors).where(eq(sectors.companyId, demo.companyId));
  return { positions: p!.n, courses: c!.n, sectors: s!.n };
}

describe('text checked at the edge: no NUL byte, no half of a surrogate pair', () => {
  it('refuses such a string anywhere in a body, naming the field, with nothing written', async () => {
    const before = await rows();
    const cases: [string, string, unknown, string][] = [
      ['PATCH', `/api/positions/${demo.companyId}`, { positions: [{ position_name: 'Cargo\u0000novo' }] }, 'positions.0.position_name'],
      ['POST', '/api/courses', { name: 'Curso\u0000', company_id: demo.companyId }, 'name'],
      ['PATCH', `/api/sectors/${demo.companyId}`, { sectors: [{ sector_name: 'Setor \ud800' }] }, 'sectors.0.sector_name'],
      ['POST', '/api/courses', { name: 'fim\udc00', company_id: demo.companyId }, 'name'],
      ['POST', '/api/sessions', { email: 'admin\u0000@avalia.test', password: 'x' }, 'email'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await t.app.inject({ method: method as 'POST', url, payload: JSON.stringify(payload), headers: { ...bearer(adminToken), 'content-type': 'application/json' } });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({ message: badText(field) });
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses it in the query string and in the path', async () => {
    for (const [url, field] of [
      ['/api/audit?user=a%00b', 'user'],
      ['/api/audit?action=%00', 'action'],
      ['/api/users/verify/0/a%00b%40avalia.test', 'email'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: badText(field) });
    }
  });

  it('still takes every other character: accents, emoji, line breaks', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/courses', payload: { name: 'Formação 😀 líderes', company_id: demo.companyId }, headers: bearer(adminToken) });
    expect(response.statusCode).toBeLessThan(300);
  });
});

describe('numbers of the path and query string checked at the edge', () => {
  it('refuses a number that is not plain decimal text, before any query', async () => {
    const person = demo.employees[0]!.id;
    for (const [url, field] of [
      [`/api/tableresponse/360/${person}/1/Infinity`, 'version'],
      [`/api/tableresponse/360/${person}/1/-Infinity`, 'version'],
      [`/api/tableresponse/count/360/${person}/-1e309`, 'version'],
      [`/api/tableresponse/count/360/${person}/1e309`, 'version'],
      [`/api/tableresponse/count/360/${person}/0x10`, 'version'],
      ['/api/outbox/1/attachments/1e309', 'position'],
      ['/api/audit?limit=1e1', 'limit'],
      ['/api/audit?offset=Infinity', 'offset'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: badField(field) });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/tableresponse/count/360/${person}/0`, headers: bearer(adminToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit?limit=5&offset=0', headers: bearer(adminToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/tableresponse/answeredReport/-1', headers: bearer(adminToken) })).statusCode).not.toBe(400);
  });
});

describe('numbers of a body checked past the coercion', () => {
  it('refuses "Infinity", "-Infinity" and "1e309" as a number of a body, and as the one id of an id list, before any query', async () => {
    // Ajv's coercion reads such text as a number and skips its bounds: the scanner's people query (a
    // list of one id) and the 360 view's round reached the database, which alone refused them.
    const person = demo.employees[0]!.id;
    const cases: [string, unknown, string][] = [
      ['/api/tableresponse/scanner/consolidated', { user_ids: 'Infinity' }, 'user_ids'],
      ['/api/tableresponse/scanner/consolidated', { user_ids: [person, '-Infinity'] }, 'user_ids.1'],
      ['/api/evaluation/scanner/respondents', { sector_ids: 'Infinity' }, 'sector_ids'],
      ['/api/evaluation/scanner/respondents', { course_ids: '-Infinity' }, 'course_ids'],
      ['/api/evaluation/scanner/respondents', { company_ids: '1e309' }, 'company_ids'],
      ['/api/dashboards/2/data', { company_id: demo.companyId, version: 'Infinity' }, 'version'],
      ['/api/dashboards/2/data', { company_id: demo.companyId, version: ['-Infinity'] }, 'version'],
      ['/api/dashboards/2/data', { company_id: demo.companyId, version: '1e309' }, 'version'],
    ];
    const before = logged.length;
    for (const token of [adminToken, companyToken]) {
      for (const [url, payload, field] of cases) {
        const response = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { ...bearer(token), 'content-type': 'application/json' } });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json(), `${url} ${JSON.stringify(payload)}`).toEqual({ message: badField(field) });
      }
    }
    expect(logged.slice(before).filter((line) => line.includes('database rejected client data'))).toEqual([]);
    // The same calls with their numbers.
    expect((await t.app.inject({ method: 'POST', url: '/api/tableresponse/scanner/consolidated', payload: { user_ids: [person] }, headers: bearer(adminToken) })).statusCode).toBe(200);
    const respondents = await t.app.inject({ method: 'POST', url: '/api/evaluation/scanner/respondents', payload: { sector_ids: [demo.sectors[0]!.id] }, headers: bearer(adminToken) });
    expect(respondents.statusCode, respondents.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/dashboards/2/data', payload: { company_id: demo.companyId, version: 1 }, headers: bearer(adminToken) })).statusCode).toBe(200);
  });
});

describe('the shape of a whole body or query string named in Portuguese', () => {
  it('says "o corpo da requisição", not Fastify\'s "body"', async () => {
    for (const payload of ['[1]', '"texto"', '42']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/usercourses', payload, headers: { ...bearer(adminToken), 'content-type': 'application/json' } });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({ message: format(messages.api.invalidRequest, { detail: messages.api.bodyInvalid }) });
    }
  });

  it('names an unknown query parameter instead of "querystring"', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/users/data/link/${demo.companyId}?desconhecido=1`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: badField('desconhecido') });
  });
});

describe('a malformed dashboard id or filter of the path is not repeated', () => {
  it('answers 404 without the text', async () => {
    for (const id of ['__proto__', 'constructor', '..%2F..%2Fetc', '%EF%BC%8D2%2B3', 'true']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/dashboards/${id}/options/sector`, headers: bearer(adminToken) });
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: messages.api.notFound });
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/dashboards/999/options/sector', headers: bearer(adminToken) });
    expect(unknown.json()).toEqual({ message: format(messages.api.dashboardNotFound, { id: '999' }) });
  });

  it('answers an unknown filter of the path 404 without its text, and names a filter of the grammar', async () => {
    for (const filter of ['constructor', '__proto__', '%3Cscript%3E', 'x'.repeat(20)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/dashboards/13/options/${filter}`, headers: bearer(adminToken) });
      expect(response.statusCode, filter).toBe(404);
      expect(response.json(), filter).toEqual({ message: messages.api.notFound });
    }
    const other = await t.app.inject({ method: 'GET', url: '/api/dashboards/13/options/evaluated', headers: bearer(adminToken) });
    expect(other.json()).toEqual({ message: format(messages.api.unknownFilter, { filter: 'evaluated' }) });
  });
});

describe('errors of the HTTP parser, before Fastify has a request', () => {
  /** Sends raw bytes to the listening app and reads everything it answers until it closes. */
  let address: string | undefined;
  async function raw(text: string): Promise<string> {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => socket.end(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers headers over the limit 431 with the Portuguese {message}, and a malformed request 400', async () => {
    const big = await raw(`GET /api/companies HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({ message: messages.api.headersTooLarge });
    const broken = await raw('GET /api/companies HTTP/1.1\r\nHost x\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({ message: format(messages.api.invalidRequest, { detail: messages.api.malformedHttp }) });
  });
});
