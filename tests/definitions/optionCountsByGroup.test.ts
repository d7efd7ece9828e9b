import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../engine/definition/dashboard.ts';
import { parseDashboard, parseQuestionnaire } from '../../engine/definition/parse.ts';
import { jsonFiles } from './load.ts';

/*
 * `optionCounts` with `byGroup` (issue 26, the area maps' gaps by sector): the schema takes a grouping
 * kind, the rows gain the group's fields, and the combinations the query cannot honour are refused
 * at their JSON path, in Portuguese.
 */

const files = new Map(jsonFiles('questionnaires').map(({ file, json }) => [file.replace(/^questionnaires\/|\.json$/g, ''), json]));
const shared = new Map(jsonFiles('.').map(({ file, json }) => [`../${file.replace(/^\.\/|\.json$/g, '')}`, json]));
const lookup = (name: string) => files.get(name) ?? shared.get(name);
const byType = new Map(
  [...files.values()].flatMap((json) => {
    const result = parseQuestionnaire(json, lookup);
    return result.ok ? [[result.value.type, result.value] as const] : [];
  }),
);
const areaMap = jsonFiles('dashboards').find(({ json }) => (json as DashboardDefinition).id === 8)!.json as { datasets: Record<string, Record<string, unknown>> };

/** The errors of a copy of a view changed by `edit`. */
function errorsOf<View>(view: View, edit: (copy: View) => void): { pointer: string; message: string }[] {
  const copy = structuredClone(view);
  edit(copy);
  const result = parseDashboard(copy, byType, lookup);
  return result.ok ? [] : result.errors.map(({ pointer, message }) => ({ pointer, message }));
}

/** The errors of a copy of the operational area map whose `gapsBySector` dataset is changed by `edit`. */
const errorsWith = (edit: (dataset: Record<string, unknown>) => void) => errorsOf(areaMap, (copy) => edit(copy.datasets.gapsBySector!));

describe('optionCounts by group', () => {
  it('is read by the area map, whose transforms and heatmap name the group’s fields', () => {
    expect(errorsWith(() => {})).toEqual([]);
  });

  it('takes only a grouping kind', () => {
    expect(errorsWith((dataset) => (dataset.byGroup = 'area'))).toEqual([{ pointer: '/datasets/gapsBySector/byGroup', message: expect.stringContaining('"sector", "position", "exposure", "course"') }]);
  });

  it('is refused with bySelf: the counts are split by group or by role, not both', () => {
    expect(errorsWith((dataset) => (dataset.bySelf = true))).toEqual([
      { pointer: '/datasets/gapsBySector/byGroup', message: '"byGroup" e "bySelf" não valem juntos: um conjunto conta as respostas por grupo ou separa as autoavaliações' },
    ]);
  });

  it('is refused with the anonymity of each rated person’s evaluators', () => {
    expect(errorsWith((dataset) => (dataset.anonymous = 'evaluators'))).toEqual([
      { pointer: '/datasets/gapsBySector/anonymous', message: '"byGroup" não vale com "anonymous": "evaluators" (os grupos de avaliadores de cada pessoa avaliada)' },
    ]);
  });

  it('gives no group fields without byGroup', () => {
    // The transforms are the $defs' shared with the rounds' heatmap: a field given through `with` is named where it is given.
    expect(errorsWith((dataset) => delete dataset.byGroup)).toEqual([
      { pointer: '/datasets/gapsBySector/transforms/with/by', message: expect.stringMatching(/^campo "groupId" desconhecido/) },
      { pointer: '/datasets/gapsBySector/transforms/with/by', message: expect.stringMatching(/^campo "groupId" desconhecido/) },
      { pointer: '/datasets/gapsBySector/transforms/with/name', message: expect.stringMatching(/^campo "group" desconhecido/) },
      { pointer: '/$defs/gapsTransforms/2/keep/4', message: expect.stringMatching(/^campo "withheld" desconhecido/) },
    ]);
  });
});

/*
 * `optionCounts` with `byVersion` (issue 26, the 360's competencies across its dates): only on a view
 * that requires the date (one round at a time: no pooled rounds to subtract a small one from), not
 * with `byGroup`; without it, the rows have no round fields.
 */
const the360 = jsonFiles('dashboards').find(({ json }) => (json as DashboardDefinition).id === 2)!.json as { requires?: unknown; datasets: Record<string, Record<string, unknown>> };

/** The errors of a copy of the 360's view changed by `edit`. */
const errorsOf360 = (edit: (view: typeof the360) => void) => errorsOf(the360, edit);

describe('optionCounts by version', () => {
  it('is read by the 360, whose transforms and heatmap name the round’s fields', () => {
    expect(errorsOf360(() => {})).toEqual([]);
  });

  it('needs a view that requires the date', () => {
    expect(errorsOf360((view) => delete view.requires)).toContainEqual({
      pointer: '/datasets/statementsByDate/byVersion',
      message: expect.stringContaining('"byVersion" só vale numa visão que exige a data'),
    });
  });

  it('is refused with byGroup', () => {
    expect(errorsOf360((view) => (view.datasets.statementsByDate!.byGroup = 'sector'))).toContainEqual({
      pointer: '/datasets/statementsByDate/byVersion',
      message: '"byVersion" e "byGroup" não valem juntos: um conjunto conta as respostas por rodada do 360 ou por grupo',
    });
  });

  it('is refused with a group’s anonymity: its rounds obey the evaluators’ minimum', () => {
    expect(errorsOf360((view) => (view.datasets.statementsByDate!.anonymous = 'group'))).toContainEqual({
      pointer: '/datasets/statementsByDate/anonymous',
      message: '"byVersion" não vale com "anonymous": "group": as rodadas do 360 seguem o mínimo de avaliadores ("evaluators")',
    });
  });

  it('gives no round fields without byVersion', () => {
    expect(errorsOf360((view) => delete view.datasets.statementsByDate!.byVersion)).toContainEqual({
      pointer: '/datasets/strengthsByDate/transforms/0/groupBy/0',
      message: expect.stringMatching(/^campo "roundOrder" desconhecido/),
    });
  });
});

/*
 * `optionCounts` with `byCycle` (issue 26, the area maps' gaps across rounds) and the `compare` filter
 * ('Comparar com'): the rows gain the round's fields, the combinations the query cannot honour are
 * refused, and a view offering 'Comparar com' must have a dataset by round for it to narrow.
 */
const errorsByCycle = (edit: (dataset: Record<string, unknown>, view: typeof areaMap & { filters: string[] }) => void) =>
  errorsOf(areaMap as typeof areaMap & { filters: string[] }, (copy) => edit(copy.datasets.gapsByCycle!, copy));

describe('optionCounts by cycle', () => {
  it('is read by the area map, whose transforms and heatmap name the round’s fields', () => {
    expect(errorsByCycle(() => {})).toEqual([]);
  });

  it('needs the view’s Ciclo filter', () => {
    expect(errorsByCycle((_, view) => (view.filters = view.filters.filter((filter) => filter !== 'cycle' && filter !== 'compare')))).toContainEqual({
      pointer: '/datasets/gapsByCycle/byCycle',
      message: '"cycle" não está entre os filtros',
    });
  });

  it('is refused with byGroup, byVersion, bySelf and the evaluators’ anonymity', () => {
    const errors = errorsByCycle((dataset) => Object.assign(dataset, { byGroup: 'sector', byVersion: true, bySelf: true, anonymous: 'evaluators' }));
    expect(errors).toContainEqual({ pointer: '/datasets/gapsByCycle/byGroup', message: '"byGroup" e "byCycle" não valem juntos: um conjunto divide as respostas por grupo ou por ciclo' });
    expect(errors).toContainEqual({ pointer: '/datasets/gapsByCycle/byVersion', message: '"byVersion" e "byCycle" não valem juntos: um conjunto conta as respostas por rodada do 360 ou por ciclo' });
    expect(errors).toContainEqual({ pointer: '/datasets/gapsByCycle/bySelf', message: '"byCycle" e "bySelf" não valem juntos: um conjunto conta as respostas por ciclo ou separa as autoavaliações' });
    expect(errors).toContainEqual({ pointer: '/datasets/gapsByCycle/anonymous', message: '"byCycle" não vale com "anonymous": "evaluators" (os grupos de avaliadores de cada pessoa avaliada)' });
  });

  it('is refused anonymous with latest: a round counts its people apart, “Todos os ciclos” each one’s latest answer', () => {
    expect(errorsByCycle((dataset) => Object.assign(dataset, { anonymous: 'group', latest: true }))).toContainEqual({
      pointer: '/datasets/gapsByCycle/latest',
      message: expect.stringContaining('"latest" não vale com "anonymous": "group"'),
    });
  });

  it('gives no round fields without byCycle, and then “Comparar com” is refused: it would narrow nothing', () => {
    const errors = errorsByCycle((dataset) => delete dataset.byCycle);
    expect(errors).toContainEqual({ pointer: '/datasets/gapsByCycle/transforms/with/by', message: expect.stringMatching(/^campo "cycleId" desconhecido/) });
    expect(errors).toContainEqual({
      pointer: '/filters/2',
      message: '"compare" (Comparar com) só vale numa visão com um conjunto "byCycle": é esse conjunto que a escolha restringe aos dois ciclos comparados',
    });
  });
});
