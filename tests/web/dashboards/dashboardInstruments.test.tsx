import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../../engine/definition/dashboard';
import { unvalidatedNames } from '../../../apps/web/src/pages/dashboardInstruments';

const reading = (types: number[], alignWith?: number[]) => ({ datasets: { answers: { query: 'scores', types, ...(alignWith ? { alignWith } : {}) } } }) as unknown as DashboardDefinition;

describe("a view's example instruments (the notice under its title)", () => {
  it('names the types read whose definitions say "validated": false, from the definitions themselves', async () => {
    expect(await unvalidatedNames(reading([18, 16]))).toEqual(['Fatores Psicossociais do Trabalho']);
    expect(await unvalidatedNames(reading([16], [18]))).toEqual(['Fatores Psicossociais do Trabalho']);
  });

  it('names none for validated instruments, a bundle without a definition or an unknown type', async () => {
    expect(await unvalidatedNames(reading([13, 16, 2]))).toEqual([]);
    expect(await unvalidatedNames(reading([-1, 99]))).toEqual([]);
  });
});
