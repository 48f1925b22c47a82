import sanitizeHtml from 'sanitize-html';

// What the rich-text editor writes, and nothing else: a page is shown on the storefront to every
// shopper, so a script, an event handler or a javascript: link saved here would run in their
// browsers. The allow-list is the editor's marks and blocks; anything else is dropped on the server,
// whatever client sent it (the API takes HTML too).
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'hr', 'mark', 'sub', 'sup'],
  allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['style'] },
  // Only the editor's alignment survives in style, so no CSS can hide or overlay the page.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export const sanitizePageHtml = (html: string) => sanitizeHtml(html, OPTIONS);

// Where formatted text must be plain (a meta description, Open Graph, JSON-LD, a search result's
// line): the words only. Blocks end in a space so that "<p>a</p><p>b</p>" does not read "ab";
// scripts, styles and frames leave nothing, not even their text.
const BLOCK_TAGS = /<\/?(?:p|br|h[1-6]|li|ul|ol|blockquote|pre|hr|div|tr|td|th|table|section|article)\b[^>]*>/gi;
const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'template', 'svg', 'math'],
};

/**
 * Formatted text as plain text: tags stripped, entities decoded (sanitize-html leaves only
 * &amp; &lt; &gt; encoded), whitespace collapsed, and cut at `max` characters (cutText). The
 * result is text, not markup: it is escaped again wherever it is written into a page.
 */
export function plainText(html: string, max = Number.POSITIVE_INFINITY): string {
  const text = sanitizeHtml(html.replace(BLOCK_TAGS, ' '), TEXT_ONLY)
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
  return cutText(text, max);
}

/** Plain text of at most `max` characters, cut with "…" — by code points, so no emoji is split in half. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${Array.from(text).slice(0, max - 1).join('').trimEnd()}…`;
}
