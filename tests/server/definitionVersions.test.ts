/**
 * Versioned questionnaires, end to end on a copy of the definitions: an evaluation created under
 * version 1.0 keeps its form and its scoring key after a text change (1.1) and a scoring change (2.0);
 * one created after is validated and scored with 2.0; the dashboard and its PDF never pool the two.
 *
 * The expected totals come from the published PSS-14 rule (Cohen, Kamarck & Mermelstein, 1983): the
 * sum of the 14 answers (0 to 4) with items 4, 5, 6, 7, 9, 10 and 13 reversed (4 - answer).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { publishVersions } from '../../apps/server/src/definitionVersions.ts';
import { definitionsDir, loadDefinitions, parseQuestionnaireFile, questionnaireOf, type Definitions } from '../../apps/server/src/definitions.ts';
import { allQuestions } from '../../engine/definition/questions.ts';
import { tempDir } from '../tempDirs.ts';
import { demoData } from './fixtures.ts';
import { pdfText } from './pdfTools.ts';
import { bearer, buildTestApp, signIn, testJwtSecret, type TestApp } from './testApp.ts';

const PSS_REVERSED = new Set(['4', '5', '6', '7', '9', '10', '13']);
/** The PSS-14 total of some answers under a set of reversed items. */
const pssTotal = (answers: Record<string, number>, reversed: Set<string>) => Object.entries(answers).reduce((sum, [id, value]) => sum + (reversed.has(id) ? 4 - value : value), 0);
const allAnswers = (value: number, ids: string[]) => Object.fromEntries(ids.map((id) => [id, value]));

/** The text of a question in one version of a type's questionnaire, as an evaluation of that version opens it. */
const questionOf = (definitions: Definitions, type: number, version: string, id: string) =>
  allQuestions(questionnaireOf(definitions, type, version)!).find(({ question }) => question.id === id)?.question.text;

const ORIGINAL_TEXT = 'Neste último mês, com que frequência você tem ficado triste por causa de algo que aconteceu inesperadamente?';
const NEW_TEXT = 'Neste último mês, com que frequência você ficou triste por algo inesperado?';

let t: TestApp;
let restarted: FastifyInstance | undefined;
let dir: string;
let admin: string;

const file = () => `${dir}/questionnaires/estresse.json`;
const readStress = () => JSON.parse(readFileSync(file(), 'utf8')) as Record<string, unknown> & { pages: { questions: Record<string, unknown>[] }[] };
const writeStress = (json: unknown) => writeFileSync(file(), `${JSON.stringify(json, null, 2)}\n`);
function publish() {
  const parsed = parseQuestionnaireFile('estresse', dir);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return publishVersions(dir, [{ name: 'estresse', definition: parsed.value }]);
}

beforeAll(async () => {
  dir = tempDir('avalia-versions-');
  cpSync(definitionsDir, dir, { recursive: true });
  t = await buildTestApp({ definitions: loadDefinitions(dir) });
  admin = await signIn(t.app, 'admin');
}, 60000);
afterAll(async () => {
  if (restarted) {
    await restarted.close();
    await t.drop();
  } else await t?.close();
});

async function createStress(app: FastifyInstance, employee: { id: number; name: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/evaluation', headers: bearer(admin), payload: { users: [{ user_id: employee.id, user_name: employee.name, type_evaluation: 13, validate: 10 }] } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { evaluations: { evaluation_id: string }[] }).evaluations[0]!.evaluation_id;
}

function submit(app: FastifyInstance, evaluation: string, evaluator: number, answers: Record<string, number>) {
  return app.inject({
    method: 'POST',
    url: '/api/tableresponse/multiple',
    payload: { evaluation_id: evaluation, evaluator_user_id: evaluator, type_evaluation: 13, questions: Object.entries(answers).map(([question, value]) => ({ question, response: String(value) })) },
  });
}

describe('versioned questionnaires', () => {
  it('keep each evaluation on the version it was created with, and never pool scorings', { timeout: 120000 }, async () => {
    const demo = await demoData(t.db);
    const [first, second] = demo.employees;
    const original = readStress();
    const ids = original.pages.flatMap((page) => page.questions.map((question) => String(question.id)));
    expect(ids).toHaveLength(14);
    // The repository's file follows the published rule.
    expect(new Set(original.pages.flatMap((page) => page.questions.filter((question) => question.reverse).map((question) => String(question.id))))).toEqual(PSS_REVERSED);

    const before = await createStress(t.app, first!);
    const found = await t.app.inject({ method: 'GET', url: `/api/evaluation/find/${before}` });
    expect(found.json().definition_version).toBe('1.0');

    // A text-only change: version 1.1.
    const textChanged = structuredClone(original);
    textChanged.pages[0]!.questions[0]!.text = NEW_TEXT;
    writeStress(textChanged);
    expect(publish()).toEqual({ published: ['estresse: versão 1.1 publicada (alterações de texto)'], problems: [] });

    // A scoring change without a new major version is refused, and nothing is written.
    const scoring = structuredClone(textChanged);
    scoring.pages[0]!.questions[0]!.reverse = true;
    scoring.pages[0]!.questions.push({ id: '15', kind: 'choice', text: 'Neste último mês, com que frequência você se sentiu sem energia?', scale: 'frequencia', required: true });
    writeStress(scoring);
    const refused = publish();
    expect(refused.published).toEqual([]);
    expect(refused.problems[0]).toContain('/pages/0/questions/0/reverse');
    expect(refused.problems[0]).toContain('/pages/0/questions/14');
    expect(refused.problems[0]).toContain('"version": 2');
    expect(() => loadDefinitions(dir)).toThrow('/pages/0/questions/0/reverse');

    // With the new major version it is published as 2.0, and the server restarts with it.
    writeStress({ ...scoring, version: 2 });
    expect(publish().published).toEqual(['estresse: versão 2.0 publicada (alterações de pontuação)']);
    await t.app.close();
    const definitions = loadDefinitions(dir);
    restarted = await buildApp({ db: t.db, definitions, jwtSecret: testJwtSecret, timeZone: 'America/Sao_Paulo', queue: { connectionString: t.url, pollingIntervalSeconds: 0.5 } });
    await restarted.ready();
    const app = restarted;
    const after = await createStress(app, second!);
    expect((await app.inject({ method: 'GET', url: `/api/evaluation/find/${after}` })).json().definition_version).toBe('2.0');

    // The old link still opens the form it was sent with: 1.0's text, 14 questions.
    const oldLink = (await app.inject({ method: 'GET', url: `/api/evaluation/find/${before}` })).json();
    expect(oldLink.definition_version).toBe('1.0');
    expect(questionOf(definitions, 13, oldLink.definition_version, '1')).toBe(ORIGINAL_TEXT);
    expect(questionOf(definitions, 13, '2.0', '1')).toBe(NEW_TEXT);

    // Validated with its own key: the old evaluation needs no question 15, the new one does.
    const oldAnswers = allAnswers(4, ids);
    // Answers the current version (2.0) takes are not the old link's: against 1.0, question 15 does not exist.
    const ahead = await submit(app, before, first!.id, allAnswers(4, [...ids, '15']));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe('A questão 15 não existe neste questionário.');
    expect((await submit(app, before, first!.id, oldAnswers)).statusCode).toBe(201);
    const missing = await submit(app, after, second!.id, allAnswers(0, ids));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Você precisa responder a pergunta número: 15');
    const newAnswers = allAnswers(0, [...ids, '15']);
    expect((await submit(app, after, second!.id, newAnswers)).statusCode).toBe(201);

    // Scored with their own keys: 1.0 reverses the seven PSS items; 2.0 also reverses item 1 and adds 15.
    const oldTotal = pssTotal(oldAnswers, PSS_REVERSED);
    const newTotal = pssTotal(newAnswers, new Set([...PSS_REVERSED, '1']));
    expect([oldTotal, newTotal]).toEqual([28, 32]);
    const scored = await app.inject({ method: 'POST', url: '/api/tableresponse/evaluations', headers: bearer(admin), payload: { evaluations: [before, after] } });
    expect(scored.statusCode, scored.body).toBe(200);
    const totals = Object.fromEntries((scored.json().responses as { evaluation_id: string; total: number }[]).map((row) => [row.evaluation_id, row.total]));
    expect(totals).toEqual({ [before]: oldTotal, [after]: newTotal });

    // The dashboard reads one scoring at a time, says so, and lets the viewer choose.
    const data = async (body: object) => {
      const response = await app.inject({ method: 'POST', url: '/api/dashboards/13/data', headers: bearer(admin), payload: { company_id: demo.companyId, ...body } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { respondents: number; datasets: Record<string, { rows: Record<string, unknown>[] }>; editions?: unknown };
    };
    const latest = await data({});
    expect(latest.editions).toEqual([{ type: 13, name: 'Escala de Estresse Percebido', chosen: 2, available: [{ major: 1, respondents: 1 }, { major: 2, respondents: 1 }] }]);
    expect(latest.respondents).toBe(1);
    expect(latest.datasets.respondents!.rows.map((row) => [row.evaluation, row.total])).toEqual([[after, newTotal]]);
    expect(latest.datasets.summary!.rows.find((row) => row.score === 'total')?.value).toBe(newTotal);
    const older = await data({ editions: { '13': 1 } });
    expect(older.respondents).toBe(1);
    expect(older.datasets.respondents!.rows.map((row) => [row.evaluation, row.total])).toEqual([[before, oldTotal]]);
    expect(older.datasets.summary!.rows.find((row) => row.score === 'total')?.value).toBe(oldTotal);
    // A version without answers here falls back to the latest with answers; a malformed one is a 400.
    expect((await data({ editions: { '13': 7 } })).datasets.respondents!.rows.map((row) => row.evaluation)).toEqual([after]);
    const malformed = await app.inject({ method: 'POST', url: '/api/dashboards/13/data', headers: bearer(admin), payload: { editions: { '13': 'x' } } });
    expect(malformed.statusCode).toBe(400);

    // The PDF names the version its numbers use and what it left out.
    const report = await app.inject({ method: 'POST', url: '/api/dashboards/13/report', headers: bearer(admin), payload: { company_id: demo.companyId } });
    expect(report.statusCode, report.body).toBe(200);
    const text = pdfText(report.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Escala de Estresse Percebido, versão 2.0');
    expect(text).toContain('Estes números usam só as 1 da versão 2; 1 da versão 1 ficaram de fora.');
  });

  it('refuses to start when a published version was edited after it was recorded', async () => {
    const definitions = loadDefinitions(dir);
    const edited = structuredClone(definitions.versions.get(13)!);
    edited[0] = { ...edited[0]!, hash: '0'.repeat(64) };
    await expect(
      buildApp({ db: t.db, definitions: { ...definitions, versions: new Map([...definitions.versions, [13, edited]]) }, jwtSecret: testJwtSecret, timeZone: 'America/Sao_Paulo', queue: { connectionString: t.url } }),
    ).rejects.toThrow('mudou depois de publicada');
  });
});
