/*
 * The cells and rows of a dataset: what the transforms (`transforms.ts`), the widgets (`widgets.ts`)
 * and the server's results share. A leaf: it imports nothing.
 */

/** A cell of a dataset row. */
export type Cell = string | number | boolean | null;

/** One row of a dataset, by field name. */
export type Row = Record<string, Cell>;
