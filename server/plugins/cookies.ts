// Minimal cookie helpers: we set few cookies and want their attributes spelled out here.

/** A cookie named in the header without a value that decodes: present, but nothing to read. */
type Cookies = ReadonlyMap<string, string | undefined>;

// The header parsed last: a request asks for several cookies (session, language, cart) of one header.
let last: { header: string; cookies: Cookies } | undefined;

/**
 * The one reading of a Cookie header (issue 36 §7): every check that asks "does this request carry
 * cookie X" (the page caches' "anonymous, no cart") and every route that reads X go through it, so
 * a shape one of them would skip and the other read (`X= value`, `X\t=value`, `X =value`) cannot
 * exist. Names and values are trimmed of spaces and tabs, values percent-decoded; of a repeated name
 * the first counts (RFC 6265 §5.4 sends the most specific path first).
 */
export function parseCookies(header: string | undefined): Cookies {
  if (!header) return new Map();
  if (last?.header === header) return last.cookies;
  const cookies = new Map<string, string | undefined>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue;
    let value: string | undefined;
    try {
      value = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      value = undefined;
    }
    cookies.set(name, value);
  }
  last = { header, cookies };
  return cookies;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  return parseCookies(header).get(name);
}

export type CookieOptions = { maxAge?: number; httpOnly?: boolean; secure?: boolean; path?: string };

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
