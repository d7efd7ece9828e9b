import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RiskMatrixSaved, RiskSettings, RiskSeveritySaved } from '../../apps/server/src/contract/risk.ts';
import { auditLog } from '../../apps/server/src/db/schema.ts';
import { riskMatrices, riskSeverities } from '../../apps/server/src/db/riskSchema.ts';
import type { RiskMatrix } from '../../engine/definition/risk.ts';
import { format, messages } from '../../engine/messages.ts';
import defaultFile from '../../definitions/riskMatrix.json' with { type: 'json' };
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

/*
 * A company's psychosocial risk settings (issue 27): the matrix it rates by (its own or the default) and
 * the severity of each risk factor with its reason. Staff change them, audited; a company user reads its
 * own company's only.
 */

type Method = 'GET' | 'PUT' | 'DELETE';
const text = messages.risk;
/** The psychosocial questionnaire: nine risk factors. */
const RISK_TYPE = 18;
const REASON = 'Exposição frequente a metas inalcançáveis relatada nas entrevistas.';

const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const settingsOf = async (companyId: number, token = adminToken) => {
  const response = await call('GET', `/api/risk/${companyId}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RiskSettings;
};
const factorIn = (settings: RiskSettings, id: string, type = RISK_TYPE) => settings.questionnaires.find((row) => row.type === type)!.factors.find((factor) => factor.id === id)!;
const severityUrl = (companyId: number, factor: string, type: number | string = RISK_TYPE) => `/api/risk/${companyId}/severities/${type}/${factor}`;
const matrixUrl = (companyId: number) => `/api/risk/${companyId}/matrix`;
/** The severities stored at a company. */
const storedSeverities = (companyId: number) =>
  t.db.select({ factor: riskSeverities.factor, severity: riskSeverities.severity, reason: riskSeverities.reason }).from(riskSeverities).where(eq(riskSeverities.companyId, companyId));
const storedMatrix = async (companyId: number) => (await t.db.select().from(riskMatrices).where(eq(riskMatrices.companyId, companyId)))[0];
const auditOf = (action: string, companyId: number) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.companyId, companyId))).orderBy(auditLog.id);

/** The default matrix as answered: without the editors' `$schema`. */
const defaultMatrix = (() => {
  const matrix = structuredClone(defaultFile) as RiskMatrix;
  delete matrix.$schema;
  return matrix;
})();

/** A valid 3 × 4 matrix (three severity steps; four probability steps, as the questionnaire's bands). */
function threeStepMatrix(): RiskMatrix {
  const matrix = structuredClone(defaultMatrix);
  matrix.title = 'Matriz própria 3 × 4';
  matrix.severity = matrix.severity.slice(0, 3);
  matrix.grid = matrix.grid.slice(0, 3);
  return matrix;
}

describe('GET /api/risk/{companyId}', () => {
  it('answers staff the default matrix and every factor of each risk questionnaire, nothing set yet', async () => {
    const settings = await settingsOf(other.companyId);
    expect(settings.own).toBe(false);
    expect(settings.matrix).toEqual(defaultMatrix);
    expect(settings.matrix).not.toHaveProperty('$schema');
    expect(settings.questionnaires.map((row) => row.type)).toEqual([RISK_TYPE]);
    const risk = t.app.definitions.questionnaires.get(RISK_TYPE)!;
    expect(settings.questionnaires[0]!.title).toBe(risk.title);
    expect(settings.questionnaires[0]!.factors).toEqual(
      risk.risk!.factors.map((factor) => ({ id: factor.id, label: factor.label, hazard: factor.hazard, harms: factor.harms, severity: null, reason: null, updated_at: null, updated_by: null })),
    );
  });

  it("answers a company user its own company's, another company's and an unknown one not found (404)", async () => {
    expect((await settingsOf(demo.companyId, companyToken)).questionnaires[0]!.factors).toHaveLength(9);
    for (const id of [other.companyId, 999_999]) {
      const response = await call('GET', `/api/risk/${id}`, companyToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: format(messages.api.companyNotFound, { id }) });
    }
    const unknown = await call('GET', '/api/risk/999999', adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(format(messages.api.companyNotFound, { id: 999_999 }));
    expect((await call('GET', `/api/risk/${demo.companyId}`, null)).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/risk/{companyId}/severities/{type}/{factor}', () => {
  it('sets a severity with its reason (trimmed), shown by GET with who set it, audited; sets it again over the last', async () => {
    const response = await call('PUT', severityUrl(demo.companyId, 'demands'), adminToken, { severity: 3, reason: `  ${REASON}  ` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as RiskSeveritySaved;
    expect(body.message).toBe('Severidade salva.');
    expect(body.factor).toEqual(expect.objectContaining({ id: 'demands', label: 'Demandas e ritmo de trabalho', severity: 3, reason: REASON, updated_by: 'Administrador Avalia' }));
    expect(Number.isNaN(Date.parse(body.factor.updated_at!))).toBe(false);
    expect(factorIn(await settingsOf(demo.companyId, companyToken), 'demands')).toEqual(body.factor);
    // Another company's settings are its own.
    expect(factorIn(await settingsOf(other.companyId), 'demands').severity).toBeNull();
    const again = await call('PUT', severityUrl(demo.companyId, 'demands'), adminToken, { severity: 2, reason: 'Metas revistas com a liderança em março.' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await storedSeverities(demo.companyId)).toEqual([{ factor: 'demands', severity: 2, reason: 'Metas revistas com a liderança em março.' }]);
    const audited = await auditOf('risk.severity.save', demo.companyId);
    expect(audited.map((row) => [row.target, row.details])).toEqual([
      [`risk:${RISK_TYPE}/demands`, { severity: 3 }],
      [`risk:${RISK_TYPE}/demands`, { severity: 2 }],
    ]);
    expect(audited[0]!.actorEmail).toBeTruthy();
  });

  it.each([
    ['an unknown type', { url: () => severityUrl(demo.companyId, 'demands', 999), body: { severity: 2, reason: REASON } }, format(text.unknownType, { type: 999 })],
    ['a type without a risk section', { url: () => severityUrl(demo.companyId, 'demands', 13), body: { severity: 2, reason: REASON } }, format(text.unknownType, { type: 13 })],
    ['an unknown factor', { url: () => severityUrl(demo.companyId, 'sleep'), body: { severity: 2, reason: REASON } }, format(text.unknownFactor, { factor: 'sleep', title: 'Fatores Psicossociais do Trabalho' })],
    ['severity 0', { url: () => severityUrl(demo.companyId, 'autonomy'), body: { severity: 0, reason: REASON } }, format(text.severityRange, { max: 4 })],
    ['severity above the matrix', { url: () => severityUrl(demo.companyId, 'autonomy'), body: { severity: 5, reason: REASON } }, format(text.severityRange, { max: 4 })],
    ['a blank reason', { url: () => severityUrl(demo.companyId, 'autonomy'), body: { severity: 2, reason: '   \n ' } }, text.reasonRequired],
    ['a reason under 10 characters once trimmed', { url: () => severityUrl(demo.companyId, 'autonomy'), body: { severity: 2, reason: '   curta.   ' } }, format(text.reasonShort, { min: 10 })],
    ['a reason over 1000 characters', { url: () => severityUrl(demo.companyId, 'autonomy'), body: { severity: 2, reason: 'a'.repeat(1001) } }, format(text.reasonLong, { max: 1000 })],
  ])('refuses %s (400) with its message, changing nothing', async (_case, { url, body }, message) => {
    const before = await storedSeverities(demo.companyId);
    const audited = (await auditOf('risk.severity.save', demo.companyId)).length;
    const response = await call('PUT', url(), adminToken, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await storedSeverities(demo.companyId)).toEqual(before);
    expect(await auditOf('risk.severity.save', demo.companyId)).toHaveLength(audited);
  });

  it('accepts a reason of exactly 10 and of 1000 characters, and the top step of the matrix', async () => {
    expect((await call('PUT', severityUrl(other.companyId, 'autonomy'), adminToken, { severity: 1, reason: ' 0123456789 ' })).statusCode).toBe(200);
    expect((await call('PUT', severityUrl(other.companyId, 'autonomy'), adminToken, { severity: 4, reason: 'b'.repeat(1000) })).statusCode).toBe(200);
    expect(factorIn(await settingsOf(other.companyId), 'autonomy')).toEqual(expect.objectContaining({ severity: 4, reason: 'b'.repeat(1000) }));
    expect((await call('DELETE', severityUrl(other.companyId, 'autonomy'), adminToken)).statusCode).toBe(200);
  });

  it('refuses a company user (403), even for its own company, changing nothing', async () => {
    const before = await storedSeverities(demo.companyId);
    for (const [method, payload] of [
      ['PUT', { severity: 2, reason: REASON }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, severityUrl(demo.companyId, 'demands'), companyToken, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.api.forbidden });
    }
    expect(await storedSeverities(demo.companyId)).toEqual(before);
  });

  it('clears a severity (audited); clearing it again is not found (404)', async () => {
    expect((await call('PUT', severityUrl(demo.companyId, 'harassment'), adminToken, { severity: 4, reason: REASON })).statusCode).toBe(200);
    const response = await call('DELETE', severityUrl(demo.companyId, 'harassment'), adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: text.severityCleared,
      factor: expect.objectContaining({ id: 'harassment', severity: null, reason: null, updated_at: null, updated_by: null }),
    });
    expect(factorIn(await settingsOf(demo.companyId), 'harassment').severity).toBeNull();
    expect((await auditOf('risk.severity.clear', demo.companyId)).map((row) => row.target)).toEqual([`risk:${RISK_TYPE}/harassment`]);
    const again = await call('DELETE', severityUrl(demo.companyId, 'harassment'), adminToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: format(text.severityNotFound, { factor: 'Assédio e violência' }) });
    const unknown = await call('DELETE', severityUrl(demo.companyId, 'sleep'), adminToken);
    expect(unknown.statusCode).toBe(400);
    expect((await auditOf('risk.severity.clear', demo.companyId)).length).toBe(1);
  });
});

describe('PUT and DELETE /api/risk/{companyId}/matrix', () => {
  it("stores a valid matrix as the company's own (audited), GET answers it, the severity range follows it", async () => {
    const matrix = threeStepMatrix();
    // The editors' `$schema` is neither stored nor answered.
    const response = await call('PUT', matrixUrl(other.companyId), adminToken, { matrix: { $schema: './schema/riskMatrix.schema.json', ...matrix } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: text.matrixSaved, matrix, own: true } satisfies RiskMatrixSaved);
    const settings = await settingsOf(other.companyId);
    expect(settings).toEqual(expect.objectContaining({ own: true, matrix }));
    expect((await storedMatrix(other.companyId))!.matrix).toEqual(matrix);
    expect((await auditOf('risk.matrix.save', other.companyId)).map((row) => [row.target, row.details])).toEqual([[`company:${other.companyId}`, { severity: 3, probability: 4 }]]);
    // The demo company still rates by the default.
    expect((await settingsOf(demo.companyId)).own).toBe(false);
    const four = await call('PUT', severityUrl(other.companyId, 'change'), adminToken, { severity: 4, reason: REASON });
    expect(four.statusCode).toBe(400);
    expect(four.json()).toEqual({ message: format(text.severityRange, { max: 3 }) });
  });

  it.each([
    ['a missing title', (matrix: RiskMatrix) => ({ ...matrix, title: undefined }), [{ pointer: '/', message: 'deve ter a propriedade obrigatória title' }]],
    [
      'an unknown level in the grid',
      (matrix: RiskMatrix) => ({ ...matrix, grid: [['low', 'nenhum', 'moderate', 'moderate'], ...matrix.grid.slice(1)] }),
      [{ pointer: '/grid/0/1', message: 'o nível "nenhum" não está entre os níveis da matriz' }],
    ],
    [
      'probability steps the questionnaire has no bands for',
      (matrix: RiskMatrix) => ({ ...matrix, probability: matrix.probability.slice(0, 3), grid: matrix.grid.map((row) => row.slice(0, 3)) }),
      [{ pointer: '/probability', message: expect.stringContaining('Fatores Psicossociais do Trabalho: ') }],
    ],
  ])('refuses a matrix with %s (400), each problem with its pointer, nothing stored', async (_case, change, errors) => {
    const response = await call('PUT', matrixUrl(demo.companyId), adminToken, { matrix: change(threeStepMatrix()) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: text.matrixInvalid, errors });
    expect(await storedMatrix(demo.companyId)).toBeUndefined();
    expect(await auditOf('risk.matrix.save', demo.companyId)).toEqual([]);
  });

  it('refuses a matrix with fewer severity steps than a severity set at the company (400), naming the factors', async () => {
    expect((await call('PUT', severityUrl(demo.companyId, 'workLife'), adminToken, { severity: 4, reason: REASON })).statusCode).toBe(200);
    const response = await call('PUT', matrixUrl(demo.companyId), adminToken, { matrix: threeStepMatrix() });
    expect(response.statusCode, response.body).toBe(400);
    const factors = format(text.matrixSeverityFactor, { questionnaire: 'Fatores Psicossociais do Trabalho', factor: 'Equilíbrio entre trabalho e vida pessoal', severity: 4 });
    expect(response.json()).toEqual({ message: format(text.matrixSeverityAbove, { steps: 3, factors }) });
    expect(await storedMatrix(demo.companyId)).toBeUndefined();
    expect(await auditOf('risk.matrix.save', demo.companyId)).toEqual([]);
    // Once lowered, the matrix is taken.
    expect((await call('PUT', severityUrl(demo.companyId, 'workLife'), adminToken, { severity: 3, reason: REASON })).statusCode).toBe(200);
    expect((await call('PUT', matrixUrl(demo.companyId), adminToken, { matrix: threeStepMatrix() })).statusCode).toBe(200);
  });

  it('refuses a company user (403) and answers an unknown company not found (404), nothing stored', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(method, matrixUrl(other.companyId), companyToken, method === 'PUT' ? { matrix: threeStepMatrix() } : undefined);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.api.forbidden });
    }
    const unknown = await call('PUT', matrixUrl(999_999), adminToken, { matrix: threeStepMatrix() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: format(messages.api.companyNotFound, { id: 999_999 }) });
    expect(await storedMatrix(999_999)).toBeUndefined();
  });

  it('goes back to the default matrix (audited); again is not found (404)', async () => {
    expect((await call('PUT', matrixUrl(other.companyId), adminToken, { matrix: threeStepMatrix() })).statusCode).toBe(200);
    const response = await call('DELETE', matrixUrl(other.companyId), adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: text.matrixReset, matrix: defaultMatrix, own: false });
    expect(await settingsOf(other.companyId)).toEqual(expect.objectContaining({ own: false, matrix: defaultMatrix }));
    expect(await storedMatrix(other.companyId)).toBeUndefined();
    expect((await auditOf('risk.matrix.reset', other.companyId)).map((row) => row.target)).toEqual([`company:${other.companyId}`]);
    const again = await call('DELETE', matrixUrl(other.companyId), adminToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: text.matrixNotOwn });
  });
});

describe('malformed requests', () => {
  it('are answered 4xx with a Portuguese message, never 5xx, and change nothing', async () => {
    const before = { severities: await t.db.select().from(riskSeverities), matrices: await t.db.select().from(riskMatrices) };
    const valid = { severity: 2, reason: REASON };
    const requests: [Method, string, unknown][] = [
      ['GET', '/api/risk/abc', undefined],
      ['GET', '/api/risk/0', undefined],
      ['GET', '/api/risk/2147483648', undefined],
      ['GET', '/api/risk/1.5', undefined],
      ['PUT', `/api/risk/${demo.companyId}/severities/abc/demands`, valid],
      ['PUT', `/api/risk/${demo.companyId}/severities/99999999999/demands`, valid],
      ['PUT', severityUrl(demo.companyId, 'x'.repeat(3000)), valid],
      ['PUT', severityUrl(demo.companyId, '%00'), valid],
      ['PUT', severityUrl(demo.companyId, "1'%20OR%20'1'='1"), valid],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 'três', reason: REASON }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 2.5, reason: REASON }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 2 ** 53, reason: REASON }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: null, reason: REASON }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 2, reason: ['x'] }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 2, reason: { $gt: '' } }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 2, reason: 'x'.repeat(100_000) }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { severity: 2 }],
      ['PUT', severityUrl(demo.companyId, 'demands'), { ...valid, company_id: other.companyId }],
      ['PUT', severityUrl(demo.companyId, 'demands'), [valid]],
      ['PUT', severityUrl(demo.companyId, 'demands'), { padding: 'x'.repeat(2 * 1024 * 1024) }],
      ['DELETE', `/api/risk/${demo.companyId}/severities/-5000/demands`, undefined],
      ['PUT', matrixUrl(demo.companyId), { matrix: [] }],
      ['PUT', matrixUrl(demo.companyId), { matrix: 'matriz' }],
      ['PUT', matrixUrl(demo.companyId), { matrix: null }],
      ['PUT', matrixUrl(demo.companyId), { matrix: {} }],
      ['PUT', matrixUrl(demo.companyId), { matrix: { ...threeStepMatrix(), grid: Array.from({ length: 3000 }, () => ['x', 'y', 'z']) } }],
      ['PUT', matrixUrl(demo.companyId), { matrix: { ...threeStepMatrix(), severity: 'x'.repeat(100_000) } }],
      ['PUT', matrixUrl(demo.companyId), { matrix: threeStepMatrix(), other: 1 }],
      ['PUT', matrixUrl(demo.companyId), {}],
      ['DELETE', '/api/risk/abc/matrix', undefined],
    ];
    const failures: string[] = [];
    for (const [method, url, payload] of requests) {
      const response = await call(method, url, adminToken, payload);
      const label = `${method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 80)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (response.statusCode < 400 || response.statusCode >= 500) failures.push(label);
      else if (typeof response.json().message !== 'string' || response.json().message === '') failures.push(`${label} (no message)`);
    }
    expect(failures).toEqual([]);
    expect({ severities: await t.db.select().from(riskSeverities), matrices: await t.db.select().from(riskMatrices) }).toEqual(before);
  });

  it('lists at most 100 problems of a huge invalid matrix', async () => {
    const response = await call('PUT', matrixUrl(demo.companyId), adminToken, { matrix: { ...threeStepMatrix(), grid: Array.from({ length: 3000 }, () => ['x', 'y', 'z', 'w']) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(100);
  });
});
