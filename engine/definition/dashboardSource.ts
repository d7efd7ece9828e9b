import type { DashboardDefinition } from './dashboard.ts';
import { locateInDefs, resolveLocalReferences, uniqueErrors } from './defs.ts';
import type { DefinitionError, ParseResult } from './errors.ts';
import { resolveReferences, type QuestionnaireLookup } from './extend.ts';
import { resolveColours } from './palette.ts';
import { expandRepeats, locateError, type DashboardFile } from './repeat.ts';

/*
 * A dashboard file as written (`DashboardFile`: `$defs` pieces and `$ref`s, repeats, palette names) made into the
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

/** A dashboard file with its references followed, and where an error in it lies in the file as written. */
export type FollowedFile = { ok: true; value: unknown; locate: (error: DefinitionError) => DefinitionError } | { ok: false; errors: DefinitionError[] };

/**
 * Follows a dashboard file's references: its own `$defs` pieces (`defs.ts`) first, then the other
 * files' (`extend.ts`); an error found in the result is placed, by `locate`, inside the piece in
 * `$defs` it was copied from.
 */
export function followReferences(json: unknown, lookup: QuestionnaireLookup): FollowedFile {
  const local = resolveLocalReferences(json);
  if (!local.ok) return local;
  const locate = (error: DefinitionError) => locateInDefs(error, local.origins);
  const resolved = resolveReferences(local.value, lookup);
  return resolved.ok ? { ok: true, value: resolved.value, locate } : { ok: false, errors: uniqueErrors(resolved.errors.map(locate)) };
}

/**
 * Copies out the repeats of a dashboard file (references already followed) and replaces its palette
 * names by their colours; the mistakes of either at their JSON pointers in the file (`locateFile`
 * places a pointer of the followed file in the file as written).
 */
export function expandDashboard(
  file: DashboardFile,
  locateFile: (error: DefinitionError) => DefinitionError = (error) => error,
): { ok: true; value: ExpandedDashboard } | { ok: false; errors: DefinitionError[] } {
  const expansion = expandRepeats(file);
  if (expansion.errors.length > 0) return { ok: false, errors: uniqueErrors(expansion.errors.map(locateFile)) };
  const dashboard = expansion.value as DashboardDefinition;
  const locate = (error: DefinitionError) => locateFile(locateError(error, expansion.origins));
  const colours = uniqueErrors(resolveColours(dashboard).map(locate));
  return colours.length > 0 ? { ok: false, errors: colours } : { ok: true, value: { dashboard, locate } };
}

/**
 * A checked dashboard file as its readers see it: `$defs` pieces and `$ref`s followed, repeats copied out, palette names
 * made colours. For files the definition check has passed (the browser's); `parseDashboard` validates.
 */
export function resolveDashboard(json: unknown, lookup: QuestionnaireLookup): ParseResult<DashboardDefinition> {
  const followed = followReferences(json, lookup);
  if (!followed.ok) return followed;
  const expanded = expandDashboard(followed.value as DashboardFile, followed.locate);
  return expanded.ok ? { ok: true, value: expanded.value.dashboard } : expanded;
}
