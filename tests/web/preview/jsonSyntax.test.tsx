import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxError, jsonSyntaxError } from '../../../apps/web/src/pages/preview/jsonSyntax';

/** Whether the platform's own parser takes the text: the reference the locator must agree with. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('jsonSyntaxError', () => {
  it('finds nothing wrong in JSON, including every questionnaire of the repository', () => {
    const folder = join(process.cwd(), 'definitions', 'questionnaires');
    const texts = readdirSync(folder).map((file) => readFileSync(join(folder, file), 'utf8'));
    for (const text of [...texts, '0', '-0.5e+3', '"a\\u00e9\\n"', ' [ ] ', '{"a":[1,{"b":null}],"c":true}', '[false]']) {
      expect(jsonSyntaxError(text), text.slice(0, 40)).toBeNull();
    }
  });

  it('gives the line, column and reason of the first bad character', () => {
    // Positions counted by hand: lines and columns from 1.
    expect(jsonSyntaxError('{\n  "a": 1\n  "b": 2\n}')).toEqual({ offset: 13, line: 3, column: 3, problem: 'objectComma' });
    expect(jsonSyntaxError('{"a" 1}')).toEqual({ offset: 5, line: 1, column: 6, problem: 'colon' });
    expect(jsonSyntaxError("{'a': 1}")).toEqual({ offset: 1, line: 1, column: 2, problem: 'propertyName' });
    expect(jsonSyntaxError('{"a": 1,}')).toEqual({ offset: 8, line: 1, column: 9, problem: 'propertyName' });
    expect(jsonSyntaxError('[1, 2')).toEqual({ offset: 5, line: 1, column: 6, problem: 'end' });
    expect(jsonSyntaxError('[1 2]')).toEqual({ offset: 3, line: 1, column: 4, problem: 'arrayComma' });
    expect(jsonSyntaxError('[01]')).toEqual({ offset: 1, line: 1, column: 2, problem: 'number' });
    expect(jsonSyntaxError('"a\nb"')).toEqual({ offset: 2, line: 1, column: 3, problem: 'control' });
    expect(jsonSyntaxError('"\\x"')).toEqual({ offset: 1, line: 1, column: 2, problem: 'escape' });
    expect(jsonSyntaxError('{} x')).toEqual({ offset: 3, line: 1, column: 4, problem: 'trailing' });
    expect(jsonSyntaxError('[tru]')).toEqual({ offset: 1, line: 1, column: 2, problem: 'unexpected' });
  });

  it('says it in Portuguese', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    expect(describeJsonSyntaxError(text, jsonSyntaxError(text)!)).toBe('JSON inválido na linha 3, coluna 3: esperava “,” ou “}”.');
    expect(describeJsonSyntaxError('[@]', jsonSyntaxError('[@]')!)).toBe('JSON inválido na linha 1, coluna 2: caractere inesperado “@”.');
  });

  it('agrees with JSON.parse on every one-character edit of a definition', () => {
    const text = readFileSync(join(process.cwd(), 'definitions', 'questionnaires', 'estresse.json'), 'utf8');
    const source = '{}[]:,"\\ 0-1eE.tn\n\u0001x';
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let accepted = 0;
    for (let round = 0; round < 3000; round += 1) {
      const at = next(text.length);
      const edit = next(3);
      const char = source[next(source.length)]!;
      const mutated = edit === 0 ? text.slice(0, at) + text.slice(at + 1) : edit === 1 ? text.slice(0, at) + char + text.slice(at) : text.slice(0, at) + char + text.slice(at + 1);
      expect(jsonSyntaxError(mutated) === null, JSON.stringify(mutated.slice(Math.max(0, at - 20), at + 20))).toBe(parses(mutated));
      accepted += parses(mutated) ? 1 : 0;
    }
    // Both kinds were met: edits inside texts and white space keep it JSON, the others break it.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
  });

  it('survives deep nesting without recursion', () => {
    expect(jsonSyntaxError('['.repeat(200000) + ']'.repeat(200000))).toBeNull();
    expect(jsonSyntaxError('['.repeat(200000))?.problem).toBe('end');
  });
});
