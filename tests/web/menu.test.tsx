import { describe, expect, it } from 'vitest';
import { menuFor } from '../../apps/web/src/layout/menu';
import { dashboardTypes } from '../../apps/web/src/catalog';

describe('menuFor', () => {
  it('gives type 1 the registry links and the mapping dashboards', () => {
    const sections = menuFor(1, dashboardTypes);
    expect(sections[0]!.links.map((link) => link.to)).toEqual(['/company', '/courses', '/queues', '/gestaodados', '/outbox']);
    expect(sections[1]!.title).toBe('Mapeamentos');
    expect(sections[1]!.links).toContainEqual({ label: 'Escala de Estresse Percebido', to: '/dash/13' });
    expect(sections[1]!.links).toContainEqual({ label: 'Avaliação 360 por entrevista', to: '/entrevista360' });
  });

  it('gives type 2 Cadastrados, Gestão de dados and the dashboards', () => {
    const sections = menuFor(2, dashboardTypes);
    expect(sections[0]!.links.map((link) => link.label)).toEqual(['Cadastrados', 'Gestão de dados']);
    expect(sections[1]!.links.map((link) => link.to)).toEqual(expect.arrayContaining(['/dash/13', '/entrevista360']));
  });

  it('gives other account types no menu', () => {
    expect(menuFor(3, dashboardTypes)).toEqual([]);
    expect(menuFor(undefined, dashboardTypes)).toEqual([]);
  });
});
