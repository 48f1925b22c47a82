import net from 'node:net';

/**
 * A TCP relay between the app and a real server (PostgreSQL), to make that server unreachable the
 * ways a network does: `refuse()` drops every connection and refuses new ones (a stopped server, a
 * wrong port); `blackhole()` keeps them open but carries nothing either way (a hung server, a
 * partition); `forward()` relays again. Listens on a free port of 127.0.0.1.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: 'forward' | 'blackhole' | 'refuse' = 'forward';
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    if (mode === 'refuse') return void client.destroy();
    const upstream = net.connect(target);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    // Relayed by hand, not piped: a black hole swallows what arrives instead of passing it on.
    client.on('data', (chunk) => mode === 'forward' && upstream.write(chunk));
    upstream.on('data', (chunk) => mode === 'forward' && client.write(chunk));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    forward: () => void (mode = 'forward'),
    blackhole: () => void (mode = 'blackhole'),
    refuse: () => {
      mode = 'refuse';
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
