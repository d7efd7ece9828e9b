import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDashboard, parseQuestionnaire, parseRiskMatrix } from '../../engine/definition/parse.ts';
import { probabilityCriteria, probabilityOf, riskLevelOf, riskStepsErrors, type RiskMatrix } from '../../engine/definition/risk.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { definitionsDir } from './load.ts';

/*
 * Psychosocial risk as data (issue 27): the default risk matrix and the psychosocial questionnaire's
 * risk section, checked by their schema and semantics; a factor's level from its severity and its
 * group's share of unfavourable answers, against the matrix's written rule worked by hand.
 */

const read = (path: string) => JSON.parse(readFileSync(`${definitionsDir}${path}`, 'utf8')) as Record<string, unknown>;
const matrixFile = read('riskMatrix.json');
const matrix = (() => {
  const parsed = parseRiskMatrix(matrixFile);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
})();
const questionnaireFile = read('questionnaires/riscospsicossociais.json');
const questionnaire = (() => {
  const parsed = parseQuestionnaire(questionnaireFile);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
})();
const bands = questionnaire.risk!.probability;

/** The errors of a copy of the matrix changed by `edit`. */
function matrixErrors(edit: (copy: RiskMatrix) => void) {
  const copy = structuredClone(matrixFile) as unknown as RiskMatrix;
  edit(copy);
  const parsed = parseRiskMatrix(copy);
  return parsed.ok ? [] : parsed.errors;
}

/** The errors of a copy of the psychosocial questionnaire changed by `edit`. */
function questionnaireErrors(edit: (copy: QuestionnaireDefinition) => void) {
  const copy = structuredClone(questionnaireFile) as unknown as QuestionnaireDefinition;
  edit(copy);
  const parsed = parseQuestionnaire(copy);
  return parsed.ok ? [] : parsed.errors;
}

describe('the default risk matrix', () => {
  it('gives each pair the level its written rule says: severity × probability, 1–2 Baixo, 3–4 Moderado, 6–8 Alto, 9–16 Crítico', () => {
    // Worked from the criteria text, not from the grid.
    const byProduct = (product: number) => (product <= 2 ? 'Baixo' : product <= 4 ? 'Moderado' : product <= 8 ? 'Alto' : 'Crítico');
    expect(matrix.criteria).toContain('de 1 a 2, Baixo; de 3 a 4, Moderado; de 6 a 8, Alto; de 9 a 16, Crítico');
    for (let severity = 1; severity <= 4; severity += 1) {
      for (let probability = 1; probability <= 4; probability += 1) {
        expect(riskLevelOf(matrix, severity, probability)?.label, `${severity} × ${probability}`).toBe(byProduct(severity * probability));
      }
    }
  });

  it('has no level without both steps, nor outside the matrix', () => {
    expect(riskLevelOf(matrix, null, 2)).toBeNull();
    expect(riskLevelOf(matrix, 2, null)).toBeNull();
    expect(riskLevelOf(matrix, 5, 1)).toBeNull();
    expect(riskLevelOf(matrix, 1, 0)).toBeNull();
  });

  it('refuses a grid missing a row or a cell, naming an unknown level, or lower with more severity or probability', () => {
    expect(matrixErrors((copy) => copy.grid.pop())).toContainEqual({ pointer: '/grid', message: 'a grade precisa de uma linha por passo de severidade (4)' });
    expect(matrixErrors((copy) => copy.grid[1]!.pop())).toContainEqual({ pointer: '/grid/1', message: 'cada linha da grade precisa de um nível por passo de probabilidade (4)' });
    expect(matrixErrors((copy) => (copy.grid[0]![0] = 'none'))).toContainEqual({ pointer: '/grid/0/0', message: 'o nível "none" não está entre os níveis da matriz' });
    expect(matrixErrors((copy) => (copy.grid[3]![3] = 'high'))).toContainEqual({ pointer: '/grid/3/3', message: expect.stringContaining('um nível não pode ser menor com mais severidade ou mais probabilidade') });
    expect(matrixErrors((copy) => (copy.levels[1]!.id = 'low'))).toContainEqual({ pointer: '/levels/1/id', message: 'id repetido: "low"' });
    expect(matrixErrors((copy) => (copy.levels[0]!.color = 'verde'))).not.toEqual([]);
  });

  it('is refused by a questionnaire whose probability bands are not one per step', () => {
    const three = { ...questionnaire, risk: { ...questionnaire.risk!, probability: [{ below: 30 }, { below: 60 }, {}] } };
    expect(riskStepsErrors(matrix, new Map([[18, questionnaire]]))).toEqual([]);
    expect(riskStepsErrors(matrix, new Map([[18, three]]))).toEqual([
      { pointer: '/probability', message: 'Fatores Psicossociais do Trabalho: o questionário tem 3 faixas de probabilidade e a matriz de risco, 4 passos: precisam ser tantas quanto' },
    ]);
  });
});

describe('the psychosocial questionnaire’s risk section', () => {
  it('rates each of the nine dimensions by its share of unfavourable answers', () => {
    expect(questionnaire.risk!.factors.map((factor) => factor.score)).toEqual(
      ['demands', 'autonomy', 'roleClarity', 'leaderSupport', 'peerSupport', 'recognition', 'harassment', 'change', 'workLife'].map((id) => `${id}Unfavourable`),
    );
  });

  it('gives the probability step of a share by its bands, each edge in the higher step', () => {
    expect([0, 19.99, 20, 39.9, 40, 59.99, 60, 100].map((share) => probabilityOf(bands, share))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(probabilityOf(bands, null)).toBeNull();
    expect(probabilityCriteria(matrix, bands)).toEqual([
      'Menos de 20% das respostas do fator no grupo são desfavoráveis.',
      'De 20% a menos de 40% das respostas do fator no grupo são desfavoráveis.',
      'De 40% a menos de 60% das respostas do fator no grupo são desfavoráveis.',
      '60% ou mais das respostas do fator no grupo são desfavoráveis.',
    ]);
  });

  it('refuses a factor of an unknown score or of a mean, a factor said twice, and bands that do not rise or close', () => {
    expect(questionnaireErrors((copy) => (copy.risk!.factors[0]!.score = 'nothing'))).toContainEqual({ pointer: '/risk/factors/0/score', message: 'a pontuação "nothing" não existe' });
    expect(questionnaireErrors((copy) => (copy.risk!.factors[0]!.score = 'demands'))).toContainEqual({ pointer: '/risk/factors/0/score', message: expect.stringContaining('precisa ser uma parcela') });
    expect(questionnaireErrors((copy) => (copy.risk!.factors[1]!.id = 'demands'))).toContainEqual({ pointer: '/risk/factors/1/id', message: 'id repetido: "demands"' });
    expect(questionnaireErrors((copy) => (copy.risk!.probability[2]!.below = 30))).toContainEqual({ pointer: '/risk/probability/2/below', message: expect.stringContaining('precisam subir') });
    expect(questionnaireErrors((copy) => (copy.risk!.probability[3]!.below = 80))).toContainEqual({ pointer: '/risk/probability/3', message: expect.stringContaining('só a última faixa') });
  });

  it('is what keeps an individual scale out of the risk views: the PSS-14 has none', () => {
    const stress = parseQuestionnaire(read('questionnaires/estresse.json'));
    expect(stress.ok && stress.value.risk).toBeUndefined();
  });
});

describe('the risk query', () => {
  const byType = new Map<number, QuestionnaireDefinition>([
    [18, questionnaire],
    [13, (parseQuestionnaire(read('questionnaires/estresse.json')) as { ok: true; value: QuestionnaireDefinition }).value],
  ]);
  const view = read('dashboards/18.json') as { datasets: Record<string, Record<string, unknown>>; filters: string[] };
  const errorsOf = (edit: (copy: typeof view) => void) => {
    const copy = structuredClone(view);
    edit(copy);
    const parsed = parseDashboard(copy, byType);
    return parsed.ok ? [] : parsed.errors;
  };

  it('reads the psychosocial questionnaire on the risk view', () => {
    expect(errorsOf(() => {})).toEqual([]);
  });

  it('refuses an individual scale: the PSS-14 has no risk factors, so it never reaches the inventory', () => {
    expect(errorsOf((copy) => (copy.datasets.risk!.types = [13]))).toContainEqual({
      pointer: '/datasets/risk/types/0',
      message: '"Escala de Estresse Percebido" não tem fatores de risco ("risk"): só um questionário de fatores psicossociais entra numa visão de riscos',
    });
  });

  it('needs the company filter and refuses the evaluators’ anonymity', () => {
    const errors = errorsOf((copy) => {
      copy.filters = copy.filters.filter((filter) => filter !== 'company');
      copy.datasets.risk!.anonymous = 'evaluators';
    });
    expect(errors).toContainEqual({ pointer: '/datasets/risk', message: '"company" não está entre os filtros' });
    expect(errors).toContainEqual({ pointer: '/datasets/risk/anonymous', message: expect.stringContaining('"risk" não vale com "anonymous": "evaluators"') });
  });
});
