import type { CatalogEntry, CreationRules } from '../../../../../engine/definition/catalog';
import type { EvaluationCreate, EvaluationEntry } from '../../../../server/src/contract/evaluations';

/*
 * The create-evaluation form without React: which types are offered, which fields the chosen types
 * enable (the catalogue's `create` rules, the same data the server checks), validation and the payload.
 */

/** A participant the evaluations are created for (the evaluator). */
export interface FormParticipant {
  user_id: number;
  name: string;
  /** The course participation the evaluation comes from (course page only). */
  usercourse_id?: number | null;
}

/** What the staff member filled in. */
export interface EvaluationFormValues {
  types: number[];
  evaluated: number | null;
  version: number | null;
  sector: number | null;
  /** Days to complete, as typed. */
  days: string;
  /** The round they join: a new one per questionnaire named by the day ('auto'), a new one named below ('new'), or an open cycle's id. */
  cycle: 'auto' | 'new' | number;
  /** The new round's name, as typed (cycle 'new'). */
  cycleName: string;
}

/** The fields the chosen types enable. */
export interface EnabledFields {
  evaluated: boolean;
  version: boolean;
  sector: boolean;
  days: boolean;
}

/** A field left wrong, by name. */
export type FormErrors = Partial<Record<'types' | 'evaluated' | 'version' | 'sector' | 'days' | 'cycleName', true>>;

export const emptyValues: EvaluationFormValues = { types: [], evaluated: null, version: null, sector: null, days: '', cycle: 'auto', cycleName: '' };

/**
 * Types offered: those the catalogue places first (`create.listOrder`, the spec's list), in that order,
 * then every other catalogue type that has a questionnaire.
 */
export function offeredTypes(types: CatalogEntry[]): CatalogEntry[] {
  const placed = types.filter((entry) => entry.create?.listOrder !== undefined).sort((a, b) => a.create!.listOrder! - b.create!.listOrder!);
  const rest = types.filter((entry) => entry.create?.listOrder === undefined && entry.definition);
  return [...placed, ...rest];
}

function rulesOf(types: number[], catalog: CatalogEntry[]): CreationRules[] {
  return types.map((type) => catalog.find((entry) => entry.type === type)?.create ?? {});
}

/**
 * A new type selection after the user picked `next`: a type that must be alone (scanner, manager's
 * alignment) replaces the others, and picking another type drops it.
 */
export function chooseTypes(next: number[], previous: number[], catalog: CatalogEntry[]): number[] {
  const alone = (type: number) => catalog.find((entry) => entry.type === type)?.create?.alone === true;
  const added = next.filter((type) => !previous.includes(type));
  const addedAlone = added.find(alone);
  if (addedAlone !== undefined) return [addedAlone];
  if (added.length > 0) return next.filter((type) => !alone(type));
  return next;
}

/**
 * Fields enabled by the chosen types. The version is asked when the evaluated person is someone else
 * than an evaluator (the spec names the first participant; any of them would make the server refuse).
 */
export function enabledFields(values: EvaluationFormValues, participants: FormParticipant[], catalog: CatalogEntry[]): EnabledFields {
  const rules = rulesOf(values.types, catalog);
  const evaluated = rules.some((rule) => rule.evaluated);
  const versioned = rules.some((rule) => rule.version);
  const differs = values.evaluated !== null && participants.some((participant) => participant.user_id !== values.evaluated);
  return {
    evaluated,
    version: evaluated && versioned && differs,
    sector: rules.some((rule) => rule.sector),
    days: values.types.length > 0 && rules.some((rule) => !rule.noExpiry),
  };
}

/** Days as an integer from 1 to 365, or null. */
export function parseDays(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= 1 && days <= 365 ? days : null;
}

/** The fields left wrong (empty object when the form can be sent). */
export function validate(values: EvaluationFormValues, participants: FormParticipant[], catalog: CatalogEntry[]): FormErrors {
  const fields = enabledFields(values, participants, catalog);
  const errors: FormErrors = {};
  if (values.types.length === 0) errors.types = true;
  if (fields.evaluated && values.evaluated === null) errors.evaluated = true;
  if (fields.version && values.version === null) errors.version = true;
  if (fields.sector && values.sector === null) errors.sector = true;
  if (fields.days && parseDays(values.days) === null) errors.days = true;
  if (values.cycle === 'new' && values.cycleName.trim() === '') errors.cycleName = true;
  return errors;
}

/**
 * The open rounds the dialog offers for the chosen types: those holding one of them (a bundle's members
 * for the scanner) or still empty; every open round while no type is chosen.
 */
export function cyclesFor<C extends { closed: boolean; types: number[] }>(cycles: C[], chosen: number[], catalog: CatalogEntry[]): C[] {
  const wanted = new Set(chosen.flatMap((type) => catalog.find((entry) => entry.type === type)?.create?.bundle ?? [type]));
  return cycles.filter((cycle) => !cycle.closed && (wanted.size === 0 || cycle.types.length === 0 || cycle.types.some((type) => wanted.has(type))));
}

/** The call's round: an open cycle's id, a new one's name, or nothing (a new round per questionnaire, named by the day). */
export function cycleFields(values: EvaluationFormValues): Pick<EvaluationCreate, 'cycle_id' | 'cycle_name'> {
  if (values.cycle === 'new') return { cycle_name: values.cycleName.trim() };
  if (typeof values.cycle === 'number') return { cycle_id: values.cycle };
  return {};
}

/** One entry per participant and chosen type, each carrying only what its type uses. */
export function buildEntries(
  values: EvaluationFormValues,
  participants: FormParticipant[],
  catalog: CatalogEntry[],
  evaluatedName: string | null,
): EvaluationEntry[] {
  const days = parseDays(values.days);
  const fields = enabledFields(values, participants, catalog);
  return participants.flatMap((participant) =>
    values.types.map((type) => {
      const rules = catalog.find((entry) => entry.type === type)?.create ?? {};
      return {
        user_id: participant.user_id,
        user_name: participant.name,
        usercourse_id: participant.usercourse_id ?? null,
        type_evaluation: type,
        validate: rules.noExpiry ? null : days,
        evaluated: rules.evaluated ? values.evaluated : null,
        evaluated_name: rules.evaluated ? evaluatedName : null,
        version: rules.version && fields.version ? values.version : null,
        rated_sector: rules.sector ? values.sector : null,
      };
    }),
  );
}

/** The "new version" offered after the existing ones: the highest plus one (1 when there is none). */
export function nextVersion(versions: { version: number }[]): number {
  return versions.reduce((max, row) => Math.max(max, row.version), 0) + 1;
}
