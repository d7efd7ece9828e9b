import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { QuestionnaireDefinition, WireItem } from '../../../engine/definition/types.ts';
import { interviewQuestionnaire } from '../../staffForms.ts';
import { questionnaireMachine, type QuestionnaireEmitted } from '../../../engine/machine/questionnaireMachine.ts';

/*
 * Staff mode of the one questionnaire machine, run with the real interview definition. The expected
 * behaviour is administration.md's interview screen: free navigation between the blocks, 'Salvar' at
 * any time (errors included), 'Sincronizar' saving every 30 s with a countdown, and on the wire an
 * empty grade as "0" and an empty text as " " (administration.md 5).
 */

const COMPETENCIES = JSON.parse(readFileSync(join(process.cwd(), 'definitions/interview360.json'), 'utf8')).competencies as { block: number; name: string }[];

function start(definition: QuestionnaireDefinition = interviewQuestionnaire, save: (items: WireItem[]) => Promise<unknown> = async () => undefined) {
  const saved: WireItem[][] = [];
  const actor = createActor(
    questionnaireMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          saved.push(input.items);
          return save(input.items);
        }),
        submit: fromPromise(async ({ input }) => {
          throw new Error(`a staff form never submits (${input.items.length} items)`);
        }),
      },
    }),
    { input: { definition } },
  );
  const emitted: QuestionnaireEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, saved, emitted };
}

const settle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('answering'));

describe('the questionnaire machine in staff mode (the 360 interview)', () => {
  it('saves an untouched interview with every blank the interview sends: grades "0", texts " ", marks "false"', async () => {
    const { actor, saved, emitted } = start();
    actor.send({ type: 'save' });
    await settle(actor);
    expect(saved).toHaveLength(1);
    const items = saved[0]!;
    // 10 competencies × (grade, positive, better, reviewed) + 3 open blocks + the confidential comments.
    expect(items).toHaveLength(COMPETENCIES.length * 4 + 3 + 1);
    const response = (question: string) => items.find((item) => item.question === question)?.response;
    for (const { block } of COMPETENCIES) {
      expect(response(`${block}.grade`)).toBe('0');
      expect(response(`${block}.positive`)).toBe(' ');
      expect(response(`${block}.better`)).toBe(' ');
      expect(response(`${block}.reviewed`)).toBe('false');
    }
    expect(['11.forces', '12.weakness', '13.final', '14.confidential'].map(response)).toEqual([' ', ' ', ' ', ' ']);
    expect(emitted).toContainEqual({ type: 'notify', variant: 'success', message: 'Avaliação salva com sucesso!' });
  });

  it('sends what was typed, a comma grade with a dot, and saves even with a grade out of range', async () => {
    const { actor, saved } = start();
    actor.send({ type: 'answer.set', questionId: '3.grade', value: 6.3 });
    actor.send({ type: 'answer.set', questionId: '3.reviewed', value: true });
    actor.send({ type: 'answer.set', questionId: '11.forces', value: 'Dedicado' });
    actor.send({ type: 'answer.set', questionId: '4.grade', value: 12 });
    // The bad grade shows at once, without a refused step.
    expect(actor.getSnapshot().context.errors).toEqual([{ questionId: '4.grade', message: 'A nota da questão 4 deve estar entre 0 e 10.' }]);
    actor.send({ type: 'save' });
    await settle(actor);
    const response = (question: string) => saved[0]!.find((item) => item.question === question)?.response;
    expect([response('3.grade'), response('3.reviewed'), response('11.forces'), response('4.grade')]).toEqual(['6.3', 'true', 'Dedicado', '12']);
  });

  it('says why a save failed and keeps every answer', async () => {
    const { actor, emitted } = start(interviewQuestionnaire, async () => {
      throw new Error('Nota inválida no bloco 4.');
    });
    actor.send({ type: 'answer.set', questionId: '1.positive', value: 'Pontual' });
    actor.send({ type: 'save' });
    await settle(actor);
    expect(emitted).toContainEqual({ type: 'notify', variant: 'error', message: 'Houve um problema com a sua avaliação: Nota inválida no bloco 4.' });
    expect(actor.getSnapshot().context.answers['1.positive']).toBe('Pontual');
  });

  it('auto-saves every 30 s while Sincronizar is on, restarts the countdown, and stops when turned off', async () => {
    const { actor, saved } = start();
    expect(actor.getSnapshot().context.autoSave).toBe(false);
    for (let second = 0; second < 40; second += 1) actor.send({ type: 'autosave.tick' });
    expect(saved).toHaveLength(0);

    actor.send({ type: 'autosave.toggle' });
    expect(actor.getSnapshot().context).toMatchObject({ autoSave: true, secondsLeft: 30 });
    for (let second = 0; second < 29; second += 1) actor.send({ type: 'autosave.tick' });
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(saved).toHaveLength(0);
    actor.send({ type: 'autosave.tick' });
    await settle(actor);
    expect(saved).toHaveLength(1);
    expect(actor.getSnapshot().context.secondsLeft).toBe(30);

    actor.send({ type: 'autosave.toggle' });
    for (let second = 0; second < 60; second += 1) actor.send({ type: 'autosave.tick' });
    expect(saved).toHaveLength(1);
  });

  it('skips an automatic save that falls while a save runs, without queueing it', async () => {
    let release: () => void = () => undefined;
    const { actor, saved } = start(interviewQuestionnaire, () => new Promise<void>((resolve) => (release = resolve)));
    actor.send({ type: 'autosave.toggle' });
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    // Typing goes on during the save.
    actor.send({ type: 'answer.set', questionId: '2.better', value: 'Prazos' });
    for (let second = 0; second < 30; second += 1) actor.send({ type: 'autosave.tick' });
    release();
    await settle(actor);
    expect(saved).toHaveLength(1);
    expect(actor.getSnapshot().context.answers['2.better']).toBe('Prazos');
  });

  it('jumps to any block, answered or not, and ignores a block that does not exist', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'page.goto', pageIndex: 12 });
    expect(actor.getSnapshot().context.pageIndex).toBe(12);
    expect(emitted).toContainEqual({ type: 'page.changed', pageIndex: 12 });
    actor.send({ type: 'page.goto', pageIndex: 3 });
    expect(actor.getSnapshot().context.pageIndex).toBe(3);
    actor.send({ type: 'page.goto', pageIndex: 99 });
    expect(actor.getSnapshot().context.pageIndex).toBe(3);
  });

  it('keeps a respondent form as it was: no jumps, no saves, no auto-save', async () => {
    const respondent: QuestionnaireDefinition = { ...interviewQuestionnaire, staff: undefined, pages: interviewQuestionnaire.pages.filter((page) => page.display !== 'dialog') };
    const { actor, saved } = start(respondent);
    actor.send({ type: 'page.goto', pageIndex: 5 });
    actor.send({ type: 'save' });
    actor.send({ type: 'autosave.toggle' });
    for (let second = 0; second < 31; second += 1) actor.send({ type: 'autosave.tick' });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(saved).toHaveLength(0);
  });
});
