import { describe, expect, it } from 'vitest';
import { isPhone, normalizePhone, phoneDigitsOf } from '../../../engine/rules/phone.ts';

describe('phones', () => {
  it('takes 10 or 11 digits with area code', () => {
    expect(isPhone('1133334444')).toBe(true);
    expect(isPhone('11987654321')).toBe(true);
    for (const digits of ['', '113333444', '119876543210', '11 3333-4444', '1133334444a']) expect(isPhone(digits), digits).toBe(false);
  });

  it('reads a form phone: the characters typed around digits, a leading +', () => {
    expect(phoneDigitsOf('(11) 98765-4321')).toBe('11987654321');
    expect(phoneDigitsOf(' 11.3333.4444 ')).toBe('1133334444');
    expect(phoneDigitsOf('+11 3333 4444')).toBe('1133334444');
    expect(phoneDigitsOf('11 3333-444')).toBeNull();
    expect(phoneDigitsOf('11 3333-4444 ramal 2')).toBeNull();
    expect(phoneDigitsOf('11 3333+4444')).toBeNull();
    expect(phoneDigitsOf('')).toBeNull();
  });

  it('reads a cell phone: digits only, a +55 country code dropped', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 11 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 (11) 3333-4444')).toBe('1133334444');
    // Eleven digits starting with 55 are a number of area code 55, not a country code.
    expect(normalizePhone('55 98765-4321')).toBe('55987654321');
  });
});
