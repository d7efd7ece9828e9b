/**
 * The questionnaire preview's API (administrators only): `GET /api/definitions/questionnaires` lists
 * the repository's questionnaire files as they are on disk, and `POST /api/definitions/questionnaires/check`
 * gives the parser's verdict on a definition being written, writing nothing. Also the one page that
 * may be framed (`/preview/frame`, by its own origin only).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

/** A web build of one page, so the staff app's pages are served. */
const webRoot = mkdtempSync(join(tmpdir(), 'avalia-preview-web-'));
writeFileSync(join(webRoot, 'index.html'), '<html>staff</html>');

setUpWorld({ webRoot });

const folder = fileURLToPath(new URL('../../definitions/questionnaires', import.meta.url));

/** Every questionnaire file, read here from the folder. */
function filesOnDisk(): Map<string, Record<string, unknown>> {
  return new Map(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>]),
  );
}

interface Listed {
  name: string;
  type: number | null;
  title: string;
  json: unknown;
}

const list = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/definitions/questionnaires', headers });
const check = (definition: unknown, headers: Record<string, string> = bearer(adminToken)) =>
  t.app.inject({ method: 'POST', url: '/api/definitions/questionnaires/check', headers, payload: { definition } });

describe('GET /api/definitions/questionnaires', () => {
  it("gives an administrator every file of definitions/questionnaires as it is, by type then name, an extension's type and title its own or its base's", async () => {
    const response = await list(bearer(adminToken));
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json() as Listed[];
    const disk = filesOnDisk();
    expect(listed.map((file) => file.name).sort()).toEqual([...disk.keys()].sort());
    for (const file of listed) expect(file.json, file.name).toEqual(disk.get(file.name));
    // An extension takes its base's top-level fields unless it gives its own (one level here).
    const field = (name: string, key: string) => disk.get(name)![key] ?? disk.get(disk.get(name)!.extends as string)?.[key];
    for (const file of listed) {
      expect(file.type, file.name).toBe(field(file.name, 'type'));
      expect(file.title, file.name).toBe(field(file.name, 'title'));
    }
    const order = [...disk.keys()].sort((a, b) => (field(a, 'type') as number) - (field(b, 'type') as number) || (a < b ? -1 : 1));
    expect(listed.map((file) => file.name)).toEqual(order);
    // The repository has extensions: the gestor's values alignment takes its base's title.
    expect(disk.get('alinhamentovalores-gestor')!.title).toBeUndefined();
    expect(listed.find((file) => file.name === 'alinhamentovalores-gestor')!.title).toBe(disk.get('alinhamentovalores-colaborador')!.title);
  });

  it('refuses a company user (403) and a visitor without a session (401), in Portuguese', async () => {
    const company = await list(bearer(companyToken));
    expect(company.statusCode).toBe(403);
    expect(company.json().message).toMatch(/permissão|acesso/i);
    const anonymous = await list();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toEqual(expect.any(String));
    expect(anonymous.body).not.toContain('Escala de Estresse Percebido');
  });
});

describe('POST /api/definitions/questionnaires/check', () => {
  const stress = () => filesOnDisk().get('estresse')! as { title: string; pages: { questions: { id: string; scale?: string }[] }[] };

  it('accepts a valid definition and gives it back, writing nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(evaluations);
    const [answersBefore] = await t.db.select({ n: count() }).from(responses);
    const response = await check(stress());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, definition: stress(), version: { file: 'estresse', state: 'published', latest: '1.0', changes: [] } });
    expect((await t.db.select({ n: count() }).from(evaluations))[0]).toEqual(before);
    expect((await t.db.select({ n: count() }).from(responses))[0]).toEqual(answersBefore);
  });

  it('says how the definition compares with the last published version of its type', async () => {
    const text = stress() as { title: string };
    text.title = 'Estresse percebido';
    expect((await check(text)).json().version).toEqual({
      file: 'estresse',
      state: 'unpublished',
      latest: '1.0',
      next: '1.1',
      kind: 'text',
      changes: [{ pointer: '/title', kind: 'text', detail: '"Escala de Estresse Percebido" → "Estresse percebido"' }],
    });
    const scoring = stress() as { pages: { questions: Record<string, unknown>[] }[] };
    scoring.pages[0]!.questions[1]!.reverse = true;
    expect((await check(scoring)).json().version).toEqual({
      file: 'estresse',
      state: 'refused',
      latest: '1.0',
      needed: 2,
      changes: [{ pointer: '/pages/0/questions/1/reverse', kind: 'scoring', detail: '(ausente) → true' }],
    });
    expect((await check({ ...scoring, version: 2 })).json().version).toMatchObject({ state: 'unpublished', next: '2.0', kind: 'scoring' });
  });

  it('resolves extends against the repository files', async () => {
    const disk = filesOnDisk();
    const extension = disk.get('alinhamentovalores-gestor')!;
    const base = disk.get(extension.extends as string)!;
    const response = await check(extension);
    expect(response.statusCode, response.body).toBe(200);
    const { extends: _name, ...own } = extension;
    expect(response.json()).toEqual({ ok: true, definition: { ...base, ...own }, version: { file: 'alinhamentovalores-gestor', state: 'published', latest: '1.0', changes: [] } });
    // An unknown base is an error at /extends.
    const orphan = await check({ ...extension, extends: 'nao-existe' });
    expect(orphan.json()).toMatchObject({ ok: false, errors: [{ pointer: '/extends' }] });
  });

  it('follows $ref to the shared files beside the questionnaires (the 360 interview’s competencies)', async () => {
    const interview = filesOnDisk().get('interview360')! as { pages: { title?: unknown; display?: string }[] };
    expect(interview.pages[0]!.title).toEqual({ $ref: '../interview360.json#/competencies/0/name' });
    const shared = JSON.parse(readFileSync(join(folder, '..', 'interview360.json'), 'utf8')) as { competencies: { name: string }[] };
    const response = await check(interview);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { ok: boolean; definition: { pages: { title?: string; display?: string }[] }; version: { state: string } };
    expect(body.ok).toBe(true);
    const shown = body.definition.pages.filter((page) => page.display !== 'dialog');
    expect(shown.slice(0, 10).map((page) => page.title)).toEqual(shared.competencies.map((competency) => competency.name));
    expect(body.version).toMatchObject({ file: 'interview360', state: 'published' });
  });

  it('lists the problems of a broken definition by JSON pointer', async () => {
    const broken = stress();
    const pageIndex = 0;
    const questionIndex = broken.pages[pageIndex]!.questions.findIndex((question) => question.scale !== undefined);
    broken.pages[pageIndex]!.questions[questionIndex]!.scale = 'escala-que-nao-existe';
    const response = await check(broken);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { ok: boolean; errors: { pointer: string; message: string }[] };
    expect(body.ok).toBe(false);
    expect(body.errors.map((error) => error.pointer)).toContain(`/pages/${pageIndex}/questions/${questionIndex}/scale`);
    for (const error of body.errors) expect(error.message.trim()).not.toBe('');
    // Not even an object: a schema error at the root.
    const list = (await check([1, 2])).json() as { ok: boolean; errors: { pointer: string }[] };
    expect(list.ok).toBe(false);
    expect(list.errors[0]!.pointer).toBe('/');
  });

  it('answers 400 in Portuguese when the body has no definition', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/definitions/questionnaires/check', headers: bearer(adminToken), payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('definition');
  });

  it('refuses a company user (403) and a visitor without a session (401)', async () => {
    expect((await check(stress(), bearer(companyToken))).statusCode).toBe(403);
    expect((await check(stress(), {})).statusCode).toBe(401);
  });
});

describe('the preview frame page', () => {
  it('may be framed by its own origin only; every other page by none', async () => {
    const frame = await t.app.inject({ method: 'GET', url: '/preview/frame' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toBe('<html>staff</html>');
    expect(String(frame.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(String(frame.headers['content-security-policy'])).not.toContain("frame-ancestors 'none'");
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/preview', '/home', '/preview/frame/x']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(String(page.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });
});
