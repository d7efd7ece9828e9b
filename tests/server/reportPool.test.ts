/**
 * The report threads: a rendering that fails fails alone (the next one is rendered), a full queue
 * refuses at once instead of growing without bound, and closing the pool fails what still waits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ReportPool, ReportsBusyError } from '../../apps/server/src/reports/pool.ts';
import type { ReportDocument } from '../../engine/reports/document.ts';
import { pdfText } from './pdfTools.ts';

const document = (title: string, blocks: ReportDocument['blocks'] = []): ReportDocument => ({
  orientation: 'portrait',
  createdAt: '2026-11-23T12:00:00.000Z',
  meta: { title, subject: ['Empresa: Água Viva'], generated: '23 de NOVEMBRO de 2026', versions: 'Teste v1', supportEmail: 'suporte@teste.br', supportPhone: '+55 11 0000-0000' },
  blocks,
});

describe('the report pool', () => {
  const pool = new ReportPool({ threads: 1, maxWaiting: 2 });
  afterAll(() => pool.close());

  it('renders a document on its thread, with the support contacts on the page', async () => {
    const text = pdfText(await pool.render(document('Relatório de Teste', [{ kind: 'stat', value: '42', label: 'avaliações' }])));
    expect(text).toContain('Relatório de Teste');
    expect(text).toContain('42 avaliações');
    expect(text).toContain('Suporte: suporte@teste.br · WhatsApp +55 11 0000-0000');
  });

  it('fails only the rendering that fails', async () => {
    // A block no renderer knows: that rendering fails on its thread, the next one does not.
    const broken = document('Quebrado', [{ kind: 'nao-existe' } as never]);
    await expect(pool.render(broken)).rejects.toThrow();
    expect(pdfText(await pool.render(document('Depois da falha')))).toContain('Depois da falha');
  });

  it('refuses at once when too many renderings wait', async () => {
    const many = Array.from({ length: 5 }, (_item, index) => pool.render(document(`Relatório ${index}`)));
    const settled = await Promise.allSettled(many);
    expect(settled.filter((result) => result.status === 'rejected' && result.reason instanceof ReportsBusyError).length).toBeGreaterThan(0);
    expect(settled.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
  });
});
