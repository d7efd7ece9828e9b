import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import definitionJson from '../../definitions/questionnaires/question360new.json' with { type: 'json' };
import type { AnswerValue, QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { CheckboxesQuestion } from '../../engine/definition/questionTypes.ts';
import CheckboxesWidget from '../../renderer/widgets/CheckboxesWidget.tsx';

const definition = definitionJson as unknown as QuestionnaireDefinition;
const question = definition.pages[0]!.questions[0] as CheckboxesQuestion;

/** The widget under a parent that holds its answer, as the runner does. */
function Held({ initial }: { initial?: number[] }) {
  const [value, setValue] = useState<AnswerValue | undefined>(initial);
  return (
    <>
      <CheckboxesWidget question={question} definition={definition} number={1} value={value} error={undefined} taken={new Set()} onChange={setValue} />
      <output data-testid="held">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const held = () => JSON.parse(screen.getByTestId('held').textContent!) as number[] | null;

afterEach(cleanup);

describe("a checkbox list with an option that stands alone ('Não sei avaliar' of the 360)", () => {
  it('clears the ticked statements when it is ticked, and disables them until it is unticked', () => {
    render(<Held />);
    fireEvent.click(box('Assume os próprios erros sem procurar culpados.'));
    fireEvent.click(box('Cumpre os compromissos que assume com a equipe.'));
    expect(held()).toEqual([1, 3]);

    fireEvent.click(box('Não sei avaliar'));
    expect(held()).toEqual([13]);
    expect(box('Assume os próprios erros sem procurar culpados.').checked).toBe(false);
    expect(box('Assume os próprios erros sem procurar culpados.').disabled).toBe(true);
    expect(box('Não sei avaliar').disabled).toBe(false);
    // Screen readers hear why the others cannot be ticked.
    const note = 'Com "Não sei avaliar" marcada, as outras opções ficam desmarcadas. Desmarque-a para escolher outras.';
    expect(screen.getByText(note)).toBeTruthy();
    expect(box('Não sei avaliar').closest('fieldset')!.getAttribute('aria-describedby')).toContain(`${screen.getByText(note).id}`);

    fireEvent.click(box('Não sei avaliar'));
    expect(held()).toBeNull();
    expect(box('Assume os próprios erros sem procurar culpados.').disabled).toBe(false);
    expect(screen.queryByText(note)).toBeNull();
  });

  it('shows an answer stored mixed (before the option stood alone) as it is held, the others disabled', () => {
    render(<Held initial={[1, 13]} />);
    expect(box('Não sei avaliar').checked).toBe(true);
    // The ticked statement can still be unticked; unticked ones cannot be added.
    expect(box('Assume os próprios erros sem procurar culpados.').disabled).toBe(false);
    expect(box('Cumpre os compromissos que assume com a equipe.').disabled).toBe(true);
  });
});
