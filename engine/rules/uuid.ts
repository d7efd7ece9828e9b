/** A UUID's text (evaluation ids, personal keys), any case, without anchors: for schemas' `pattern` and larger expressions. */
export const UUID_SOURCE = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The JSON Schema pattern of a whole value that is a UUID. */
export const UUID_PATTERN = `^${UUID_SOURCE}$` as const;

const UUID = new RegExp(UUID_PATTERN);

/** Whether `value` is a UUID (any case); anything else cannot be an evaluation id or a personal key. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
