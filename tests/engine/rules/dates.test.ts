import { describe, expect, it } from 'vitest';
import { formatDateBR, formatDateTimeBR, formatStampBR, isIsoDate, localDay, PRODUCT_TIME_ZONE } from '../../../engine/rules/dates.ts';

// 02:30 UTC on 1 March 2026: still 28 February in São Paulo (UTC−3), already 1 March in Lisbon (UTC+0) and Tokyo.
const NEAR_MIDNIGHT = new Date('2026-03-01T02:30:00.000Z');

describe('pt-BR dates in a time zone', () => {
  it('writes the day of the zone asked for, not the machine’s', () => {
    expect(formatDateBR(NEAR_MIDNIGHT, 'America/Sao_Paulo')).toBe('28/02/2026');
    expect(formatDateBR(NEAR_MIDNIGHT, 'Asia/Tokyo')).toBe('01/03/2026');
    expect(localDay(NEAR_MIDNIGHT, 'America/Sao_Paulo')).toBe('2026-02-28');
    expect(localDay(NEAR_MIDNIGHT, 'Europe/Lisbon')).toBe('2026-03-01');
  });

  it('writes date and time with 24 hours, with or without the comma', () => {
    expect(formatDateTimeBR(NEAR_MIDNIGHT, 'America/Sao_Paulo')).toBe('28/02/2026, 23:30');
    expect(formatDateTimeBR(NEAR_MIDNIGHT, 'Europe/Lisbon')).toBe('01/03/2026, 02:30');
    expect(formatStampBR(NEAR_MIDNIGHT, 'America/Sao_Paulo')).toBe('28/02/2026 23:30');
    expect(formatStampBR(new Date('2026-01-01T00:05:00.000Z'), 'UTC')).toBe('01/01/2026 00:05');
  });

  it('keeps one formatter per zone: alternating zones never mixes them up', () => {
    const days = ['America/Sao_Paulo', 'Asia/Tokyo', 'America/Sao_Paulo', 'Asia/Tokyo'].map((zone) => formatDateBR(NEAR_MIDNIGHT, zone));
    expect(days).toEqual(['28/02/2026', '01/03/2026', '28/02/2026', '01/03/2026']);
  });

  it('the product’s zone is São Paulo', () => {
    expect(PRODUCT_TIME_ZONE).toBe('America/Sao_Paulo');
  });
});

describe('isIsoDate', () => {
  it('takes real calendar dates written yyyy-mm-dd only', () => {
    expect(['2024-02-29', '2023-02-29', '2024-13-01', '24-01-01', '2024-04-31', '2024-4-01'].map(isIsoDate)).toEqual([true, false, false, false, false, false]);
  });
});
