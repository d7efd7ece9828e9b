import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DashboardData, Widget } from '../../../engine/definition/dashboard';
import { WidgetCard } from '../../../renderer/dashboard/WidgetCard';
import type { LayoutContext } from '../../../renderer/dashboard/types';

/*
 * A widget with `help` carries its explanation behind a 'Como ler' button: closed by default, opened by
 * a click or Enter, with aria-expanded saying which (issue 24: each band, profile and quadrant explained).
 */

const data: DashboardData = {
  respondents: 3,
  datasets: {
    group: {
      rows: [
        { label: 'Divergente', value: 2, color: '#7e57c2' },
        { label: 'Convergente', value: 5, color: '#2e7d32' },
        { label: 'Conflitante', value: 1, color: '#c62828' },
        { label: 'Concorrente', value: 4, color: '#ef6c00' },
      ],
    },
  },
};
const view: LayoutContext = { data, title: 'Tratamento de Objeções', empty: 'Sem respostas', narrow: [] };
const quadrants: Widget = {
  kind: 'quadrants',
  title: 'Quadrantes da comunicação',
  dataset: 'group',
  category: 'label',
  value: 'value',
  color: 'color',
  cells: ['Divergente', 'Convergente', 'Conflitante', 'Concorrente'],
  help: {
    text: 'Cada quadrante soma as respostas de um estilo.',
    meanings: { Convergente: 'Acolhe a objeção e busca uma solução em conjunto.', Divergente: 'Contesta a objeção.' },
  },
};

function card(widget: Widget) {
  render(<WidgetCard widget={widget} view={view} level={3} />);
  return screen.getByRole('group', { name: 'Quadrantes da comunicação' });
}

describe("a widget's help toggle", () => {
  afterEach(cleanup);

  it('is closed by default: the button says so and the explanation is not shown', () => {
    const group = card(quadrants);
    const button = within(group).getByRole('button', { name: 'Como ler' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(within(group).queryByText('Cada quadrante soma as respostas de um estilo.')).toBeNull();
  });

  it('opens on a click with the text and each meaning under its name, and closes again', () => {
    const group = card(quadrants);
    fireEvent.click(within(group).getByRole('button', { name: 'Como ler' }));
    const button = within(group).getByRole('button', { name: 'Ocultar explicação' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText('Cada quadrante soma as respostas de um estilo.')).toBeTruthy();
    const terms = [...panel.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Convergente', 'Acolhe a objeção e busca uma solução em conjunto.'],
      ['Divergente', 'Contesta a objeção.'],
    ]);
    fireEvent.click(button);
    expect(within(group).getByRole('button', { name: 'Como ler' }).getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('opens with Enter from the keyboard', () => {
    const group = card(quadrants);
    const button = within(group).getByRole('button', { name: 'Como ler' });
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(group).getByText('Contesta a objeção.')).toBeTruthy();
  });

  it('is absent from a widget without help', () => {
    const { help: _help, ...plain } = quadrants;
    const group = card(plain as Widget);
    expect(within(group).queryByRole('button', { name: 'Como ler' })).toBeNull();
  });
});
