import type { DefinitionError } from './errors.ts';
import { MAX_REFERENCES } from './extend.ts';
import type { Origin } from './repeat.ts';
import { format, messages } from '../messages.ts';

/*
 * A piece said once, JSON Schema's way: a dashboard file's top-level `$defs` holds named pieces
 * (free-form: a table widget, a help text, a transform) and `{ "$ref": "#/$defs/name" }` anywhere in
 * the file stands for a copy of the piece. Followed when the file is read, before the file references
 * (`../file.json#/pointer`, `extend.ts`) and the repeats, so a piece may hold either; `$defs` is then
 * removed and no reader sees it.
 */

const text = messages.definitionCheck;
const LOCAL = /^#\/\$defs\/[^/]+(\/.*)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (raw: string) => raw.replace(/~1/g, '/').replace(/~0/g, '~');

/** Whether a value is a local reference: exactly `{ "$ref": "#…" }`. */
function isLocalReference(value: unknown): value is { $ref: string } {
  return isRecord(value) && Object.keys(value).length === 1 && typeof value.$ref === 'string' && value.$ref.startsWith('#');
}

/** The JSON with its local references followed, and where each copied piece was written. */
export type LocalResolution = { ok: true; value: unknown; origins: Origin[] } | { ok: false; errors: DefinitionError[] };

interface Walk {
  defs: Record<string, unknown>;
  origins: Origin[];
  errors: DefinitionError[];
  used: Set<string>;
  count: number;
}

function follow(value: unknown, from: string, at: string, chain: string[], walk: Walk): unknown {
  if (Array.isArray(value)) return value.map((item, index) => follow(item, `${from}/${index}`, `${at}/${index}`, chain, walk));
  if (!isRecord(value)) return value;
  if (!isLocalReference(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, follow(item, `${from}/${segment(key)}`, `${at}/${segment(key)}`, chain, walk)]));
  }
  const fail = (message: string) => {
    walk.errors.push({ pointer: `${from}/$ref`, message });
    return value;
  };
  const ref = value.$ref;
  if (!LOCAL.test(ref)) return fail(format(text.referenceLocalForm, { ref }));
  const keys = ref.slice('#/$defs/'.length).split('/').map(unescape);
  const name = keys[0]!;
  walk.used.add(name);
  let target: unknown = walk.defs;
  for (const key of keys) {
    if (!isRecord(target) && !Array.isArray(target)) target = undefined;
    else target = Object.prototype.hasOwnProperty.call(target, key) ? (target as Record<string, unknown>)[key] : undefined;
    if (target === undefined) break;
  }
  if (target === undefined) return fail(format(text.referenceLocalMissing, { ref }));
  if (chain.includes(name)) return fail(format(text.referenceCycle, { chain: [...chain, name].join(' → ') }));
  walk.count += 1;
  if (walk.count > MAX_REFERENCES) {
    if (walk.count === MAX_REFERENCES + 1) walk.errors.push({ pointer: '', message: format(text.tooManyLocalReferences, { max: MAX_REFERENCES }) });
    return value;
  }
  const piece = `/$defs/${keys.map(segment).join('/')}`;
  walk.origins.push({ at, from: piece });
  return follow(structuredClone(target), piece, at, [...chain, name], walk);
}

/** The errors without repeats (a mistake inside a piece copied three times is one mistake). */
export function uniqueErrors(errors: DefinitionError[]): DefinitionError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.pointer}\n${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Replaces every `{ "$ref": "#/$defs/name" }` of a file by a copy of the piece, pieces holding
 * references followed too, and removes `$defs`. A reference to no piece, a cycle of pieces, more than
 * `MAX_REFERENCES` copies or a piece no reference uses is an error at its JSON pointer in the file.
 * File references (`../file.json#/…`) are left for `resolveReferences`.
 */
export function resolveLocalReferences(json: unknown): LocalResolution {
  if (!isRecord(json)) return { ok: true, value: json, origins: [] };
  const { $defs: defs, ...body } = json;
  if (defs !== undefined && !isRecord(defs)) return { ok: false, errors: [{ pointer: '/$defs', message: text.defsForm }] };
  const walk: Walk = { defs: defs ?? {}, origins: [], errors: [], used: new Set(), count: 0 };
  const value = follow(body, '', '', [], walk);
  for (const name of Object.keys(walk.defs)) {
    if (!walk.used.has(name)) walk.errors.push({ pointer: `/$defs/${segment(name)}`, message: format(text.defsUnused, { name }) });
  }
  return walk.errors.length > 0 ? { ok: false, errors: uniqueErrors(walk.errors) } : { ok: true, value, origins: walk.origins };
}

/**
 * Where an error found in the JSON with its local references followed lies in the file: inside a copied
 * piece, in the piece in `$defs`; at the place of a reference itself (a piece that does not fit there),
 * at the reference.
 */
export function locateInDefs(error: DefinitionError, origins: Origin[]): DefinitionError {
  let best: Origin | undefined;
  for (const origin of origins) {
    if (error.pointer.startsWith(`${origin.at}/`) && (!best || origin.at.length > best.at.length)) best = origin;
  }
  return best ? { pointer: `${best.from}${error.pointer.slice(best.at.length)}`, message: error.message } : error;
}
