import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireItem } from '../../engine/definition/types.ts';
import { heldAnswers } from '../../engine/answers/held.ts';
import { interviewQuestionnaire } from '../staffForms.ts';
import { QuestionnaireRunner } from '../../renderer/QuestionnaireRunner.tsx';

/*
 * The interview drawn by the one runner in staff mode (jsdom). What is expected is the interview
 * screen of administration.md 4–5: the 13 blocks with quick-jump links ticked when a block is reviewed
 * or written, the grade guide, a grade field per competency named after it, the band of a typed grade,
 * and 'Salvar' sending the interview's wire pairs. The competency names come from definitions/interview360.json.
 */

const COMPETENCIES = JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')).competencies as { block: number; name: string }[];

function renderInterview(initial = {}) {
  Element.prototype.scrollIntoView = vi.fn();
  const onSave = vi.fn(async (_items: WireItem[]) => undefined);
  const notify = vi.fn();
  render(<QuestionnaireRunner definition={interviewQuestionnaire} initialAnswers={initial} onSave={onSave} notify={notify} frame={<p>Moldura</p>} />);
  return { onSave, notify };
}

afterEach(cleanup);

describe('the interview in the staff form', () => {
  it('draws 13 numbered blocks, their jump links, the grade guide and one named grade per competency', { timeout: 20000 }, async () => {
    renderInterview();
    for (const { block, name } of COMPETENCIES) await screen.findByRole('textbox', { name: `Nota ${block}. ${name}` }, { timeout: 10000 });
    expect(screen.getByRole('textbox', { name: 'Pontos fortes' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Ir para o bloco' });
    expect(within(nav).getAllByRole('link')).toHaveLength(13);
    expect(within(nav).getByRole('link', { name: 'Bloco 1: não revisado' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Bloco 13: vazio' })).toBeTruthy();
    expect(screen.getByText('9,1 a 10: Excelente')).toBeTruthy();
    expect(screen.getByText('Moldura')).toBeTruthy();
    expect(document.getElementById('bloco-8')?.querySelector('h2')?.textContent).toBe(`8. ${COMPETENCIES[7]!.name}`);
    // No respondent controls: no 'Enviar', no page steps.
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
  });

  it('shows the band of a typed grade, ticks the jump link of a reviewed block, and saves the wire pairs', { timeout: 20000 }, async () => {
    const { onSave } = renderInterview();
    const grade = await screen.findByRole('textbox', { name: 'Nota 2. Planejamento' }, { timeout: 10000 });
    fireEvent.change(grade, { target: { value: '8,5' } });
    expect(document.getElementById(grade.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Muito bom');
    fireEvent.click(within(document.getElementById('bloco-2')!).getByRole('checkbox', { name: /Revisado/ }));
    expect(screen.getByRole('link', { name: 'Bloco 2: revisado' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comentários finais' }), { target: { value: 'Ótima conversa' } });
    expect(screen.getByRole('link', { name: 'Bloco 13: preenchido' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Nota 4. Delegação' }), { target: { value: '11' } });
    expect(await screen.findByText('A nota da questão 4 deve estar entre 0 e 10.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const items = onSave.mock.calls[0]![0];
    const response = (question: string) => items.find((item) => item.question === question)?.response;
    expect([response('2.grade'), response('2.reviewed'), response('13.final'), response('4.grade'), response('1.grade'), response('1.positive')]).toEqual([
      '8.5', 'true', 'Ótima conversa', '11', '0', ' ',
    ]);
  });

  it('reopens a saved interview with its answers, blanks left empty', { timeout: 20000 }, async () => {
    const saved = [
      { question: '3.grade', response: '6.3' },
      { question: '3.positive', response: 'Organizada' },
      { question: '3.better', response: ' ' },
      { question: '3.reviewed', response: 'true' },
      { question: '4.reviewed', response: 'false' },
    ];
    renderInterview(heldAnswers(interviewQuestionnaire, saved));
    const grade = (await screen.findByRole('textbox', { name: 'Nota 3. Gestão de Tempo' }, { timeout: 10000 })) as HTMLInputElement;
    expect(grade.value).toBe('6,3');
    expect((screen.getByRole('textbox', { name: 'Pontos positivos 3. Gestão de Tempo' }) as HTMLTextAreaElement).value).toBe('Organizada');
    expect((screen.getByRole('textbox', { name: 'Pontos a melhorar 3. Gestão de Tempo' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'Bloco 3: revisado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bloco 4: não revisado' })).toBeTruthy();
  });
});
