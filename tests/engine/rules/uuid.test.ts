import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN, UUID_SOURCE } from '../../../engine/rules/uuid.ts';

describe('UUIDs', () => {
  it('accepts any case, nothing around it', () => {
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(isUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    for (const text of ['', '0f8fad5b-d9cb-469f-a165-70867728950', '0f8fad5b-d9cb-469f-a165-70867728950e0', ' 0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5bd9cb469fa16570867728950e', '0f8fad5b-d9cb-469f-a165-70867728950g', '1']) {
      expect(isUuid(text), text).toBe(false);
    }
  });

  it('gives the same rule to schemas and larger expressions', () => {
    expect(new RegExp(UUID_PATTERN).test('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    const link = new RegExp(`/([a-z0-9]+)/(${UUID_SOURCE})`, 'g');
    expect([...'see /pss14/0f8fad5b-d9cb-469f-a165-70867728950e.'.matchAll(link)].map((match) => match[2])).toEqual(['0f8fad5b-d9cb-469f-a165-70867728950e']);
  });
});
