import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fixture from '../fixtures/gradeRichText.json' with { type: 'json' };
import type { QuestionnaireDefinition, WireItem } from '../../engine/definition/types.ts';
import { QuestionnaireRunner } from '../../renderer/QuestionnaireRunner.tsx';

/*
 * The grade and rich-text widgets in the one runner, with the fixture of tests/fixtures (a grade
 * "1.grade" and confidential comments "14.confidential", the interview's wire keys). The expected wire
 * strings are the interview's: grades typed with a comma go out with a dot ('7,5' → '7.5',
 * administration.md 5 and tests/web/interview/formModel.test.tsx); rich text is TipTap's HTML.
 */

const definition = fixture as QuestionnaireDefinition;

function renderRunner() {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  const onSubmit = vi.fn(async (_items: WireItem[]) => undefined);
  const onSubmitted = vi.fn();
  render(<QuestionnaireRunner definition={definition} onSubmit={onSubmit} onSubmitted={onSubmitted} />);
  return { onSubmit, onSubmitted };
}

/** The grade field, once its widget's module has loaded. */
const gradeField = () => screen.findByRole('textbox', { name: /Nota de Responsabilidade/ }, { timeout: 10000 });

/** The rich-text editor, once TipTap has started. */
const richTextEditor = () => screen.findByRole('textbox', { name: /Comentários confidenciais/ }, { timeout: 10000 });

afterEach(cleanup);

describe('the grade and rich-text widgets', () => {
  it('label both fields by their question, spell out the grade range and offer the formatting toolbar', { timeout: 20000 }, async () => {
    renderRunner();
    const grade = (await gradeField()) as HTMLInputElement;
    expect(grade.getAttribute('inputmode')).toBe('decimal');
    expect(grade.getAttribute('aria-required')).toBe('true');
    const help = document.getElementById(grade.getAttribute('aria-describedby')!);
    expect(help?.textContent).toBe('De 0 a 10; use vírgula para decimais.');

    const editor = await richTextEditor();
    expect(editor.getAttribute('contenteditable')).toBe('true');
    expect(editor.getAttribute('aria-multiline')).toBe('true');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatação' });
    expect([...toolbar.querySelectorAll('button')].map((button) => button.getAttribute('aria-label'))).toEqual([
      'Negrito',
      'Itálico',
      'Lista com marcadores',
      'Lista numerada',
    ]);
    const bold = screen.getByRole('button', { name: 'Negrito' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
  });

  it('takes a grade typed with a comma (a dot becomes a comma, letters are dropped) and sends it as the interview does', { timeout: 20000 }, async () => {
    const { onSubmit, onSubmitted } = renderRunner();
    const grade = (await gradeField()) as HTMLInputElement;
    fireEvent.change(grade, { target: { value: '7a.5' } });
    expect(grade.value).toBe('7,5');
    fireEvent.change(grade, { target: { value: '7,' } });
    expect(grade.value).toBe('7,');
    fireEvent.change(grade, { target: { value: '7,5' } });
    expect(grade.value).toBe('7,5');
    expect(screen.getByText('Respondidas 1 de 2')).toBeTruthy();

    // jsdom has no typing into contenteditable: ProseMirror reads the DOM change, as it does a browser's.
    const editor = await richTextEditor();
    editor.innerHTML = '<p>Muito <strong>bom</strong></p>';
    await waitFor(() => expect(screen.getByText('Respondidas 2 de 2')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls).toEqual([
      [
        [
          { question: '1.grade', response: '7.5' },
          { question: '14.confidential', response: '<p>Muito <strong>bom</strong></p>' },
        ],
      ],
    ]);
    expect(await screen.findByText('Resposta enviada com sucesso')).toBeTruthy();
  });

  it('refuses a grade above the maximum with its message under the field, and sends nothing until it is fixed', { timeout: 20000 }, async () => {
    const { onSubmit, onSubmitted } = renderRunner();
    const grade = (await gradeField()) as HTMLInputElement;
    // Both widgets' modules loaded before anything is sent: none may arrive after the test has ended.
    await richTextEditor();
    fireEvent.change(grade, { target: { value: '10,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));

    const message = 'A nota da questão 1 deve estar entre 0 e 10.';
    await waitFor(() => expect(grade.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = grade.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain(message);
    // Under the field, inside the question's frame.
    expect(grade.parentElement?.textContent).toContain(message);
    expect(onSubmit).not.toHaveBeenCalled();

    // Fixed, the message goes at once; the rich text stays unanswered and is not sent.
    fireEvent.change(grade, { target: { value: '10' } });
    await waitFor(() => expect(grade.getAttribute('aria-invalid')).toBe('false'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls).toEqual([[[{ question: '1.grade', response: '10' }]]]);
    // The runner's last update (the sent state and its toast) drawn before the test ends.
    expect(await screen.findByText('Resposta enviada com sucesso')).toBeTruthy();
  });
});
