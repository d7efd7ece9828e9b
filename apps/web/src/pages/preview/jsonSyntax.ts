import { format, messages } from '../../../../../engine/messages';

/** What is wrong at the first bad character of a JSON text. */
export type JsonProblem = 'end' | 'unexpected' | 'colon' | 'objectComma' | 'arrayComma' | 'propertyName' | 'control' | 'escape' | 'number' | 'trailing';

/** Where a JSON text stops being JSON: its offset, line and column (from 1), and why. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  problem: JsonProblem;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

class Stop {
  constructor(
    readonly offset: number,
    readonly problem: JsonProblem,
  ) {}
}

/** The offset just past the string starting at `start` (its opening quote). */
function skipString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '"') return at + 1;
    if (char === '\\') {
      const next = text[at + 1];
      if (next === undefined) throw new Stop(text.length, 'end');
      if (ESCAPES.has(next)) at += 2;
      else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6;
      else throw new Stop(at, 'escape');
    } else if (char.charCodeAt(0) < 0x20) {
      throw new Stop(at, 'control');
    } else {
      at += 1;
    }
  }
  throw new Stop(text.length, 'end');
}

/** The offset just past the number starting at `start`. */
function skipNumber(text: string, start: number): number {
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  const end = match ? start + match[0].length : start;
  // "01", "1.", "1e": a number that goes on with what no number may hold there.
  if (!match || /[0-9.eE+-]/.test(text[end] ?? '')) throw new Stop(start, 'number');
  return end;
}

/** Walks the text (without recursion, so no nesting depth can overflow) and throws where it stops being JSON. */
function walk(text: string): void {
  const open: ('{' | '[')[] = [];
  let expect: 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after' = 'value';
  let at = 0;
  for (;;) {
    while (at < text.length && WHITESPACE.has(text[at]!)) at += 1;
    if (at >= text.length) {
      if (expect === 'after' && open.length === 0) return;
      throw new Stop(text.length, 'end');
    }
    const char = text[at]!;
    const top = open[open.length - 1];
    if (expect === 'value' || expect === 'firstValue') {
      if (expect === 'firstValue' && char === ']') {
        open.pop();
        at += 1;
        expect = 'after';
      } else if (char === '{' || char === '[') {
        open.push(char);
        at += 1;
        expect = char === '{' ? 'firstKey' : 'firstValue';
      } else if (char === '"') {
        at = skipString(text, at);
        expect = 'after';
      } else if (char === '-' || (char >= '0' && char <= '9')) {
        at = skipNumber(text, at);
        expect = 'after';
      } else {
        const literal = LITERALS.find((word) => text.startsWith(word, at));
        if (!literal) throw new Stop(at, 'unexpected');
        at += literal.length;
        expect = 'after';
      }
    } else if (expect === 'key' || expect === 'firstKey') {
      if (expect === 'firstKey' && char === '}') {
        open.pop();
        at += 1;
        expect = 'after';
      } else if (char === '"') {
        at = skipString(text, at);
        expect = 'colon';
      } else {
        throw new Stop(at, 'propertyName');
      }
    } else if (expect === 'colon') {
      if (char !== ':') throw new Stop(at, 'colon');
      at += 1;
      expect = 'value';
    } else {
      if (top === undefined) throw new Stop(at, 'trailing');
      if (char === ',') {
        at += 1;
        expect = top === '{' ? 'key' : 'value';
      } else if ((top === '{' && char === '}') || (top === '[' && char === ']')) {
        open.pop();
        at += 1;
      } else {
        throw new Stop(at, top === '{' ? 'objectComma' : 'arrayComma');
      }
    }
  }
}

/**
 * The first place a text stops being JSON (RFC 8259, as `JSON.parse` reads it), or null when it is
 * JSON. The browsers' own messages are in English and do not all give the position.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    walk(text);
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    const column = error.offset - (before.lastIndexOf('\n') + 1) + 1;
    return { offset: error.offset, line, column, problem: error.problem };
  }
}

const REASONS: Record<JsonProblem, keyof typeof messages.preview> = {
  end: 'jsonEnd',
  unexpected: 'jsonUnexpected',
  colon: 'jsonColon',
  objectComma: 'jsonObjectComma',
  arrayComma: 'jsonArrayComma',
  propertyName: 'jsonPropertyName',
  control: 'jsonControl',
  escape: 'jsonEscape',
  number: 'jsonNumber',
  trailing: 'jsonTrailing',
};

/** The Portuguese sentence of a syntax error: "JSON inválido na linha 3, coluna 5: esperava “,” ou “}”." */
export function describeJsonSyntaxError(text: string, error: JsonSyntaxError): string {
  const code = text.codePointAt(error.offset);
  const reason = format(messages.preview[REASONS[error.problem]], { char: code === undefined ? '' : String.fromCodePoint(code) });
  return format(messages.preview.invalidJson, { line: error.line, column: error.column, reason });
}
