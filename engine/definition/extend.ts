import { format, messages } from '../messages.ts';
import { MAX_REFERENCES, resolveLocalReferences } from './defs.ts';
import type { DefinitionError } from './errors.ts';

/** Reads another questionnaire file by name (without `.json`), for `extends`; undefined when there is none. */
export type QuestionnaireLookup = (name: string) => unknown;

type Resolved = { ok: true; value: unknown } | { ok: false; errors: DefinitionError[] };

/** A reference: `{ "$ref": "../interview360.json#/competencies/0/name" }`, a file beside the questionnaires and a JSON pointer in it. */
const REFERENCE = /^((?:\.\.\/)?[A-Za-z0-9_-]+)\.json#(\/.*)?$/;

/** The value at a JSON pointer ('/competencies/0/name'), or undefined when there is none. */
function atPointer(json: unknown, pointer: string): unknown {
  let current = json;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** How many `$ref` objects the JSON holds, counting stops just past `limit`. */
function countReferences(json: unknown, limit: number, found = 0): number {
  if (found > limit || json === null || typeof json !== 'object') return found;
  if (!Array.isArray(json) && '$ref' in json && Object.keys(json).length === 1) return found + 1;
  let total = found;
  for (const item of Array.isArray(json) ? json : Object.values(json)) {
    total = countReferences(item, limit, total);
    if (total > limit) break;
  }
  return total;
}

/**
 * Replaces every `{ "$ref": "file.json#/pointer" }` with the value it points at, so a list two
 * definitions share (the ten 360 competencies) is written once. The file is read with `lookup` by its
 * name relative to the questionnaires' folder ('../interview360'); a reference that cannot be followed
 * is an error at its own path.
 */
export function resolveReferences(json: unknown, lookup: QuestionnaireLookup, path = ''): Resolved {
  if (path === '') {
    const references = countReferences(json, MAX_REFERENCES);
    if (references > MAX_REFERENCES) {
      return { ok: false, errors: [{ pointer: '', message: format(messages.definitionCheck.tooManyReferences, { count: countReferences(json, Infinity), max: MAX_REFERENCES }) }] };
    }
  }
  if (Array.isArray(json)) {
    const errors: DefinitionError[] = [];
    const value = json.map((item, index) => {
      const resolved = resolveReferences(item, lookup, `${path}/${index}`);
      if (!resolved.ok) errors.push(...resolved.errors);
      return resolved.ok ? resolved.value : item;
    });
    return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
  }
  if (json === null || typeof json !== 'object') return { ok: true, value: json };
  const record = json as Record<string, unknown>;
  if ('$ref' in record && Object.keys(record).length === 1) {
    const fail = (message: string): Resolved => ({ ok: false, errors: [{ pointer: `${path}/$ref`, message }] });
    const match = typeof record.$ref === 'string' ? REFERENCE.exec(record.$ref) : null;
    if (!match) return fail(format(messages.definitionCheck.referenceForm, { ref: String(record.$ref) }));
    const file = lookup(match[1]!);
    if (file === undefined) return fail(format(messages.definitionCheck.referenceFile, { ref: record.$ref as string }));
    const target = atPointer(file, match[2] ?? '');
    if (target === undefined) return fail(format(messages.definitionCheck.referenceMissing, { ref: record.$ref as string }));
    return { ok: true, value: structuredClone(target) };
  }
  const errors: DefinitionError[] = [];
  const value: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    const resolved = resolveReferences(item, lookup, `${path}/${escapePointer(key)}`);
    if (!resolved.ok) errors.push(...resolved.errors);
    value[key] = resolved.ok ? resolved.value : item;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/**
 * A file with its own `$defs` pieces copied in, as a dashboard's are (`defs.ts`: every
 * `{ "$ref": "#/$defs/name" }` stands for a copy of the piece, and `$defs` is removed): a list two
 * scores share, a dimension's statements, is written once.
 */
function ownPieces(json: unknown): Resolved {
  const local = resolveLocalReferences(json);
  return local.ok ? { ok: true, value: local.value } : local;
}

/** A file's own fields as a definition reads them: its `$defs` pieces, then its references to other files, followed. */
export function resolveOwnFields(json: unknown, lookup: QuestionnaireLookup): Resolved {
  const own = ownPieces(json);
  return own.ok ? resolveReferences(own.value, lookup) : own;
}

/**
 * Applies each file's `$defs` pieces and `extends` (the base file's top-level fields, replaced by the
 * extension's own; chains followed; a missing base or a cycle is an error at `/extends`), then `$ref`
 * references to other files. Free of Ajv, so the browser can use it.
 */
export function resolveQuestionnaire(json: unknown, lookup: QuestionnaireLookup, seen: string[] = []): Resolved {
  const extended = resolveExtends(json, lookup, seen);
  return extended.ok ? resolveReferences(extended.value, lookup) : extended;
}

function resolveExtends(file: unknown, lookup: QuestionnaireLookup, seen: string[]): Resolved {
  const pieces = ownPieces(file);
  if (!pieces.ok) return pieces;
  const json = pieces.value;
  if (!json || typeof json !== 'object' || !('extends' in json)) return { ok: true, value: json };
  const { extends: name, ...own } = json as Record<string, unknown>;
  const fail = (message: string) => ({ ok: false as const, errors: [{ pointer: '/extends', message }] });
  if (typeof name !== 'string') return fail(messages.definitionCheck.extendsName);
  if (seen.includes(name)) return fail(format(messages.definitionCheck.extendsCircular, { chain: [...seen, name].join(' → ') }));
  const base = lookup(name);
  if (base === undefined) return fail(format(messages.definitionCheck.extendsUnknown, { name }));
  const resolved = resolveExtends(base, lookup, [...seen, name]);
  if (!resolved.ok) return resolved;
  return { ok: true, value: { ...(resolved.value as Record<string, unknown>), ...own } };
}

/** The file name a questionnaire file extends, if any. */
export function baseName(json: unknown): string | undefined {
  if (!json || typeof json !== 'object' || !('extends' in json)) return undefined;
  const name = (json as { extends: unknown }).extends;
  return typeof name === 'string' ? name : undefined;
}
