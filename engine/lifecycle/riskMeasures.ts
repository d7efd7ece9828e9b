/*
 * The action plan's measures (NR-1, issue 27): their statuses and when one is overdue (when its owner is
 * reminded: measureReminders.ts, which the web app does not load: it brings the holidays' library).
 * Pure: days are local calendar days (`YYYY-MM-DD`) the caller computed in the app's time zone.
 */

/** A measure's statuses (the `risk_measures.status` values), in the order of their life. */
export const MEASURE_STATUSES = ['planejada', 'em_andamento', 'concluida', 'cancelada'] as const;
export type MeasureStatus = (typeof MEASURE_STATUSES)[number];

/** The statuses of a measure still to be done: it can be overdue and its owner is reminded. */
export const OPEN_MEASURE_STATUSES: readonly MeasureStatus[] = ['planejada', 'em_andamento'];

/** The result of a measure's effectiveness check (`risk_measures.effectiveness_result`). */
export const EFFECTIVENESS_RESULTS = ['eficaz', 'ineficaz'] as const;
export type EffectivenessResult = (typeof EFFECTIVENESS_RESULTS)[number];

/** The exposure group a measure is for: the whole company, a sector, a position or a group staff defined from them. */
export const MEASURE_GROUP_KINDS = ['whole', 'sector', 'position', 'exposure'] as const;
export type MeasureGroupKind = (typeof MEASURE_GROUP_KINDS)[number];

/** The longest name and description of an exposure group, in characters after trimming (the table's checks; the form's too). */
export const EXPOSURE_GROUP_NAME_MAX = 120;
export const EXPOSURE_GROUP_DESCRIPTION_MAX = 2000;

/** The longest description, effectiveness check and note of a measure, in characters after trimming (the table's checks; the form's too). */
export const MEASURE_TEXT_MAX = 2000;

export const isOpenMeasure = (status: string) => (OPEN_MEASURE_STATUSES as readonly string[]).includes(status);

/** Open and its due day is before `today`. */
export const isOverdue = (status: string, dueOn: string, today: string) => isOpenMeasure(status) && dueOn < today;
