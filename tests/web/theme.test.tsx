import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { respondentTokens, themeOptions } from '../../apps/web/src/theme';

/** Every leaf of an object, as [path, value]. */
function leaves(value: unknown, path: string[] = []): [string[], unknown][] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  return [[path, value]];
}

describe('the respondent theme', () => {
  it('gives every token the value Material computes from the same options (the staff app looks the same)', () => {
    const material = createTheme(themeOptions) as unknown as Record<string, unknown>;
    const checked = leaves(respondentTokens).filter(([path, value]) => !(path[0] === 'shadows' && value === 'none' && path[1] !== '0'));
    expect(checked.length).toBeGreaterThan(30);
    for (const [path, value] of checked) {
      const expected = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], material);
      expect(value, path.join('.')).toEqual(expected);
    }
  });
});
