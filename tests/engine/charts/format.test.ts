import { describe, expect, it } from 'vitest';
import { cellText, formatCell, formatDecimalBR, formatNumber, toNumber } from '../../../engine/charts/format.ts';

describe('formatNumber', () => {
  it('writes percentages rounded with a percent sign', () => {
    expect(formatNumber(42.4, 'percent')).toBe('42%');
    expect(formatNumber(55.5, 'percent')).toBe('56%');
  });

  it('writes decimals with one decimal and a comma, integers with a dot for thousands', () => {
    expect(formatNumber(7.25, 'decimal')).toBe('7,3');
    expect(formatNumber(3.15, 'decimal')).toBe('3,2');
    expect(formatNumber(1234, 'integer')).toBe('1.234');
    expect(formatNumber(2.6, 'integer')).toBe('3');
  });

  it('without a format writes whole numbers plain and others with one decimal', () => {
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(3.14)).toBe('3,1');
  });

  it('never writes minus zero', () => {
    expect(formatDecimalBR(-0.04)).toBe('0,0');
    expect(formatNumber(-0.4, 'percent')).toBe('0%');
    expect(formatNumber(-2.5, 'decimal')).toBe('-2,5');
  });
});

describe('cells', () => {
  it('reads numbers and numeric texts as numbers, anything else as none', () => {
    expect([toNumber(7.5), toNumber('7.5'), toNumber(''), toNumber('sete'), toNumber(null), toNumber(true)]).toEqual([7.5, 7.5, null, null, null, null]);
  });

  it('writes names as they are, years without a thousands dot, booleans in Portuguese', () => {
    expect([cellText('Ação'), cellText(2024), cellText(7.5), cellText(true), cellText(null)]).toEqual(['Ação', '2024', '7,5', 'Sim', '']);
    expect([formatCell('12', 'percent'), formatCell('12'), formatCell(12)]).toEqual(['12%', '12', '12']);
  });
});

describe('the change format', () => {
  it('writes the sign, one decimal and the direction; what rounds to zero is no change', () => {
    expect([0.4, -1.25, 0, 0.04, -0.04, 12.36].map((value) => formatNumber(value, 'change'))).toEqual(['+0,4 ▲', '-1,3 ▼', '0,0 =', '0,0 =', '0,0 =', '+12,4 ▲']);
  });
});
