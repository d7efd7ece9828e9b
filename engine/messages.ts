import catalogue from '../definitions/messages.json' with { type: 'json' };

/** The Portuguese message catalogue (`definitions/messages.json`). */
export const messages = catalogue;

/** Replaces `{name}` placeholders in a message with the given values. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in params ? String(params[key]) : match));
}
