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
