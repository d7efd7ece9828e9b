import type { DashboardDefinition, ExportSpec, ReportSpec } from './dashboard.ts';
import type { DefinitionError } from './errors.ts';
import type { RepeatNode, SectionNode, TabsNode, ToggleNode } from './layout.ts';
import type { Widget } from './widgets.ts';
import { format, messages } from '../messages.ts';

/*
 * Things said once: a `repeat` in a list of the layout (its nodes, a tabs node's tabs, a toggle's
 * options) is a template written once with the values it is copied for, like Vega-Lite's `repeat`:
 *
 *   { "repeat": [{ "q": "1", "name": "Responsabilidade" }, { "q": "2", "name": "Planejamento" }],
 *     "each": { "label": "{{q}}", "content": [{ "kind": "bar", "title": "{{q}}. {{name}}: resumo", … }] } }
 *
 * stands for one copy of `each` per entry, in order, with every `{{variable}}` of its texts replaced
 * by the entry's value (`fillText`, shared with `$ref`'s `with`: an entry's values are texts, a number
 * written as its digits, so `"{{n}}"` stays a text; only a `with` value can make it a number or a
 * list). The copies are made when a dashboard is resolved (`dashboardSource.ts`), so the renderer, the
 * server and the PDF only ever see the expanded layout. Not to be confused with the layout's `kind: "repeat"` node, which repeats its content per row of a dataset when the data comes.
 */

/** A template copied once per entry of `repeat`, in place of this item of the list. */
export interface Repeat<T> {
  /**
   * One entry per copy, in order, each giving every variable of the template its value (all entries
   * name the same variables).
   * @minItems 1
   */
  repeat: Record<string, string | number>[];
  /**
   * The template: a copy per entry, each `{{variable}}` in its texts replaced by the entry's value
   * (always a text: a number entry is written as its digits).
   */
  each: T;
}

/** A node of a layout list as written: the node, or a template of nodes repeated. */
export type LayoutItem = LayoutSource | Repeat<LayoutSource>;

/** A tab as written, or a template of tabs repeated. */
export type TabItem = TabSource | Repeat<TabSource>;

/** A toggle option as written, or a template of options repeated. */
export type ToggleOptionItem = ToggleOptionSource | Repeat<ToggleOptionSource>;

/** A tab as written. */
export interface TabSource {
  label: string;
  content: LayoutItem[];
}

/** `TabsNode` as written: its tabs may be repeated. */
export interface TabsSource extends Omit<TabsNode, 'tabs'> {
  tabs: TabItem[];
}

/** A toggle option as written. */
export interface ToggleOptionSource {
  label: string;
  content: LayoutItem[];
}

/** `ToggleNode` as written: its options may be repeated. */
export interface ToggleSource extends Omit<ToggleNode, 'options'> {
  options: ToggleOptionItem[];
}

/** `SectionNode` as written: its content may be repeated. */
export interface SectionSource extends Omit<SectionNode, 'content'> {
  content: LayoutItem[];
}

/** `RepeatNode` (a block per row of a dataset) as written: its content may be repeated. */
export interface RowsRepeatSource extends Omit<RepeatNode, 'content'> {
  content: LayoutItem[];
}

/** A node of the layout as written. */
export type LayoutSource = TabsSource | ToggleSource | SectionSource | RowsRepeatSource | Widget;

/** `ReportSpec` as written. */
export interface ReportSource extends Omit<ReportSpec, 'layout'> {
  /** The report's content (see `ReportSpec.layout`). */
  layout?: LayoutItem[];
}

/** `ExportSpec` as written. */
export interface ExportSource extends Omit<ExportSpec, 'layout'> {
  /** What the file holds. */
  layout: LayoutItem[];
}

/** A dashboard file as consultants write it: a `DashboardDefinition` whose layouts may hold repeats. */
export interface DashboardFile extends Omit<DashboardDefinition, 'layout' | 'report' | 'exports'> {
  /**
   * Named pieces said once (a widget, a help text, a transform…), each copied wherever the file says
   * `{ "$ref": "#/$defs/name" }` (`defs.ts`), or `{ "$ref": "#/$defs/name", "with": { "title": "…" } }`
   * for a copy with each `{{variable}}` of its texts given a value (a whole `"{{variable}}"` may take a
   * number or a list). Followed and removed when the file is read: no reader sees it, and a piece no
   * reference uses is an error.
   */
  $defs?: Record<string, unknown>;
  /** The view's content. */
  layout: LayoutItem[];
  /** The view's PDF report ('Download Relatório'). Default: the view's layout, as `ReportSpec` says. */
  report?: ReportSource;
  /** More files in the print dialog (see `ExportSpec`). Default none. */
  exports?: ExportSource[];
}

/** Where a part of the expanded JSON was written: its JSON pointer in the file, and the copy it belongs to. */
export interface Origin {
  /** Pointer in the expanded JSON. */
  at: string;
  /** Pointer in the file as written. */
  from: string;
  /** Whether the part is a value a `$ref`'s `with` gave (`defs.ts`): an error at the part itself is placed at the value too. */
  given?: boolean;
  /** The values of the copy (a repeat's entry), when the part is one. */
  copy?: Record<string, string>;
}

/** The JSON with every repeat copied out, where each part came from, and the mistakes found. */
export interface Expansion {
  value: unknown;
  origins: Origin[];
  errors: DefinitionError[];
}

const text = messages.definitionCheck;
const VARIABLE = /\{\{([^{}]*)\}\}/g;
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Most copies one file may expand to: a typo nesting repeats must not make gigabytes. */
export const MAX_COPIES = 1000;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Whether an item of a list is a repeat (exactly the keys `repeat` and `each`). */
export function isRepeat(value: unknown): value is { repeat: unknown; each: unknown } {
  return isRecord(value) && 'repeat' in value && 'each' in value && Object.keys(value).length === 2;
}

interface Walk {
  origins: Origin[];
  errors: DefinitionError[];
  copies: number;
  /** The variables a template used, per repeat being copied. */
  used: Set<string>[];
}

/**
 * A text with its `{{variable}}`s replaced: the one substitution of the grammar, shared by a repeat's
 * copies and by a `$ref`'s `with` (`defs.ts`). A text that is exactly one `{{variable}}` whose value is
 * not a text becomes that value (a number, a list, an object); inside a longer text a number is written
 * in, and a list or an object cannot be (`misplaced` is told). `valueOf` gives a variable's value, or
 * undefined to leave `{{name}}` as written (it reports the mistake, if one).
 */
export function fillText(value: string, valueOf: (name: string) => unknown, misplaced: (name: string) => void = () => {}): unknown {
  const whole = /^\{\{([^{}]*)\}\}$/.exec(value);
  if (whole) {
    const found = valueOf(whole[1]!);
    return found === undefined ? value : found;
  }
  return value.replace(VARIABLE, (match, name: string) => {
    const found = valueOf(name);
    if (found === undefined) return match;
    if (typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean') return String(found);
    misplaced(name);
    return match;
  });
}

/** A text with the variables in scope replaced; a `{{name}}` no repeat around it gives a value is an error. */
function substitute(value: string, scope: Map<string, string>, from: string, walk: Walk): unknown {
  return fillText(value, (name) => {
    const found = scope.get(name);
    if (found === undefined) {
      walk.errors.push({ pointer: from, message: format(text.repeatUnknownVariable, { name, names: [...scope.keys()].join(', ') || text.repeatNoVariables }) });
      return undefined;
    }
    for (const used of walk.used) used.add(name);
    return found;
  });
}

/** Checks a repeat's entries; gives them as maps of texts, or undefined (errors added) when they cannot be used. */
function entriesOf(repeat: unknown, scope: Map<string, string>, from: string, walk: Walk): Map<string, string>[] | undefined {
  if (!Array.isArray(repeat) || repeat.length === 0) {
    walk.errors.push({ pointer: `${from}/repeat`, message: text.repeatEmpty });
    return undefined;
  }
  const names = isRecord(repeat[0]) ? Object.keys(repeat[0]).sort() : [];
  let valid = true;
  const entries = repeat.map((entry, index) => {
    const at = `${from}/repeat/${index}`;
    const values = new Map<string, string>();
    if (!isRecord(entry) || Object.keys(entry).length === 0) {
      walk.errors.push({ pointer: at, message: text.repeatEntry });
      valid = false;
      return values;
    }
    const own = Object.keys(entry).sort();
    if (own.join('\n') !== names.join('\n')) {
      walk.errors.push({ pointer: at, message: format(text.repeatSameNames, { names: names.join(', ') }) });
      valid = false;
    }
    for (const [name, value] of Object.entries(entry)) {
      if (!NAME.test(name)) {
        walk.errors.push({ pointer: `${at}/${segment(name)}`, message: format(text.repeatName, { name }) });
        valid = false;
      } else if (typeof value !== 'string' && typeof value !== 'number') {
        walk.errors.push({ pointer: `${at}/${segment(name)}`, message: format(text.repeatValue, { name }) });
        valid = false;
      } else values.set(name, typeof value === 'string' ? String(substitute(value, scope, `${at}/${segment(name)}`, walk)) : String(value));
    }
    return values;
  });
  return valid ? entries : undefined;
}

function expandValue(value: unknown, scope: Map<string, string>, from: string, at: string, walk: Walk): unknown {
  if (typeof value === 'string') return substitute(value, scope, from, walk);
  if (Array.isArray(value)) return expandList(value, scope, from, at, walk);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandValue(item, scope, `${from}/${segment(key)}`, `${at}/${segment(key)}`, walk)]));
}

function expandList(list: unknown[], scope: Map<string, string>, from: string, at: string, walk: Walk): unknown[] {
  const out: unknown[] = [];
  list.forEach((item, index) => {
    const source = `${from}/${index}`;
    if (!isRepeat(item)) {
      const target = `${at}/${out.length}`;
      if (target !== source) walk.origins.push({ at: target, from: source });
      out.push(expandValue(item, scope, source, target, walk));
      return;
    }
    const entries = entriesOf(item.repeat, scope, source, walk);
    if (!entries) return;
    walk.copies += entries.length;
    if (walk.copies > MAX_COPIES) {
      if (!walk.errors.some((error) => error.message === format(text.repeatTooMany, { max: MAX_COPIES }))) walk.errors.push({ pointer: source, message: format(text.repeatTooMany, { max: MAX_COPIES }) });
      return;
    }
    const used = new Set<string>();
    walk.used.push(used);
    for (const entry of entries) {
      const target = `${at}/${out.length}`;
      walk.origins.push({ at: target, from: `${source}/each`, copy: Object.fromEntries(entry) });
      out.push(expandValue(item.each, new Map([...scope, ...entry]), `${source}/each`, target, walk));
    }
    walk.used.pop();
    for (const name of entries[0]!.keys()) {
      if (!used.has(name)) walk.errors.push({ pointer: `${source}/repeat/0/${segment(name)}`, message: format(text.repeatUnused, { name }) });
    }
  });
  return out;
}

/**
 * Copies out every repeat of a JSON value (a dashboard file), in any list: the value with each repeat
 * replaced by its copies, where every copied or moved part was written, and the mistakes (an empty
 * list, entries naming different variables, a `{{variable}}` no entry gives, a variable the template
 * never uses), each at its JSON pointer in the file.
 */
export function expandRepeats(json: unknown): Expansion {
  const walk: Walk = { origins: [], errors: [], copies: 0, used: [] };
  const value = expandValue(json, new Map(), '', '', walk);
  // One message per mistake of a template, not one per copy.
  const seen = new Set<string>();
  const errors = walk.errors.filter((error) => {
    const key = `${error.pointer}\n${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { value, origins: walk.origins, errors };
}

/**
 * Where an error found in the expanded JSON lies in the file as written: the pointer of the part it was
 * copied from, and, inside a repeat's copy, which copy ("na cópia q = 3").
 */
export function locateError(error: DefinitionError, origins: Origin[]): DefinitionError {
  let best: Origin | undefined;
  for (const origin of origins) {
    const inside = error.pointer === origin.at || error.pointer.startsWith(`${origin.at}/`);
    if (inside && (!best || origin.at.length > best.at.length)) best = origin;
  }
  if (!best) return error;
  const pointer = `${best.from}${error.pointer.slice(best.at.length)}`;
  const copies = origins.filter((origin) => origin.copy && (error.pointer === origin.at || error.pointer.startsWith(`${origin.at}/`)));
  if (copies.length === 0) return { pointer, message: error.message };
  const values = copies
    .sort((a, b) => a.at.length - b.at.length)
    .flatMap((origin) => Object.entries(origin.copy!).map(([name, value]) => `${name} = ${value}`))
    .join(', ');
  return { pointer, message: format(text.repeatInCopy, { message: error.message, values }) };
}
