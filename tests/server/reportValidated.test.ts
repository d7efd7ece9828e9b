/**
 * An example instrument (`"validated": false`) says so on every report of its answers: the cover's
 * line of questionnaire versions names it with 'Instrumento de exemplo, não validado', read from the
 * PDF as a person reads it (`pdftotext`). Driven by the flag alone: any type, any view.
 */
import { describe, expect, it } from 'vitest';
import { renderReport, scoringVersions } from '../../apps/server/src/reports/reports.ts';
import type { Definitions } from '../../apps/server/src/definitions.ts';
import type { DashboardDefinition } from '../../engine/definition/dashboard.ts';
import { pdfText } from './pdfTools.ts';
import { demo, setUpWorld, t } from './world.ts';

setUpWorld();

const NOTICE = 'Instrumento de exemplo, não validado';

/** The app's definitions with one type's questionnaire flagged `validated: false`. */
function withExample(type: number): Definitions {
  const { definitions } = t.app;
  const questionnaires = new Map([...definitions.questionnaires].map(([key, definition]) => [key, key === type ? { ...definition, validated: false } : definition]));
  return { ...definitions, questionnaires };
}

describe('the report of an example instrument', () => {
  it('names the instrument as an example beside its version, and a validated one as it is', async () => {
    const view = t.app.definitions.dashboards.get(16)!;
    const request = { view, filters: { company_id: demo.companyId } };
    const deps = { db: t.app.db, settings: t.app.settings, reports: t.app.reports };
    const validated = pdfText((await renderReport({ ...deps, definitions: t.app.definitions }, request)).pdf);
    expect(validated).toContain('Segurança Psicológica, versão 1.0');
    expect(validated).not.toContain(NOTICE);
    const example = pdfText((await renderReport({ ...deps, definitions: withExample(16) }, request)).pdf);
    expect(example).toContain(`Segurança Psicológica, versão 1.0 — ${NOTICE}`);
  }, 60000);

  it('marks the psychosocial factors (type 18, written for Avalia) wherever a view reads them, and only them', () => {
    expect(t.app.definitions.questionnaires.get(18)?.validated).toBe(false);
    const reading = (types: number[]) => ({ datasets: { answers: { query: 'scores', types } } }) as unknown as DashboardDefinition;
    expect(scoringVersions(t.app.definitions, reading([18, 16])).versions).toBe(`Segurança Psicológica, versão 1.0; Fatores Psicossociais do Trabalho, versão 1.1 — ${NOTICE}`);
    expect(scoringVersions(t.app.definitions, reading([13])).versions).not.toContain(NOTICE);
  });
});
