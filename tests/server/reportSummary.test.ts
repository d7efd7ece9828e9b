/**
 * The summary lines of the views' reports (`report.summary`) on the golden answers: for every view that
 * has them, the first page of the report of its first golden call says 'Resumo dos resultados' and the
 * sentence of every line whose rows are there (a line reads the view's own datasets and fields). For a
 * few views the sentences are written out, read by hand from the golden rows.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../engine/definition/dashboard.ts';
import { buildReport } from '../../apps/server/src/reports/reports.ts';
import { summarySentence } from '../../engine/reports/cover.ts';
import { definitionsDir } from '../definitions/load.ts';
import { bodyOf, reportCalls, storeFixtures } from './goldenFixtures.ts';
import { pageLines } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { adminToken, setUpWorld, t } from './world.ts';

setUpWorld();
beforeAll(storeFixtures, 60000);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const summarized = reportCalls().filter(([id]) => {
  const view = JSON.parse(readFileSync(`${definitionsDir}/dashboards/${id}.json`, 'utf8')) as DashboardDefinition;
  return (view.report?.summary?.length ?? 0) > 0;
});

/** Sentences read by hand from the golden fixtures' rows of the view's first golden call. */
const byHand: Record<number, string[]> = {
  // consolidated (evaluators): positive 100 for Relacionamento, negative 100 for Liderança.
  2: ['Competência com mais pontos fortes: Relacionamento (100%)', 'Competência com mais pontos de desenvolvimento: Liderança (100%)'],
  // themes: Equipe 10 on Indicadores, 0 on Competência; Liderança 1 on Posição.
  7: ['Tema mais forte da equipe: Indicadores (10,0)', 'Tema de maior atenção na equipe: Competência (0,0)', 'Tema de maior atenção na liderança: Posição (1,0)'],
  // variables: Cultura 60, Histórico 75, Resistência 45.
  12: ['Variável mais favorável: Histórico (75%)', 'Variável de maior risco: Resistência (45%)'],
  // total 157/6 = 26.2 (moderate); bands 1, 2, 2, 1.
  13: ['Média do grupo: Estresse moderado (26,2 de 56)', 'Faixa com mais respondentes: Estresse moderado e Estresse alto (2)'],
  // media 3.26 (moderate); statements from 1.0 (asking for help) to 5.0 (no one would undermine).
  16: [
    'Segurança psicológica da equipe: Moderada (3,3)',
    'Afirmação com o melhor resultado: Ninguém nesta equipe agiria deliberadamente de modo a prejudicar os meus esforços. (5,0)',
    'Afirmação de maior atenção: É difícil pedir ajuda a outros membros desta equipe. (1,0)',
  ],
};

it('has a golden call for every view whose sentences are written out', () => {
  expect(summarized.map(([id]) => id)).toEqual(expect.arrayContaining(Object.keys(byHand).map(Number)));
});

describe.each(summarized)('the summary of the report of view %s', (id, fixture, call) => {
  let first: string;
  let expected: string[];

  beforeAll(async () => {
    const body = bodyOf(fixture, call.filters);
    const response = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/report`, payload: body, headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    first = oneLine(pageLines(response.rawPayload)[0]!.join(' '));
    const view = t.app.definitions.dashboards.get(id)!;
    const { source } = await buildReport(t.app, { view, filters: body });
    expected = view.report!.summary!.flatMap((line) => summarySentence(line, source.data) ?? []);
  }, 60000);

  it('opens with the summary of the results, every line filled from the golden rows', () => {
    expect(first).toContain('Resumo dos resultados');
    expect(expected.length).toBeGreaterThan(0);
    for (const sentence of expected) {
      expect(sentence).not.toMatch(/\{(name|value)\}/);
      expect(first).toContain(oneLine(sentence));
    }
    for (const sentence of byHand[id] ?? []) expect(first).toContain(sentence);
  });
});
