import { describe, expect, it } from 'vitest';
import { staffFormModel, statusLabel } from '../../../engine/staffForm/model.ts';
import { interviewQuestionnaire } from '../../staffForms.ts';

const definition = staffFormModel(interviewQuestionnaire);

/*
 * The model itself (blocks, statuses, guide, shapes refused): tests/engine/staffForm/model.test.ts; the
 * save's codec: tests/engine/answers/staffSave.test.ts; the consolidation (the view of type 11's
 * datasets): the golden fixture definitions/fixtures/dashboards/11.json and tests/server/interview.test.ts.
 */

describe('the interview definition', () => {
  it("labels the status keys and shows 'Não iniciado' for unknown or missing ones", () => {
    expect(['open', 'willCorrect', 'correcting', 'finished'].map((key) => statusLabel(definition, key))).toEqual([
      'Entrevista em andamento',
      'À corrigir',
      'Corrigindo',
      'Finalizado',
    ]);
    expect(statusLabel(definition, null)).toBe('Não iniciado');
    expect(statusLabel(definition, 'whatever')).toBe('Não iniciado');
  });
});
