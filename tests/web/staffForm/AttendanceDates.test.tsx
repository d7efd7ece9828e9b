import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AttendanceDates } from '../../../apps/web/src/pages/staffForm/AttendanceDates';

/*
 * The interview form's attendance dates: a typed date that is not dd/mm/aaaa is refused with a message,
 * and the message goes as soon as the field is cleared or edited (it stayed until another date was
 * added: issue 24).
 */

function Harness() {
  const [state, setState] = useState<{ dates: string[]; show: string[] }>({ dates: ['2026-03-02'], show: [] });
  return <AttendanceDates dates={state.dates} value={state.show} onChange={setState} />;
}

const INVALID = 'Data inválida: use dd/mm/aaaa.';

describe('AttendanceDates', () => {
  afterEach(cleanup);

  it('refuses a malformed date and forgets the error once the field is cleared', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Datas de atendimento' });
    fireEvent.change(input, { target: { value: '31/02' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText(INVALID)).toBeTruthy();
    // The refused text stays to be corrected.
    expect((input as HTMLInputElement).value).toBe('31/02');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.queryByText(INVALID)).toBeNull();
    expect(screen.getByText('Digite uma data (dd/mm/aaaa) e tecle Enter para criar.')).toBeTruthy();
  });

  it('forgets the error as the date is corrected, and creates the corrected date', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Datas de atendimento' });
    fireEvent.change(input, { target: { value: '2026-13-01' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText(INVALID)).toBeTruthy();
    fireEvent.change(input, { target: { value: '05/03/2026' } });
    expect(screen.queryByText(INVALID)).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('button', { name: '05/03/2026' })).toBeTruthy();
  });
});
