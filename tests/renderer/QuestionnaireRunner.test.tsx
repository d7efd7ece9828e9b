import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import definitionJson from '../../definitions/questionnaires/estresse.json' with { type: 'json' };
import type { QuestionnaireDefinition, WireItem } from '../../engine/definition/types.ts';
import { QuestionnaireRunner } from '../../renderer/QuestionnaireRunner.tsx';

const definition = definitionJson as QuestionnaireDefinition;

function renderRunner(onSubmit: (items: WireItem[]) => Promise<void>, onSubmitted = vi.fn()) {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  render(<QuestionnaireRunner definition={definition} onSubmit={onSubmit} onSubmitted={onSubmitted} />);
  return { onSubmitted };
}

afterEach(cleanup);

describe('QuestionnaireRunner with the PSS-14 definition', () => {
  it('draws the title, 14 labelled radio groups of five options and the footer count', { timeout: 20000 }, async () => {
    renderRunner(async () => undefined);
    expect(screen.getByRole('heading', { name: 'Escala de Estresse Percebido' })).toBeTruthy();
    // The first render loads the scale widget's module (the form suspends until it arrives).
    const groups = await screen.findAllByRole('radiogroup', {}, { timeout: 10000 });
    expect(groups).toHaveLength(14);
    expect(within(groups[0]!).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Nunca',
      'Quase nunca',
      'Às vezes',
      'Quase sempre',
      'Sempre',
    ]);
    expect(screen.getAllByText('Obrigatória')).toHaveLength(14);
    expect(screen.getByText('Respondidas 0 de 14')).toBeTruthy();
  });

  it('refuses to send with questions missing, marks the first one, and sends once when complete', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { onSubmitted } = renderRunner(onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findAllByText('Você precisa responder a pergunta número: 1')).not.toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement?.closest('#question-1')).not.toBeNull());

    (await screen.findAllByRole('radiogroup')).forEach((group) => fireEvent.click(within(group).getByLabelText('Quase sempre')));
    expect(screen.getByText('Respondidas 14 de 14')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar' });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: '3' }))]);
    expect(await screen.findByText('Resposta enviada com sucesso')).toBeTruthy();
  });

  it('keeps the answers after a failed send and offers to retry', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const { onSubmitted } = renderRunner(onSubmit);
    (await screen.findAllByRole('radiogroup')).forEach((group) => fireEvent.click(within(group).getByLabelText('Nunca')));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getAllByText('Ocorreu um erro com o registro das suas respostas, entre em contato com o suporte!').length).toBeGreaterThan(0);
    expect(screen.getByText('Respondidas 14 de 14')).toBeTruthy();
    fireEvent.click(retry);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });
});
