import { domainToASCII } from 'node:url';
import { isIP } from 'node:net';

// What an owner may name as their store's domain (issue 41 §5, decision 100): a public hostname
// of at least two labels, kept lowercase and in punycode (an IDN such as `www.cañas.ec` becomes
// `www.xn--caas-hqa.ec`), never an address, a port, a path, the platform's own host or one under it.

export type HostProblem = 'domain.invalid' | 'domain.platform';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host as stored, or why it cannot be a store's domain. */
export function parseStoreHost(input: string, platformHost: string): { host: string } | { problem: HostProblem } {
  // What people paste: an address with its scheme and a trailing slash, a final dot.
  const text = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/$/, '').replace(/\.$/, '');
  if (text === '' || text.length > 253 || /[\s/:?#@[\]\\]/.test(text) || isIP(text) !== 0) return { problem: 'domain.invalid' };
  const host = domainToASCII(text);
  if (host === '' || host.length > 253) return { problem: 'domain.invalid' };
  const labels = host.split('.');
  // A last label of digits only is an address written short (`10.1`), not a domain.
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) return { problem: 'domain.invalid' };
  const platform = platformHost.toLowerCase();
  if (host === platform || host.endsWith(`.${platform}`) || host === 'localhost' || host.endsWith('.localhost')) return { problem: 'domain.platform' };
  return { host };
}

/**
 * The record the owner makes: a CNAME to the platform for a `www.` host, an A record to the
 * platform's address otherwise. Without the public suffix list an apex under a two-label suffix
 * (`tienda.com.ec`) looks like a subdomain, and an apex may not have a CNAME: an A record is right
 * for both, so only `www.` gets the CNAME.
 */
export const recordKind = (host: string): 'CNAME' | 'A' => (host.startsWith('www.') ? 'CNAME' : 'A');

/** The request's Host header without its port, lowercase; '' when there is none. */
export function requestHostname(header: string | undefined): string {
  if (!header) return '';
  const host = header.trim().toLowerCase();
  // `[::1]:3000` keeps its brackets; `name:3000` loses the port.
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.lastIndexOf(':') === -1 ? host.length : host.lastIndexOf(':');
  return host.slice(0, end > 0 ? end : host.length).replace(/\.$/, '');
}
