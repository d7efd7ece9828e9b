import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { QuestionnaireDefinition, WireItem } from '../../../engine/definition/types.ts';
import { questionnaireMachine, type QuestionnaireEmitted } from '../../../engine/machine/questionnaireMachine.ts';

const scale = [
  { value: 1, label: 'Um' },
  { value: 2, label: 'Dois' },
];

/** A two-page definition with confirmations, used to drive the machine without any UI. */
function twoPages(extra: Partial<QuestionnaireDefinition> = {}): QuestionnaireDefinition {
  return {
    type: 99,
    slug: 'teste',
    title: 'Teste',
    scales: { s: scale },
    progress: { kind: 'page', label: 'Página {n} de {total}' },
    messages: { required: 'Responda a {n}' },
    pages: [
      { questions: [{ id: '1', kind: 'choice', scale: 's', required: true, text: 'A' }] },
      {
        questions: [
          { id: '2', kind: 'choice', scale: 's', required: true, text: 'B' },
          { id: '3', kind: 'text', text: 'C' },
        ],
      },
    ],
    ...extra,
  };
}

function start(definition: QuestionnaireDefinition, submit: (items: WireItem[]) => Promise<unknown> = async () => undefined) {
  const sent: WireItem[][] = [];
  const actor = createActor(
    questionnaireMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          sent.push(input.items);
          return submit(input.items);
        }),
      },
    }),
    { input: { definition } },
  );
  const emitted: QuestionnaireEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, sent, emitted };
}

describe('questionnaireMachine', () => {
  it('refuses to advance past a page with a required question unanswered and says which', () => {
    const { actor, emitted } = start(twoPages());
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
    expect(actor.getSnapshot().context.errors).toEqual([{ questionId: '1', message: 'Responda a 1' }]);
    expect(emitted).toContainEqual({ type: 'notify', variant: 'error', message: 'Responda a 1' });
  });

  it('clears the error live once the question is answered, then advances and goes back', () => {
    const { actor, emitted } = start(twoPages());
    actor.send({ type: 'page.next' });
    actor.send({ type: 'answer.set', questionId: '1', value: 2 });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().context.pageIndex).toBe(1);
    expect(emitted).toContainEqual({ type: 'page.changed', pageIndex: 1 });
    actor.send({ type: 'page.back' });
    actor.send({ type: 'page.back' });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
  });

  it('opens the instructions first and asks for confirmation before advancing and sending', async () => {
    const dialog = { title: 'T', body: ['x'], cancel: 'Não' };
    const { actor, sent } = start(twoPages({ instructions: dialog, confirmBeforeNext: dialog, confirmBeforeSubmit: dialog }));
    expect(actor.getSnapshot().matches('instructions')).toBe(true);
    actor.send({ type: 'dialog.confirm' });
    actor.send({ type: 'answer.set', questionId: '1', value: 1 });
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().matches('confirmingNext')).toBe(true);
    actor.send({ type: 'dialog.cancel' });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().context.pageIndex).toBe(1);
    actor.send({ type: 'answer.set', questionId: '2', value: 2 });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().matches('confirmingSubmit')).toBe(true);
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toEqual([
      [
        { question: '1', response: '1' },
        { question: '2', response: '2' },
      ],
    ]);
  });

  it('sends once however often Enviar is pressed while sending', async () => {
    let release: () => void = () => undefined;
    const { actor, sent } = start(twoPages(), () => new Promise<void>((resolve) => (release = resolve)));
    actor.send({ type: 'answer.set', questionId: '1', value: 1 });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'answer.set', questionId: '2', value: 1 });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    release();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toHaveLength(1);
  });

  it('keeps the answers after a failed send and sends them again on retry', async () => {
    let fail = true;
    const { actor, sent, emitted } = start(twoPages(), async () => {
      if (fail) throw new Error('offline');
    });
    actor.send({ type: 'answer.set', questionId: '1', value: 2 });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'answer.set', questionId: '2', value: 1 });
    actor.send({ type: 'answer.set', questionId: '3', value: 'comentário' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('answering') && snapshot.context.submitError !== null);
    expect(emitted).toContainEqual({
      type: 'notify',
      variant: 'error',
      message: 'Ocorreu um erro com o registro das suas respostas, entre em contato com o suporte!',
    });
    expect(actor.getSnapshot().context.answers).toEqual({ '1': 2, '2': 1, '3': 'comentário' });
    fail = false;
    actor.send({ type: 'submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContainEqual({ question: '3', response: 'comentário' });
    expect(emitted).toContainEqual({ type: 'notify', variant: 'success', message: 'Resposta enviada com sucesso' });
  });

  it('on send with an earlier page incomplete, returns to that page with its errors', () => {
    const { actor, emitted } = start(twoPages(), async () => undefined);
    actor.send({ type: 'answer.set', questionId: '1', value: 1 });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'answer.set', questionId: '1', value: undefined });
    actor.send({ type: 'answer.set', questionId: '2', value: 1 });
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
    expect(actor.getSnapshot().context.errors.map((error) => error.questionId)).toEqual(['1']);
    expect(emitted).toContainEqual({ type: 'errors.shown', questionId: '1' });
  });
});
