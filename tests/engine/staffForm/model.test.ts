import { describe, expect, it } from 'vitest';
import shared from '../../../definitions/interview360.json' with { type: 'json' };
import questionnaireJson from '../../../definitions/questionnaires/interview360.json' with { type: 'json' };
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import { isStaffForm, staffFormModel } from '../../../engine/staffForm/model.ts';
import { interviewQuestionnaire, questionnaireFile } from '../../staffForms.ts';

const interview360 = staffFormModel(interviewQuestionnaire);

/*
 * The interview's model is read off its questionnaire definition's declared blocks (`staffFormModel`).
 * The expected values come from the definition files read here or are written by hand. The checks of
 * a broken declaration: tests/engine/definition/staffSemantics.test.ts.
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

describe('staffFormModel of the real definition', () => {
  it('has the 10 competencies of definitions/interview360.json, in order, as blocks 1 to 10 with their question ids', () => {
    expect(interview360.competencies).toEqual(
      shared.competencies.map(({ block, name }) => ({
        block,
        name,
        questions: { grade: `${block}.grade`, positive: `${block}.positive`, better: `${block}.better`, reviewed: `${block}.reviewed` },
      })),
    );
    expect(interview360.competencies.map((competency) => competency.block)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('has the open blocks 11 to 13 and the confidential comments as block 14', () => {
    expect(interview360.openBlocks).toEqual([
      { block: 11, key: 'forces', name: 'Pontos fortes', question: '11.forces' },
      { block: 12, key: 'weakness', name: 'Pontos a desenvolver', question: '12.weakness' },
      { block: 13, key: 'final', name: 'Comentários finais', question: '13.final' },
    ]);
    expect(interview360.confidential).toEqual({ block: 14, key: 'confidential', name: 'Comentários confidenciais', question: '14.confidential' });
  });

  it('is read off the declaration: names and block numbers follow staff.blocks, not the ids', () => {
    const definition = copy();
    const blocks = definition.staff!.blocks!;
    // The first two competencies declared in the other order, one renamed.
    [blocks.competencies[0], blocks.competencies[1]] = [{ ...blocks.competencies[1]!, name: 'Planejar' }, blocks.competencies[0]!];
    const model = staffFormModel(definition);
    expect(model.competencies.slice(0, 3).map(({ block, name }) => ({ block, name }))).toEqual([
      { block: 2, name: 'Planejar' },
      { block: 1, name: 'Responsabilidade' },
      { block: 3, name: 'Gestão de Tempo' },
    ]);
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

describe('staffFormModel of a definition of another shape', () => {
  const prefix = 'O questionário do tipo 11 não tem a forma da entrevista 360: ';

  it('throws without staff', () => {
    const definition = copy();
    delete definition.staff;
    expect(() => staffFormModel(definition)).toThrow(`${prefix}falta o bloco staff (formulário preenchido pela equipe).`);
  });

  it('throws without the declared blocks', () => {
    const definition = copy();
    delete definition.staff!.blocks;
    expect(() => staffFormModel(definition)).toThrow(`${prefix}faltam os blocos do relatório (staff.blocks: competências, blocos abertos e comentários confidenciais).`);
  });

  it('throws, naming the path and the problem, for a declaration that does not hold', () => {
    const definition = copy();
    definition.staff!.blocks!.competencies[2]!.reviewed = '3.nada';
    expect(() => staffFormModel(definition)).toThrow(
      `${prefix}/staff/blocks/competencies/2/reviewed: a pergunta "3.nada" não existe; /pages/2/questions/3: a pergunta "3.reviewed" não está em nenhum bloco de "staff.blocks" (competências, blocos abertos ou comentários confidenciais).`,
    );
  });
});

describe('a staff form is any definition with staff', () => {
  it('tells a staff form from a respondent questionnaire', () => {
    expect(isStaffForm(interviewQuestionnaire)).toBe(true);
    expect(isStaffForm(questionnaireFile('estresse'))).toBe(false);
  });

  it('reads the model of a second staff form off its own definition (type, titles, statuses)', () => {
    const definition = { ...copy(), type: 99, title: 'Entrevista de desligamento' };
    definition.staff = { ...definition.staff!, reportTitle: 'Desligamento', statuses: [{ key: 'draft', label: 'Rascunho' }, { key: 'done', label: 'Concluída' }], finishedStatus: 'done' };
    const model = staffFormModel(definition);
    expect([model.typeEvaluation, model.title, model.printTitle, model.finishedStatus]).toEqual([99, 'Entrevista de desligamento', 'Desligamento', 'done']);
    expect(model.statuses).toEqual([{ key: 'draft', label: 'Rascunho' }, { key: 'done', label: 'Concluída' }]);
    expect(model.competencies).toEqual(interview360.competencies);
  });
});
