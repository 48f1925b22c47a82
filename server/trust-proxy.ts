import net from 'node:net';

// What TRUST_PROXY says (server/config.ts) as Fastify's `trustProxy` takes it (decision 079).

/** Where a proxy of ours can connect from: this host, or a private or link-local network. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(address, prefix, 'ipv6');

function isPrivate(address: string): boolean {
  // A server listening on `::` sees an IPv4 peer as `::ffff:127.0.0.1`.
  const bare = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  const family = net.isIP(bare);
  return family !== 0 && PRIVATE.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A hop count trusts that many proxies from the app outwards, the nearest of which must connect from
 * this host or a private network: Fastify 5.12 trusts no one for a bare number, since a client that
 * reaches the app directly could write the hops itself; a public peer is never taken for a proxy.
 * A list of addresses is Fastify's own (any hop whose address is listed is a proxy).
 */
export function trustProxyOption(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address, hop) => hop < hops && (hop > 0 || isPrivate(address));
}
