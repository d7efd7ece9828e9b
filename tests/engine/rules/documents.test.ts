import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import { documentDigits, documentProblem } from '../../../engine/rules/documents.ts';

const m = messages.registry;

describe('CNPJ and CPF', () => {
  it('accepts documents whose check digits are right, formatted or not', () => {
    for (const text of ['529.982.247-25', '52998224725', '11.222.333/0001-81', '11222333000181', ' 11 222 333 0001 81 ']) {
      expect(documentProblem(text), text).toBeNull();
    }
    expect(documentDigits('11.222.333/0001-81')).toBe('11222333000181');
  });

  it('refuses a wrong check digit (each of the two)', () => {
    expect(documentProblem('529.982.247-24')).toBe(m.documentInvalid);
    expect(documentProblem('529.982.247-15')).toBe(m.documentInvalid);
    expect(documentProblem('11.222.333/0001-80')).toBe(m.documentInvalid);
    expect(documentProblem('11.222.333/0001-91')).toBe(m.documentInvalid);
  });

  it('refuses the repeated-digit numbers whose check digits happen to add up', () => {
    expect(documentProblem('111.111.111-11')).toBe(m.documentInvalid);
    expect(documentProblem('00.000.000/0000-00')).toBe(m.documentInvalid);
  });

  it('says what is wrong, in the form order: empty, characters, too long, too short, 12 or 13 digits', () => {
    expect(documentProblem(undefined)).toBe(m.documentRequired);
    expect(documentProblem('  ')).toBe(m.documentRequired);
    expect(documentProblem('529.982.247-2A')).toBe(m.documentCharacters);
    expect(documentProblem('112223330001810')).toBe(m.documentTooLong);
    expect(documentProblem('5299822472')).toBe(m.documentTooShort);
    expect(documentProblem('529982247250')).toBe(m.documentInvalid);
  });
});
