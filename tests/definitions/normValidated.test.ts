import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../engine/definition/dashboard.ts';
import { parseDashboard, parseQuestionnaire } from '../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { jsonFiles } from './load.ts';

/*
 * The norm (issue 26) places a company among the consultancy's other clients on a validated
 * instrument only: a view whose `norm` reads an example instrument (`"validated": false`, issue 27) is
 * refused at the dataset, in Portuguese.
 */

const files = new Map(jsonFiles('questionnaires').map(({ file, json }) => [file.replace(/^questionnaires\/|\.json$/g, ''), json]));
const shared = new Map(jsonFiles('.').map(({ file, json }) => [`../${file.replace(/^\.\/|\.json$/g, '')}`, json]));
const lookup = (name: string) => files.get(name) ?? shared.get(name);
const byType = new Map<number, QuestionnaireDefinition>(
  [...files.values()].flatMap((json) => {
    const result = parseQuestionnaire(json, lookup);
    return result.ok ? [[result.value.type, result.value] as const] : [];
  }),
);
const stress = jsonFiles('dashboards').find(({ json }) => (json as DashboardDefinition).id === 13)!.json;

describe('the norm of a validated instrument only', () => {
  it('is accepted on the PSS-14, a published scale', () => {
    expect(parseDashboard(structuredClone(stress), byType, lookup).ok).toBe(true);
  });

  it('is refused where the questionnaire says it is an example', () => {
    const example = new Map(byType);
    example.set(13, { ...byType.get(13)!, validated: false });
    const result = parseDashboard(structuredClone(stress), example, lookup);
    expect(result.ok ? [] : result.errors.map(({ pointer, message }) => ({ pointer, message }))).toEqual([
      {
        pointer: '/datasets/norm/norm',
        message: '"norm" só vale num instrumento validado: "Escala de Estresse Percebido" diz "validated": false (um instrumento de exemplo não é padrão de comparação entre empresas)',
      },
    ]);
  });
});
