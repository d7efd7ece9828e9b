/**
 * `Content-Disposition: attachment` with a file name that survives accents (RFC 6266): an ASCII
 * `filename="…"` for old clients (accents dropped, unsafe characters replaced by `_`) and the exact
 * name in UTF-8 as `filename*=UTF-8''…` (RFC 5987 / 8187), which current browsers prefer.
 */

/** Unpaired UTF-16 surrogates (which `encodeURIComponent` refuses). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Control characters (C0, DEL, C1): never part of a header or a sensible file name. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Characters not allowed in the ASCII fallback: outside printable ASCII, the quote, the backslash, and `%` (RFC 6266 §D). */
const NOT_FALLBACK_SAFE = /[^\u0020-\u007e]|["\\%]/g;

/** The ASCII fallback name: accents removed (`ç` → `c`), anything else unsafe replaced by `_`. */
function asciiFallback(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(NOT_FALLBACK_SAFE, '_');
}

/** RFC 8187 `value-chars`: UTF-8 percent-encoding, keeping only `attr-char`s as they are. */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The header value that makes a browser save the response as `fileName`. */
export function attachmentHeader(fileName: string): string {
  const name = fileName.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, '_').normalize('NFC').trim() || 'arquivo';
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${extValue(name)}`;
}
