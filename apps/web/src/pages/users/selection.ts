import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';

/** An empty row selection. */
export const noSelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set<GridRowId>() });

/**
 * The ids a grid selection stands for: "include" lists them; "exclude" (select all) means every
 * selectable row but those listed.
 */
export function selectedIds<T extends GridRowId>(model: GridRowSelectionModel, selectable: T[]): T[] {
  return model.type === 'include' ? selectable.filter((id) => model.ids.has(id)) : selectable.filter((id) => !model.ids.has(id));
}
