// The one place that decides where a `redirect` parameter may send a user (seed §8: external
// navigation is refused). Only same-site paths pass; everything else falls back.
const BASE = 'http://same-site.invalid';

export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  // Must be an absolute path; `//host` and `/\host` are protocol-relative in browsers.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  // Control characters and backslashes let browsers and servers disagree about the host.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // The final value is what the browser follows: `/..//evil.example` normalises to `//evil.example`.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') || path.startsWith('/\\') ? fallback : path;
}

/**
 * A redirect to the request's own address, changed (the language switch, issue 36):
 * leading slashes and backslashes, and the tabs and newlines browsers drop between them, collapse
 * to one slash, so `/en//evil.example?lang=es` lands on this site's `/evil.example`, never on the
 * host `evil.example`. Whatever `safeRedirect` would still refuse falls back.
 */
export function sameSitePath(path: string, fallback = '/'): string {
  return safeRedirect(path.replace(/^[/\\\t\n\r]+/, '/'), fallback);
}
