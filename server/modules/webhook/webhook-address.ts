import dns from 'node:dns';
import net from 'node:net';

// The SSRF guard of webhooks (issue 38 §5): a store's endpoint must be a server on the internet,
// never one of ours or our cloud's. Checked when the URL is saved, and again on every delivery
// against the addresses its name resolves to then, connecting only to an address that passed
// (`guardedLookup`): a name that resolved to a public address at save time and to 10.0.0.5 later
// (DNS rebinding) is refused at the connection. Redirects are never followed.

/** Why an address is refused; `null` from `refusedAddress` when it is a public one. */
export type RefusedReason = 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'shared' | 'reserved';

type Range = { base: bigint; bits: number; reason: RefusedReason };

function v4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function v6(text: string): bigint | null {
  // A dotted IPv4 in the last 32 bits (::ffff:10.0.0.1) stands for two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const four = dotted ? v4(dotted[2]!) : null;
  if (dotted && four === null) return null;
  const groups = parseGroups(dotted ? `${dotted[1]}0:0` : text);
  if (!groups) return null;
  if (four !== null) {
    groups[6] = four >> 16n;
    groups[7] = four & 0xffffn;
  }
  return join(groups);
}

function parseGroups(text: string): bigint[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const side = (part: string) => (part === '' ? [] : part.split(':'));
  const left = side(halves[0]!);
  const right = halves.length === 2 ? side(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.map((group) => BigInt(parseInt(group, 16)));
}

const join = (groups: bigint[]) => groups.reduce((value, group) => (value << 16n) | group, 0n);

const range = (cidr: string, reason: RefusedReason, family: 4 | 6): Range => {
  const [address, bits] = cidr.split('/');
  return { base: (family === 4 ? v4(address!) : v6(address!))!, bits: Number(bits), reason };
};

// Most specific first: the metadata address is inside link-local.
const V4: Range[] = [
  range('169.254.169.254/32', 'metadata', 4),
  range('0.0.0.0/8', 'unspecified', 4),
  range('10.0.0.0/8', 'private', 4),
  range('100.64.0.0/10', 'shared', 4),
  range('127.0.0.0/8', 'loopback', 4),
  range('169.254.0.0/16', 'link-local', 4),
  range('172.16.0.0/12', 'private', 4),
  range('192.0.0.0/24', 'reserved', 4),
  range('192.0.2.0/24', 'reserved', 4),
  range('192.168.0.0/16', 'private', 4),
  range('198.18.0.0/15', 'reserved', 4),
  range('198.51.100.0/24', 'reserved', 4),
  range('203.0.113.0/24', 'reserved', 4),
  range('224.0.0.0/4', 'multicast', 4),
  range('240.0.0.0/4', 'reserved', 4),
];

const V6: Range[] = [
  range('::/128', 'unspecified', 6),
  range('::1/128', 'loopback', 6),
  range('fd00:ec2::254/128', 'metadata', 6),
  range('fc00::/7', 'private', 6),
  range('fe80::/10', 'link-local', 6),
  range('fec0::/10', 'private', 6),
  range('ff00::/8', 'multicast', 6),
  range('100::/64', 'reserved', 6),
  range('2001:db8::/32', 'reserved', 6),
  // Teredo hides its client's IPv4: nothing a webhook needs.
  range('2001::/32', 'reserved', 6),
  // IPv4-compatible (deprecated): ::a.b.c.d.
  range('::/96', 'reserved', 6),
];

function inRange(value: bigint, width: number, { base, bits }: Range): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === base >> shift;
}

/** The IPv4 an IPv6 address carries and is reached through: mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16). */
function embeddedV4(value: bigint): bigint | null {
  if (value >> 32n === 0xffffn) return value & 0xffffffffn;
  if (value >> 32n === 0x64ff9b0000000000000000n) return value & 0xffffffffn;
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn;
  return null;
}

/** Why `address` (an IP literal, without brackets) is refused, or null for a public address; 'reserved' for what is not an address. */
export function refusedAddress(address: string): RefusedReason | null {
  const family = net.isIP(address);
  if (family === 4) {
    const value = v4(address)!;
    return V4.find((candidate) => inRange(value, 32, candidate))?.reason ?? null;
  }
  if (family === 6) {
    const value = v6(address.replace(/%.*$/, '').toLowerCase());
    if (value === null) return 'reserved';
    const four = embeddedV4(value);
    if (four !== null) return V4.find((candidate) => inRange(four, 32, candidate))?.reason ?? null;
    return V6.find((candidate) => inRange(value, 128, candidate))?.reason ?? null;
  }
  return 'reserved';
}

/** Whether a delivery may connect to `address`: a public one, or loopback where the setting allows it. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const reason = refusedAddress(address);
  return reason === null || (reason === 'loopback' && allowLoopback);
}

/** A host is loopback by name: `localhost` and its subdomains (RFC 6761) resolve to this machine. */
export const isLoopbackName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

/** The host of a parsed URL as an address or name (IPv6 without its brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly reason: RefusedReason;
  constructor(host: string, address: string, reason: RefusedReason) {
    super(`refused address ${address || '(none)'} of ${host} (${reason})`);
    this.reason = reason;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:net that resolves the name and answers only addresses that pass: the socket
 * connects to the address checked here, not to a second resolution. One refused address refuses
 * the name, so a rebinding answer that mixes a public and a private address gets nowhere.
 */
export function guardedLookup(allowLoopback: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !addressAllowed(entry.address, allowLoopback));
      if (refused || addresses.length === 0) {
        const reason = refused ? refusedAddress(refused.address)! : 'reserved';
        return callback(Object.assign(new RefusedAddressError(hostname, refused?.address ?? '', reason), { code: 'EREFUSEDADDRESS' }), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Resolves `host` (a name or a literal) and answers the first refused address with its reason, or null when every one passes. */
export async function checkHost(host: string, allowLoopback: boolean): Promise<{ address: string; reason: RefusedReason } | null> {
  const addresses = net.isIP(host) ? [{ address: host }] : await dns.promises.lookup(host, { all: true });
  for (const { address } of addresses) {
    if (!addressAllowed(address, allowLoopback)) return { address, reason: refusedAddress(address)! };
  }
  return null;
}
