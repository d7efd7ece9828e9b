import { FilterXSS } from 'xss';

/*
 * Rich text (the interview's confidential comments, the questionnaire format's `richText` answers)
 * comes from a rich-text editor and is shown again as HTML, so it is reduced to a small allowlist
 * before it is stored: everything else (scripts, styles, event handlers, images, iframes,
 * javascript: links) is stripped.
 */

const TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote'];
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const filter = new FilterXSS({
  whiteList: { ...Object.fromEntries(TAGS.map((tag) => [tag, []])), a: ['href'] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  onTagAttr(tag, name, value) {
    if (tag !== 'a' || name !== 'href') return '';
    // Control characters and spaces are stripped first so 'java\tscript:' cannot slip through.
    // eslint-disable-next-line no-control-regex
    const href = value.replace(/[\u0000-\u0020]/g, '');
    return SAFE_HREF.test(href) ? `href="${href.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"` : '';
  },
});

/** The rich-text HTML reduced to the allowlist (p, br, b/strong, i/em, u, s, ul, ol, li, a[href http(s)/mailto], h1-h3, blockquote). */
export function sanitizeRichText(html: string): string {
  return filter.process(html);
}

export { isBlankRichText } from './blankRichText.ts';
