import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from '../../../engine/rules/email.ts';

/** An address of exactly `length` characters: local part of a's at a 10-character domain. */
const addressOf = (length: number) => `${'a'.repeat(length - '@empresa.br'.length)}@empresa.br`;

describe('normalizeEmail', () => {
  it('stores an address lower-case, without spaces or invisible characters', () => {
    expect(normalizeEmail(' Maria.Souza @Empresa.COM.br ')).toBe('maria.souza@empresa.com.br');
    expect(normalizeEmail('ana\u200b@empresa.com\u00a0')).toBe('ana@empresa.com');
    expect(normalizeEmail('\t\r\n')).toBe('');
  });

  it('composes accents (NFC): a decomposed é is the same address as a composed one', () => {
    const decomposed = 'Jose\u0301@empresa.com';
    expect(decomposed).not.toBe('José@empresa.com');
    expect(normalizeEmail(decomposed)).toBe('josé@empresa.com');
    expect(normalizeEmail(decomposed)).toBe(normalizeEmail('JOSÉ@EMPRESA.COM'));
  });
});

describe('isEmail', () => {
  it('accepts something@domain.tld, accented letters included', () => {
    expect(isEmail('ana@empresa.com.br')).toBe(true);
    expect(isEmail('joão.conceição@empresa.com.br')).toBe(true);
    expect(isEmail('a+b@c.io')).toBe(true);
  });

  it('refuses addresses without @, domain, dot or with spaces', () => {
    for (const text of ['', 'ana', 'ana@', '@empresa.com', 'ana@empresa', 'ana@@empresa.com', 'a na@empresa.com', 'ana@.com ']) {
      expect(isEmail(text), text).toBe(false);
    }
  });

  it('caps an address at 254 characters', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    expect(addressOf(254)).toHaveLength(254);
    expect(isEmail(addressOf(254))).toBe(true);
    expect(isEmail(addressOf(255))).toBe(false);
  });
});
