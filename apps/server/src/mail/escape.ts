/** HTML escaping of every value that reaches an e-mail's HTML body. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/**
 * Escapes text for an HTML text node or a double-quoted attribute. Names come from staff and
 * spreadsheets, so any of them may carry markup meant to run in a mail client.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ENTITIES[char]!);
}

/** Whether a link may be put in an `href`: only http(s), so a crafted PUBLIC_URL cannot inject `javascript:`. */
export function isWebLink(value: string): boolean {
  return /^https?:\/\//i.test(value);
}
