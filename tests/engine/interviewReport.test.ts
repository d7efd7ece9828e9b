import { describe, expect, it } from 'vitest';
import type { InterviewPrintData } from '../../engine/interview/consolidate.ts';
import { interview360 } from '../../engine/interview/interview360.ts';
import { interviewReportBlocks } from '../../engine/interview/report.ts';

/** A print dataset written by hand: two competencies, one without a self grade. */
function dataset(count: number): InterviewPrintData {
  const [first, second] = interview360.competencies;
  return {
    title: 'Entrevista 360 graus',
    count,
    competencies: [
      { block: first!.block, name: first!.name, average: 7.25, self: null, min: 5, max: 9.5, positive: ['Escuta bem'], better: [] },
      { block: second!.block, name: second!.name, average: 10, self: 8, min: 10, max: 10, positive: [], better: ['Planejar antes'] },
    ],
    forces: ['Calma'],
    weakness: [],
    final: ['Fim'],
  };
}

describe('interviewReportBlocks', () => {
  it('gives only the screen’s empty text without finished interviews', () => {
    expect(interviewReportBlocks(interview360, dataset(0))).toEqual([{ kind: 'empty', text: 'Ainda não há entrevistas finalizadas dos avaliadores selecionados.' }]);
  });

  it('starts with the chart in print mode and its numbers in pt-BR, a dash for a missing self grade', () => {
    const [chart] = interviewReportBlocks(interview360, dataset(2));
    if (chart?.kind !== 'chart') throw new Error('the first block is not the chart');
    expect(chart.title).toBe('Notas por competência');
    expect(chart.option.animation).toBe(false);
    expect(JSON.stringify(chart.option)).not.toContain('tooltip');
    expect(chart.table).toEqual({
      columns: ['Competência', 'Média', 'Autoavaliação', 'Mínimo', 'Máximo'],
      rows: [
        ['Responsabilidade', '7,3', '—', '5,0', '9,5'],
        ['Planejamento', '10,0', '8,0', '10,0', '10,0'],
      ],
    });
  });

  it('prints the grade guide and every block’s grades and comments, blocks 11 to 13 last', () => {
    const blocks = interviewReportBlocks(interview360, dataset(2));
    expect(blocks[1]).toEqual({
      kind: 'table',
      title: 'Guia de notas',
      header: ['0', '1 a 3', '3,1 a 5', '5,1 a 7', '7,1 a 8', '8,1 a 9', '9,1 a 10'].map((text) => ({ text })),
      rows: [['Péssimo', 'Muito ruim', 'Ruim', 'Regular', 'Bom', 'Muito bom', 'Excelente'].map((text) => ({ text }))],
    });
    const texts = blocks.filter((block) => block.kind === 'texts');
    expect(texts.map((block) => block.title)).toEqual(['1. Responsabilidade', '2. Planejamento', '11. Pontos fortes', '12. Pontos a desenvolver', '13. Comentários finais']);
    expect(texts[0]!.groups).toEqual([
      {
        heading: 'Média 7,3 · Autoavaliação — · Mínimo 5,0 · Máximo 9,5',
        parts: [
          { heading: 'Pontos positivos', items: ['Escuta bem'] },
          { heading: 'Pontos a melhorar', items: [] },
        ],
      },
    ]);
    expect(texts[2]!.groups[0]!.parts).toEqual([{ items: ['Calma'] }]);
    expect(texts[4]!.groups[0]!.parts).toEqual([{ items: ['Fim'] }]);
  });
});
