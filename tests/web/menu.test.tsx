import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardMenu, menuFor, viewAtPath, type DashboardMenuItem } from '../../apps/web/src/layout/menu';

// Menu entries written for the test, out of order on purpose.
const entries: DashboardMenuItem[] = [
  { id: '13', menu: { group: 'Bem-estar e clima', label: 'Escala de Estresse Percebido', order: 20 } },
  { id: '3', menu: { group: 'Perfis', label: 'Teste Alpha', order: 2 } },
  { id: '16', menu: { group: 'Bem-estar e clima', label: 'Segurança Psicológica', order: 10 } },
  { id: '4', menu: { group: 'Perfis', label: 'Inquérito VIA', order: 3 } },
  { id: '7', menu: { group: 'Mapeamento de liderança e equipe', label: 'Desempenho Líder vs Equipe', order: 5 } },
  // A view at a route of its own (the 360-by-interview report's `/{hash}`).
  { id: '11', menu: { group: 'Mapeamento de liderança e equipe', label: 'Avaliação 360 por entrevista', order: 99, path: '/entrevista360' } },
];

describe('menuFor', () => {
  it('gives type 1 the registry links and the results grouped by mapping group, in order', () => {
    const sections = menuFor(1, entries);
    expect(sections[0]!.links.map((link) => link.to)).toEqual(['/company', '/courses', '/ciclos', '/riscos', '/inventario', '/plano-de-acao', '/queues', '/gestaodados', '/outbox', '/audit', '/preview']);
    // Groups by their smallest order; links by order.
    expect(sections.slice(1)).toEqual([
      { title: 'Perfis', links: [{ label: 'Teste Alpha', to: '/dash/3' }, { label: 'Inquérito VIA', to: '/dash/4' }] },
      {
        // The 360-by-interview report joins its group at its own route.
        title: 'Mapeamento de liderança e equipe',
        links: [
          { label: 'Desempenho Líder vs Equipe', to: '/dash/7' },
          { label: 'Avaliação 360 por entrevista', to: '/entrevista360' },
        ],
      },
      {
        title: 'Bem-estar e clima',
        links: [
          { label: 'Segurança Psicológica', to: '/dash/16' },
          { label: 'Escala de Estresse Percebido', to: '/dash/13' },
        ],
      },
    ]);
  });

  it('keeps the 360-by-interview link in a section of its own when no other view is in its group', () => {
    const sections = menuFor(1, [...entries.slice(0, 2), entries.at(-1)!]);
    expect(sections.at(-1)).toEqual({ title: 'Mapeamento de liderança e equipe', links: [{ label: 'Avaliação 360 por entrevista', to: '/entrevista360' }] });
  });

  it('opens the view of a route of its own at that route (any /{hash} opens the one there is)', () => {
    expect(viewAtPath('/entrevista360', entries)).toBe('11');
    expect(viewAtPath('/outro', entries)).toBe('11');
    expect(viewAtPath('/entrevista360', entries.slice(0, 2))).toBeUndefined();
    expect(viewAtPath('/entrevista360')).toBe('11');
  });

  it('orders groups whose smallest orders tie by the smaller view id, whatever the listing order', () => {
    const tied: DashboardMenuItem[] = [
      { id: '13', menu: { group: 'Bem-estar e clima', label: 'Estresse', order: 1 } },
      { id: '3', menu: { group: 'Mapeamento de perfil', label: 'Alpha', order: 1 } },
      { id: '8', menu: { group: 'Mapeamento organizacional', label: 'Operacional', order: 1 } },
      { id: '11', menu: { group: 'Mapeamento de liderança e equipe', label: 'Avaliação 360 por entrevista', order: 99, path: '/entrevista360' } },
    ];
    const titles = (list: DashboardMenuItem[]) => menuFor(1, list).map((section) => section.title);
    expect(titles(tied)).toEqual([undefined, 'Mapeamento de perfil', 'Mapeamento organizacional', 'Bem-estar e clima', 'Mapeamento de liderança e equipe']);
    expect(titles([...tied].reverse())).toEqual(titles(tied));
  });

  it('gives type 2 Cadastrados, Gestão de dados and the dashboards', () => {
    const sections = menuFor(2, entries);
    expect(sections[0]!.links.map((link) => link.label)).toEqual(['Cadastrados', 'Ciclos', 'Matriz de risco (NR-1)', 'Inventário de riscos (NR-1)', 'Plano de ação (NR-1)', 'Gestão de dados']);
    expect(sections.flatMap((section) => section.links).map((link) => link.to)).toEqual(expect.arrayContaining(['/dash/13', '/dash/3', '/entrevista360']));
  });

  it('gives other account types no menu', () => {
    expect(menuFor(3, entries)).toEqual([]);
    expect(menuFor(undefined, entries)).toEqual([]);
  });

  it("links every dashboard definition by its file's id under its menu group", () => {
    // The test runs from the repository's root (vitest's `root`).
    const folder = join(process.cwd(), 'definitions', 'dashboards');
    const expected = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => {
        const definition = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { menu: { group: string; label: string; path?: string } };
        return { title: definition.menu.group, link: { label: definition.menu.label, to: definition.menu.path ?? `/dash/${name.replace(/\.json$/, '')}` } };
      });
    expect(expected.length).toBeGreaterThan(0);
    expect(dashboardMenu).toHaveLength(expected.length);
    const sections = menuFor(1);
    for (const { title, link } of expected) {
      expect(sections.find((section) => section.title === title)?.links).toContainEqual(link);
    }
  });
});
