/**
 * The questionnaire and dashboard definitions read as plain data for the reference: option values,
 * labels, tags, reverse and exclusive flags, scales and the scoring keys' shapes, straight from the
 * JSON files. Nothing here comes from `engine/` or `apps/server`: a field missing from a questionnaire
 * that `extends` another is the other's (the only inheritance the reference needs).
 */
import { readFileSync } from 'node:fs';

const root = new URL('../../../definitions/', import.meta.url);

/** An option as the definition lists it. */
export interface RefOption {
  value: number;
  label: string;
  tags?: string[];
  scored?: boolean;
  exclusive?: boolean;
}

/** A question as the definition lists it (only what the arithmetic reads). */
export interface RefQuestion {
  id: string;
  kind: string;
  text: string;
  scale?: string;
  options?: RefOption[];
  reverse?: boolean;
  wire?: 'value' | 'qualified';
  when?: { question: string; gt?: number; lt?: number; in?: number[] };
}

/** A score of the scoring key. */
export interface RefScore {
  id: string;
  label: string;
  questions?: 'all' | string[];
  aggregate: 'sum' | 'mean' | 'percent' | 'count' | 'share';
  tag?: string;
  shareOf?: 'tagged' | 'answered';
  /** On a reverse question, the tags of the option at the mirrored place count. */
  oriented?: boolean;
  perQuestion?: boolean;
}

/** A questionnaire's psychosocial risk factors: each a share score, and the probability bands. */
export interface RefRisk {
  probability: { below?: number }[];
  factors: { id: string; label: string; score: string; hazard: string; harms: string }[];
}

/** A questionnaire as data. */
export interface RefQuestionnaire {
  type: number;
  scales?: Record<string, RefOption[]>;
  pages: { title?: unknown; questions: RefQuestion[] }[];
  scoring?: {
    scores: RefScore[];
    rankings?: { id: string; label: string; from: 'answers' | 'scores'; questions?: 'all' | string[]; scores?: string[]; take?: number }[];
    classification?: { score: string; bands: { id: string; label: string; below?: number }[] };
  };
  risk?: RefRisk;
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>;
}

/** A questionnaire file, with what it does not say taken from the one it extends. */
export function questionnaireFile(name: string): RefQuestionnaire {
  // Its own `$defs` pieces copied where it names them.
  const raw = readJson(`questionnaires/${name}.json`);
  const own = followReferences(raw, raw, {}) as Record<string, unknown>;
  const base = typeof own.extends === 'string' ? (questionnaireFile(own.extends) as unknown as Record<string, unknown>) : {};
  return { ...base, ...own } as unknown as RefQuestionnaire;
}

/** The catalogue: the questionnaire of each evaluation type. */
export function questionnairesByType(): Map<number, RefQuestionnaire> {
  const catalog = readJson('catalog.json') as { types: { type: number; definition?: string }[] };
  const found = new Map<number, RefQuestionnaire>();
  for (const entry of catalog.types) if (entry.definition) found.set(entry.type, questionnaireFile(entry.definition));
  return found;
}

/** Every question of a questionnaire, in order. */
export function questionsOf(definition: RefQuestionnaire): RefQuestion[] {
  return definition.pages.flatMap((page) => page.questions);
}

/** A question's options (its own list or its scale's). */
export function optionsOf(definition: RefQuestionnaire, question: RefQuestion): RefOption[] {
  return question.options ?? (question.scale ? (definition.scales?.[question.scale] ?? []) : []);
}

/** The stored response of an option: its value, or "{question}.{value}" on a qualified wire. */
export function wireOf(question: RefQuestion, option: RefOption): string {
  return question.wire === 'qualified' ? `${question.id}.${option.value}` : String(option.value);
}

/** The value at a JSON pointer ('/$defs/count/transforms'). */
function at(json: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((current, key) => (current as Record<string, unknown>)[key], json);
}

/** A text with the given `{{name}}`s filled: a whole "{{name}}" becomes the value as it is, a part of a text its text. */
function fill(text: string, given: Record<string, unknown>): unknown {
  const whole = /^\{\{(\w+)\}\}$/.exec(text);
  if (whole && whole[1]! in given) return given[whole[1]!];
  return text.replace(/\{\{(\w+)\}\}/g, (found, name: string) => (name in given ? String(given[name]) : found));
}

/**
 * A dashboard file's JSON references followed, as JSON Schema reads them (written here, apart from the
 * engine's): `{ "$ref": "#/$defs/name", "with": { … } }` is a copy of the file's own piece with its
 * `{{name}}`s given; `{ "$ref": "../file.json#/pointer" }` the value in another file; `$defs` dropped.
 */
function followReferences(value: unknown, file: Record<string, unknown>, given: Record<string, unknown>): unknown {
  if (typeof value === 'string') return fill(value, given);
  if (Array.isArray(value)) return value.map((item) => followReferences(item, file, given));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if (typeof object.$ref === 'string') {
    const [path, pointer = ''] = object.$ref.split('#');
    if (path === '') {
      const withValues = followReferences(object.with ?? {}, file, given) as Record<string, unknown>;
      return followReferences(at(file, pointer), file, withValues);
    }
    return followReferences(at(JSON.parse(readFileSync(new URL(path!, new URL('dashboards/', root)), 'utf8')), pointer), file, given);
  }
  return Object.fromEntries(Object.entries(object).filter(([key]) => key !== '$defs').map(([key, item]) => [key, followReferences(item, file, given)]));
}

/** A dashboard file as data (dataset names, their types, scope and fields; the layout's widgets), its references followed. */
export function dashboardFile(id: number): Record<string, unknown> {
  const file = readJson(`dashboards/${id}.json`);
  return followReferences(file, file, {}) as Record<string, unknown>;
}
