import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Widget } from '../../../engine/definition/dashboard';
import { TableView } from '../../../renderer/dashboard/widgets/TableView';

/*
 * A table widget that does not fit its card (the 360's 'Leitura dos resultados' on a phone, issue 24)
 * lays each row out as a card of 'Column: value' lines instead of scrolling sideways, and is still a
 * table with its column headers for screen readers; one that fits stays a table. jsdom has no layout:
 * the widths the browser would measure are given here (the 360's table needs 609 px as a table; a
 * phone's card has 342 px, a laptop's 1100 px).
 */

const widget = {
  kind: 'table',
  title: 'Leitura dos resultados',
  dataset: 'consolidated',
  columns: [
    { field: 'pageTitle', label: 'Competência' },
    { field: 'positive', label: 'Pontos fortes', format: 'percent' },
    { field: 'strength', label: 'Leitura', color: 'strengthColor' },
    { field: 'negative', label: 'Pontos de desenvolvimento', format: 'percent' },
    { field: 'development', label: 'Leitura', color: 'developmentColor' },
    { field: 'neutral', label: 'Não sei avaliar', format: 'percent' },
  ],
} as Extract<Widget, { kind: 'table' }>;

const rows = [
  { pageTitle: 'Responsabilidade', positive: 72, strength: 'Muito Bom', strengthColor: '#7cb342', negative: 44, development: 'Mediano', developmentColor: '#f9a825', neutral: 25 },
  { pageTitle: 'Planejamento', positive: 77, strength: 'Muito Bom', strengthColor: '#7cb342', negative: 55, development: 'Ruim', developmentColor: '#ef6c00', neutral: 25 },
];

/** The card's width, and the width the table needs when laid out as a table. */
let card = 0;
let tableWidth = 609;

/** The table's box (the scrolling region around the table). */
const isBox = (element: Element) => element.getAttribute('role') === 'region';

describe('TableView', () => {
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return isBox(this) ? card : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
      configurable: true,
      get(this: HTMLElement) {
        if (!isBox(this)) return 0;
        const asTable = this.querySelector('table')?.getAttribute('data-layout') !== 'cards';
        return asTable ? Math.max(tableWidth, card) : card;
      },
    });
  });
  afterEach(() => {
    cleanup();
    // (Own properties of HTMLElement's prototype: deleting them gives back jsdom's, on Element's.)
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
  });

  it('lays a table too wide for its card out as cards: the first cell heads each, the others say their column', () => {
    card = 342;
    tableWidth = 609;
    render(<TableView widget={widget} rows={rows} name="Leitura dos resultados" level={3} />);
    const table = screen.getByRole('table', { name: 'Leitura dos resultados' });
    expect(table.getAttribute('data-layout')).toBe('cards');
    // Still a table for screen readers: explicit roles, the column headers kept (out of sight).
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(widget.columns.map((column) => column.label));
    const [, first] = within(table).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Competência', 'Responsabilidade'],
      ['Pontos fortes', '72%'],
      ['Leitura', 'Muito Bom'],
      ['Pontos de desenvolvimento', '44%'],
      ['Leitura', 'Mediano'],
      ['Não sei avaliar', '25%'],
    ]);
    // The band colours stay on their cells.
    expect(getComputedStyle(cells[2]!).backgroundColor).toBe('rgb(124, 179, 66)');
    expect(getComputedStyle(cells[4]!).backgroundColor).toBe('rgb(249, 168, 37)');
  });

  it('keeps a table that fits its card a table', () => {
    card = 1100;
    tableWidth = 609;
    render(<TableView widget={widget} rows={rows} name="Leitura dos resultados" level={3} />);
    const table = screen.getByRole('table', { name: 'Leitura dos resultados' });
    expect(table.getAttribute('data-layout')).toBe('table');
    expect(table.getAttribute('role')).toBeNull();
  });

  it('lays a table whose columns would be narrower than about 7.5 rem out as cards, though it fits', () => {
    // Six columns in 500 px: 83 px each.
    card = 500;
    tableWidth = 480;
    render(<TableView widget={widget} rows={rows} name="Leitura dos resultados" level={3} />);
    expect(screen.getByRole('table', { name: 'Leitura dos resultados' }).getAttribute('data-layout')).toBe('cards');
  });

  it("sets a number column's missing text ('—') right, as its numbers, and a text column's left", () => {
    card = 1100;
    tableWidth = 400;
    const change = {
      kind: 'table',
      title: 'Mudança',
      dataset: 'cycleChange',
      columns: [
        { field: 'cycle', label: 'Ciclo' },
        { field: 'change', label: 'Mudança', format: 'change', missing: '—' },
      ],
    } as Extract<Widget, { kind: 'table' }>;
    render(<TableView widget={change} rows={[{ cycle: 'Clima 2025', change: null }, { cycle: 'Clima 2026', change: -7 }]} name="Mudança" level={3} />);
    const cells = within(screen.getByRole('table', { name: 'Mudança' })).getAllByRole('cell');
    expect(cells.map((cell) => [cell.textContent, cell.className.includes('alignRight')])).toEqual([
      ['Clima 2025', false],
      ['—', true],
      ['Clima 2026', false],
      ['-7,0 ▼', true],
    ]);
  });
});
