/** The Portuguese message catalogue (`definitions/messages/*.json`), one group per area. */
export * as messages from './messageCatalogue.ts';

/** Replaces `{name}` placeholders in a message with the given values. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in params ? String(params[key]) : match));
}
