import type { Rows, Shape } from './language.ts';

/** Shorthands the declarations (`calls.ts`, `staffFormCalls.ts`) write their shapes with. */

/** A cell as text ('' when empty). */
export const text = (cell: string): Shape => ({ cell, read: 'text' });
/** A cell as a number (0 when empty). */
export const number = (cell: string): Shape => ({ cell, read: 'number' });
/** A list of one shape per row (or group). */
export const list = (rows: Rows, each: Shape, orNull?: boolean): Shape => ({ list: rows, each, ...(orNull ? { orNull } : {}) });
