import type { DefinitionError } from './errors.ts';
import { fillText, isRepeat, type Origin } from './repeat.ts';
import { format, messages } from '../messages.ts';

/*
 * A piece said once, JSON Schema's way: a dashboard file's top-level `$defs` holds named pieces
 * (free-form: a table widget, a help text, a transform) and `{ "$ref": "#/$defs/name" }` anywhere in
 * the file stands for a copy of the piece. Followed when the file is read, before the file references
 * (`../file.json#/pointer`, `extend.ts`) and the repeats, so a piece may hold either; `$defs` is then
 * removed and no reader sees it.
 *
 * A reference may give the piece parameters: `{ "$ref": "#/$defs/name", "with": { "title": "…" } }`
 * copies the piece (its own references followed) with each `{{variable}}` of its texts replaced by the
 * `with` value, by repeat's substitution (`fillText`): a text that is exactly `"{{height}}"` takes a
 * number, a list or an object as it is. The variables of a repeat inside the piece are left to it; every
 * other variable of the piece must be given (pass a repeat's around as `"q": "{{q}}"`), and every `with`
 * name used. A reference without `with` copies the piece as it is, its variables left to the repeats.
 */

/**
 * Most `$ref` references one definition may hold. Each is replaced by a copy of what it points at (a
 * whole questionnaire file if it points at its root), so a definition of a few hundred KB could
 * otherwise expand to gigabytes; the catalogue's definitions use 10 at most.
 */
export const MAX_REFERENCES = 100;

const text = messages.definitionCheck;
const LOCAL = /^#\/\$defs\/[^/]+(\/.*)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (raw: string) => raw.replace(/~1/g, '/').replace(/~0/g, '~');

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Whether a value is a local reference: exactly `{ "$ref": "#…" }`, or with its parameters `with`. */
function isLocalReference(value: unknown): value is { $ref: string; with?: unknown } {
  if (!isRecord(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#')) return false;
  const keys = Object.keys(value);
  return keys.length === 1 || (keys.length === 2 && 'with' in value);
}

/** In `bound`: every variable, inside a repeat whose entries are not known yet (another file's). */
const ANY = '*';

/** What filling a piece found: the `with` names it used, the variables no `with` name gives, the values that cannot go inside a text, and where a value went (pointer → name). */
interface Fill {
  used: Set<string>;
  missing: Set<string>;
  misplaced: Set<string>;
  places: Map<string, string>;
}

/**
 * A copy of a piece with the `with` values in its texts; `bound` are the variables of the repeats around
 * the part inside the piece, left for them; `at` is the part's pointer.
 */
function fill(value: unknown, given: Record<string, unknown>, bound: Set<string>, at: string, found: Fill): unknown {
  if (typeof value === 'string') {
    return fillText(
      value,
      (name) => {
        if (bound.has(name)) return undefined;
        if (!Object.prototype.hasOwnProperty.call(given, name)) {
          if (!bound.has(ANY)) found.missing.add(name);
          return undefined;
        }
        found.used.add(name);
        if (!found.places.has(at)) found.places.set(at, name);
        return given[name];
      },
      (name) => found.misplaced.add(name),
    );
  }
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      const place = `${at}/${index}`;
      if (!isRepeat(item)) return fill(item, given, bound, place, found);
      // A repeat inside the piece: its entries may use the `with` values, its template its own variables
      // (any, when its entries are another file's, not yet read).
      const names = Array.isArray(item.repeat) ? item.repeat.flatMap((entry) => (isRecord(entry) ? Object.keys(entry) : [])) : [ANY];
      return { repeat: fill(item.repeat, given, bound, `${place}/repeat`, found), each: fill(item.each, given, new Set([...bound, ...names]), `${place}/each`, found) };
    });
  }
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, given, bound, `${at}/${segment(key)}`, found)]));
}

/** The piece with its parameters, or the mistakes of the reference's `with` at their pointers. */
function withParameters(piece: unknown, given: unknown, name: string, from: string, at: string, walk: Walk): unknown {
  const own = `${from}/with`;
  if (!isRecord(given)) {
    walk.errors.push({ pointer: own, message: text.withForm });
    return piece;
  }
  const bad = Object.keys(given).filter((key) => !NAME.test(key));
  for (const key of bad) walk.errors.push({ pointer: `${own}/${segment(key)}`, message: format(text.repeatName, { name: key }) });
  if (bad.length > 0) return piece;
  const found: Fill = { used: new Set(), missing: new Set(), misplaced: new Set(), places: new Map() };
  const value = fill(piece, given, new Set(), at, found);
  const names = Object.keys(given).join(', ') || text.repeatNoVariables;
  for (const variable of found.missing) walk.errors.push({ pointer: own, message: format(text.withMissing, { piece: name, name: variable, names }) });
  for (const key of Object.keys(given)) {
    if (!found.used.has(key)) walk.errors.push({ pointer: `${own}/${segment(key)}`, message: format(text.withUnused, { piece: name, name: key }) });
  }
  for (const key of found.misplaced) walk.errors.push({ pointer: `${own}/${segment(key)}`, message: format(text.withInText, { name: key }) });
  // A mistake in a value `with` gave is the reference's: found there, not in the piece.
  for (const [place, key] of found.places) walk.origins.push({ at: place, from: `${own}/${segment(key)}`, given: true });
  return value;
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
  const copy = follow(structuredClone(target), piece, at, [...chain, name], walk);
  return 'with' in value ? withParameters(copy, value.with, name, from, at, walk) : copy;
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
 * at the reference; in a value a reference's `with` gave (a whole text, or a text it was written into),
 * at that value in the `with`.
 */
export function locateInDefs(error: DefinitionError, origins: Origin[]): DefinitionError {
  let best: Origin | undefined;
  for (const origin of origins) {
    const inside = error.pointer.startsWith(`${origin.at}/`) || (origin.given === true && error.pointer === origin.at);
    // The later of two at one place is the nearer: a piece a piece refers to, the outer `with` that filled a value.
    if (inside && (!best || origin.at.length >= best.at.length)) best = origin;
  }
  return best ? { pointer: `${best.from}${error.pointer.slice(best.at.length)}`, message: error.message } : error;
}
