import { describe, expect, it } from 'vitest';
import shared from '../../definitions/interview360.json' with { type: 'json' };
import questionnaireJson from '../../definitions/questionnaires/interview360.json' with { type: 'json' };
import { interviewModel } from '../../engine/interview/definition.ts';
import { interview360, interviewQuestionnaire } from '../../engine/interview/interview360.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';

/*
 * The interview's model is read off its questionnaire definition (`interviewModel`). The expected
 * values come from the definition files read here or are written by hand.
 */

/** A copy of the real definition to break. */
const copy = (): QuestionnaireDefinition => structuredClone(interviewQuestionnaire);

describe('the interview questionnaire', () => {
  it('is the file with its $refs to the shared competencies followed', () => {
    expect(questionnaireJson.pages[0]!.title).toEqual({ $ref: '../interview360.json#/competencies/0/name' });
    expect(interviewQuestionnaire.type).toBe(11);
    expect(interviewQuestionnaire.pages.slice(0, 10).map((page) => page.title)).toEqual(shared.competencies.map((competency) => competency.name));
    expect(JSON.stringify(interviewQuestionnaire)).not.toContain('$ref');
  });
});

describe('interviewModel of the real definition', () => {
  it('has the 10 competencies of definitions/interview360.json, in order, as blocks 1 to 10', () => {
    expect(interview360.competencies).toEqual(shared.competencies.map(({ block, name }) => ({ block, name })));
    expect(interview360.competencies.map((competency) => competency.block)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('has the open blocks 11 to 13 and the confidential comments as block 14', () => {
    expect(interview360.openBlocks).toEqual([
      { block: 11, key: 'forces', name: 'Pontos fortes' },
      { block: 12, key: 'weakness', name: 'Pontos a desenvolver' },
      { block: 13, key: 'final', name: 'Comentários finais' },
    ]);
    expect(interview360.confidential).toEqual({ block: 14, key: 'confidential', name: 'Comentários confidenciais' });
  });

  it('has the 4 statuses, the finished one, the titles and the grade bounds', () => {
    expect(interview360.statuses).toEqual([
      { key: 'open', label: 'Entrevista em andamento' },
      { key: 'willCorrect', label: 'À corrigir' },
      { key: 'correcting', label: 'Corrigindo' },
      { key: 'finished', label: 'Finalizado' },
    ]);
    expect(interview360.finishedStatus).toBe('finished');
    expect(interview360.notStartedLabel).toBe('Não iniciado');
    expect(interview360.typeEvaluation).toBe(11);
    expect(interview360.title).toBe('Avaliação 360 por entrevista');
    expect(interview360.printTitle).toBe('Entrevista 360 graus');
    expect(interview360.grade).toEqual({ min: 0, max: 10 });
  });

  it('has the 7 bands of the grade guide, lowest first', () => {
    expect(interview360.gradeGuide).toEqual([
      { from: 0, to: 0, label: 'Péssimo' },
      { from: 1, to: 3, label: 'Muito ruim' },
      { from: 3.1, to: 5, label: 'Ruim' },
      { from: 5.1, to: 7, label: 'Regular' },
      { from: 7.1, to: 8, label: 'Bom' },
      { from: 8.1, to: 9, label: 'Muito bom' },
      { from: 9.1, to: 10, label: 'Excelente' },
    ]);
  });
});

describe('interviewModel of a definition of another shape', () => {
  it('throws without staff', () => {
    const definition = copy();
    delete definition.staff;
    expect(() => interviewModel(definition)).toThrow('O questionário do tipo 11 não tem a forma da entrevista 360: falta o bloco staff');
  });

  it('throws, naming the page, for a competency without its reviewed mark', () => {
    const definition = copy();
    definition.pages[2]!.questions = definition.pages[2]!.questions.filter((question) => question.id !== '3.reviewed');
    expect(() => interviewModel(definition)).toThrow('a página 3 não é uma competência');
  });

  it('throws for a competency whose ids are not its block’s', () => {
    const definition = copy();
    // Pages 1 and 2 swapped: the ids '2.…' are on the first page.
    [definition.pages[0], definition.pages[1]] = [definition.pages[1]!, definition.pages[0]!];
    expect(() => interviewModel(definition)).toThrow(/a página 1 não é uma competência.*a página 2 não é uma competência/);
  });

  it('throws for open blocks missing or out of order', () => {
    const swapped = copy();
    const [forces, weakness] = [swapped.pages[10]!.questions[0]!, swapped.pages[11]!.questions[0]!];
    [forces.id, weakness.id] = ['11.weakness', '12.forces'];
    expect(() => interviewModel(swapped)).toThrow('os blocos abertos devem ser forces, weakness, final, nesta ordem; são weakness, forces, final');
    const missing = copy();
    missing.pages.splice(12, 1);
    expect(() => interviewModel(missing)).toThrow('são forces, weakness');
  });

  it('throws without the dialog page of the confidential comments, or with a text there', () => {
    const none = copy();
    none.pages = none.pages.filter((page) => page.display !== 'dialog');
    expect(() => interviewModel(none)).toThrow('deve haver uma só página exibida como diálogo');
    const plain = copy();
    plain.pages.at(-1)!.questions[0] = { id: '14.confidential', kind: 'text', text: 'Comentários' };
    expect(() => interviewModel(plain)).toThrow('deve haver uma só página exibida como diálogo');
  });

  it('throws for grades of different bounds or without the guide', () => {
    const bounds = copy();
    const grade = bounds.pages[4]!.questions[0]!;
    if (grade.kind !== 'grade') throw new Error('the first question of page 5 is not the grade');
    grade.max = 5;
    expect(() => interviewModel(bounds)).toThrow('a nota do bloco 5 vai de 0 a 5, e a do bloco 1 de 0 a 10');
    const unguided = copy();
    const first = unguided.pages[0]!.questions[0]!;
    if (first.kind !== 'grade') throw new Error('the first question is not the grade');
    delete first.guide;
    expect(() => interviewModel(unguided)).toThrow('a nota do bloco 1 deve indicar um guia de notas');
    const noGuides = copy();
    delete noGuides.guides;
    expect(() => interviewModel(noGuides)).toThrow('a nota do bloco 10 deve indicar um guia de notas');
  });

  it('throws for a definition without any competency', () => {
    const definition = copy();
    definition.pages = definition.pages.slice(10).map((page) => structuredClone(page));
    expect(() => interviewModel(definition)).toThrow('nenhuma página é uma competência');
  });
});
