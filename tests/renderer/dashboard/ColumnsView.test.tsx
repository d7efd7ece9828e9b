import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Widget } from '../../../engine/definition/dashboard';
import { ColumnsView } from '../../../renderer/dashboard/widgets/ColumnsView';

/*
 * Items in columns (values and needs): a column without items says so, in the definition's words or
 * the default, instead of standing blank under its heading (issue 24).
 */

const columns = [
  { value: 'left', label: 'Somente do participante' },
  { value: 'both', label: 'Compartilhados' },
  { value: 'right', label: 'Somente da empresa' },
];
const rows = [
  { optionLabel: 'Família', column: 'left' },
  { optionLabel: 'Lucro', column: 'right' },
];

function columnOf(heading: string): HTMLElement {
  return screen.getByRole('heading', { name: heading }).parentElement!;
}

describe('ColumnsView', () => {
  afterEach(cleanup);

  it("says the definition's text in a column without items, and lists the others", () => {
    const widget = { kind: 'columns', dataset: 'alignment', item: 'optionLabel', by: 'column', columns, emptyColumn: 'Nenhum valor nesta coluna.' } as Extract<Widget, { kind: 'columns' }>;
    render(<ColumnsView widget={widget} rows={rows} name="Valores" level={3} />);
    expect(within(columnOf('Compartilhados')).getByText('Nenhum valor nesta coluna.')).toBeTruthy();
    expect(within(columnOf('Somente do participante')).getByRole('listitem').textContent).toBe('Família');
    expect(within(columnOf('Somente da empresa')).queryByText('Nenhum valor nesta coluna.')).toBeNull();
  });

  it('says the default text when the definition gives none', () => {
    const widget = { kind: 'columns', dataset: 'alignment', item: 'optionLabel', by: 'column', columns } as Extract<Widget, { kind: 'columns' }>;
    render(<ColumnsView widget={widget} rows={rows} name="Valores" level={3} />);
    expect(within(columnOf('Compartilhados')).getByText('Nenhum item nesta coluna.')).toBeTruthy();
  });
});
