import { describe, expect, it } from 'vitest';
import { catalog } from '../../../apps/web/src/catalog';
import { buildEntries, chooseTypes, cycleFields, cyclesFor, emptyValues, enabledFields, nextVersion, offeredTypes, parseDays, validate } from '../../../apps/web/src/pages/users/evaluationForm';

const types = catalog.types;
const two = [
  { user_id: 10, name: 'Bruno' },
  { user_id: 11, name: 'Carla', usercourse_id: 7 },
];

describe('create-evaluation form', () => {
  it("offers the spec's types first, then the other types with a questionnaire", () => {
    const offered = offeredTypes(types).map((entry) => entry.type);
    expect(offered.slice(0, 8)).toEqual([2, 11, 15, 17, 7, 12, 14, -1]);
    expect(offered).toContain(13);
    expect(new Set(offered).size).toBe(offered.length);
  });

  it('keeps the scanner and the manager alignment alone', () => {
    expect(chooseTypes([2, -1], [2], types)).toEqual([-1]);
    expect(chooseTypes([-1, 13], [-1], types)).toEqual([13]);
    expect(chooseTypes([2, 13], [2], types)).toEqual([2, 13]);
    expect(chooseTypes([17, 2], [17], types)).toEqual([2]);
  });

  it('enables the fields from the catalogue rules', () => {
    expect(enabledFields({ ...emptyValues, types: [13] }, two, types)).toEqual({ evaluated: false, version: false, sector: false, days: true });
    expect(enabledFields({ ...emptyValues, types: [8] }, two, types).sector).toBe(true);
    expect(enabledFields({ ...emptyValues, types: [11] }, two, types)).toMatchObject({ evaluated: true, days: false });
    // The version is asked once the evaluated person is someone else than the evaluator.
    expect(enabledFields({ ...emptyValues, types: [2] }, [two[0]!], types).version).toBe(false);
    expect(enabledFields({ ...emptyValues, types: [2], evaluated: 10 }, [two[0]!], types).version).toBe(false);
    expect(enabledFields({ ...emptyValues, types: [2], evaluated: 99 }, [two[0]!], types).version).toBe(true);
  });

  it('validates what the enabled fields need', () => {
    expect(validate(emptyValues, two, types)).toEqual({ types: true });
    expect(validate({ ...emptyValues, types: [2], evaluated: 99 }, two, types)).toEqual({ version: true, days: true });
    expect(validate({ ...emptyValues, types: [8], days: '400' }, two, types)).toEqual({ sector: true, days: true });
    expect(validate({ ...emptyValues, types: [11], evaluated: 99 }, two, types)).toEqual({});
    expect(parseDays('15')).toBe(15);
    expect(parseDays('0')).toBeNull();
  });

  it('builds one entry per participant and type, each with only what its type uses', () => {
    const entries = buildEntries({ ...emptyValues, types: [2, 13], evaluated: 99, version: 3, sector: 5, days: '15' }, two, types, 'Diego');
    expect(entries).toHaveLength(4);
    expect(entries[0]).toEqual({
      user_id: 10, user_name: 'Bruno', usercourse_id: null, type_evaluation: 2, validate: 15,
      evaluated: 99, evaluated_name: 'Diego', version: 3, rated_sector: null,
    });
    expect(entries[3]).toMatchObject({ user_id: 11, usercourse_id: 7, type_evaluation: 13, evaluated: null, version: null, validate: 15 });
    expect(nextVersion([])).toBe(1);
    expect(nextVersion([{ version: 2 }, { version: 4 }])).toBe(5);
  });

  it('offers the open rounds of the chosen types (the scanner by its members), empty ones, or all while no type is chosen', () => {
    const round = (id: number, roundTypes: number[], closed = false) => ({ id, types: roundTypes, closed });
    const rounds = [round(1, [13]), round(2, [3, 4, 5, 6, 9]), round(3, []), round(4, [13], true), round(5, [16])];
    expect(cyclesFor(rounds, [13], types).map((entry) => entry.id)).toEqual([1, 3]);
    expect(cyclesFor(rounds, [-1], types).map((entry) => entry.id)).toEqual([2, 3]);
    expect(cyclesFor(rounds, [], types).map((entry) => entry.id)).toEqual([1, 2, 3, 5]);
  });

  it('sends the round chosen: none (a new one per questionnaire), an open cycle, or a new one by its name, which is required', () => {
    expect(cycleFields(emptyValues)).toEqual({});
    expect(cycleFields({ ...emptyValues, cycle: 42 })).toEqual({ cycle_id: 42 });
    expect(cycleFields({ ...emptyValues, cycle: 'new', cycleName: '  Clima 2026 ' })).toEqual({ cycle_name: 'Clima 2026' });
    expect(validate({ ...emptyValues, types: [13], days: '5', cycle: 'new', cycleName: '  ' }, two, types)).toEqual({ cycleName: true });
    expect(validate({ ...emptyValues, types: [13], days: '5', cycle: 'new', cycleName: 'Clima' }, two, types)).toEqual({});
  });
});
