import type { GroupBy, InventoryEntryView, InventoryRequest } from './inventoryApi';

/** The key of the whole company's group in the body's `processes` and `activities`. */
export const WHOLE_KEY = '*';

/** Staff texts keyed by a factor's id or a group's key. */
export type Texts = Record<string, string>;

/** What the administrator types to prepare a version (kept as typed: nothing is lost on an error). */
export interface InventoryForm {
  /** The questionnaire's type, '' until the list loads. */
  type: number | '';
  /** The round, '' for every answer of the company. */
  cycleId: number | '';
  groupBy: GroupBy;
  responsibleName: string;
  responsibleRegistration: string;
  /** `YYYY-MM-DD` (a date field), '' when not given. */
  presentedOn: string;
  presentedHow: string;
  ergonomics: string;
  measures: Texts;
  sources: Texts;
  processes: Texts;
  activities: Texts;
}

export const emptyForm: InventoryForm = {
  type: '',
  cycleId: '',
  groupBy: 'sector',
  responsibleName: '',
  responsibleRegistration: '',
  presentedOn: '',
  presentedHow: '',
  ergonomics: '',
  measures: {},
  sources: {},
  processes: {},
  activities: {},
};

/** The texts that say something (blank ones left out: the server writes its default). */
function filled(texts: Texts, keys?: ReadonlySet<string>): Texts {
  return Object.fromEntries(Object.entries(texts).filter(([key, value]) => value.trim() !== '' && (!keys || keys.has(key))));
}

/** A text, or null when blank. */
const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The keys shown in the form (the last preview's factors and groups); all typed texts when no preview yet. */
export interface ShownKeys {
  factors: ReadonlySet<string>;
  groups: ReadonlySet<string>;
}

/**
 * The body of a preview or a publication. Texts of factors or groups no longer shown (another
 * questionnaire or grouping) are kept in the form but not sent.
 */
export function inventoryBody(form: InventoryForm, shown?: ShownKeys): InventoryRequest {
  return {
    type: Number(form.type),
    cycle_id: form.cycleId === '' ? null : form.cycleId,
    group_by: form.groupBy,
    responsible_name: form.responsibleName,
    responsible_registration: form.responsibleRegistration,
    presented_on: orNull(form.presentedOn),
    presented_how: orNull(form.presentedHow),
    ergonomics: orNull(form.ergonomics),
    measures: filled(form.measures, shown?.factors),
    sources: filled(form.sources, shown?.factors),
    processes: filled(form.processes, shown?.groups),
    activities: filled(form.activities, shown?.groups),
  };
}

/** A factor of the preview, for its texts' fields. */
export interface FactorField {
  id: string;
  label: string;
}

/** An exposure group of the preview, for its texts' fields: its key in the body, its name and kind. */
export interface GroupField {
  key: string;
  name: string;
  kind: 'whole' | 'sector' | 'position' | 'exposure';
}

/** The group's key in the body: its id as a string, '*' for the whole company. */
export function groupKey(entry: Pick<InventoryEntryView, 'whole' | 'group_id'>): string {
  return entry.whole || entry.group_id === null ? WHOLE_KEY : String(entry.group_id);
}

/** The kind of an entry's group ('whole', 'sector' unless the server says 'position' or 'exposure'). */
export function groupKind(entry: Pick<InventoryEntryView, 'whole' | 'group_kind'>): GroupField['kind'] {
  if (entry.whole) return 'whole';
  return entry.group_kind === 'position' || entry.group_kind === 'exposure' ? entry.group_kind : 'sector';
}

/** The factors (in order, once each) and the groups of a preview's entries. */
export function fieldsOf(entries: readonly InventoryEntryView[]): { factors: FactorField[]; groups: GroupField[] } {
  const factors = new Map<string, FactorField>();
  const groups = new Map<string, GroupField>();
  for (const entry of entries) {
    if (entry.factor && !factors.has(entry.factor)) factors.set(entry.factor, { id: entry.factor, label: entry.factor_label ?? entry.factor });
    const key = groupKey(entry);
    if (!groups.has(key)) groups.set(key, { key, name: entry.group, kind: groupKind(entry) });
  }
  return { factors: [...factors.values()], groups: [...groups.values()] };
}
