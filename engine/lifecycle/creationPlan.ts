import type { CatalogEntry } from '../definition/catalog.ts';
import { format, messages } from '../messages.ts';

/** One entry of the "create evaluations" call (administration spec section 3). */
export interface CreationRequest {
  /** The evaluator: who answers (or, for the interview, who is interviewed). */
  user_id: number;
  /** Evaluation type id; null when the staff member chose none. */
  type_evaluation: number | null;
  /** Days to complete. */
  validate?: number | null;
  /** The evaluated person (360, interview). */
  evaluated?: number | null;
  version?: number | null;
  rated_sector?: number | null;
  usercourse_id?: number | null;
}

/** An evaluation to insert, after the catalogue's rules and bundles are applied. */
export interface PlannedEvaluation {
  userId: number;
  rated: number;
  ratedSector: number | null;
  typeEvaluation: number;
  version: number | null;
  /** Days to complete; null when the type never expires. */
  days: number | null;
  usercourseId: number | null;
  /** The type the request asked for: a bundle's (the scanner) for each of its members, else the item's own. */
  requestedType: number;
}

/** The plan, or the first broken rule as a Portuguese message. */
export type CreationPlan = { ok: true; items: PlannedEvaluation[] } | { ok: false; message: string };

const MAX_DAYS = 365;

/**
 * Checks a batch against the catalogue's creation rules (type chosen and known, evaluated person,
 * version, sector, days, types that must be created alone) and expands bundles (the scanner) into
 * their member types. Pure: the caller checks that the ids exist and are visible.
 */
export function planEvaluations(requests: CreationRequest[], types: ReadonlyMap<number, CatalogEntry>): CreationPlan {
  const fail = (message: string): CreationPlan => ({ ok: false, message });
  const chosen = new Set(requests.map((request) => request.type_evaluation));
  const items: PlannedEvaluation[] = [];
  for (const request of requests) {
    if (request.type_evaluation === null) return fail(messages.evaluation.typeRequired);
    const entry = types.get(request.type_evaluation);
    if (!entry) return fail(format(messages.api.unknownType, { type: request.type_evaluation }));
    const rules = entry.create ?? {};
    const name = entry.name;
    if (!entry.definition && !rules.bundle && !rules.noExpiry) {
      return fail(format(messages.api.typeWithoutQuestionnaire, { type: entry.type }));
    }
    if (rules.alone && chosen.size > 1) return fail(format(messages.evaluation.alone, { name }));
    if (rules.evaluated && request.evaluated == null) return fail(format(messages.evaluation.evaluatedRequired, { name }));
    const rated = request.evaluated ?? request.user_id;
    if (rules.version && rated !== request.user_id && request.version == null) {
      return fail(format(messages.evaluation.versionRequired, { name }));
    }
    if (rules.sector && request.rated_sector == null) return fail(format(messages.evaluation.sectorRequired, { name }));
    let days: number | null = null;
    if (!rules.noExpiry) {
      if (request.validate == null) return fail(format(messages.evaluation.daysRequired, { name }));
      if (!Number.isInteger(request.validate) || request.validate < 1 || request.validate > MAX_DAYS) return fail(messages.api.validateDays);
      days = request.validate;
    }
    const base = {
      userId: request.user_id,
      ratedSector: request.rated_sector ?? null,
      version: request.version ?? null,
      days,
      usercourseId: request.usercourse_id ?? null,
      requestedType: entry.type,
    };
    if (rules.bundle) {
      // Bundle members are about the participant themself.
      for (const type of rules.bundle) items.push({ ...base, rated: request.user_id, ratedSector: null, version: null, typeEvaluation: type });
    } else {
      items.push({ ...base, rated, typeEvaluation: entry.type });
    }
  }
  return { ok: true, items };
}

/**
 * The type a round (cycle) of `type` is named after: the bundle it is created through (the scanner's
 * members), else the type itself. For evaluations made without a request (the demo's answers).
 */
export function requestedTypeOf(type: number, types: Iterable<Pick<CatalogEntry, 'type' | 'create'>>): number {
  for (const entry of types) if (entry.create?.bundle?.includes(type)) return entry.type;
  return type;
}
