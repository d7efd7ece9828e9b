import type { DashboardDefinition } from '../../../../engine/definition/dashboard';
import { isValidated, viewTypes } from '../../../../engine/definition/instruments';
import { catalog } from '../catalog';
import { loadDefinition } from '../respondent/loadLink';

/**
 * The names of the questionnaires a view reads whose definitions are example instruments, not
 * validated (`"validated": false`), in the order of their types; each definition is loaded as a
 * respondent's link loads it (its own chunk), after the view.
 */
export async function unvalidatedNames(dashboard: Pick<DashboardDefinition, 'datasets'>): Promise<string[]> {
  const entries = viewTypes(dashboard).flatMap((type) => catalog.types.filter((entry) => entry.type === type && entry.definition));
  const definitions = await Promise.all(entries.map((entry) => loadDefinition(entry.definition!, null)));
  return entries.filter((_, index) => definitions[index] && !isValidated(definitions[index])).map((entry) => entry.name);
}
