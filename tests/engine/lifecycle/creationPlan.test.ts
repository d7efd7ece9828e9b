import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../../engine/definition/catalog.ts';
import { planEvaluations, type CreationRequest } from '../../../engine/lifecycle/creationPlan.ts';
import catalogJson from '../../../definitions/catalog.json' with { type: 'json' };

const types = new Map((catalogJson.types as CatalogEntry[]).map((entry) => [entry.type, entry]));
const plan = (requests: Partial<CreationRequest>[]) => planEvaluations(requests.map((request) => ({ user_id: 1, type_evaluation: 13, ...request })), types);

describe('planEvaluations (the catalogue creation rules)', () => {
  it('plans an ordinary evaluation of the participant about themself, with its days', () => {
    expect(plan([{ validate: 7 }])).toEqual({
      ok: true,
      items: [{ userId: 1, rated: 1, ratedSector: null, typeEvaluation: 13, version: null, days: 7, usercourseId: null, requestedType: 13 }],
    });
  });

  it('requires a type, an evaluated person for 2 and 11, a version for a 360 of someone else, a sector for 8 and 10, and days except for 11', () => {
    expect(plan([{ type_evaluation: null, validate: 5 }])).toEqual({ ok: false, message: 'Selecione o tipo de avaliação.' });
    expect(plan([{ type_evaluation: 2, validate: 5 }])).toEqual({ ok: false, message: 'Informe o avaliado da Avaliação 360.' });
    expect(plan([{ type_evaluation: 11 }])).toEqual({ ok: false, message: 'Informe o avaliado da Avaliação 360 por entrevista.' });
    expect(plan([{ type_evaluation: 2, validate: 5, evaluated: 2 }])).toEqual({ ok: false, message: 'Informe a versão da Avaliação 360.' });
    // The evaluated person evaluating themself needs no version.
    expect(plan([{ type_evaluation: 2, validate: 5, evaluated: 1 }]).ok).toBe(true);
    expect(plan([{ type_evaluation: 8, validate: 5 }])).toEqual({ ok: false, message: 'Informe o setor avaliado do Mapa Operacional da Área.' });
    expect(plan([{ type_evaluation: 10, validate: 5 }])).toEqual({ ok: false, message: 'Informe o setor avaliado do Mapa Tático da Área.' });
    expect(plan([{ type_evaluation: 13 }])).toEqual({ ok: false, message: 'Informe o prazo em dias da Escala de Estresse Percebido.' });
    expect(plan([{ validate: 0 }])).toEqual({ ok: false, message: 'O prazo deve ser de 1 a 365 dias.' });
    expect(plan([{ type_evaluation: 99, validate: 5 }])).toEqual({ ok: false, message: 'Tipo de avaliação inexistente: 99.' });
  });

  it('creates the interview without expiry, even when days are sent', () => {
    const result = plan([{ type_evaluation: 11, evaluated: 2, validate: 9 }]);
    expect(result).toEqual({ ok: true, items: [expect.objectContaining({ typeEvaluation: 11, rated: 2, days: null })] });
  });

  it('refuses the scanner and the manager alignment together with other types', () => {
    expect(plan([{ type_evaluation: -1, validate: 5 }, { type_evaluation: 13, validate: 5 }])).toEqual({
      ok: false,
      message: 'Scanner deve ser criada sozinha, sem outros tipos de avaliação.',
    });
    expect(plan([{ type_evaluation: 17, validate: 5 }, { type_evaluation: 15, validate: 5 }]).ok).toBe(false);
    expect(plan([{ type_evaluation: 17, validate: 5 }, { user_id: 2, type_evaluation: 17, validate: 5 }]).ok).toBe(true);
  });

  it('expands the scanner into Alpha, VIA, temperaments, motivational and objections for each participant', () => {
    const result = plan([
      { type_evaluation: -1, validate: 10, usercourse_id: 4 },
      { user_id: 2, type_evaluation: -1, validate: 10 },
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.items.map((item) => [item.userId, item.typeEvaluation, item.rated, item.days, item.usercourseId])).toEqual([
      [1, 3, 1, 10, 4],
      [1, 4, 1, 10, 4],
      [1, 5, 1, 10, 4],
      [1, 6, 1, 10, 4],
      [1, 9, 1, 10, 4],
      [2, 3, 2, 10, null],
      [2, 4, 2, 10, null],
      [2, 5, 2, 10, null],
      [2, 6, 2, 10, null],
      [2, 9, 2, 10, null],
    ]);
    // The members remember the bundle asked for: one round (cycle) for the whole scanner.
    expect(new Set(result.items.map((item) => item.requestedType))).toEqual(new Set([-1]));
  });
});
