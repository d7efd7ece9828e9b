import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../apps/server/src/reports/pdf.ts';
import type { ReportDocument } from '../../engine/reports/document.ts';
import { pdfText } from './pdfTools.ts';

/* A widget's help block is drawn in the PDF: how to read it, then each band's name and meaning. */

const report: ReportDocument = {
  meta: { title: 'Escala de Estresse Percebido', subject: ['Empresa: Exemplo'], generated: '26 de NOVEMBRO de 2026, 05:00', versions: '', supportEmail: 'suporte@avalia.com.br', supportPhone: '(11) 0000-0000' },
  orientation: 'portrait',
  createdAt: '2026-11-26T05:00:00.000Z',
  blocks: [
    { kind: 'stat', value: '21,5', label: 'pontos em média' },
    {
      kind: 'help',
      text: 'O ponteiro marca a média do grupo na escala de 0 a 56.',
      meanings: [
        { name: 'Estresse baixo', text: 'Tensão dentro do esperado.' },
        { name: 'Estresse alto', text: 'Sinal de atenção.' },
      ],
    },
  ],
};

describe("a widget's help in the PDF", () => {
  it('is written under the widget, its text then each name with its meaning', async () => {
    const text = pdfText(await renderPdf(report));
    expect(text).toContain('21,5 pontos em média O ponteiro marca a média do grupo na escala de 0 a 56. Estresse baixo: Tensão dentro do esperado. Estresse alto: Sinal de atenção.');
  });
});
