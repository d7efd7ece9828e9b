import { describe, expect, it } from 'vitest';
import { parseQuestionnaire } from '../../../engine/definition/parse.ts';
import type { QuestionnaireDefinition, StaffBlocks } from '../../../engine/definition/types.ts';
import { interviewQuestionnaire } from '../../staffForms.ts';

/*
 * A staff form's declared blocks (`staff.blocks`) are checked when the definition is parsed: each
 * broken declaration is refused at the JSON path of the value, with a Portuguese message naming it.
 * The expected messages are written by hand.
 */

/** The interview definition (references followed) with its blocks changed by `edit`, parsed. */
function parsedWith(edit: (blocks: StaffBlocks, definition: QuestionnaireDefinition) => void) {
  const definition = structuredClone(interviewQuestionnaire);
  edit(definition.staff!.blocks!, definition);
  const parsed = parseQuestionnaire(definition);
  return parsed.ok ? [] : parsed.errors;
}

const missing = (id: string, page: number, question: number) => ({
  pointer: `/pages/${page}/questions/${question}`,
  message: `a pergunta "${id}" não está em nenhum bloco de "staff.blocks" (competências, blocos abertos ou comentários confidenciais)`,
});

describe('staff.blocks', () => {
  it('of the real interview definition holds', () => {
    expect(parsedWith(() => {})).toEqual([]);
  });

  it('refuses an id that is no question, and says which question is then in no block', () => {
    expect(
      parsedWith((blocks) => {
        blocks.competencies[0]!.grade = '1.nota';
      }),
    ).toEqual([{ pointer: '/staff/blocks/competencies/0/grade', message: 'a pergunta "1.nota" não existe' }, missing('1.grade', 0, 0)]);
  });

  it('refuses a question of another kind, and the confidential comments off the dialog page', () => {
    expect(
      parsedWith((blocks) => {
        [blocks.open.forces, blocks.confidential] = [blocks.confidential, blocks.open.forces];
      }),
    ).toEqual([
      { pointer: '/staff/blocks/open/forces', message: 'a pergunta "14.confidential" é do tipo "richText"; neste bloco ela deve ser do tipo "text"' },
      { pointer: '/staff/blocks/open/forces', message: 'a pergunta "14.confidential" está numa página "dialog": só os comentários confidenciais ficam lá' },
      { pointer: '/staff/blocks/confidential', message: 'a pergunta "11.forces" é do tipo "text"; neste bloco ela deve ser do tipo "richText"' },
      { pointer: '/staff/blocks/confidential', message: 'os comentários confidenciais ("11.forces") ficam numa página "dialog"' },
    ]);
  });

  it('refuses a block declared twice', () => {
    expect(
      parsedWith((blocks) => {
        blocks.competencies[1] = { ...blocks.competencies[0]!, name: 'Outra' };
      }),
    ).toEqual([
      ...['grade', 'positive', 'better', 'reviewed'].map((field) => ({
        pointer: `/staff/blocks/competencies/1/${field}`,
        message: `a pergunta "1.${field}" já está em outro bloco: cada pergunta fica num só bloco`,
      })),
      ...['grade', 'positive', 'better', 'reviewed'].map((field, index) => missing(`2.${field}`, 1, index)),
    ]);
  });

  it('refuses a block spread over two pages, and two blocks on one page', () => {
    const errors = parsedWith((blocks) => {
      blocks.competencies[0]!.better = '2.better';
      blocks.competencies[1]!.better = '1.better';
    });
    expect(errors).toContainEqual({
      pointer: '/staff/blocks/competencies/0/better',
      message: 'a pergunta "2.better" está na página 2, e as outras do seu bloco na página 1: as perguntas de um bloco ficam numa só página',
    });
    expect(errors).toContainEqual({
      pointer: '/staff/blocks/competencies/1/grade',
      message: 'a pergunta "2.grade" está na página 2, que já é de outro bloco: cada bloco tem a sua página',
    });
  });

  it('refuses competency grades of other bounds or without the others’ guide', () => {
    expect(
      parsedWith((_blocks, definition) => {
        const grade = definition.pages[4]!.questions[0]!;
        if (grade.kind === 'grade') grade.max = 9;
        const unguided = definition.pages[6]!.questions[0]!;
        if (unguided.kind === 'grade') delete unguided.guide;
      }),
    ).toEqual([
      {
        pointer: '/staff/blocks/competencies/4/grade',
        message: 'a nota "5.grade" vai de 0 a 9, e a nota "1.grade" de 0 a 10: as notas das competências têm os mesmos limites',
      },
      { pointer: '/staff/blocks/competencies/6/grade', message: 'a nota "7.grade" deve indicar o mesmo guia de notas ("guide") das outras competências' },
    ]);
  });

  it('refuses a question whose id is a field of the evaluation the save sends beside the answers', () => {
    expect(
      parsedWith((blocks, definition) => {
        definition.pages[12]!.questions[0]!.id = 'status';
        blocks.open.final = 'status';
      }),
    ).toEqual([{ pointer: '/pages/12/questions/0/id', message: 'o id "status" é de um campo da avaliação num formulário da equipe (status, date, show): dê outro id à pergunta' }]);
  });

  it('refuses a competency without one of its fields (the schema)', () => {
    const errors = parsedWith((blocks) => {
      delete (blocks.competencies[3] as Partial<StaffBlocks['competencies'][number]>).reviewed;
    });
    expect(errors).toEqual([{ pointer: '/staff/blocks/competencies/3', message: expect.stringContaining('reviewed') as string }]);
  });
});
