import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import definitionJson from '../../definitions/questionnaires/mapaoperacionaldaareanew.json' with { type: 'json' };
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { QuestionnaireRunner } from '../../renderer/QuestionnaireRunner.tsx';

/** An area map: the definition asks for a toast of every problem of the page (respondent.md 2.3). */
const definition = definitionJson as QuestionnaireDefinition;

/** The problems the form marks on its questions right now (each question's red message), in page order. */
const markedProblems = () => [...document.querySelectorAll('main [id^="q-"][id$="-error"]')].map((element) => element.textContent);

/** The toasts on screen (notistack's alerts; the form itself shows none here). */
const toasts = () => screen.queryAllByRole('alert');
const lines = (toast: HTMLElement) => within(toast).queryAllByRole('listitem').map((item) => item.textContent);

function renderRunner() {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  render(<QuestionnaireRunner definition={definition} onSubmit={async () => undefined} onSubmitted={() => undefined} />);
}

afterEach(async () => {
  cleanup();
  // The toaster outlives the form (its own root): leave no toast to the next test.
  await waitFor(() => expect(toasts()).toEqual([]), { timeout: 7000 });
});

describe('toasts of an area map', () => {
  it('shows every problem of a refused page at once, in one toast, and only the current ones', { timeout: 20000 }, async () => {
    renderRunner();
    await screen.findAllByRole('radiogroup', {}, { timeout: 10000 });

    fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
    const missing = markedProblems();
    // More than notistack's three at once, in the definition's words (respondent.md 2.3).
    expect(missing.length).toBeGreaterThan(3);
    expect(missing[0]).toBe(definition.messages!.required!.replace('{n}', '1'));
    await waitFor(() => expect(toasts().map(lines)).toEqual([missing]), { timeout: 5000 });

    // Answering the first question makes that toast stale: it goes, nothing queued comes after it.
    const first = document.getElementById('question-1.1')!;
    fireEvent.click(within(first).getAllByRole('radio').at(-1)!);
    await waitFor(() => expect(toasts()).toEqual([]));

    // A second refusal lists what is still missing, and a third replaces it instead of piling up.
    fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
    expect(markedProblems()).toEqual(missing.slice(1));
    await waitFor(() => expect(toasts().map(lines)).toEqual([missing.slice(1)]));
    const second = toasts()[0]!;
    fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
    // The toast it replaces leaves the document (its exit has ended), and the new one is then the only one.
    await waitFor(() => expect(second.isConnected).toBe(false), { timeout: 5000 });
    await waitFor(() => expect(toasts().map(lines)).toEqual([missing.slice(1)]));
    fireEvent.click(within(toasts()[0]!).getByRole('button', { name: 'Fechar' }));
  });
});
