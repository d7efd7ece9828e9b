import { describe, expect, it } from 'vitest';
import { expiryFor, linkState } from '../../../engine/lifecycle/linkState.ts';
import { formatDateBR } from '../../../engine/rules/dates.ts';

describe('link lifecycle', () => {
  it('expires at the end of the expiry day in the business time zone', () => {
    // 10:00 in São Paulo (UTC-3) on 1 March 2026, 2 days to answer → 3 March 23:59:59.999 local.
    const expiry = expiryFor(new Date('2026-03-01T13:00:00Z'), 2, 'America/Sao_Paulo');
    expect(expiry.toISOString()).toBe('2026-03-04T02:59:59.999Z');
    expect(formatDateBR(expiry, 'America/Sao_Paulo')).toBe('03/03/2026');
  });

  it('uses the local calendar day even late in the evening (already the next day in UTC)', () => {
    const expiry = expiryFor(new Date('2026-03-02T01:30:00Z'), 0, 'America/Sao_Paulo');
    expect(expiry.toISOString()).toBe('2026-03-02T02:59:59.999Z');
  });

  it('tells invalid, done, expired and open apart', () => {
    const expire_at = '2026-03-04T02:59:59.999Z';
    expect(linkState(null, new Date())).toBe('invalid');
    expect(linkState({ done: true, expire_at }, new Date('2027-01-01'))).toBe('done');
    expect(linkState({ done: false, expire_at }, new Date('2026-03-04T02:59:59.999Z'))).toBe('open');
    expect(linkState({ done: false, expire_at }, new Date('2026-03-04T03:00:00.000Z'))).toBe('expired');
    expect(linkState({ done: false, expire_at: null }, new Date('2099-01-01'))).toBe('open');
  });
});
