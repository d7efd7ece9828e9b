import type { DashboardDefinition } from './dashboard.ts';
import type { DefinitionError, ParseResult } from './errors.ts';
import { resolveReferences, type QuestionnaireLookup } from './extend.ts';
import { resolveColours } from './palette.ts';
import { expandRepeats, locateError, type DashboardFile } from './repeat.ts';

/*
 * A dashboard file as written (`DashboardFile`: `$ref`s, repeats, palette names) made into the
 * `DashboardDefinition` every reader draws from: the server's parse (`parse.ts`, which validates the
 * file against its schema first and checks the result's semantics after) and the browser's page, which
 * loads the files the build already checked. Free of Ajv, so the browser can use it.
 */

/** A dashboard expanded, with a way to place an error found in it at its JSON pointer in the file. */
export interface ExpandedDashboard {
  dashboard: DashboardDefinition;
  /** Where an error at a pointer of the expanded dashboard lies in the file (the template a copy came from). */
  locate: (error: DefinitionError) => DefinitionError;
}

/**
 * Copies out the repeats of a dashboard file (references already followed) and replaces its palette
 * names by their colours; the mistakes of either at their JSON pointers in the file.
 */
export function expandDashboard(file: DashboardFile): { ok: true; value: ExpandedDashboard } | { ok: false; errors: DefinitionError[] } {
  const expansion = expandRepeats(file);
  if (expansion.errors.length > 0) return { ok: false, errors: expansion.errors };
  const dashboard = expansion.value as DashboardDefinition;
  const locate = (error: DefinitionError) => locateError(error, expansion.origins);
  const colours = resolveColours(dashboard).map(locate);
  return colours.length > 0 ? { ok: false, errors: colours } : { ok: true, value: { dashboard, locate } };
}

/**
 * A checked dashboard file as its readers see it: `$ref`s followed, repeats copied out, palette names
 * made colours. For files the definition check has passed (the browser's); `parseDashboard` validates.
 */
export function resolveDashboard(json: unknown, lookup: QuestionnaireLookup): ParseResult<DashboardDefinition> {
  const resolved = resolveReferences(json, lookup);
  if (!resolved.ok) return resolved;
  const expanded = expandDashboard(resolved.value as DashboardFile);
  return expanded.ok ? { ok: true, value: expanded.value.dashboard } : expanded;
}
