/*
 * What parsing a definition gives: a typed value or its problems, each located by JSON pointer. A
 * leaf shared by the parser and every check it runs (schema, semantics, `extends`, `$ref`, repeats).
 */

/** A problem found in a definition file, located by JSON pointer. */
export interface DefinitionError {
  /** JSON pointer of the offending value ("/pages/0/questions/3/scale"). */
  pointer: string;
  /** What is wrong. */
  message: string;
}

/** The outcome of parsing a definition: a typed value or the list of problems. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: DefinitionError[] };
